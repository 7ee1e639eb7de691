/**
 * The session kept in the browser (spec 000 §3 "Session (kept locally)", §4 Session) and what it grants: the stored
 * session itself (src/providers/sessionStore.ts, re-exported here), the actor the access rules read, the privileges
 * that apply.
 */
import type { Actor } from '../../common/autorisationRules';
import { ALL_PERMISSION_KEYS, hasPermission, isPermissionKey, ROLE_CODES, type PermissionKey } from '../../common/permissions';
import { userSeesAllAgences } from '../../common/scopes';
import type { Permission, Session } from './sessionStore';

export * from './sessionStore';

/**
 * Whether the session's role is the system role SUPERADMIN, which holds every permission (docs/architecture.md §4): its fixed
 * identity (roleID.systeme), or its code for a session stored before identities existed (system codes never change).
 */
function isSuperAdmin(session: Session | null): boolean {
  const role = session?.user?.roleID;
  return (role?.systeme ?? role?.code) === ROLE_CODES.SUPERADMIN;
}

/**
 * The signed-in user as the access rules read it (common/autorisationRules.ts Actor): role, agency, identity, reach
 * and the keys it holds. An empty actor without a session.
 */
export function sessionActor(session: Session | null): Actor {
  const user = session?.user;
  return {
    roleID: user?.roleID?.id ?? null,
    agenceID: user?.agenceID?.id ?? null,
    isSuperadmin: isSuperAdmin(session),
    allAgences: userSeesAllAgences(user),
    permissions: new Set(
      effectivePermissions(session)
        .filter((p) => p.isActive)
        .map((p) => p.libelle),
    ),
  };
}

/**
 * Returns the privileges that apply to a session: the stored list, or, for SUPERADMIN, every known key
 * active (plus any stored one). Returns [] without a session.
 */
export function effectivePermissions(session: Session | null): Permission[] {
  if (!session) return [];
  if (!isSuperAdmin(session)) return session.privileges;
  const all = ALL_PERMISSION_KEYS.map((libelle) => ({ libelle, isActive: true }));
  const extra = session.privileges.filter((p) => !isPermissionKey(p.libelle)).map((p) => ({ ...p, isActive: true }));
  return [...all, ...extra];
}

/** Whether a session grants a permission key (present with isActive true, or SUPERADMIN) — spec 000 §6. */
export function sessionHasPermission(session: Session | null, key: PermissionKey): boolean {
  if (!session) return false;
  if (isSuperAdmin(session)) return true;
  return hasPermission(session.privileges, key);
}
