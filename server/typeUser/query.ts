/** Reads of the user types (spec 001 §3 Type user: id, code, libelle, isActive; one has code ADMIN). */
import { asc } from 'drizzle-orm';
import type { Db } from '../db/client';
import { typeUsers } from '../db/schema';

/** Every user type, by code. */
export function listTypeUsers(db: Db) {
  return db
    .select({
      id: typeUsers.id,
      code: typeUsers.code,
      libelle: typeUsers.libelle,
      isActive: typeUsers.isActive,
      createdAt: typeUsers.createdAt,
      updatedAt: typeUsers.updatedAt,
    })
    .from(typeUsers)
    .orderBy(asc(typeUsers.code));
}
