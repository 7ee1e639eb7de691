/**
 * Reads of users: clients as the API answers them (docs/architecture.md §4: users of type CLIENT, found by their full phone), their
 * columns and the clients list (paged, searched by name, first names or phone); the staff list and choice (spec 001 §2
 * Users, docs/decisions/staff-accounts.md), the uniqueness look-ups of e-mail and phone, and the records that keep a
 * user from being deleted. The user record itself (populated references) is auth/query.ts selectUsers.
 */
import { and, asc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import { TYPE_USER_CODES } from '../../common/permissions';
import type { Db, Tx } from '../db/client';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  agences,
  audits,
  colis,
  encaissements,
  envois,
  historiques,
  inventaires,
  messages,
  notifications,
  operations,
  roles,
  typeUsers,
  users,
} from '../db/schema';
import { UNPAGED_LIMIT, type ListDef, type ListOrder } from '../http/list';
import { peopleSearch, personMatches } from '../http/peopleSearch';
import { clientScope, staffScope } from '../access/scopes';
import type { CurrentUser } from '../auth/currentUser';
import { selectUsers, userPays } from '../auth/query';
import { clientListTotal } from '../access/listTotals';
import { rowsOf } from '../db/rows';

/** The columns of a client. */
const clientColumns = {
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

/** The columns a parcel shows of a party. */
type PartyColumn = 'id' | 'nom' | 'prenoms' | 'telephone' | 'telephoneComplet' | 'email' | 'adresse';

/**
 * A client as a parcel names it (sender or recipient) in `u` (users or an alias of it): what the registration's upserts answer, the same fields as
 * colis/query.ts selectColis reads of `expediteur` and `destinataire` (tests/server/colis.test.ts compares the two).
 */
export const partyColumns = <U extends Record<PartyColumn, AnyPgColumn>>(u: U): Pick<U, PartyColumn> => ({
  id: u.id,
  nom: u.nom,
  prenoms: u.prenoms,
  telephone: u.telephone,
  telephoneComplet: u.telephoneComplet,
  email: u.email,
  adresse: u.adresse,
});

/**
 * What the parcel wizard's phone look-up answers of a client (user/getByTelephone; src/colis/wizard/StepDestinataire.tsx
 * links the recipient by id and shows name, phone and address): nothing more — no e-mail, no status, no dates.
 */
const phoneLookupColumns = {
  id: users.id,
  nom: users.nom,
  prenoms: users.prenoms,
  telephone: users.telephone,
  telephoneComplet: users.telephoneComplet,
  adresse: users.adresse,
};

/**
 * The client with this full phone, as the wizard's look-up answers it (phoneLookupColumns), or undefined.
 * @param typeId the CLIENT user type
 */
export async function findClientByTelephone(db: Db | Tx, typeId: string | SQL, telephoneComplet: string) {
  const [row] = await db
    .select(phoneLookupColumns)
    .from(users)
    .where(and(eq(users.typeUserID, typeId), eq(users.telephoneComplet, telephoneComplet)));
  return row;
}

/**
 * The ids of a page of an agency's clients (access/scopes.ts clientScope: colis_stats_clients rows with nb > 0)
 * newest first then id, as the clients list orders them, from the counters' index of the clients' creation dates
 * (migration 0015): only the page's 25 clients are then read. Another sort: undefined (the list's own path).
 * SQL twin: 0015 colis_stats_clients_created_at (the date copied beside each row); tests/server/clients.test.ts ("are
 * the clients of its scope in the list's own order…") and fastSwitches.test.ts compare it with the list's own path.
 */
async function agentClientIds(db: Db, agenceID: string, sort: ListOrder, offset: number, limit: number): Promise<string[] | undefined> {
  if (sort.column !== users.createdAt || sort.order !== 'desc' || sort.french) return undefined;
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`
    SELECT client_id AS id FROM colis_stats_clients
     WHERE agence_id = ${agenceID} AND nb > 0
     ORDER BY client_created_at DESC, client_id
     LIMIT ${limit} OFFSET ${offset}`,
  );
  return rows.map((r) => r.id);
}

/** Clients with their columns: a dynamic select. */
const selectClients = (d: Db | Tx) => d.select(clientColumns).from(users).$dynamic();

