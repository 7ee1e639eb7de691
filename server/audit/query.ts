/**
 * Reads of the audit trail (issue 9 §3): the latest changes of one user, or of one role and its authorisations,
 * newest first, with the author's name. Used by the user edit page and the assignment screen.
 */
import { and, desc, eq, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { audits, users } from '../db/schema';

/** One audit row as the UI shows it. */
export interface AuditRow {
  id: string;
  entite: string;
  entiteID: string;
  roleID: string | null;
  action: string;
  auteurID: string | null;
  /** 'Prénoms Nom' of the author, '' when unknown. */
  auteur: string;
  avant: unknown;
  apres: unknown;
  /** ISO 8601 timestamp. */
  createdAt: string;
}

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
    .select({
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
    })
    .from(audits)
    .leftJoin(auteur, eq(auteur.id, audits.auteurID))
    .where(or(...conditions))
    .orderBy(desc(audits.createdAt), desc(audits.id))
    .limit(Math.min(Math.max(limit, 1), 100));
  return rows.map(({ auteurNom, auteurPrenoms, createdAt, ...r }) => ({
    ...r,
    auteur: [auteurPrenoms, auteurNom].filter(Boolean).join(' '),
    createdAt: createdAt.toISOString(),
  }));
}
