/**
 * Roles list 'LISTE DES ROLES' (spec 001 §2; form fields Code, Libelle, Statut, plus the description of §5): Code,
 * Libellé, Description, Portée (every agency or its own; docs/decisions/role-identity.md), Statut, Actions; keys addRole,
 * roleUpdate, roleDelete, roleUpdateStatut. A system role is marked 'Système'. A role the user may not change (the
 * SUPERADMIN and ADMIN roles, its own, and for a user bound to one agency a system role, a role that sees every agency
 * or one used in another agency: common/autorisationRules.ts roleEditRefusal) shows no edit or delete button.
 */
import { Chip } from '@mui/material';
import { DataTable, useTranslate, type RaRecord } from 'react-admin';
import { roleEditRefusal, type RoleFacts } from '../../common/autorisationRules';
import { ReferenceListPage } from '../kit/ReferenceListPage';
import { useSessionActor } from '../kit/useAppIdentity';

/** A role as the list reads it. */
interface RoleRow {
  code: string;
  systeme?: string | null;
  toutesAgences?: boolean;
}

/** The code, with a 'Système' chip for a system role. */
const CodeCell = ({ record }: { record: RoleRow }) => {
  const translate = useTranslate();
  return (
    <>
      {record.code}
      {record.systeme && <Chip size="small" variant="outlined" label={translate('resources.role.system')} sx={{ ml: 1 }} />}
    </>
  );
};

/** The reach in French. */
const ReachCell = ({ record }: { record: RoleRow }) => {
  const translate = useTranslate();
  return <>{translate(record.toutesAgences ? 'resources.role.reach.toutes' : 'resources.role.reach.agence')}</>;
};

/** The list page (no props). */
const RoleList = () => {
  const actor = useSessionActor();
  return (
    <ReferenceListPage
      title="resources.role.page.list"
      createLabel="resources.role.action.add"
      recordDeletable={(r) => !r.systeme}
      recordEditable={(r: RaRecord) => roleEditRefusal(actor, r as RaRecord & RoleFacts) === null}
    >
      <DataTable.Col source="code" render={(r: RoleRow) => <CodeCell record={r} />} />
      <DataTable.Col source="libelle" />
      <DataTable.Col source="description" />
      <DataTable.Col source="toutesAgences" render={(r: RoleRow) => <ReachCell record={r} />} />
    </ReferenceListPage>
  );
};

export default RoleList;
