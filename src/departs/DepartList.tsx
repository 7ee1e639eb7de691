/**
 * Departures list 'LISTE DES DÉPARTS' (spec 000 §2 Departures list, §4, §9): reference, date added, mode, departure,
 * arrival and closing dates, origin and destination countries, content, global weight, available weight with its
 * gauge, active toggle, status, clients link, actions (manifest and labels PDFs, docs/decisions/departure-manifest.md;
 * status changes, edit, delete). Default sort date added descending, search 'Rechercher :', filter by status, button
 * 'Ajouter un départ'.
 */
import { DataTable, SelectInput } from 'react-admin';
import { formatKg } from '../../common/format';
import { ReferenceListPage } from '../common/ReferenceListPage';
import { libelleOf } from '../providers/records';
import { ActiveToggleField } from '../common/ActiveToggleField';
import { DateFrField } from '../common/DateFrField';
import { StatutChipField } from '../common/StatutChip';
import { useHasPermission } from '../common/useHasPermission';
import { ENVOI_ACTION_TARGETS, ENVOI_STATUT_CODES } from './departRules';
import { ENVOI_TRANSITIONS } from '../../common/envoiRules';
import { PoidsGaugeField } from './PoidsGaugeField';
import { ClientsLinkButton } from './ClientsLinkButton';
import { EnvoiStatutButtons } from './EnvoiStatutButtons';
import { ManifestButtons } from './ManifestButtons';

/** Status filter: the departure status codes, sent as `statut` (the server filters on the status code). */
const statutFilter = (
  <SelectInput
    key="statut"
    source="statut"
    label="resources.depart.fields.statut"
    alwaysOn
    size="small"
    emptyText="resources.depart.filters.all_statuses"
    choices={ENVOI_STATUT_CODES.map((code) => ({ id: code, name: `resources.depart.statuts.${code}` }))}
  />
);

const nowrap = { whiteSpace: 'nowrap' } as const;

/** The departures list page (no props). */
const DepartList = () => {
  const has = useHasPermission();
  const withStatutActions = ENVOI_ACTION_TARGETS.some((to) => has(ENVOI_TRANSITIONS[to]!.key));
  return (
    <ReferenceListPage
      title="resources.depart.page.list"
      createLabel="resources.depart.action.add"
      deleteErrorMessage="resources.depart.notifications.delete_error"
      withActive={false}
      wide
      filters={[statutFilter]}
      extraRowActions={
        <>
          <ManifestButtons />
          {withStatutActions && <EnvoiStatutButtons />}
        </>
      }
    >
      <DataTable.Col source="reference" cellSx={() => ({ ...nowrap, fontWeight: 600 })} />
      <DataTable.Col source="createdAt" cellSx={() => nowrap}>
        <DateFrField source="createdAt" />
      </DataTable.Col>
      <DataTable.Col source="modeEnvoiID" render={libelleOf('modeEnvoiID')} />
      <DataTable.Col source="dateDebut" cellSx={() => nowrap}>
        <DateFrField source="dateDebut" />
      </DataTable.Col>
      <DataTable.Col source="dateArrive" cellSx={() => nowrap}>
        <DateFrField source="dateArrive" />
      </DataTable.Col>
      <DataTable.Col source="dateFin" cellSx={() => nowrap}>
        <DateFrField source="dateFin" />
      </DataTable.Col>
      <DataTable.Col source="paysEmetteurID" render={libelleOf('paysEmetteurID')} />
      <DataTable.Col source="paysID" render={libelleOf('paysID')} />
      <DataTable.Col source="contenu" cellSx={() => ({ minWidth: 120, maxWidth: 180 })} />
      <DataTable.Col source="poids" cellSx={() => nowrap} render={(record) => formatKg(record.poids)} />
      <DataTable.Col source="poidsDisponible" disableSort>
        <PoidsGaugeField />
      </DataTable.Col>
      <DataTable.Col source="isActive">
        <ActiveToggleField />
      </DataTable.Col>
      <DataTable.Col source="statutID">
        <StatutChipField />
      </DataTable.Col>
      <DataTable.Col source="clients" disableSort>
        <ClientsLinkButton />
      </DataTable.Col>
    </ReferenceListPage>
  );
};

export default DepartList;
