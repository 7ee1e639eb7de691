/**
 * The scans of an inventory being taken ('Nouvel inventaire', docs/api-contract.md "Inventories"), kept in the
 * browser's localStorage until the server confirms the statement, so that a dropped connection or a reload loses no
 * scan: pure functions over a small state (no React), tested in tests/web/inventaire.test.ts.
 * - A session has an id made in the browser: POST inventaire/create carries it, so a send retried after a dropped
 *   answer stores one statement.
 * - The expected parcels are kept with the session: scanning goes on, classified locally, while the server is out of
 *   reach; a reference that only the server can tell (not expected here, or unknown) waits as A_VERIFIER.
 */
import { normalizeReference, type ScanEtat } from '../../common/inventaireRules';

/** One scan: the reference as compared, what it means, when (ISO); for HORS_AGENCE, the parcel's agency (or null). */
export interface Scan {
  reference: string;
  etat: ScanEtat;
  at: string;
  agence?: string | null;
}

/** An expected parcel as the session keeps it. */
export interface AttenduLite {
  id: string;
  reference: string;
  statut?: string;
  destinataire?: string;
}

/** An inventory being taken. */
export interface ScanSession {
  /** The statement's id, made here (POST inventaire/create `id`). */
  id: string;
  agenceID?: string;
  agenceLibelle?: string;
  startedAt: string;
  /** Parcels expected at the agency when the session loaded them (null until loaded). */
  attendus: AttenduLite[] | null;
  /** Newest first. */
  scans: Scan[];
}

/** The minimal Storage the session needs (window.localStorage, or a map in tests). */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Storage key of a user's session (one inventory at a time per user and browser). */
export const sessionKey = (userId: string) => `inventaire.scans.${userId}`;

/** A new session (`id`: a UUID, crypto.randomUUID() in the browser). */
export function newSession(id: string, now = new Date()): ScanSession {
  return { id, startedAt: now.toISOString(), attendus: null, scans: [] };
}

/** The stored session of a user, or null (nothing stored, or unreadable). */
export function loadSession(store: KeyValueStore, userId: string): ScanSession | null {
  try {
    const raw = store.getItem(sessionKey(userId));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as ScanSession;
    if (!parsed || typeof parsed.id !== 'string' || !Array.isArray(parsed.scans)) return null;
    return parsed;
  } catch {
    return null;
  }
}

/** Stores the session; false when the storage refuses (full, or private mode). */
export function saveSession(store: KeyValueStore, userId: string, session: ScanSession): boolean {
  try {
    store.setItem(sessionKey(userId), JSON.stringify(session));
    return true;
  } catch {
    return false;
  }
}

/** Forgets the session (after the server confirmed it, or when the user abandons it). */
export function clearSession(store: KeyValueStore, userId: string): void {
  try {
    store.removeItem(sessionKey(userId));
  } catch {
    // nothing stored: nothing to forget
  }
}

/**
 * What a scan means before asking the server: DEJA_SCANNE when the reference was scanned before in this session,
 * TROUVE when it is expected here, else null (only the server knows: NON_ATTENDU, HORS_AGENCE or INCONNU).
 */
export function classifyLocally(session: ScanSession, reference: string): 'DEJA_SCANNE' | 'TROUVE' | null {
  if (session.scans.some((s) => s.reference === reference && s.etat !== 'DEJA_SCANNE')) return 'DEJA_SCANNE';
  if (session.attendus?.some((a) => normalizeReference(a.reference) === reference)) return 'TROUVE';
  return null;
}

/** The session with one more scan on top (the reference normalised; empty references are ignored). */
export function addScan(session: ScanSession, reference: string, etat: ScanEtat, now = new Date()): ScanSession {
  const ref = normalizeReference(reference);
  if (!ref) return session;
  return { ...session, scans: [{ reference: ref, etat, at: now.toISOString() }, ...session.scans] };
}

/**
 * The session with the first scan of `reference` given its verdict (a reference checked once the server answers), and
 * for HORS_AGENCE the agency the server named.
 */
export function settleScan(session: ScanSession, reference: string, etat: ScanEtat, agence?: string | null): ScanSession {
  return {
    ...session,
    scans: session.scans.map((s) =>
      s.reference === reference && s.etat === 'A_VERIFIER'
        ? { ...s, etat, ...(etat === 'HORS_AGENCE' ? { agence: agence ?? null } : {}) }
        : s,
    ),
  };
}

/** The distinct references to send (every scan but the repeats), in scanning order. */
export function referencesToSend(session: ScanSession): string[] {
  const seen = new Set<string>();
  for (const s of [...session.scans].reverse()) if (s.etat !== 'DEJA_SCANNE') seen.add(s.reference);
  return [...seen];
}

/** The session's counters: expected, found among them, still missing, not expected here, another agency's, unknown, to check. */
export function countScans(session: ScanSession) {
  const first = session.scans.filter((s) => s.etat !== 'DEJA_SCANNE');
  const count = (etat: ScanEtat) => first.filter((s) => s.etat === etat).length;
  const attendus = session.attendus?.length ?? 0;
  const trouves = count('TROUVE');
  return {
    attendus,
    trouves,
    restants: Math.max(0, attendus - trouves),
    nonAttendus: count('NON_ATTENDU'),
    horsAgence: count('HORS_AGENCE'),
    inconnus: count('INCONNU'),
    aVerifier: count('A_VERIFIER'),
    repetes: session.scans.length - first.length,
  };
}

/** Whether an expected parcel has been scanned in this session. */
export function isScanned(session: ScanSession, attendu: AttenduLite): boolean {
  const ref = normalizeReference(attendu.reference);
  return session.scans.some((s) => s.reference === ref);
}
