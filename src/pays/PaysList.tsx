/** Countries list 'LISTE DES PAYS' (spec 001 §2): Code, Nom du Pays, Devise, Indicatif, Longueur du Numero, Statut, Actions. */
import { DataTable } from 'react-admin';
import { ReferenceListPage } from '../kit/ReferenceListPage';

/** The countries list page (no props). */
const PaysList = () => (
  <ReferenceListPage
    title="resources.pays.page.list"
    createLabel="resources.pays.action.add"
    deleteErrorMessage="resources.pays.notifications.delete_error"
  >
    <DataTable.Col source="code" />
    <DataTable.Col source="libelle" />
    <DataTable.Col source="devise" />
    <DataTable.Col source="indicatif" />
    <DataTable.NumberCol source="longueurNumero" />
  </ReferenceListPage>
);

export default PaysList;
