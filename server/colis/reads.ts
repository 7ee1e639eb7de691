/**
 * The reads of parcels the user may see (spec 000 §2): a parcel by id or reference (with its nature lines, its
 * details, its status history), the senders of a departure, the shipments of a client, and the price of one nature
 * line for the wizard's live preview (an extension). The selects are in query.ts, the price lookup in pricing.ts.
 */
import { and, eq } from 'drizzle-orm';
import type { CurrentUser } from '../auth/currentUser';
import type { Db } from '../db/client';
import { colis, envois } from '../db/schema';
import { forbidden, notFound } from '../http/errors';
import { prixNatureOnRoute, selectEnvoiRoute } from './pricing';
import { colisAgenceFor, envoiScope, maySeeClient } from '../access/scopes';
import {
  agenceVilleID,
  colisHistorique,
  colisLines,
  colisNatureDetails,
  colisOfClient,
  findClient,
  findColis,
  findEnvoiRef,
  expediteursOfEnvoi,
} from './query';
import type { PrixNatureQuery } from '../../common/schemas/colis';

/** A parcel the user may see, as answered. @throws 404 'Aucun colis trouvé' */
export async function getColis(db: Db, where: { id: string } | { reference: string }, user: CurrentUser) {
  const row = await findColis(db, 'id' in where ? eq(colis.id, where.id) : eq(colis.reference, where.reference), user);
  if (!row) throw notFound('Aucun colis trouvé');
  return row;
}

/** A parcel the user may see with its nature lines as stored (the edit form). @throws 404 */
export async function getColisWithLines(db: Db, id: string, user: CurrentUser) {
  const row = await getColis(db, { id }, user);
  return { ...row, naturesColis: await colisLines(db, row.id) };
}

/** A parcel the user may see with its nature lines populated (the details screen). @throws 404 */
export async function getColisDetails(db: Db, reference: string, user: CurrentUser) {
  const row = await getColis(db, { reference }, user);
  const [natureColisDetails, [{ suiviToken }]] = await Promise.all([
    colisNatureDetails(db, row.id),
    db.select({ suiviToken: colis.suiviToken }).from(colis).where(eq(colis.id, row.id)),
  ]);
  return { colis: row, natureColisDetails, suiviToken };
}

/** The status history of a parcel the user may see, newest first. @throws 404 */
export async function getColisHistorique(db: Db, reference: string, user: CurrentUser) {
  const row = await getColis(db, { reference }, user);
  return colisHistorique(db, row.id);
}

/** The senders of a departure the user may see, with their parcels there (spec 000 §2). @throws 404 */
export async function listClientsOfEnvoi(db: Db, envoiId: string, user: CurrentUser) {
  const envoi = await findEnvoiRef(db, envoiId, user);
  if (!envoi) throw notFound('Départ introuvable.');
  return { envoi, clients: await expediteursOfEnvoi(db, envoi.id, user) };
}

/**
 * The shipments of a client (spec 000 §2): the parcels it sent or receives that the user may see.
 * @throws 404 unknown client; 403 a client none of whose parcels the user may see (it learns nothing of them)
 */
export async function listEnvoisOfClient(db: Db, clientId: string, user: CurrentUser) {
  const client = await findClient(db, clientId);
  if (!client) throw notFound('Client introuvable.');
  const rows = await colisOfClient(db, client.id, user);
  if (!maySeeClient(user, rows.length)) throw forbidden("Ce client n'a pas de colis dans votre agence.");
  return { client, colis: rows };
}

/**
 * The price of one nature line for the wizard's live preview (an extension of the spec), with the server's own
 * lookup (colis/pricing.ts prixNatureOnRoute) on the departure's route, the destination city and the registering
 * agency's city, in the departure's currency (an exceptional price converted from euros at the day's rate).
 * @throws 404 a departure the user may not see; 400 / 409 as prixNatureOnRoute (409 a missing rate)
 */
export async function prixNature(db: Db, q: PrixNatureQuery, user: CurrentUser) {
  const [e] = await selectEnvoiRoute(db).where(and(eq(envois.id, q.envoiID), envoiScope(user)));
  if (!e) throw notFound('Départ introuvable.');
  const agenceID = colisAgenceFor(user, q.agenceID);
  const villeOrigineID = agenceID ? await agenceVilleID(db, agenceID) : undefined;
  return prixNatureOnRoute(db, { ...e, villeDestinationID: q.villeID, villeOrigineID }, q.natureColisID);
}
