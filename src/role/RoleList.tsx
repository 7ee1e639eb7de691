/** Roles list 'LISTE DES ROLES' (spec 001 §2; form fields Code, Libelle, Statut, plus the description of §5): Code, Libellé, Description, Statut, Actions; keys addRole, roleUpdate, roleDelete, roleUpdateStatut. */
import { DataTable } from 'react-admin';
import { ReferenceListPage } from '../common/ReferenceListPage';

/** The list page (no props). */
const RoleList = () => (
  <ReferenceListPage title="resources.role.page.list" createLabel="resources.role.action.add">
    <DataTable.Col source="code" />
    <DataTable.Col source="libelle" />
    <DataTable.Col source="description" />
  </ReferenceListPage>
);

export default RoleList;
