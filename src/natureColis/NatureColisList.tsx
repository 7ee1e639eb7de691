/**
 * Natures list 'NATURE DES COLIS' (spec 001 §2 Natures): Groupe, Code, Libelle, Prix exceptionnel (value/unit or '-'),
 * Description, Statut, Actions; filter by group.
 */
import { DataTable, ReferenceInput, SelectInput, type RaRecord } from 'react-admin';
import { ReferenceListPage } from '../common/ReferenceListPage';
import { prixExceptionnelLabel } from './natureColisRules';

/** Group filter: active groups, sent as `groupeNatureColisID`. */
const groupeFilter = (
  <ReferenceInput
    key="groupeNatureColisID"
    source="groupeNatureColisID"
    reference="groupeNatureColis"
    alwaysOn
    filter={{ isActive: true }}
    sort={{ field: 'libelle', order: 'ASC' }}
    perPage={500}
  >
    <SelectInput
      label="resources.natureColis.fields.groupeNatureColisID"
      optionText="libelle"
      size="small"
      sx={{ minWidth: 220 }}
      emptyText="resources.natureColis.filters.all_groupes"
    />
  </ReferenceInput>
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
