/**
 * ETATS DE STOCKS, /inventaire (spec 001 §2 "Stock statements ('Etats de stocks', /inventaire): Date, Heure, Author,
 * number of parcels received, number expected (red alert icon if expected exceeds received, green otherwise), view
 * action to /inventaire/{id}"; §1 ADMIN agency filter; §9 status filter codes; §7 GET inventaire/liste?auteur={userId}).
 * The server pages, sorts and scopes the statements (a non-ADMIN role: its agency's). The alert icon is red when an
 * expected parcel was not found (which includes "expected exceeds received": a found parcel that was not expected
 * cannot hide a missing one). 'Nouvel inventaire' (key addInventaire) opens the scanning screen.
 */
import { Box, IconButton, Tooltip, Typography } from '@mui/material';
import ErrorIcon from '@mui/icons-material/Error';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { DataTable, LinkBase, SelectInput, useCanAccess, useRecordContext, useTranslate } from 'react-admin';
import { INVENTAIRE_STATUT_FILTER } from '../../common/inventaireRules';
import { userSeesAllAgences } from '../../common/scopes';
import { useAdminAgenceFilter } from '../kit/AgenceFilter';
import { DateFrField } from '../kit/DateFrField';
import { ReferenceListPage } from '../kit/ReferenceListPage';
import { fullName } from '../providers/records';
import { useAppIdentity } from '../kit/useAppIdentity';
import type { InventaireRecord } from './types';

const f = 'resources.inventaire';

/** The status filter (spec 001 §9 codes), 'Tous les statuts' when empty; sent as `statut=CODE`. */
const StatutFilter = (props: { source: string; alwaysOn?: boolean }) => {
  const translate = useTranslate();
  return (
    <SelectInput
      {...props}
      label={`${f}.filters.statut`}
      emptyText={`${f}.filters.all_statuts`}
      choices={INVENTAIRE_STATUT_FILTER.map((code) => ({ id: code, name: translate(`resources.colis.statuts.${code}`) }))}
      translateChoice={false}
      size="small"
      sx={{ minWidth: 200 }}
    />
  );
};

/** 'Colis attendus': the count, with a red alert icon when expected parcels are missing, else a green check. */
const AttendusField = () => {
  const r = useRecordContext<InventaireRecord>();
  const translate = useTranslate();
  if (!r) return null;
  const missing = r.colisNonTrouve.length > 0 || r.colisAttendus.length > r.colisId.length;
  const label = translate(missing ? `${f}.list.manque` : `${f}.list.complet`);
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
      <Typography variant="body2" component="span" data-testid="attendus-count">
        {r.colisAttendus.length}
      </Typography>
      <Tooltip title={label}>
        {missing ? (
          <ErrorIcon color="error" fontSize="small" aria-label={label} data-testid="attendus-alert" />
        ) : (
          <CheckCircleIcon color="success" fontSize="small" aria-label={label} data-testid="attendus-ok" />
        )}
      </Tooltip>
    </Box>
  );
};

/** The view action: an eye linking to /inventaire/{id} (the spec's path). */
const ViewButton = () => {
  const r = useRecordContext<InventaireRecord>();
  const translate = useTranslate();
  if (!r) return null;
  return (
    <Tooltip title={translate(`${f}.action.show`)}>
      <IconButton
        size="small"
        color="info"
        component={LinkBase}
        to={`/inventaire/${encodeURIComponent(r.id)}`}
        aria-label={translate(`${f}.action.show`)}
      >
        <VisibilityIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
};

/** The statements list page (no props). */
const InventaireList = () => {
  const identity = useAppIdentity();
  const { canAccess: canCreate } = useCanAccess({ resource: 'inventaire', action: 'create' });
  const agenceFilter = useAdminAgenceFilter({ label: `${f}.filters.agence`, emptyText: `${f}.filters.all_agencies` });
  const allAgences = userSeesAllAgences(identity);
  return (
    <ReferenceListPage
      title={`${f}.page.list`}
      createLabel={canCreate ? `${f}.action.add` : undefined}
      filters={[...agenceFilter, <StatutFilter key="statut" source="statut" alwaysOn />]}
      withActive={false}
      rowActions={<ViewButton />}
    >
      <DataTable.Col source="dateInventaire" cellSx={() => ({ whiteSpace: 'nowrap' })}>
        <DateFrField source="dateInventaire" />
      </DataTable.Col>
      <DataTable.Col source="heure" disableSort>
        <DateFrField source="dateInventaire" pattern="HH:mm" />
      </DataTable.Col>
      <DataTable.Col
        source="auteur"
        render={(r: InventaireRecord) => fullName({ nom: r.auteur?.nom, prenoms: r.auteur?.prenom }) || '--'}
      />
      {allAgences && <DataTable.Col source="agenceID" render={(r: InventaireRecord) => r.agenceID?.libelle ?? '--'} />}
      <DataTable.Col source="colisId" disableSort align="right" render={(r: InventaireRecord) => r.colisId.length} />
      <DataTable.Col source="colisAttendus" disableSort>
        <AttendusField />
      </DataTable.Col>
    </ReferenceListPage>
  );
};

export default InventaireList;
