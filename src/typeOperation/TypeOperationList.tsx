/** Operation types list (spec 001 §2): Code, libelle, Statut, Actions; keys addTypeOperation, typeOperationUpdate, typeOperationDelete, typeOperationUpdateStatut (without it a status click says the §6 text of operation types). */
import { DataTable } from 'react-admin';
import { ReferenceListPage } from '../kit/ReferenceListPage';

/** The list page (no props). */
const TypeOperationList = () => (
  <ReferenceListPage
    title="resources.typeOperation.page.list"
    createLabel="resources.typeOperation.action.add"
    activeNoPermissionMessage="resources.typeOperation.notifications.status_no_permission"
  >
    <DataTable.Col source="code" />
    <DataTable.Col source="libelle" />
  </ReferenceListPage>
);

export default TypeOperationList;
