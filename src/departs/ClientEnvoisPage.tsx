/**
 * Shipments of a client, /listeEnvoiParClient?id={clientId} (spec 000 §2, key listeEnvoiParClient): title with the
 * client's name or phone; table Réf. Colis, Date d'ajout, Contenu, Poids, Montant (euros), status chip with icon.
 * Data: GET colis/ListEnvoisBy/{clientId} (parcels it sent or receives, newest first).
 */
import { Alert } from '@mui/material';
import { DataTable, useTranslate, type RaRecord } from 'react-admin';
import { formatEuro, formatKg } from '../../common/format';
import { DateFrField } from '../common/DateFrField';
import { PageHeader } from '../common/PageHeader';
import { StatutChipField } from '../common/StatutChip';
import { ApiListTable } from './ApiListTable';
import { clientDisplayName } from './departRules';
import { useRowsOfIdParam } from './useApiQuery';

const t = 'resources.depart.envois_client';

/** The shipments-of-a-client page (no props; reads ?id= from the URL). */
const ClientEnvoisPage = () => {
  const translate = useTranslate();
  const { id, rows, data, isPending, error } = useRowsOfIdParam((id) => `colis/ListEnvoisBy/${id}`);
  const client = data?.client as { nom?: string; prenoms?: string; telephoneComplet?: string } | undefined;
  const title = translate('resources.depart.page.envois_client', { name: client ? clientDisplayName(client) : '' }).trim();
  return (
    <>
      <PageHeader
        title={title}
        steps={[{ label: 'resources.depart.page.list', to: '/depart' }, { label: 'resources.depart.page.envois_client_breadcrumb' }]}
      />
      {!id ? (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {translate(`${t}.missing_id`)}
        </Alert>
      ) : (
        <ApiListTable
          rows={rows}
          isPending={isPending}
          error={error}
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
          <DataTable.Col source="montantTotal" label={`${t}.montant`} render={(r: RaRecord) => formatEuro(r.montantTotal)} />
          <DataTable.Col source="statutID" label={`${t}.statut`} disableSort>
            <StatutChipField />
          </DataTable.Col>
        </ApiListTable>
      )}
    </>
  );
};

export default ClientEnvoisPage;
