/**
 * The session kept in the browser (spec 000 §3 "Session (kept locally)", §4 Session): the signed-in
 * user, the bearer token and the role's privileges, stored as one JSON value in localStorage.
 */
import type { Actor } from '../../common/autorisationRules';
import { ALL_PERMISSION_KEYS, hasPermission, isPermissionKey, ROLE_CODES, type PermissionKey } from '../../common/permissions';
import { userSeesAllAgences } from '../../common/scopes';

/** A privilege as kept in the session: the permission key and whether it holds (spec 000 §6). */
export interface Permission {
  libelle: string;
  isActive: boolean;
}

/** A populated reference as the server returns it (`roleID: {id, code, libelle}`). */
export interface RefObject {
  id: string;
  _id?: string;
  code?: string;
  libelle?: string;
  [key: string]: unknown;
}

/** The signed-in user record (docs/api-contract.md "The user record"). */
export interface SessionUser {
  id: string;
  _id?: string;
  nom?: string;
  prenoms?: string;
  email?: string;
  telephone?: string;
  telephoneComplet?: string;
  adresse?: string;
  isActive?: boolean;
  paysID?: RefObject | null;
  typeUserID?: RefObject | null;
  roleID?: RefObject | null;
  agenceID?: RefObject | null;
  [key: string]: unknown;
}

/** What localStorage holds under SESSION_KEY. */
export interface Session {
  token: string;
  user: SessionUser;
  privileges: Permission[];
}

/** The one localStorage key of the session. */
export const SESSION_KEY = 'colis.session';

/** Reads the stored session; returns null when absent or unreadable. */
export function readSession(): Session | null {
  try {
    const raw = globalThis.localStorage?.getItem(SESSION_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Session;
    if (!parsed || typeof parsed.token !== 'string' || !parsed.user) return null;
    return { ...parsed, privileges: Array.isArray(parsed.privileges) ? parsed.privileges : [] };
  } catch {
    return null;
  }
}

/** Stores the session (replacing any previous one). */
export function writeSession(session: Session): void {
  globalThis.localStorage?.setItem(SESSION_KEY, JSON.stringify(session));
}

/** Removes the stored session (logout, spec 000 §4). */
export function clearSession(): void {
  globalThis.localStorage?.removeItem(SESSION_KEY);
}

/** Changes part of the stored session (fresh token, edited user fields, reloaded privileges); no-op without session. */
export function patchSession(patch: Partial<Omit<Session, 'user'>> & { user?: Partial<SessionUser> }): Session | null {
  const current = readSession();
  if (!current) return null;
  const next: Session = {
    token: patch.token ?? current.token,
    privileges: patch.privileges ?? current.privileges,
    user: { ...current.user, ...(patch.user ?? {}) } as SessionUser,
  };
  writeSession(next);
  return next;
}

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
