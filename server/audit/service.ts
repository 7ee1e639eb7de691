/**
 * Audit trail of access administration (issue 9 §3, spec 001 §2 Users and Role-permission assignment): every change
 * of a user, a role or an authorisation is recorded in `audits` (who, when, what, before → after), in the caller's
 * transaction so that a change and its record land or fail together. Rows are append-only (migration 0004 trigger).
 */
import type { Db, Tx } from '../db/client';
import { audits } from '../db/schema';

/** What an audit row is about. */
export type AuditEntite = 'user' | 'role' | 'autorisation';
/** What was done. */
export type AuditAction = 'create' | 'update' | 'statut' | 'delete' | 'grant' | 'revoke' | 'password';

export interface AuditEntry {
  entite: AuditEntite;
  entiteID: string;
  action: AuditAction;
  /** The signed-in user who made the change (null for the system, e.g. a seed). */
  auteurID: string | null;
  /** For an authorisation: the role it belongs to; for a role: the role itself. */
  roleID?: string | null;
  /** Values before the change (only the fields that matter; never a password or its hash). */
  avant?: Record<string, unknown> | null;
  /** Values after the change. */
  apres?: Record<string, unknown> | null;
}

/**
 * Records one change (or several) in the audit trail, inside the caller's transaction.
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
      roleID: e.roleID ?? (e.entite === 'role' ? e.entiteID : null),
      avant: e.avant ?? null,
      apres: e.apres ?? null,
    })),
  );
}
