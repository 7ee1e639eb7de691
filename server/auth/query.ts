/**
 * A user record as the API answers it (spec 000 §3 User): references populated one level
 * (paysID, typeUserID, roleID, agenceID), never the password hash. Answered by sign-in (auth/loginAD) and by
 * user/getBy and user/update; read by the users' agency scope (access/scopes.ts findVisibleUser). It lives here,
 * below access/ and user/, so that neither imports the other back.
 */
import { eq } from 'drizzle-orm';
import { TYPE_USER_CODES } from '../../common/permissions';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client';
import { codeLibelleColumns } from '../db/refSelect';
import { agences, pays, roles, typeUsers, users } from '../db/schema';

/** The user's own country (an alias: an agency's country may be joined beside it). */
export const userPays = alias(pays, 'user_pays');

/** A dynamic select of users with populated references. */
export function selectUsers(db: Db | Tx) {
  return db
    .select({
      id: users.id,
      nom: users.nom,
      prenoms: users.prenoms,
      email: users.email,
      telephone: users.telephone,
      telephoneComplet: users.telephoneComplet,
      adresse: users.adresse,
      isActive: users.isActive,
      mustChangePassword: users.mustChangePassword,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
      paysID: { id: userPays.id, libelle: userPays.libelle, indicatif: userPays.indicatif },
      typeUserID: codeLibelleColumns(typeUsers),
      roleID: { ...codeLibelleColumns(roles), systeme: roles.systeme, toutesAgences: roles.toutesAgences },
      agenceID: codeLibelleColumns(agences),
    })
    .from(users)
    .innerJoin(typeUsers, eq(users.typeUserID, typeUsers.id))
    .leftJoin(userPays, eq(users.paysID, userPays.id))
    .leftJoin(roles, eq(users.roleID, roles.id))
    .leftJoin(agences, eq(users.agenceID, agences.id))
    .$dynamic();
}

/** One user by id, or undefined. */
export async function findUser(db: Db | Tx, id: string) {
  const [row] = await selectUsers(db).where(eq(users.id, id)).limit(1);
  return row;
}

/** A record id: a UUID (checked before a look-up, as the access check runs before the parameters' validation). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `id` names a client (a user of type CLIENT); false for a malformed id. */
export async function isClientUser(db: Db | Tx, id: string): Promise<boolean> {
  if (!UUID.test(id)) return false;
  const [row] = await db
    .select({ code: typeUsers.code })
    .from(users)
    .innerJoin(typeUsers, eq(users.typeUserID, typeUsers.id))
    .where(eq(users.id, id));
  return row?.code === TYPE_USER_CODES.CLIENT;
}
