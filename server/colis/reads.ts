/**
 * The reads of parcels the user may see (spec 000 §2): a parcel by id or reference (with its nature lines, its
 * details, its status history), the senders of a departure, the shipments of a client, and the price of one nature
 * line for the wizard's live preview (an extension). The selects are in query.ts, the price lookup in pricing.ts.
 */
import { and, eq } from 'drizzle-orm';
import { isColisPayable } from '../../common/colisRules';
import { formatMontant } from '../../common/format';
import type { CurrentUser } from '../auth/currentUser';
import { paiementsOfColis } from '../encaissement/query';
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

/** What a history entry of a payment or a refund says of it (docs/decisions/payment-history.md). */
interface PaiementEntry {
  type: 'encaissement' | 'remboursement';
  /** The amount collected or given back, positive, in `devise`; null when no payment row was found for the entry. */
  montant: number | null;
  devise: string | null;
  /** The payment or refund was cancelled since (its amount went back to the parcel). */
  annule: boolean;
}

/** The payments of a parcel as paiementsOfColis reads them. */
type PaiementRow = Awaited<ReturnType<typeof paiementsOfColis>>[number];

/** The French line of a payment entry: 'Encaissement de 20,00 €', 'Remboursement de 5,50 € (annulé)'. */
function paiementLibelle(p: PaiementEntry): string {
  const what = p.type === 'remboursement' ? 'Remboursement' : 'Encaissement';
  const montant = p.montant === null ? '' : ` de ${formatMontant(p.montant, p.devise)}`;
  return `${what}${montant}${p.annule ? ' (annulé)' : ''}`;
}

/**
 * Reads the history entries a payment or a refund wrote (same status before and after) as that payment (audit 000 B2,
 * docs/decisions/payment-history.md): each such entry, oldest first, is the latest payment of the same author not yet
 * taken whose instant is not after the entry's (a payment's entry is written at its own instant, older ones a moment
 * after it, in its transaction). An entry in a status no payment is taken in (a transfer's) stays a plain entry. Pure.
 * @param entries the history, newest first (colis/query.ts colisHistorique)
 * @param paiements the parcel's payments and refunds, oldest first (encaissement/query.ts paiementsOfColis)
 * @returns the entries in the same order, a payment's with `paiement` and its French `libelle`, the others unchanged
 */
function withPaiements<
  E extends {
    dateAction: Date;
    statutAvantID: { id: string } | null;
    statutApresID: { id: string; code: string };
    auteurID: { id: string } | null;
  },
>(entries: E[], paiements: PaiementRow[]): (E & { paiement?: PaiementEntry; libelle?: string })[] {
  const taken = new Set<string>();
  const found = new Map<E, PaiementEntry>();
  for (const entry of [...entries].reverse()) {
    if (!entry.statutAvantID || entry.statutAvantID.id !== entry.statutApresID.id) continue;
    // A status no payment is taken in (EN_ATTENTE): the entry is a move to another departure (colis/transferer).
    if (!isColisPayable(entry.statutApresID.code)) continue;
    const auteur = entry.auteurID?.id ?? null;
    let match: PaiementRow | undefined;
    for (const p of paiements) {
      if (p.createdAt.getTime() > entry.dateAction.getTime()) break;
      if (!taken.has(p.id) && p.auteurID === auteur) match = p;
    }
    if (match) taken.add(match.id);
    const montant = match ? Math.abs(Number(match.montantEncaisse)) : null;
    found.set(entry, {
      type: match?.rembourseID ? 'remboursement' : 'encaissement',
      montant,
      devise: match?.devise ?? null,
      annule: !!match?.deletedAt,
    });
  }
  return entries.map((entry) => {
    const paiement = found.get(entry);
    return paiement ? { ...entry, paiement, libelle: paiementLibelle(paiement) } : entry;
  });
}

/**
 * The status history of a parcel the user may see, newest first; an entry a payment or a refund wrote carries
 * `paiement` and `libelle` ('Encaissement de 20,00 €') instead of reading as a status change (withPaiements).
 * @throws 404 'Aucun colis trouvé' (unknown, deleted or outside the user's scope)
 */
export async function getColisHistorique(db: Db, reference: string, user: CurrentUser) {
  const row = await getColis(db, { reference }, user);
  const [entries, paiements] = await Promise.all([colisHistorique(db, row.id), paiementsOfColis(db, row.id)]);
  return withPaiements(entries, paiements);
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
