/**
 * Clients as the API answers them (DESIGN.md §4: users of type CLIENT, found by their full phone): their columns and
 * the clients list (paged, searched by name, first names or phone). The staff user record is in auth/query.ts.
 */
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { users } from '../db/schema';
import { UNPAGED_LIMIT, type ListDef } from '../http/list';
import { clientScope } from '../access/scopes';
import type { CurrentUser } from '../auth/currentUser';

/** The columns of a client. */
export const clientColumns = {
  id: users.id,
  nom: users.nom,
  prenoms: users.prenoms,
  telephone: users.telephone,
  telephoneComplet: users.telephoneComplet,
  email: users.email,
  adresse: users.adresse,
  isActive: users.isActive,
  createdAt: users.createdAt,
};

/** The client with this full phone, or undefined. @param typeId the CLIENT user type */
export async function findClientByTelephone(db: Db | Tx, typeId: string, telephoneComplet: string) {
  const [row] = await db
    .select(clientColumns)
    .from(users)
    .where(and(eq(users.typeUserID, typeId), eq(users.telephoneComplet, telephoneComplet)));
  return row;
}

/** Clients with their columns: a dynamic select. */
const selectClients = (d: Db | Tx) => d.select(clientColumns).from(users).$dynamic();

/** The clients list. @param typeId the CLIENT user type */
export const clientList = (typeId: string, user: CurrentUser): ListDef<typeof selectClients> => ({
  unpagedLimit: UNPAGED_LIMIT,
  table: users,
  select: selectClients,
  // A non-ADMIN role lists the clients of the parcels it may see (access/scopes.ts clientScope).
  scope: and(eq(users.typeUserID, typeId), clientScope(user)),
  searchColumns: [users.nom, users.prenoms, users.telephoneComplet, users.email],
  sortColumns: {
    nom: users.nom,
    prenoms: users.prenoms,
    telephoneComplet: users.telephoneComplet,
    email: users.email,
    adresse: users.adresse,
    createdAt: users.createdAt,
  },
  filters: { isActive: { column: users.isActive, type: 'boolean' } },
});
