/**
 * The audit journal (docs/decisions/audit-journal.md; spec 001 §2): every change of a parcel, a payment, a departure, a
 * user, a role, an authorisation or a reference list is recorded in `audits` (who, when, from which address, what,
 * before → after), in the caller's transaction so that a change and its record land or fail together. Rows are
 * append-only (migration 0004 trigger). Values never hold a password, a hash nor a token.
 */
import type { Db, Tx } from './client';
import { audits } from './schema';

/** What an audit row is about: the entities below, or a reference list by its API path (e.g. 'pays', 'villes'). */
export type AuditEntite = 'colis' | 'encaissement' | 'envoi' | 'user' | 'role' | 'autorisation' | (string & {});
/** What was done ('statut': a status change, 'active': the active flag). */
export type AuditAction = 'create' | 'update' | 'statut' | 'active' | 'delete' | 'grant' | 'revoke' | 'password' | 'superadmin';

/** Who made a change: the signed-in user and the address of its request (CurrentUser has both). */
export interface AuditAuthor {
  id: string;
  adresseIP: string | null;
}

export interface AuditEntry {
  entite: AuditEntite;
  entiteID: string;
  action: AuditAction;
  /** The signed-in user who made the change (null for the system, e.g. a seed). */
  auteurID: string | null;
  /** The address the change came from (request.ip); null for the system. */
  adresseIP?: string | null;
  /** For an authorisation: the role it belongs to; for a role: the role itself. */
  roleID?: string | null;
  /** Values before the change (only the fields that matter; never a password or its hash). */
  avant?: Record<string, unknown> | null;
  /** Values after the change. */
  apres?: Record<string, unknown> | null;
}

/** The author fields of an entry from the signed-in user: `{auteurID, adresseIP}`. */
export const auteurOf = (user: AuditAuthor): Pick<AuditEntry, 'auteurID' | 'adresseIP'> => ({
  auteurID: user.id,
  adresseIP: user.adresseIP,
});

/**
 * Records one change (or several) in the audit trail, inside the caller's transaction, in one INSERT.
 * @throws whatever the database throws (the caller's transaction then rolls the change back too)
 */
export async function recordAudit(tx: Db | Tx, entries: AuditEntry | AuditEntry[]): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries];
  if (list.length === 0) return;
  await tx.insert(audits).values(
    list.map((e) => ({
      entite: e.entite,
      entiteID: e.entiteID,
      action: e.action,
      auteurID: e.auteurID,
      adresseIP: e.adresseIP ?? null,
      roleID: e.roleID ?? (e.entite === 'role' ? e.entiteID : null),
      avant: e.avant ?? null,
      apres: e.apres ?? null,
    })),
  );
}

/** Values that must never reach the journal (a password, its hash, a token, a code), whatever the entity. */
const SECRET = /password|hash|token|secret|otp/i;

/**
 * The fields that changed between two snapshots, as `{avant, apres}` holding only those fields (secrets left out);
 * null when nothing changed. Values are compared as JSON (dates as ISO texts, amounts as numeric texts).
 */
export function auditDiff(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { avant: Record<string, unknown>; apres: Record<string, unknown> } | null {
  const avant: Record<string, unknown> = {};
  const apres: Record<string, unknown> = {};
  for (const k of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (SECRET.test(k)) continue;
    if (JSON.stringify(before[k] ?? null) === JSON.stringify(after[k] ?? null)) continue;
    avant[k] = before[k] ?? null;
    apres[k] = after[k] ?? null;
  }
  return Object.keys(apres).length ? { avant, apres } : null;
}

/** A record's values without secrets and bookkeeping columns (the whole row of a created or deleted record). */
function auditRecord(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    if (SECRET.test(k) || k === 'createdAt' || k === 'updatedAt' || k === 'id') continue;
    out[k] = v instanceof Date ? v.toISOString() : v;
  }
  return out;
}

/**
 * Records a write of one record from its row before and after (null for a creation / a deletion): the whole record
 * for a creation or a deletion, only the changed fields for an edit (nothing when nothing changed). Secrets left out.
 */
export async function recordChange(
  tx: Db | Tx,
  change: { entite: AuditEntite; entiteID: string; action: AuditAction; author: AuditAuthor },
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): Promise<void> {
  const values =
    before && after
      ? auditDiff(auditRecord(before), auditRecord(after))
      : { avant: before && auditRecord(before), apres: after && auditRecord(after) };
  if (!values) return;
  await recordAudit(tx, { entite: change.entite, entiteID: change.entiteID, action: change.action, ...auteurOf(change.author), ...values });
}
