/** Authorisations (the link granting a permission to a role) as the API answers them: the permission populated. */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
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
