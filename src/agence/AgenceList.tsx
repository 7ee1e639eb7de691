/**
 * Agencies list (spec 001 §2 Agencies): Code, Libelle, Ville, Pays, Téléphone (complete phone or '--'), Statut, Actions;
 * filter by country. A user bound to one agency edits its own agency's row only (common/autorisationRules.ts
 * referenceWriteRefusal, docs/decisions/reference-scope.md).
 */
import { DataTable, type RaRecord } from 'react-admin';
import { referenceWriteRefusal } from '../../common/autorisationRules';
import { useSessionActor } from '../kit/useAppIdentity';
import { ActiveReferenceSelect } from '../kit/ActiveReferenceSelect';
import { libelleOf } from '../providers/records';
import { ReferenceListPage } from '../kit/ReferenceListPage';
import { agencePhoneLabel } from './agenceRules';

/** Country filter: active countries, sent as `paysID`. */
const paysFilter = (
  <ActiveReferenceSelect
    key="paysID"
    source="paysID"
    reference="pays"
    label="resources.agence.fields.paysID"
    emptyText="resources.agence.filters.all_pays"
    size="small"
    alwaysOn
  />
);

/** The agencies list page (no props). */
const AgenceList = () => {
  const actor = useSessionActor();
  const editable = (record: RaRecord) => referenceWriteRefusal(actor, 'agence', { action: 'edit', agenceID: String(record.id) }) === null;
  return (
    <ReferenceListPage
      title="resources.agence.page.list"
      createLabel="resources.agence.action.add"
      filters={[paysFilter]}
      recordEditable={editable}
    >
      <DataTable.Col source="code" />
      <DataTable.Col source="libelle" />
      <DataTable.Col source="villeID" render={libelleOf('villeID')} />
      <DataTable.Col source="paysID" render={libelleOf('paysID')} />
      <DataTable.Col source="telephoneComplet" render={agencePhoneLabel} disableSort />
    </ReferenceListPage>
  );
};

export default AgenceList;
