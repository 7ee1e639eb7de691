/**
 * The react-admin authProvider (spec 000 §2 Login, Forgot password, Profile settings, §4 Session, §6 Roles and
 * permissions; 001 §6): login through auth/loginAD and password recovery (src/providers/credentials.ts, the calls made
 * signed out), identity, access checks through common/permissions.ts RESOURCE_KEYS, and the credential calls outside
 * react-admin's contract (password change and recovery), reached with useAuthProvider<AppAuthProvider>().
 */
import type { AuthProvider, UserIdentity } from 'ra-core';
import { isReferenceResource, referenceWriteRefusal } from '../../common/autorisationRules';
import {
  isPermissionKey,
  isResourceName,
  RESOURCE_KEYS,
  keysOpening,
  type PermissionKey,
  type ResourceAction,
  type ResourceName,
} from '../../common/permissions';
import { fetchPermissions, login, requestPasswordReset, resetPassword } from './credentials';
import { httpRequest } from './http';
import { fullName, refId } from './records';
import {
  clearSession,
  effectivePermissions,
  isSessionValid,
  patchSession,
  readSession,
  sessionActor,
  sessionHasPermission,
  type Permission,
  type RefObject,
  type Session,
  type SessionUser,
} from './session';

/** Whether the session's user must change the password the server generated for it before using the app. */
export function mustChangePassword(session: Session | null): boolean {
  return session?.user?.mustChangePassword === true;
}

/** Translation key of the notification shown when the server refuses the token (401). */
const SESSION_EXPIRED_KEY = 'app.auth.session_expired';

/** What the UI's access rule knows: a resource of RESOURCE_KEYS, a permission key (a custom route) or the dashboard. */
export type AccessResource = ResourceName | PermissionKey | 'dashboard';

/** Whether a react-admin resource name is one the access rule knows (any other is refused). */
function isAccessResource(value: string): value is AccessResource {
  return value === 'dashboard' || isResourceName(value) || isPermissionKey(value);
}

/**
 * Access rule of the UI (spec 000 §6 "Route access: the permission whose name equals the route name", 001 §6):
 * - a resource of RESOURCE_KEYS: the key of the action, or a route-name key opening it (keysOpening); 'show' and
 *   'export' fall back to 'list', 'clone' to 'create'; an action with no key is refused;
 * - 'dashboard' is always allowed (the spec always shows Tableau de bord);
 * - any other resource name that is itself a permission key (profil, autorisation, messagerie, …) needs that key;
 * - anything else is refused (deny by default): authProvider.canAccess checks isAccessResource first.
 * A write of a reference resource also needs its scope (common/autorisationRules.ts referenceWriteRefusal): the data
 * every agency shares is written by a user who sees every agency only; a user bound to one agency edits its own
 * agency's record but creates, switches and deletes none (the server refuses the same, per record).
 * SUPERADMIN holds every key. Without a session nothing is allowed.
 */
export function canAccessWith(session: Session | null, resource: AccessResource, action: string): boolean {
  if (!session) return false;
  if (resource === 'dashboard') return true;
  if (isResourceName(resource)) {
    const keys = RESOURCE_KEYS[resource];
    let opened = action as ResourceAction;
    if (!keys[opened] && (action === 'show' || action === 'export')) opened = 'list';
    if (!keys[opened] && action === 'clone') opened = 'create';
    if (isReferenceResource(resource) && (['create', 'edit', 'active', 'delete'] as string[]).includes(opened)) {
      const write = { action: opened as 'create' | 'edit' | 'active' | 'delete' };
      if (referenceWriteRefusal(sessionActor(session), resource, write)) return false;
    }
    // The resource's own key, or a route-name key that opens the same action (groupeNatureColis, 001 §6).
    return keysOpening(resource, opened).some((key) => sessionHasPermission(session, key));
  }
  return isPermissionKey(resource) && sessionHasPermission(session, resource);
}

/**
 * Reloads the signed-in user's privileges from the server and stores them (after a profile change or a
 * change of the user's own role on the authorisation screen, spec 001 §4). Returns the new privileges.
 */
export async function reloadPermissions(): Promise<Permission[]> {
  const session = readSession();
  const roleId = refId(session?.user?.roleID);
  if (!session || !roleId) return [];
  const privileges = await fetchPermissions(roleId);
  patchSession({ privileges });
  return privileges;
}