/** The clients list. @param typeId the CLIENT user type: its id, or user/service.ts CLIENT_TYPE_ID (no round trip) */
export const clientList = (typeId: string | SQL, user: CurrentUser): ListDef<typeof selectClients> => ({
  unpagedLimit: UNPAGED_LIMIT,
  table: users,
  select: selectClients,
  // A non-ADMIN role lists the clients of the parcels it may see (access/scopes.ts clientScope).
  scope: and(eq(users.typeUserID, typeId), clientScope(user)),
  // The total from the counters when they answer it (access/listTotals.ts), else counted.
  fastTotal: (db, q) => clientListTotal(db, user, typeId, q),
  // An agent's page newest first: its ids from the counters of its clients, in that order (migration 0015).
  pageIds:
    user.allAgences || !user.agenceID ? undefined : (db, sort, offset, limit) => agentClientIds(db, user.agenceID!, sort, offset, limit),
  // A first name, the full name in either order, a phone in national or international form (people-search.md), or the e-mail.
  search: (pattern, text) =>
    or(
      personMatches(peopleSearch(text), { nom: users.nom, prenoms: users.prenoms, telephone: users.telephoneComplet }),
      ilike(users.email, pattern),
    )!,
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

// ----------------------------------------------- staff (spec 001 §2 Users; docs/decisions/staff-accounts.md)

/** Staff: users of type ADMIN (the only type that signs in to the back-office, spec 000 §5). */
const isStaff = eq(typeUsers.code, TYPE_USER_CODES.ADMIN);

/**
 * The staff list (GET user/liste, 'LISTE DES UTILISATEURS'): users of type ADMIN with their country, agency and role
 * populated, searched by `q` on name, first names, e-mail and phone, filtered by isActive, paysID, agenceID, roleID.
 * A non-ADMIN role lists its own agency's staff only (access/scopes.ts staffScope).
 */
export const staffList = (user: CurrentUser): ListDef<typeof selectUsers> => ({
  table: users,
  select: selectUsers,
  scope: and(isStaff, staffScope(user)),
  searchColumns: [users.nom, users.prenoms, users.email, users.telephoneComplet, users.telephone],
  sortColumns: {
    nom: users.nom,
    prenoms: users.prenoms,
    email: users.email,
    adresse: users.adresse,
    telephone: users.telephoneComplet,
    telephoneComplet: users.telephoneComplet,
    paysID: userPays.libelle,
    agenceID: agences.libelle,
    roleID: roles.libelle,
    isActive: users.isActive,
    createdAt: users.createdAt,
  },
  filters: {
    isActive: { column: users.isActive, type: 'boolean' },
    paysID: { column: users.paysID, type: 'uuid' },
    agenceID: { column: users.agenceID, type: 'uuid' },
    roleID: { column: users.roleID, type: 'uuid' },
  },
});

/**
 * Active staff for a choice (GET user/listeAdmin, spec 001 §5 "Only … active admin users are offered in operation
 * forms"), sorted by name then first names; a non-ADMIN role gets its own agency's only.
 */
export async function listActiveStaff(db: Db, user: CurrentUser) {
  return selectUsers(db)
    .where(and(isStaff, eq(users.isActive, true), staffScope(user)))
    .orderBy(asc(users.nom), asc(users.prenoms), asc(users.id))
    .limit(UNPAGED_LIMIT);
}

/** Whether another staff user already has this e-mail (case-insensitive; e-mails are unique among all users). */
export async function emailTaken(db: Db | Tx, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return !!row;
}

/** Whether another staff user already has this full phone number (unique per country: the number holds the dial code). */
export async function staffPhoneTaken(db: Db | Tx, telephoneComplet: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(typeUsers, eq(users.typeUserID, typeUsers.id))
    .where(and(isStaff, eq(users.telephoneComplet, telephoneComplet), exceptId ? ne(users.id, exceptId) : undefined))
    .limit(1);
  return !!row;
}

/**
 * Records a user authored or received that keep it from being deleted (409 'Désactivez-le plutôt.',
 * docs/decisions/staff-accounts.md): parcels (registered, sent, received, handed over, deleted), payments, departures,
 * histories, operations, inventories, messages, notifications and audit entries. @returns the French names of the kinds
 * found (empty: none)
 */
export async function authoredRecords(db: Db | Tx, id: string): Promise<string[]> {
  const checks: [string, SQL][] = [
    [
      'colis',
      sql`SELECT 1 FROM ${colis} WHERE ${colis.auteurID} = ${id} OR ${colis.expediteurID} = ${id} OR ${colis.destinataireID} = ${id} OR ${colis.receptionneurID} = ${id} OR ${colis.deletedByID} = ${id}`,
    ],
    ['encaissements', sql`SELECT 1 FROM ${encaissements} WHERE ${encaissements.auteurID} = ${id} OR ${encaissements.deletedByID} = ${id}`],
    ['départs', sql`SELECT 1 FROM ${envois} WHERE ${envois.auteurID} = ${id}`],
    ['historiques', sql`SELECT 1 FROM ${historiques} WHERE ${historiques.auteurID} = ${id}`],
    ['opérations', sql`SELECT 1 FROM ${operations} WHERE ${operations.userID} = ${id}`],
    ['inventaires', sql`SELECT 1 FROM ${inventaires} WHERE ${inventaires.auteurID} = ${id}`],
    ['messages', sql`SELECT 1 FROM ${messages} WHERE ${messages.auteurID} = ${id}`],
    ['notifications', sql`SELECT 1 FROM ${notifications} WHERE ${notifications.receiverID} = ${id}`],
    ["journal d'audit", sql`SELECT 1 FROM ${audits} WHERE ${audits.auteurID} = ${id}`],
  ];
  const found: string[] = [];
  for (const [name, query] of checks) {
    const rows = await rowsOf<{ found: boolean }>(db, sql`SELECT EXISTS (${query}) AS found`);
    if (rows[0]?.found) found.push(name);
  }
  return found;
}
