/** Reads of the user types (spec 001 §3 Type user: id, code, libelle, isActive; one has code ADMIN). */
import { asc } from 'drizzle-orm';
import type { Db } from '../db/client';
import { codeLibelleColumns } from '../db/refSelect';
import { typeUsers } from '../db/schema';

/** Every user type, by code. */
export function listTypeUsers(db: Db) {
  return db
    .select({
      ...codeLibelleColumns(typeUsers),
      isActive: typeUsers.isActive,
      createdAt: typeUsers.createdAt,
      updatedAt: typeUsers.updatedAt,
    })
    .from(typeUsers)
    .orderBy(asc(typeUsers.code));
}
