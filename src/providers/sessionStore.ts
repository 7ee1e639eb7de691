/**
 * The session kept in the browser (spec 000 §3 "Session (kept locally)", §4 Session): the signed-in user, the bearer
 * token and the role's privileges, stored as one JSON value in localStorage; whether it is still live. Apart from the
 * access rules over it (src/providers/session.ts) so that the sign-in entry reads and writes it without them
 * (docs/decisions/screen-bundles.md "The sign-in entry").
 */

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

/** Reads the `exp` claim of a JWT (seconds), or undefined when the token is not a readable JWT. */
function tokenExpiry(token: string): number | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  try {
    const base64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
    const payload = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='))) as { exp?: unknown };
    return typeof payload.exp === 'number' ? payload.exp : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a session exists and its token has not expired (a token without `exp` counts as valid). */
export function isSessionValid(session: Session | null, now = Date.now()): boolean {
  if (!session || !session.token) return false;
  const exp = tokenExpiry(session.token);
  return exp === undefined || exp * 1000 > now;
}

/** Whether a live session is stored (src/main.tsx: the sign-in entry serves a browser without one). */
export const hasLiveSession = (): boolean => isSessionValid(readSession());

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
