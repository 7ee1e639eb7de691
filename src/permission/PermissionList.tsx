/**
 * Permissions list 'LISTE DES PERMISSIONS' (spec 001 §2, §3 Permission: libelle (the key), description, isActive; the
 * assignment group as well): Libellé (clé), Description, Groupe, Statut, Actions, with a group filter; keys
 * addPermission, permissionUpdate, permissionDelete, permissionUpdateStaut (the spec's spelling). The keys the product
 * uses have no delete button.
 */
import { DataTable, SelectInput } from 'react-admin';
import { isPermissionKey } from '../../common/permissions';
import { ReferenceListPage } from '../kit/ReferenceListPage';
import { PERMISSION_GROUP_CHOICES, permissionGroupLabel } from './permissionRules';

/** Group filter beside the search box (server filter groupe). */
const groupeFilter = (
  <SelectInput
    key="groupe"
    source="groupe"
    label="resources.permission.fields.groupe"
    alwaysOn
    size="small"
    emptyText="resources.permission.filters.all_groups"
    choices={PERMISSION_GROUP_CHOICES}
    translateChoice={false}
  />
);

/** The permissions list page (no props). */
const PermissionList = () => (
  <ReferenceListPage
    title="resources.permission.page.list"
    createLabel="resources.permission.action.add"
    filters={[groupeFilter]}
    // A key the product uses is never deleted (docs/decisions/no-lock-out.md): no delete button on it.
    recordDeletable={(r) => !isPermissionKey(String(r.libelle))}
  >
    <DataTable.Col source="libelle" cellSx={() => ({ fontFamily: 'monospace' })} />
    <DataTable.Col source="description" />
    <DataTable.Col source="groupe" render={(record) => permissionGroupLabel(record.groupe)} />
  </ReferenceListPage>
);

export default PermissionList;
