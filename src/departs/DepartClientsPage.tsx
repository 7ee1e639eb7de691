/**
 * Clients of a departure, /listeClientParEnvoi?id={envoiId} (spec 000 §2, key departListClientby): title with the
 * departure reference, breadcrumb to the departures list, table Nom, Prénoms, Contact, Email, Adresse and per row a
 * dialog of the client's parcels (reference, status). Data: GET colis/ListClientsBy/{envoiId} (the senders).
 * A client's name links to its shipments (/listeEnvoiParClient?id=) when the user holds listeEnvoiParClient.
 */
import { Link as MuiLink } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { DataTable, LinkBase, useDataProvider, useRecordContext, useTranslate, type DataProvider } from 'react-admin';
import { ApiListPage, useIdParam } from '../kit/ApiListTable';
import { useHasPermission } from '../kit/useHasPermission';
import type { DepartMethods } from './departMethods';
import { ClientColisButton } from './ClientColisDialog';
import { envoisOfClientPath } from './departPaths';

const t = 'resources.depart.clients';

/** Nom cell: a link to the client's shipments with listeEnvoiParClient, else the plain name. */
const ClientNameField = () => {
  const record = useRecordContext();
  const has = useHasPermission();
  if (!record) return null;
  const nom = (record.nom as string) || '--';
  if (!has('listeEnvoiParClient')) return <span>{nom}</span>;
  return (
    <MuiLink component={LinkBase} to={envoisOfClientPath(record.id)} underline="hover" sx={{ fontWeight: 600 }}>
      {nom}
    </MuiLink>
  );
};

/** The clients-of-a-departure page (no props; reads ?id= from the URL). */
const DepartClientsPage = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<DataProvider & DepartMethods>();
  const id = useIdParam();
  const { data, isPending, error, refetch } = useQuery({
    queryKey: ['depart', 'listClientsOfEnvoi', id],
    queryFn: ({ signal }) => dataProvider.listClientsOfEnvoi(id, { signal }),
    enabled: !!id,
    retry: false,
  });
  const reference = data?.envoi?.reference;
  return (
    <ApiListPage
      title={translate('resources.depart.page.clients', { reference: reference ?? '' }).trim()}
      steps={[{ label: 'resources.depart.page.list', to: '/depart' }, { label: 'resources.depart.page.clients_breadcrumb' }]}
      id={id}
      missingIdMessage={`${t}.missing_id`}
      rows={data?.clients ?? []}
      isPending={isPending}
      error={error}
      onRetry={() => void refetch()}
      storeKey="departClients"
      emptyMessage={`${t}.empty`}
      sort={{ field: 'nom', order: 'ASC' }}
    >
      <DataTable.Col source="nom" label={`${t}.nom`}>
        <ClientNameField />
      </DataTable.Col>
      <DataTable.Col source="prenoms" label={`${t}.prenoms`} />
      <DataTable.Col
        source="telephoneComplet"
        label={`${t}.contact`}
        render={(r) => (r.telephoneComplet as string) || (r.telephone as string) || '--'}
      />
      <DataTable.Col source="email" label={`${t}.email`} render={(r) => (r.email as string) || '--'} />
      <DataTable.Col source="adresse" label={`${t}.adresse`} render={(r) => (r.adresse as string) || '--'} />
      <DataTable.Col label={`${t}.colis`} disableSort>
        <ClientColisButton envoiReference={reference} />
      </DataTable.Col>
    </ApiListPage>
  );
};

export default DepartClientsPage;
