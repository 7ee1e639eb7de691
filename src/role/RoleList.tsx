/**
 * Roles list 'LISTE DES ROLES' (spec 001 §2; form fields Code, Libelle, Statut, plus the description of §5): Code,
 * Libellé, Description, Portée (every agency or its own; docs/decisions/role-identity.md), Statut, Actions; keys addRole,
 * roleUpdate, roleDelete, roleUpdateStatut. A system role is marked 'Système'.
 */
import { Chip } from '@mui/material';
import { DataTable, useTranslate } from 'react-admin';
import { ReferenceListPage } from '../common/ReferenceListPage';

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
const RoleList = () => (
  <ReferenceListPage title="resources.role.page.list" createLabel="resources.role.action.add" recordDeletable={(r) => !r.systeme}>
    <DataTable.Col source="code" render={(r: RoleRow) => <CodeCell record={r} />} />
    <DataTable.Col source="libelle" />
    <DataTable.Col source="description" />
    <DataTable.Col source="toutesAgences" render={(r: RoleRow) => <ReachCell record={r} />} />
  </ReferenceListPage>
);

export default RoleList;
