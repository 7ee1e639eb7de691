/**
 * Parcel rules (spec 000 §4 Parcel statuses / payment / deletion, §5; docs/architecture.md §4), each write in one transaction
 * (a registration without advance: one statement, registrationWrite.ts), split by what they do:
 * - registration.ts: registering a parcel — read (registrationRead.ts), planned without the database (registrationPlan.ts:
 *   its checks, price and parties, reused by an edit), written (registrationWrite.ts: alone, grouped, with an advance)
 *   —, and the capacity alert to the administrators;
 * - edit.ts: editing a parcel while EN_ATTENTE, its active flag;
 * - deletion.ts: deletion, direct or with a code e-mailed to the administrators;
 * - journey.ts: the end of the journey at destination (picked up or delivered);
 * - reads.ts: the reads of a parcel, the senders of a departure, the shipments of a client, the wizard's price.
 * This file holds what an edit and a deletion share: the order in which a writer of a parcel locks its departures and
 * the parcel.
 */
import { and, eq } from 'drizzle-orm';
import type { CurrentUser } from '../auth/currentUser';
import type { Tx } from '../db/client';
import { colis, envois } from '../db/schema';
import { badRequest, conflict } from '../http/errors';
import { selectEnvoiRoute } from './pricing';
import { lockColis } from '../access/locks';
import { colisNotDeleted } from '../access/scopes';

/**
 * Locks the departure row (not its joined references) and returns what an edit needs. FOR NO KEY UPDATE, the lock
 * every departure writer takes (db/lockScoped.ts): it does not conflict with the key-share lock a registration's
 * parcel insert holds on its departure until commit, so a writer never waits for a registration that waits for it.
 */
async function lockEnvoiRoute(tx: Tx, envoiID: string) {
  const [e] = await selectEnvoiRoute(tx).where(eq(envois.id, envoiID)).for('no key update', { of: envois });
  if (!e) throw badRequest('Départ introuvable.', { envoiID: 'Départ introuvable.' });
  return e;
}

/**
 * Locks a parcel its agency registered (lockColis with `owner`, scope checked) the way every writer of a parcel's
 * departure must: the departures first (FOR NO KEY UPDATE, in id order), then the parcel, the order in which a
 * departure's status cascade (server/envoi/service.ts) takes them; the opposite order deadlocked against it.
 * `alsoEnvoiID` is a second departure to lock (an edit moving the parcel). Should the parcel move to another departure
 * between its unlocked read and its lock (an edit committed meanwhile), the departures are taken again.
 * @returns the locked parcel
 * @throws 404/403 as lockColis, 400 'Départ introuvable.', 409 when the parcel keeps moving
 */
export async function lockColisAfterEnvois(tx: Tx, target: { id?: string; reference?: string }, user: CurrentUser, alsoEnvoiID?: string) {
  const where = and(colisNotDeleted, target.id ? eq(colis.id, target.id) : eq(colis.reference, target.reference!));
  for (let attempt = 1; ; attempt++) {
    const [place] = (await tx.select({ envoiID: colis.envoiID }).from(colis).where(where)) as ({ envoiID: string } | undefined)[];
    // No such parcel: lockColis answers 404 (or 403) before any departure is looked at.
    if (!place) {
      await lockColis(tx, target, user, { owner: true });
      continue;
    }
    const envoiIds = [...new Set([place.envoiID, ...(alsoEnvoiID ? [alsoEnvoiID] : [])])].sort();
    for (const eid of envoiIds) await lockEnvoiRoute(tx, eid);
    const row = await lockColis(tx, target, user, { owner: true });
    if (row.envoiID === place.envoiID) return row;
    if (attempt === 3) throw conflict('Ce colis vient d’être modifié : réessayez.');
  }
}
