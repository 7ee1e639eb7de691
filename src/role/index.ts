/**
 * The roles resource (spec 001 §2 Roles: route role, /addRole, /roleUpdate?id={id}): list, add, edit on the code / libellé kit, loaded lazily.
 */
import { lazy } from 'react';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import type { ResourceProps } from 'react-admin';

/** Props of <Resource name="role">. */
export const roleResource: ResourceProps = {
  name: 'role',
  list: lazy(() => import('./RoleList')),
  create: lazy(() => import('./RoleCreate')),
  edit: lazy(() => import('./RoleEdit')),
  icon: AdminPanelSettingsIcon,
  recordRepresentation: 'libelle',
};
