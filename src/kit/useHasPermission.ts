/**
 * Permission check for buttons (spec 000 §6 "A permission holds only if it is present in the user's list and its
 * isActive is true"): reads the privileges once through react-admin's usePermissions.
 */
import { useCallback } from 'react';
import { usePermissions } from 'react-admin';
import { hasPermission, type PermissionKey } from '../../common/permissions';
import type { Permission } from '../providers/session';

/** Returns a function telling whether the signed-in user holds a permission key (false while loading). */
export function useHasPermission(): (key: PermissionKey) => boolean {
  const { permissions } = usePermissions<Permission[]>();
  return useCallback((key: PermissionKey) => Array.isArray(permissions) && hasPermission(permissions, key), [permissions]);
}
