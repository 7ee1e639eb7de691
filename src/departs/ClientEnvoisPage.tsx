/**
 * Shipments of a client, /listeEnvoiParClient?id={clientId} (spec 000 §2, key listeEnvoiParClient): title with the
 * client's name or phone; table Réf. Colis, Date d'ajout, Contenu, Poids, Montant (in the parcel's currency), status chip with icon.
 * Data: dataProvider.listEnvoisOfClient → GET colis/ListEnvoisBy/{clientId} (parcels it sent or receives, newest first).
 */
import { useQuery } from '@tanstack/react-query';
import { DataTable, useDataProvider, useTranslate, type RaRecord, type DataProvider } from 'react-admin';
import { formatKg, formatMontant } from '../../common/format';
import { ApiListPage, useIdParam } from '../kit/ApiListTable';
import { DateFrField } from '../kit/DateFrField';
import { StatutChipField } from '../kit/StatutChip';
import type { DepartMethods } from './departMethods';
import { clientDisplayName } from './departRules';

const t = 'resources.depart.envois_client';

/** The shipments-of-a-client page (no props; reads ?id= from the URL). */
const ClientEnvoisPage = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<DataProvider & DepartMethods>();
  const id = useIdParam();
  const { data, isPending, error, refetch } = useQuery({
    queryKey: ['depart', 'listEnvoisOfClient', id],
    queryFn: ({ signal }) => dataProvider.listEnvoisOfClient(id, { signal }),
    enabled: !!id,
    retry: false,
  });
  const client = data?.client;
  return (
    <ApiListPage
      title={translate('resources.depart.page.envois_client', { name: client ? clientDisplayName(client) : '' }).trim()}
      steps={[{ label: 'resources.depart.page.list', to: '/depart' }, { label: 'resources.depart.page.envois_client_breadcrumb' }]}
      id={id}
      missingIdMessage={`${t}.missing_id`}
      rows={data?.colis ?? []}
      isPending={isPending}
      error={error}
      onRetry={() => void refetch()}
      storeKey="clientEnvois"
      emptyMessage={`${t}.empty`}
      sort={{ field: 'createdAt', order: 'DESC' }}
    >
      <DataTable.Col source="reference" label={`${t}.reference`} cellSx={() => ({ fontWeight: 600, whiteSpace: 'nowrap' })} />
      <DataTable.Col source="createdAt" label={`${t}.createdAt`}>
        <DateFrField source="createdAt" />
      </DataTable.Col>
      <DataTable.Col
        source="detailsContenu"
        label={`${t}.contenu`}
        render={(r: RaRecord) => (r.detailsContenu as string) || (r.contenu as string) || '--'}
      />
      <DataTable.Col source="poids" label={`${t}.poids`} render={(r: RaRecord) => formatKg(r.poids, (r.unite as string) || 'kg')} />
      <DataTable.Col
        source="montantTotal"
        label={`${t}.montant`}
        render={(r: RaRecord) => formatMontant(r.montantTotal, r.devise as string | undefined)}
      />
      <DataTable.Col source="statutID" label={`${t}.statut`} disableSort>
        <StatutChipField />
      </DataTable.Col>
    </ApiListPage>
  );
};

export default ClientEnvoisPage;
