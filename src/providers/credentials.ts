/**
 * The calls made signed out (spec 000 §2 Login, Forgot password; docs/api-contract.md auth/*): sign-in, with the role's
 * privileges, and password recovery. The authProvider gives them to react-admin (src/providers/authProvider.ts); the
 * sign-in entry calls them before react-admin is downloaded, hence a module without the access rules
 * (docs/decisions/screen-bundles.md "The sign-in entry").
 */
import { TYPE_USER_CODES } from '../../common/userTypes';
import { httpRequest, type ApiAnswer } from './http';
import { refId } from './refId';
import { writeSession, type Permission, type SessionUser } from './sessionStore';

/** Path of the 'Changer votre mot de passe' step (docs/decisions/staff-accounts.md): a new user changes its generated password first. */
export const CHANGE_PASSWORD_PATH = '/changer-mot-de-passe';

/** Text shown when a user whose type is not ADMIN tries to sign in (spec 000 §5). */
const ACCESS_DENIED_MESSAGE = 'Accès non autorisé';

/** One authorisation as answered by autorisation/listePermissionByRoleID (docs/api-contract.md). */
interface AutorisationRow {
  isActive?: boolean;
  privilegeID?: { id?: string; libelle?: string; isActive?: boolean } | string | null;
}

/**
 * Turns the role's authorisations into privileges {libelle, isActive}: a privilege holds only when both
 * the authorisation and the privilege itself are active (spec 000 §6). Rows without a populated privilege are skipped.
 */
export function permissionsFromAutorisations(rows: unknown): Permission[] {
  if (!Array.isArray(rows)) return [];
  const out: Permission[] = [];
  for (const row of rows as AutorisationRow[]) {
    const p = row?.privilegeID;
    if (!p || typeof p !== 'object' || typeof p.libelle !== 'string') continue;
    out.push({ libelle: p.libelle, isActive: row.isActive === true && p.isActive === true });
  }
  return out;
}

/** Loads the privileges of a role (GET autorisation/listePermissionByRoleID/{roleId}, spec 000 §7). */
export async function fetchPermissions(roleId: string, token?: string): Promise<Permission[]> {
  const json = await httpRequest(`autorisation/listePermissionByRoleID/${encodeURIComponent(roleId)}`, token ? { token } : {});
  return permissionsFromAutorisations(json.datas);
}

/**
 * POST auth/loginAD {email, password, type:'ADMIN'}, then the role's privileges; stores {token, user, privileges}.
 * A user whose password the server generated (answer `mustChangePassword: true`) goes to the 'Changer votre mot de
 * passe' step first: the server refuses every other call until then, privileges included.
 * @returns `{ redirectTo: '/changer-mot-de-passe' }` for that step, else nothing; rejects with the server's message
 *   (401 'Email ou mot de passe incorrect.'), or 'Accès non autorisé' for a user who is not staff
 */
export async function login(params: { email?: string; password?: string; username?: string }) {
  const email = String(params.email ?? params.username ?? '').trim();
  const password = String(params.password ?? '');
  let json: ApiAnswer;
  try {
    json = await httpRequest('auth/loginAD', {
      method: 'POST',
      auth: false,
      body: { email, password, type: TYPE_USER_CODES.ADMIN },
    });
  } catch (error) {
    throw new Error((error as Error)?.message || ACCESS_DENIED_MESSAGE, { cause: error });
  }
  const user = json.data as SessionUser | undefined;
  const token = json.token as string | undefined;
  if (!user || !token) throw new Error((json.message as string) || ACCESS_DENIED_MESSAGE);
  if (user.typeUserID?.code !== TYPE_USER_CODES.ADMIN) throw new Error(ACCESS_DENIED_MESSAGE);

  if (json.mustChangePassword === true || user.mustChangePassword === true) {
    writeSession({ token, user: { ...user, id: String(user.id ?? user._id), mustChangePassword: true }, privileges: [] });
    return { redirectTo: CHANGE_PASSWORD_PATH };
  }
  const roleId = refId(user.roleID);
  let privileges: Permission[] = [];
  if (roleId) {
    try {
      privileges = await fetchPermissions(roleId, token);
    } catch (error) {
      throw new Error((error as Error)?.message || ACCESS_DENIED_MESSAGE, { cause: error });
    }
  }
  writeSession({ token, user: { ...user, id: String(user.id ?? user._id) }, privileges });
}

/** POST auth/forgotPassword {telephoneComplet, email}, signed out: the server e-mails a one-time code (docs/architecture.md §4). */
export async function requestPasswordReset(identity: { telephoneComplet: string; email: string }): Promise<void> {
  await httpRequest('auth/forgotPassword', { method: 'POST', auth: false, body: identity });
}

/** POST auth/validerPassword {telephoneComplet, otp, newPassword}, signed out: sets the new password. */
export async function resetPassword(params: { telephoneComplet: string; otp: string; newPassword: string }): Promise<void> {
  await httpRequest('auth/validerPassword', { method: 'POST', auth: false, body: params });
}
