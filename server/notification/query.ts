/**
 * The clients a message reaches (spec 001 §3 Message, §7 notification/contactClients), within the sender's agency
 * scope (access/scopes.ts): every active client the sender may see (clientScope), one client, or the senders and
 * registered recipients of the parcels of a departure that the sender may see (envoiScope, colisScope).
 */
import { and, eq, or, sql } from 'drizzle-orm';
import { TYPE_USER_CODES } from '../../common/permissions';
import { clientScope, colisScope, envoiScope } from '../access/scopes';
import type { CurrentUser } from '../auth/currentUser';
import type { Db } from '../db/client';
import { colis, envois, typeUsers, users } from '../db/schema';

/** A client a message goes to: its id, e-mail and full number (null when it has none), preferred channel, SMS opt-out. */
export interface Recipient {
  id: string;
  email: string | null;
  telephoneComplet: string | null;
  canalPrefere: string;
  smsStopAt: Date | null;
}

/** The columns of a Recipient. */
export const recipientColumns = {
  id: users.id,
  email: users.email,
  telephoneComplet: users.telephoneComplet,
  canalPrefere: users.canalPrefere,
  smsStopAt: users.smsStopAt,
};

/** Active clients (users of type CLIENT) the user may see, with a further condition. */
const clientsWhere = (user: CurrentUser, where?: ReturnType<typeof and>) => (db: Db) =>
  db
    .selectDistinct(recipientColumns)
    .from(users)
    .innerJoin(typeUsers, eq(users.typeUserID, typeUsers.id))
    .where(and(eq(typeUsers.code, TYPE_USER_CODES.CLIENT), eq(users.isActive, true), clientScope(user), where));

/** Every active client the user may see ('tous'). */
export const allClients = (db: Db, user: CurrentUser): Promise<Recipient[]> => clientsWhere(user)(db);

/** One active client the user may see ('individuel'), or an empty list. */
export const oneClient = (db: Db, user: CurrentUser, id: string): Promise<Recipient[]> => clientsWhere(user, eq(users.id, id))(db);

/** A departure the user may see: its id and reference, or undefined. */
export async function visibleEnvoi(db: Db, user: CurrentUser, id: string) {
  const [row] = await db
    .select({ id: envois.id, reference: envois.reference })
    .from(envois)
    .where(and(eq(envois.id, id), envoiScope(user)));
  return row;
}

/**
 * The active clients of a departure ('depart'): senders and registered recipients of its parcels that the user may
 * see (not deleted, its agency's scope), each once.
 */
export const clientsOfEnvoi = (db: Db, user: CurrentUser, envoiId: string): Promise<Recipient[]> =>
  clientsWhere(
    user,
    sql`EXISTS (SELECT 1 FROM ${colis} WHERE ${colis.envoiID} = ${envoiId} AND ${or(
      eq(colis.expediteurID, users.id),
      eq(colis.destinataireID, users.id),
    )} AND ${colisScope(user)})`,
  )(db);
