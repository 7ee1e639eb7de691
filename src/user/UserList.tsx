/**
 * Users list 'LISTE DES UTILISATEURS' (spec 001 §2 /user): Nom, Prénoms, Email, Adresse, Téléphone, Pays, Agence, Rôle,
 * Statut (Oui/Non confirmation, key userUpdateStatut), Actions (edit, delete with confirmation). Staff only (GET
 * user/liste; a non-ADMIN role sees its own agency's); search on name, e-mail and phone. A user whose role is wider than
 * the signed-in user's power (ADMIN or SUPERADMIN for a non-SUPERADMIN, a role that sees every agency for a user bound
 * to one: common/autorisationRules.ts userManageRefusal; the server also refuses a role holding keys the user lacks)
 * shows no edit or delete button and its status is locked.
 */
import { DataTable, type RaRecord } from 'react-admin';
import { userManageRefusal } from '../../common/autorisationRules';
import { useAppIdentity, useSessionActor } from '../kit/useAppIdentity';
import { libelleOf } from '../providers/records';
import { ReferenceListPage } from '../kit/ReferenceListPage';

/** The phone column: the full number, else '--'. */
const phoneOf = (record: Record<string, unknown>) => (typeof record.telephoneComplet === 'string' && record.telephoneComplet) || '--';

/** The users list page (no props). */
const UserList = () => {
  const actor = useSessionActor();
  const me = useAppIdentity()?.id;
  // The role's keys are not in the list: the server decides on them (403 in French).
  const editable = (r: RaRecord) => {
    const role = r.roleID as { systeme?: 'SUPERADMIN' | 'ADMIN' | 'AGENT' | 'CLIENT' | null; toutesAgences?: boolean } | null;
    return r.id === me || !role || userManageRefusal(actor, { ...role, keys: [] }) === null;
  };
  return (
    <ReferenceListPage
      title="resources.user.page.list"
      createLabel="resources.user.action.add"
      deleteErrorMessage="resources.user.notifications.delete_error"
      wide
      recordEditable={editable}
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
};

export default UserList;
