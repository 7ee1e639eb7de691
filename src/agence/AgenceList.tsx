/** Agencies list (spec 001 §2 Agencies): Code, Libelle, Ville, Pays, Téléphone (complete phone or '--'), Statut, Actions; filter by country. */
import { DataTable, ReferenceInput, SelectInput, type RaRecord } from 'react-admin';
import { ReferenceListPage } from '../common/ReferenceListPage';
import { agencePhoneLabel } from './agenceRules';

/** Label of a populated reference ({libelle}) of the row. */
const libelleOf = (field: string) => (record: RaRecord) => (record[field] as { libelle?: string } | undefined)?.libelle ?? '--';

/** Country filter: active countries, sent as `paysID`. */
const paysFilter = (
  <ReferenceInput
    key="paysID"
    source="paysID"
    reference="pays"
    alwaysOn
    filter={{ isActive: true }}
    sort={{ field: 'libelle', order: 'ASC' }}
    perPage={500}
  >
    <SelectInput
      label="resources.agence.fields.paysID"
      optionText="libelle"
      size="small"
      sx={{ minWidth: 220 }}
      emptyText="resources.agence.filters.all_pays"
    />
  </ReferenceInput>
);

/** The agencies list page (no props). */
const AgenceList = () => (
  <ReferenceListPage title="resources.agence.page.list" createLabel="resources.agence.action.add" filters={[paysFilter]}>
    <DataTable.Col source="code" />
    <DataTable.Col source="libelle" />
    <DataTable.Col source="villeID" render={libelleOf('villeID')} />
    <DataTable.Col source="paysID" render={libelleOf('paysID')} />
    <DataTable.Col source="telephoneComplet" render={agencePhoneLabel} disableSort />
  </ReferenceListPage>
);

export default AgenceList;
