/**
 * Users list 'LISTE DES UTILISATEURS' (spec 001 §2 /user): Nom, Prénoms, Email, Adresse, Téléphone, Pays, Agence, Rôle,
 * Statut (Oui/Non confirmation, key userUpdateStatut), Actions (edit, delete with confirmation). Staff only (GET
 * user/liste; a non-ADMIN role sees its own agency's); search on name, e-mail and phone.
 */
import { DataTable } from 'react-admin';
import { libelleOf } from '../providers/records';
import { ReferenceListPage } from '../common/ReferenceListPage';

/** The phone column: the full number, else '--'. */
const phoneOf = (record: Record<string, unknown>) => (typeof record.telephoneComplet === 'string' && record.telephoneComplet) || '--';

/** The users list page (no props). */
const UserList = () => (
  <ReferenceListPage
    title="resources.user.page.list"
    createLabel="resources.user.action.add"
    deleteErrorMessage="resources.user.notifications.delete_error"
    wide
  >
    <DataTable.Col source="nom" label="resources.user.fields.nom" />
    <DataTable.Col source="prenoms" label="resources.user.fields.prenoms" />
    <DataTable.Col source="email" label="resources.user.fields.email" />
    <DataTable.Col source="adresse" label="resources.user.fields.adresse" />
    <DataTable.Col source="telephoneComplet" label="resources.user.fields.telephone" render={phoneOf} />
    <DataTable.Col source="paysID" label="resources.user.fields.paysID" render={libelleOf('paysID')} />
    <DataTable.Col source="agenceID" label="resources.user.fields.agenceID" render={libelleOf('agenceID')} />
    <DataTable.Col source="roleID" label="resources.user.fields.roleID" render={libelleOf('roleID')} />
  </ReferenceListPage>
);

export default UserList;