/** The identity of useGetIdentity(): id, full name (app bar), and the role and agency the parcel screens read. */
export interface AppIdentity extends UserIdentity {
  roleID: RefObject | null;
  agenceID: RefObject | null;
}

/**
 * POST auth/changePassword/{userId} {oldPassword, newPassword} (spec 000 §2 Profile settings) and stores the fresh token
 * of the answer (older tokens die, docs/api-contract.md). A wrong old password is a 401 that keeps the session.
 * @returns the server message; rejects with the HttpError (status 401 for a wrong old password)
 */
async function changePassword(userId: string, passwords: { oldPassword: string; newPassword: string }): Promise<string | undefined> {
  const json = await httpRequest(`auth/changePassword/${encodeURIComponent(userId)}`, {
    method: 'POST',
    body: passwords,
    keepSessionOn401: true,
  });
  if (typeof json.token === 'string' && json.token) patchSession({ token: json.token });
  return json.message;
}

/**
 * The 'Changer votre mot de passe' step after the first sign-in (docs/decisions/staff-accounts.md): changes the generated password (fresh
 * token stored), then loads the role's privileges, which the server refused until now, and clears the obligation.
 * @returns the server message; rejects with the HttpError of the change (401 wrong current password, 400 rules)
 */
async function completePasswordChange(passwords: { oldPassword: string; newPassword: string }): Promise<string | undefined> {
  const session = readSession();
  if (!session) throw new Error('ra.auth.auth_check_error');
  const message = await changePassword(session.user.id, passwords);
  patchSession({ user: { mustChangePassword: false } });
  await reloadPermissions();
  return message;
}

/**
 * Keeps the signed-in user's own fields, just saved through the user resource (profile page: nom, prenoms, adresse), in
 * the stored session, so the app bar and getIdentity show them. No-op without a session.
 */
function storeProfile(fields: Partial<SessionUser>): void {
  patchSession({ user: fields });
}

/** The authProvider with the back-office's own credential calls, for useAuthProvider<AppAuthProvider>(). */
export { CHANGE_PASSWORD_PATH, permissionsFromAutorisations } from './credentials';

export type AppAuthProvider = AuthProvider & {
  getIdentity: () => Promise<AppIdentity>;
  reloadPermissions: typeof reloadPermissions;
  changePassword: typeof changePassword;
  completePasswordChange: typeof completePasswordChange;
  requestPasswordReset: typeof requestPasswordReset;
  resetPassword: typeof resetPassword;
  storeProfile: typeof storeProfile;
};

/** The authProvider given to <Admin> (spec 000 §2, §4, §6). */
export const authProvider: AppAuthProvider = {
  login,

  /** Clears the stored session; the app goes to login (spec 000 §4). */
  async logout() {
    clearSession();
    return '/login';
  },

  /** Resolves when a session with a live token is stored, else rejects (the app goes to login). */
  async checkAuth() {
    const session = readSession();
    if (!isSessionValid(session)) {
      if (session) clearSession();
      throw new Error('ra.auth.auth_check_error');
    }
  },

  /** 401 from the server: clear the session and log out. 403 and the rest: stay signed in. */
  async checkError(error: { status?: number } | undefined) {
    if (error?.status === 401) {
      clearSession();
      throw new Error(SESSION_EXPIRED_KEY);
    }
  },

  /** {id, fullName: nom + ' ' + prenoms, roleID, agenceID} of the signed-in user. */
  async getIdentity() {
    const session = readSession();
    if (!session) throw new Error('ra.auth.auth_check_error');
    const { user } = session;
    return { id: user.id, fullName: fullName(user), roleID: user.roleID ?? null, agenceID: user.agenceID ?? null };
  },

  /** The privileges [{libelle, isActive}] of the session (every key for SUPERADMIN). */
  async getPermissions() {
    return effectivePermissions(readSession());
  },

  /** react-admin access control through canAccessWith (RESOURCE_KEYS). */
  async canAccess({ resource, action }) {
    return isAccessResource(resource) && canAccessWith(readSession(), resource, action);
  },

  reloadPermissions,
  changePassword,
  completePasswordChange,
  requestPasswordReset,
  resetPassword,
  storeProfile,
};
