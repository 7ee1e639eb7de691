/**
 * Natures list 'NATURE DES COLIS' (spec 001 §2 Natures): Groupe, Code, Libelle, Prix exceptionnel (value/unit or '-'),
 * Description, Statut, Actions; filter by group.
 */
import { DataTable, type RaRecord } from 'react-admin';
import { ActiveReferenceSelect } from '../kit/ActiveReferenceSelect';
import { ReferenceListPage } from '../kit/ReferenceListPage';
import { prixExceptionnelLabel } from './natureColisRules';

/** Group filter: active groups, sent as `groupeNatureColisID`. */
const groupeFilter = (
  <ActiveReferenceSelect
    key="groupeNatureColisID"
    source="groupeNatureColisID"
    reference="groupeNatureColis"
    label="resources.natureColis.fields.groupeNatureColisID"
    emptyText="resources.natureColis.filters.all_groupes"
    size="small"
    alwaysOn
  />
);

/** The natures list page (no props). */
const NatureColisList = () => (
  <ReferenceListPage
    title="resources.natureColis.page.list"
    createLabel="resources.natureColis.action.add"
    deleteErrorMessage="resources.natureColis.notifications.delete_error"
    filters={[groupeFilter]}
  >
    <DataTable.Col
      source="groupeNatureColisID"
      render={(r: RaRecord) => (r.groupeNatureColisID as { libelle?: string } | undefined)?.libelle ?? '--'}
    />
    <DataTable.Col source="code" />
    <DataTable.Col source="libelle" />
    <DataTable.Col source="prixExceptionnel" render={prixExceptionnelLabel} />
    <DataTable.Col source="description" render={(r: RaRecord) => (r.description as string) || '--'} disableSort />
  </ReferenceListPage>
);

export default NatureColisList;
