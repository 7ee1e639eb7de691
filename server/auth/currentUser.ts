/**
 * The signed-in user as every route sees it: role, agency and the set of permission keys it holds
 * (spec 000 §6: a key holds if present with isActive true; DESIGN.md §4: SUPERADMIN holds every key,
 * ADMIN sees every agency). plugins/access.ts loads it on each request (`request.user`); handlers read it with
 * currentUser(request).
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ALL_PERMISSION_KEYS, ROLE_CODES } from '../../common/permissions';
import { seesAllAgencies } from '../../common/scopes';
import type { Db } from '../db/client';
import { agences, autorisations, privileges, roles, typeUsers, users } from '../db/schema';
import { unauthorized } from '../http/errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by plugins/access.ts on every non-public route (null on public ones). */
    user: CurrentUser | null;
  }
}

export interface CurrentUser {
  id: string;
  tokenVersion: number;
  isActive: boolean;
  typeCode: string;
  roleID: string | null;
  roleCode: string | null;
  agenceID: string | null;
  /** Country of the user's agency (departures of a non-ADMIN are those leaving or reaching it). */
  agencePaysID: string | null;
  permissions: ReadonlySet<string>;
  /** True for roles ADMIN and SUPERADMIN: not scoped to one agency. */
  allAgencies: boolean;
}

/** Loads a user with role, type and active permission keys; null when the user does not exist. */
export async function loadCurrentUser(db: Db, userId: string): Promise<CurrentUser | null> {
  const [row] = await db
    .select({
      id: users.id,
      tokenVersion: users.tokenVersion,
      isActive: users.isActive,
      typeCode: typeUsers.code,
      roleID: users.roleID,
      roleCode: roles.code,
      roleActive: roles.isActive,
      agenceID: users.agenceID,
      agencePaysID: agences.paysID,
      // The role's active keys, in the same round trip (this runs on every request).
      keys: sql<string[]>`coalesce((
        SELECT array_agg(p.libelle) FROM ${autorisations} a JOIN ${privileges} p ON p.id = a.privilege_id
        WHERE a.role_id = ${users.roleID} AND a.is_active AND p.is_active), '{}')`,
    })
    .from(users)
    .innerJoin(typeUsers, eq(users.typeUserID, typeUsers.id))
    .leftJoin(roles, eq(users.roleID, roles.id))
    .leftJoin(agences, eq(users.agenceID, agences.id))
    .where(eq(users.id, userId));
  if (!row) return null;
  let permissions: Set<string>;
  if (row.roleCode === ROLE_CODES.SUPERADMIN) {
    permissions = new Set(ALL_PERMISSION_KEYS);
  } else if (row.roleID && row.roleActive) {
    permissions = new Set(row.keys);
  } else {
    permissions = new Set();
  }
  const allAgencies = seesAllAgencies(row.roleCode);
  return {
    id: row.id,
    tokenVersion: row.tokenVersion,
    isActive: row.isActive,
    typeCode: row.typeCode,
    roleID: row.roleID,
    roleCode: row.roleCode,
    agenceID: row.agenceID,
    agencePaysID: row.agencePaysID,
    permissions,
    allAgencies,
  };
}

/** The signed-in user of a request on a non-public route (throws 401 if somehow absent). */
export function currentUser(request: FastifyRequest): CurrentUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
