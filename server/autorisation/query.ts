/** Authorisations (the link granting a permission to a role) as the API answers them: the permission populated. */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { autorisations, privileges } from '../db/schema';

/** The authorisations of a role, by permission key. */
export const listAutorisationsOfRole = (db: Db, roleId: string) =>
  db
    .select({
      id: autorisations.id,
      roleID: autorisations.roleID,
      isActive: autorisations.isActive,
      privilegeID: { id: privileges.id, libelle: privileges.libelle, groupe: privileges.groupe, isActive: privileges.isActive },
    })
    .from(autorisations)
    .innerJoin(privileges, eq(autorisations.privilegeID, privileges.id))
    .where(eq(autorisations.roleID, roleId))
    .orderBy(asc(privileges.libelle));

/** Permissions by id (id, libelle, active flag); unknown ids are absent. */
export async function findPrivileges(db: Db | Tx, privilegeIds: readonly string[]) {
  if (privilegeIds.length === 0) return [];
  return db
    .select({ id: privileges.id, libelle: privileges.libelle, isActive: privileges.isActive })
    .from(privileges)
    .where(inArray(privileges.id, [...privilegeIds]));
}

/** The authorisation linking a role and a permission, or undefined. */
export async function findAutorisation(db: Db | Tx, roleId: string, privilegeId: string) {
  const [row] = await db
    .select()
    .from(autorisations)
    .where(and(eq(autorisations.roleID, roleId), eq(autorisations.privilegeID, privilegeId)));
  return row;
}

/** The authorisations of a role for some permissions, locked for update (inside a transaction). */
export function lockAutorisations(tx: Tx, roleId: string, privilegeIds: readonly string[]) {
  return tx
    .select()
    .from(autorisations)
    .where(and(eq(autorisations.roleID, roleId), inArray(autorisations.privilegeID, [...privilegeIds])))
    .for('update');
}

/** One authorisation by id, locked for update (inside a transaction), or undefined. */
export async function lockAutorisationById(tx: Tx, id: string) {
  const [row] = await tx.select().from(autorisations).where(eq(autorisations.id, id)).for('update');
  return row;
}
