/**
 * LISTE DES COLIS (spec 000 §2 Parcel list; §9 table labels): reference, date added, content, weight, amount
 * (montantTotal), issuing agency, recipient name and phone (recipient record, else the free-text fields), status chip,
 * active toggle (colisUpdateEtat), actions. Search 'Rechercher :', a status filter, and for ADMIN an agency filter
 * with 'Toutes les agences'. Default sort createdAt DESC. Button 'Ajouter un colis' (addColis) → /colis/create.
 */
import { DataTable, SelectInput, useRecordContext, useTranslate } from 'react-admin';
import { Typography } from '@mui/material';
import { formatKg, formatMontant } from '../../common/format';
import { ReferenceListPage } from '../kit/ReferenceListPage';
import { DateFrField } from '../kit/DateFrField';
import { StatutChipField } from '../kit/StatutChip';
import { ColisRowActions } from './ColisRowActions';
import { COLIS_STATUT_CODES, destinataireOf } from './model/colisRules';
import type { ColisRecord } from './model/types';
import { useAdminAgenceFilter } from '../kit/AgenceFilter';

/** Weight of the row in kg (or m³). */
const PoidsField = () => {
  const r = useRecordContext<ColisRecord>();
  return (
    <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap' }}>
      {r ? formatKg(r.poids, r.unite ?? 'kg') : ''}
    </Typography>
  );
};

/** Total amount of the row in its currency (the parcel's `devise`, docs/decisions/currencies.md). */
const MontantField = () => {
  const r = useRecordContext<ColisRecord>();
  return (
    <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap' }}>
      {r ? formatMontant(r.montantTotal, r.devise) : ''}
    </Typography>
  );
};

/** Recipient name or phone of the row (spec 000 §2: the recipient record when present, else the free-text fields). */
const DestinataireField = ({ part }: { part: 'nom' | 'telephone'; label?: string }) => {
  const r = useRecordContext<ColisRecord>();
  return (
    <Typography variant="body2" component="span">
      {r ? destinataireOf(r)[part] || '--' : ''}
    </Typography>
  );
};

/** The status filter: every parcel status, 'Tous les statuts' when empty; sent as `statut=CODE`. */
const StatutFilter = (props: { source: string; alwaysOn?: boolean }) => {
  const translate = useTranslate();
  return (
    <SelectInput
      {...props}
      label="resources.colis.fields.statut"
      emptyText="resources.colis.filters.all_statuses"
      choices={COLIS_STATUT_CODES.map((code) => ({ id: code, name: translate(`resources.colis.statuts.${code}`) }))}
      size="small"
      sx={{ minWidth: 180 }}
    />
  );
};

/** The parcel list page (no props). */
const ColisList = () => {
  const filters = [
    ...useAdminAgenceFilter({ label: 'resources.colis.filters.agence', emptyText: 'resources.colis.filters.all_agencies' }),
    <StatutFilter key="statut" source="statut" alwaysOn />,
  ];
  return (
    <ReferenceListPage
      title="resources.colis.page.list"
      createLabel="resources.colis.action.add"
      filters={filters}
      rowActions={<ColisRowActions />}
      wide
    >
      <DataTable.Col source="reference" cellSx={() => ({ whiteSpace: 'nowrap', fontWeight: 600 })} />
      <DataTable.Col source="createdAt" cellSx={() => ({ whiteSpace: 'nowrap' })}>
        <DateFrField source="createdAt" />
      </DataTable.Col>
      <DataTable.Col source="detailsContenu" />
      <DataTable.Col source="poids">
        <PoidsField />
      </DataTable.Col>
      <DataTable.Col source="montantTotal">
        <MontantField />
      </DataTable.Col>
      <DataTable.Col source="agenceID" render={(r: ColisRecord) => r.agenceID?.libelle ?? '--'} />
      <DataTable.Col source="nomDestinataire" disableSort>
        <DestinataireField part="nom" />
      </DataTable.Col>
      <DataTable.Col source="telephoneDestinataire" disableSort cellSx={() => ({ whiteSpace: 'nowrap' })}>
        <DestinataireField part="telephone" />
      </DataTable.Col>
      <DataTable.Col source="statutID">
        <StatutChipField source="statutID" />
      </DataTable.Col>
    </ReferenceListPage>
  );
};

export default ColisList;
