/** Pickup modes list 'LISTE DES MODES DE LIVRAISON' (spec 001 §2): code, libelle, description, statut, actions; keys addmodeLivraison, modeLivraisonUpdate (the spec's icon check modeLIvraisonUpdate is read as this key), modeLivraisonDelete, modeLivraisonUpdateStatut. */
import { DataTable } from 'react-admin';
import { ReferenceListPage } from '../kit/ReferenceListPage';

/** The list page (no props). */
const ModeLivraisonList = () => (
  <ReferenceListPage
    title="resources.modeLivraison.page.list"
    createLabel="resources.modeLivraison.action.add"
    deleteErrorMessage="resources.modeLivraison.notifications.delete_error"
  >
    <DataTable.Col source="code" />
    <DataTable.Col source="libelle" />
    <DataTable.Col source="description" />
  </ReferenceListPage>
);

export default ModeLivraisonList;
