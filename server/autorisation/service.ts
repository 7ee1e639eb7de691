/**
 * Role–permission assignment (spec 001 §2 Role-permission assignment, §5 "Role-assignment visibility", §7). Every
 * grant and revoke goes through setGrants: one transaction that checks who may change what, writes the
 * authorisations and records each change in the audit trail (db/audit.ts), so a change and its record land or
 * fail together.
 *
 * Who may change what (403 with a French message) is common/autorisationRules.ts: roleEditRefusal (never the
 * SUPERADMIN role, the ADMIN role by a SUPERADMIN only, never one's own role, shared and wide roles and roles of
 * another agency's users by a user who sees every agency only) and grantRefusal (a key the actor holds, a
 * 'superadmin' key by a SUPERADMIN only). A change that would leave nobody able to reach `autorisation` is refused
 * by the database at commit (migration 0018; 409).
 *
 * Effect at once: the signed-in user and its keys are cached per process (auth/userCache.ts), forgotten by this
 * process before it answers and by every other process on the NOTIFY of migration 0012's triggers at commit, so the
 * next call of a user of the role sees the change.
 */
import { eq } from 'drizzle-orm';
import { ACCESS_RULE_MESSAGES, grantRefusal, roleEditRefusal, type RoleFacts } from '../../common/autorisationRules';
import { auteurOf, recordAudit, type AuditEntry } from '../db/audit';
import type { CurrentUser } from '../auth/currentUser';
import type { Db, Tx } from '../db/client';
import { autorisations } from '../db/schema';
import { forbidden, notFound } from '../http/errors';
import { findRoleFacts } from '../role/query';
import { findAutorisation, findPrivileges, lockAutorisationById, lockAutorisations } from './query';

/** French refusals of the assignment calls. */
const AUTORISATION_MESSAGES = {
  roleNotFound: 'Rôle introuvable.',
  privilegeNotFound: 'Permission introuvable.',
  autorisationNotFound: 'Autorisation introuvable.',
} as const;

/** The authorisation as the write calls answer it. */
export interface AutorisationRow {
  id: string;
  roleID: string;
  privilegeID: string;
  isActive: boolean;
}

/** What setGrants did. */
export interface GrantsResult {
  /** The authorisations now in the asked state (changed or already so), one per permission asked. */
  rows: AutorisationRow[];
  /** How many of them changed (and were audited). */
  changed: number;
}

/**
 * Checks that `user` may change a role (its grants or its record): common/autorisationRules.ts roleEditRefusal.
 * @throws 403 with the rule's French message
 */
function assertRoleEditable(user: CurrentUser, role: RoleFacts): void {
  const refusal = roleEditRefusal(user, role);
  if (refusal) throw forbidden(ACCESS_RULE_MESSAGES[refusal]);
}

/**
 * Grants (`isActive` true) or revokes (false) permissions of a role in one transaction: creates the missing
 * authorisations on a grant, reactivates or deactivates the existing ones (never deletes), and records one audit row
 * ('grant' or 'revoke', before → after) per authorisation that changed. A revoke of a permission the role never had
 * changes nothing. All or nothing: one refused permission refuses the whole call.
 * @param privilegeIds the permissions (ids), at least one; duplicates are ignored
 * @throws 404 unknown role or permission; 403 the rules of the module comment; 409 (at commit) nobody left to reach
 *   `autorisation`
 */
export async function setGrants(
  db: Db,
  roleId: string,
  privilegeIds: readonly string[],
  isActive: boolean,
  user: CurrentUser,
): Promise<GrantsResult> {
  const ids = [...new Set(privilegeIds)];
  return db.transaction(async (tx) => applyGrants(tx, roleId, ids, isActive, user));
}

