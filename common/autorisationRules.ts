/**
 * Who may change which role's permissions (issue 9 §2; spec 001 §5 "Role-assignment visibility"), shared by the
 * server (server/autorisation/service.ts, the authority) and the assignment screen (src/autorisation, which hides or
 * locks what the server would refuse).
 */
import { ROLE_CODES, type PermissionKey } from './permissions';

/**
 * Keys a user may not remove from their own role: those the assignment screen needs (its route and its calls need
 * `autorisation`; the roles and permissions it lists are read with role/liste and privilege/liste, open to any
 * signed-in user).
 */
export const OWN_ROLE_PROTECTED_KEYS: readonly PermissionKey[] = ['autorisation'];

/** Whether a key is reserved to SUPERADMIN: its name contains 'superadmin', any case. */
export const isSuperadminKey = (libelle: string): boolean => libelle.toLowerCase().includes('superadmin');

/** Why a user may not edit a role's grants at all, or null when they may. */
export type RoleEditRefusal = 'superadminRole' | 'adminRole' | null;

/**
 * Whether the user (their role code) may edit the grants of a role (its code): never the SUPERADMIN role (it holds
 * every key anyway); the ADMIN role only by a SUPERADMIN.
 */
export function roleEditRefusal(userRoleCode: string | null | undefined, roleCode: string): RoleEditRefusal {
  if (roleCode === ROLE_CODES.SUPERADMIN) return 'superadminRole';
  if (roleCode === ROLE_CODES.ADMIN && userRoleCode !== ROLE_CODES.SUPERADMIN) return 'adminRole';
  return null;
}

/** Whether the user may grant a key (only a SUPERADMIN grants a 'superadmin' key). */
export const mayGrantKey = (userRoleCode: string | null | undefined, libelle: string): boolean =>
  userRoleCode === ROLE_CODES.SUPERADMIN || !isSuperadminKey(libelle);

/** Whether the user may revoke a key from a role (never a key of OWN_ROLE_PROTECTED_KEYS from their own role). */
export const mayRevokeKey = (ownRole: boolean, libelle: string): boolean =>
  !(ownRole && (OWN_ROLE_PROTECTED_KEYS as readonly string[]).includes(libelle));
