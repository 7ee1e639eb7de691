/**
 * The permissions resource (spec 001 §2 Permissions: /permission (also /Permission), /addPermission,
 * /permissionUpdate?id={id}): the privilege list, react-admin resource 'permission' over the API's privilege/* calls
 * (src/providers/resourceApi.ts); list, add, edit loaded lazily.
 */
import { lazy } from 'react';
import KeyIcon from '@mui/icons-material/Key';
import type { ResourceProps } from 'react-admin';

/** Props of <Resource name="permission">. */
export const permissionResource: ResourceProps = {
  name: 'permission',
  list: lazy(() => import('./PermissionList')),
  create: lazy(() => import('./PermissionCreate')),
  edit: lazy(() => import('./PermissionEdit')),
  icon: KeyIcon,
  recordRepresentation: 'libelle',
};