/** setGrants inside the caller's transaction. */
async function applyGrants(tx: Tx, roleId: string, ids: string[], isActive: boolean, user: CurrentUser): Promise<GrantsResult> {
  const role = await findRoleFacts(tx, roleId);
  if (!role) throw notFound(AUTORISATION_MESSAGES.roleNotFound);
  assertRoleEditable(user, role);
  const privs = await findPrivileges(tx, ids);
  if (privs.length !== ids.length) throw notFound(AUTORISATION_MESSAGES.privilegeNotFound);
  const libelleOf = new Map(privs.map((p) => [p.id, p.libelle]));
  if (isActive) {
    for (const p of privs) {
      const refusal = grantRefusal(user, p.libelle);
      if (refusal) throw forbidden(ACCESS_RULE_MESSAGES[refusal](p.libelle));
    }
  }

  const audit: AuditEntry[] = [];
  const entry = (row: AutorisationRow, avant: boolean | null): AuditEntry => ({
    entite: 'autorisation',
    entiteID: row.id,
    roleID: role.id,
    action: isActive ? 'grant' : 'revoke',
    ...auteurOf(user),
    avant: avant === null ? null : { privilege: libelleOf.get(row.privilegeID), isActive: avant },
    apres: { privilege: libelleOf.get(row.privilegeID), isActive: row.isActive },
  });

  const created: AutorisationRow[] = [];
  if (isActive) {
    // New links first; a concurrent grant of the same link is absorbed by the unique index.
    const inserted = await tx
      .insert(autorisations)
      .values(ids.map((privilegeID) => ({ roleID: role.id, privilegeID, isActive: true })))
      .onConflictDoNothing()
      .returning({
        id: autorisations.id,
        roleID: autorisations.roleID,
        privilegeID: autorisations.privilegeID,
        isActive: autorisations.isActive,
      });
    for (const row of inserted) {
      created.push(row);
      audit.push(entry(row, null));
    }
  }
  const createdIds = new Set(created.map((r) => r.privilegeID));
  const existing = ids.filter((id) => !createdIds.has(id));
  const rows: AutorisationRow[] = [...created];
  if (existing.length > 0) {
    for (const row of await lockAutorisations(tx, role.id, existing)) {
      if (row.isActive === isActive) {
        rows.push(pick(row));
        continue;
      }
      await tx.update(autorisations).set({ isActive }).where(eq(autorisations.id, row.id));
      const after = { ...pick(row), isActive };
      rows.push(after);
      audit.push(entry(after, row.isActive));
    }
  }
  await recordAudit(tx, audit);
  return { rows, changed: audit.length };
}

const pick = (row: AutorisationRow): AutorisationRow => ({
  id: row.id,
  roleID: row.roleID,
  privilegeID: row.privilegeID,
  isActive: row.isActive,
});

/**
 * PUT autorisation/update/{id} {isActive}: grants or revokes through an authorisation's id (setGrants rules).
 * @throws 404 unknown authorisation; what setGrants throws
 */
export async function setAutorisationActive(db: Db, id: string, isActive: boolean, user: CurrentUser): Promise<GrantsResult> {
  return db.transaction(async (tx) => {
    const row = await lockAutorisationById(tx, id);
    if (!row) throw notFound(AUTORISATION_MESSAGES.autorisationNotFound);
    return applyGrants(tx, row.roleID, [row.privilegeID], isActive, user);
  });
}

/**
 * GET autorisation/getAutorisationByPermissionAndRoleID/{roleId}/{privilegeId}: the link of a role and a permission.
 * @returns the authorisation, or null when the role does not hold (and never held) the permission
 * @throws 404 unknown role or permission
 */
export async function getAutorisation(db: Db, roleId: string, privilegeId: string): Promise<AutorisationRow | null> {
  if (!(await findRoleFacts(db, roleId))) throw notFound(AUTORISATION_MESSAGES.roleNotFound);
  if ((await findPrivileges(db, [privilegeId])).length === 0) throw notFound(AUTORISATION_MESSAGES.privilegeNotFound);
  const row = await findAutorisation(db, roleId, privilegeId);
  return row ? pick(row) : null;
}

/**
 * The role whose history is asked exists (GET autorisation/historique/{roleId}).
 * @throws 404 unknown role
 */
export async function assertRoleExists(db: Db, roleId: string): Promise<void> {
  if (!(await findRoleFacts(db, roleId))) throw notFound(AUTORISATION_MESSAGES.roleNotFound);
}
