/** Cities list 'LISTE DES VILLES' (spec 001 §2): Code, Ville, Pays, Statut, Actions; keys addVille, villeUpdate, villeDelete, villeUpdateStatut. */
import { DataTable } from 'react-admin';
import { ReferenceListPage } from '../kit/ReferenceListPage';
import { ActiveReferenceSelect } from '../kit/ActiveReferenceSelect';

/** Country filter beside the search box (server filter paysID). */
const paysFilter = (
  <ActiveReferenceSelect
    key="paysID"
    source="paysID"
    reference="pays"
    label="resources.villes.fields.paysID"
    emptyText="resources.villes.filters.all_pays"
    size="small"
    alwaysOn
  />
);

/** The cities list page (no props); the Pays column sorts on the country's name. */
const VillesList = () => (
  <ReferenceListPage title="resources.villes.page.list" createLabel="resources.villes.action.add" filters={[paysFilter]}>
    <DataTable.Col source="code" />
    <DataTable.Col source="libelle" />
    <DataTable.Col source="paysID" render={(record) => (record.paysID as { libelle?: string } | undefined)?.libelle ?? '--'} />
  </ReferenceListPage>
);

export default VillesList;
