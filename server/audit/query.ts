/**
 * Reads of the audit trail (docs/decisions/audit-journal.md): the latest changes of one user, or of one role and its
 * authorisations, newest first, with the author's name (the user edit page and the assignment screen); and the
 * journal's page (GET audit/liste) filtered by entity, record, author and period.
 */
import { and, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { addDays } from '../../common/dates';
import { fullName } from '../../common/format';
import type { CurrentUser } from '../auth/currentUser';
import type { Db } from '../db/client';
import { audits, users } from '../db/schema';
import { dayStart } from '../db/sqlDates';

/** One audit row as the UI shows it. */
export interface AuditRow {
  id: string;
  entite: string;
  entiteID: string;
  roleID: string | null;
  action: string;
  auteurID: string | null;
  /** 'Nom Prénoms' of the author (common/format.ts fullName), '' when unknown. */
  auteur: string;
  avant: unknown;
  apres: unknown;
  /** ISO 8601 timestamp. */
  createdAt: string;
}

/** The columns of an audit row with its author's names (`auteur`: the users table aliased), read by both lists. */
const auditColumns = (auteur: AuditAuthorTable) => ({
  id: audits.id,
  entite: audits.entite,
  entiteID: audits.entiteID,
  roleID: audits.roleID,
  action: audits.action,
  auteurID: audits.auteurID,
  auteurNom: auteur.nom,
  auteurPrenoms: auteur.prenoms,
  avant: audits.avant,
  apres: audits.apres,
  createdAt: audits.createdAt,
});
type AuditAuthorTable = ReturnType<typeof alias<typeof users, 'auteur'>>;

/**
 * The latest changes about a user (`{userID}`) or a role and its authorisations (`{roleID}`).
 * @param limit at most this many rows (default 20, at most 100)
 */
export async function latestAudits(db: Db, about: { userID?: string; roleID?: string }, limit = 20): Promise<AuditRow[]> {
  const auteur = alias(users, 'auteur');
  const conditions: SQL[] = [];
  if (about.userID) conditions.push(and(eq(audits.entite, 'user'), eq(audits.entiteID, about.userID))!);
  if (about.roleID) conditions.push(eq(audits.roleID, about.roleID));
  if (conditions.length === 0) return [];
  const rows = await db
    .select(auditColumns(auteur))
    .from(audits)
    .leftJoin(auteur, eq(auteur.id, audits.auteurID))
    .where(or(...conditions))
    .orderBy(desc(audits.createdAt), desc(audits.id))
    .limit(Math.min(Math.max(limit, 1), 100));
  return rows.map(({ auteurNom, auteurPrenoms, createdAt, ...r }) => ({
    ...r,
    auteur: fullName({ nom: auteurNom, prenoms: auteurPrenoms }),
    createdAt: createdAt.toISOString(),
  }));
}

/** The filters of the journal's page (GET audit/liste), as validated by audit/routes.ts. */
export interface AuditFilters {
  entity?: string;
  entityId?: string;
  userId?: string;
  /** First and last calendar days 'yyyy-MM-dd' (Europe/Paris), both included. */
  debut?: string;
  fin?: string;
  /** Page number from 1, and rows per page. */
  page: number;
  limit: number;
}

/** One row of the journal's page: an AuditRow with the address it came from. */
export interface AuditJournalRow extends AuditRow {
  adresseIP: string | null;
}

/**
 * A page of the journal, newest first, with the number of rows matching. A role that does not see every agency
 * reads only the changes made by the staff of its own agency (docs/decisions/audit-journal.md; the key is given to
 * ADMIN and SUPERADMIN only by default).
 */
export async function auditPage(db: Db, f: AuditFilters, user: CurrentUser): Promise<{ rows: AuditJournalRow[]; total: number }> {
  const auteur = alias(users, 'auteur');
  const conds: SQL[] = [];
  if (f.entity) conds.push(eq(audits.entite, f.entity));
  if (f.entityId) conds.push(eq(audits.entiteID, f.entityId));
  if (f.userId) conds.push(eq(audits.auteurID, f.userId));
  if (f.debut) conds.push(gte(audits.createdAt, dayStart(f.debut)));
  if (f.fin) conds.push(lt(audits.createdAt, dayStart(addDays(f.fin, 1))));
  if (!user.allAgences) conds.push(user.agenceID ? eq(auteur.agenceID, user.agenceID) : sql`false`);
  const where = conds.length ? and(...conds) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ ...auditColumns(auteur), adresseIP: audits.adresseIP })
      .from(audits)
      .leftJoin(auteur, eq(auteur.id, audits.auteurID))
      .where(where)
      .orderBy(desc(audits.createdAt), desc(audits.id))
      .limit(f.limit)
      .offset((f.page - 1) * f.limit),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(audits)
      .leftJoin(auteur, eq(auteur.id, audits.auteurID))
      .where(where),
  ]);
  return {
    total,
    rows: rows.map(({ auteurNom, auteurPrenoms, createdAt, ...r }) => ({
      ...r,
      auteur: fullName({ nom: auteurNom, prenoms: auteurPrenoms }),
      createdAt: createdAt.toISOString(),
    })),
  };
}
