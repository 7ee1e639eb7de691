/**
 * Roles as the access rules read them (common/autorisationRules.ts RoleFacts): identity, reach, the agencies of its
 * staff, the keys it holds now. Read by the role, authorisation and user writes, inside their transaction.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { RoleFacts } from '../../common/autorisationRules';
import type { Db, Tx } from '../db/client';
import { outer } from '../db/outerColumn';
import { autorisations, privileges, roles, users } from '../db/schema';

/** A role with what the rules need, or undefined when it does not exist. */
export interface RoleRow extends RoleFacts {
  code: string;
  isActive: boolean;
  toutesAgences: boolean;
  agencesUtilisateurs: (string | null)[];
}

/**
 * The distinct agencies of a role's users (staff and clients alike; null for a user without an agency), in a select
 * of `roles`: an empty array for a role nobody holds. Read by the rules (findRoleFacts) and answered by the role list
 * (role/routes.ts) so that the screens lock what the server refuses (common/autorisationRules.ts otherAgencyRole).
 */
export const agencesUtilisateursSql = sql<(string | null)[]>`coalesce((
  SELECT array_agg(DISTINCT u.agence_id ORDER BY u.agence_id) FROM ${users} u WHERE u.role_id = ${outer(roles.id)}), '{}')`;

/** One role with its identity, reach and the distinct agencies of its users (agencesUtilisateursSql). */
export async function findRoleFacts(db: Db | Tx, roleId: string): Promise<RoleRow | undefined> {
  const [row] = await db
    .select({
      id: roles.id,
      code: roles.code,
      systeme: roles.systeme,
      toutesAgences: roles.toutesAgences,
      isActive: roles.isActive,
      agencesUtilisateurs: agencesUtilisateursSql,
    })
    .from(roles)
    .where(eq(roles.id, roleId));
  return row;
}

/** The keys a role holds now: links and keys both active. */
export async function activeKeysOfRole(db: Db | Tx, roleId: string): Promise<string[]> {
  const rows = await db
    .select({ libelle: privileges.libelle })
    .from(autorisations)
    .innerJoin(privileges, eq(privileges.id, autorisations.privilegeID))
    .where(and(eq(autorisations.roleID, roleId), eq(autorisations.isActive, true), eq(privileges.isActive, true)));
  return rows.map((r) => r.libelle);
}
