/**
 * Parcels left EN_ATTENTE on a departure and their move to another departure of the same route
 * (docs/decisions/departure-ships-received.md; spec 000 §4 Departure statuses, the arrival blocked while a parcel is
 * still waiting). A departure's 'en cours d'envoi' ships only the parcels received at the counter; those never
 * received stay EN_ATTENTE on it, and its arrival is refused until they are handled: moved here, or deleted.
 * - colisEnAttenteOfEnvoi: what the status dialog lists (the waiting parcels the user may see, and the departures
 *   they may go to);
 * - transfererColis: the move, in one transaction, locks in the order every writer of a departure takes them
 *   (departures in id order, then the parcels: colis/service.ts lockColisAfterEnvois, envoi/service.ts cascade).
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { COLIS_TRANSFERABLE } from '../../common/colisRules';
import { todayIso } from '../../common/dates';
import { milliToNumber, milliToString, toMilli } from '../../common/money';
import { TRANSFERT_MESSAGES as M, type TransfertInput } from '../../common/schemas/transfert';
import type { StatutCode } from '../../common/statuts';
import type { CurrentUser } from '../auth/currentUser';
import { auteurOf, recordAudit } from '../db/audit';
import type { Db, Tx } from '../db/client';
import { colis, envois, historiques, users } from '../db/schema';
import { conflict, forbidden, notFound } from '../http/errors';
import { statutIds, statutsByCode } from '../statut/query';
import { colisNotDeleted, colisOwnerScope, colisScope, envoiRegistrationScope, envoiScope } from '../access/scopes';
import { selectEnvoiRoute } from './pricing';
import { colisPoidsMontants } from './query';
import { checkEnvoi } from './registrationPlan';

const expediteur = alias(users, 'transfert_expediteur');

/** The condition of a departure that still takes parcels: OUVERT, active, closing date not passed (Europe/Paris). */
const openEnvoi = (ouvertId: string) =>
  and(eq(envois.statutID, ouvertId), eq(envois.isActive, true), sql`${envois.dateFin} >= ${todayIso()}`);

/**
 * The parcels still EN_ATTENTE on a departure the user may see (colisScope), by reference, with what the status dialog
 * shows (sender, weight, amount due in the departure's currency) and whether the user may move each (`deplacable`: its
 * agency registered it, colisOwnerScope); and the departures they may go to: OUVERT, active, closing date not passed,
 * same origin and destination countries and same sending mode, leaving from the user's agency's country
 * (envoiRegistrationScope), soonest departure first, with their weight left (kg).
 * @param envoiId the departure about to leave
 * @returns `{envoi: {id, reference}, colis, departs}`; amounts and weights as exact decimal texts (toApi makes numbers)
 * @throws 404 'Départ introuvable.' for a departure unknown or outside the user's countries (envoiScope)
 */
export async function colisEnAttenteOfEnvoi(db: Db, envoiId: string, user: CurrentUser) {
  const [envoi] = await db
    .select({
      id: envois.id,
      reference: envois.reference,
      paysID: envois.paysID,
      paysEmetteurID: envois.paysEmetteurID,
      modeEnvoiID: envois.modeEnvoiID,
    })
    .from(envois)
    .where(and(eq(envois.id, envoiId), envoiScope(user)));
  if (!envoi) throw notFound(M.envoiIntrouvable);
  const idOf = await statutIds(db);
  const owner = colisOwnerScope(user);
  const waiting = await db
    .select({
      ...colisPoidsMontants,
      agenceID: colis.agenceID,
      expediteurNom: expediteur.nom,
      expediteurPrenoms: expediteur.prenoms,
      deplacable: sql<boolean>`${owner ?? sql`true`}`,
    })
    .from(colis)
    .leftJoin(expediteur, eq(colis.expediteurID, expediteur.id))
    .where(
      and(
        eq(colis.envoiID, envoi.id),
        inArray(
          colis.statutID,
          COLIS_TRANSFERABLE.map((c) => idOf(c)),
        ),
        colisScope(user),
      ),
    )
    .orderBy(asc(colis.reference));
  const departs = await db
    .select({
      id: envois.id,
      reference: envois.reference,
      dateDebut: envois.dateDebut,
      dateFin: envois.dateFin,
      poids: envois.poids,
      poidsReel: envois.poidsReel,
      poidsDisponible: sql<string>`(${envois.poids} - ${envois.poidsReel})::text`,
      devise: envois.devise,
    })
    .from(envois)
    .where(
      and(
        ne(envois.id, envoi.id),
        eq(envois.paysID, envoi.paysID),
        eq(envois.paysEmetteurID, envoi.paysEmetteurID),
        eq(envois.modeEnvoiID, envoi.modeEnvoiID),
        openEnvoi(idOf('OUVERT')),
        envoiRegistrationScope(user),
      ),
    )
    .orderBy(asc(envois.dateDebut), asc(envois.reference));
  return {
    envoi: { id: envoi.id, reference: envoi.reference },
    colis: waiting.map(({ expediteurNom, expediteurPrenoms, ...c }) => ({
      ...c,
      expediteur: expediteurNom === null ? null : { nom: expediteurNom, prenoms: expediteurPrenoms ?? '' },
    })),
    departs,
  };
}

/** Locks a departure row with its route (FOR NO KEY UPDATE, the lock every departure writer takes: db/lockScoped.ts). */
async function lockEnvoiRoute(tx: Tx, envoiID: string) {
  const [e] = await selectEnvoiRoute(tx).where(eq(envois.id, envoiID)).for('no key update', { of: envois });
  return e;
}

/** A parcel of a move, locked, with whether the user's agency registered it. */
interface LockedColis {
  id: string;
  reference: string;
  envoiID: string;
  statutID: string;
  poids: string;
  mine: boolean;
}

/**
 * Moves parcels still EN_ATTENTE to another departure (POST colis/transferer; docs/decisions/departure-ships-received.md).
 * The target must be OUVERT, active, its closing date not passed, and hold their total weight (the rule and message
 * of registration: colis/registrationPlan.ts checkEnvoi), on the same route as each parcel's departure (same origin and
 * destination countries, same sending mode: the price and the currency stay those of registration). An agent moves
 * only the parcels its agency registered (colisOwnerScope), to a departure leaving from its agency's country
 * (envoiRegistrationScope). In one transaction: the parcels change departure, each departure's poidsReel (kg) follows,
 * each parcel gets a history entry (EN_ATTENTE → EN_ATTENTE, its date telling when it moved) and an audit row (the
 * departure before and after). Nobody is mailed: the parcel's status does not change.
 * @returns the target departure (id, reference, poidsDisponible in kg) and the number of parcels moved
 * @throws 404 a parcel or the target unknown (or deleted); 403 a target outside the user's countries, a parcel of
 *   another agency; 409 a parcel not EN_ATTENTE, already on the target, on another route; the target closed or full
 */
export async function transfererColis(db: Db, input: TransfertInput, user: CurrentUser) {
  const idOf = await statutIds(db);
  const libelleOf = new Map([...(await statutsByCode(db)).values()].map((s) => [s.id, s.libelle]));
  const transferable = new Set(COLIS_TRANSFERABLE.map((c: StatutCode) => idOf(c)));
  const owner = colisOwnerScope(user);
  return db.transaction(async (tx) => {
    for (let attempt = 1; ; attempt++) {
      // Where the parcels are (unlocked), to lock their departures first.
      const places = await tx
        .select({ envoiID: colis.envoiID })
        .from(colis)
        .where(and(inArray(colis.id, input.colisIDs), colisNotDeleted));
      const envoiIds = [...new Set([input.envoiID, ...places.map((p) => p.envoiID)])].sort();
      const locked = new Map<string, NonNullable<Awaited<ReturnType<typeof lockEnvoiRoute>>>>();
      for (const eid of envoiIds) {
        const e = await lockEnvoiRoute(tx, eid);
        if (e) locked.set(eid, e);
      }
      const target = locked.get(input.envoiID);
      if (!target) throw notFound(M.envoiIntrouvable);
      const rows: LockedColis[] = await tx
        .select({
          id: colis.id,
          reference: colis.reference,
          envoiID: colis.envoiID,
          statutID: colis.statutID,
          poids: colis.poids,
          mine: sql<boolean>`${owner ?? sql`true`}`,
        })
        .from(colis)
        .where(and(inArray(colis.id, input.colisIDs), colisNotDeleted))
        .orderBy(asc(colis.id))
        .for('no key update');
      if (rows.length !== input.colisIDs.length) throw notFound('Aucun colis trouvé');
      // A parcel moved by an edit between the read and the locks: take the departures again.
      if (rows.some((r) => !locked.has(r.envoiID))) {
        if (attempt === 3) throw conflict('Ce colis vient d’être modifié : réessayez.');
        continue;
      }
      const [inScope] = await tx
        .select({ id: envois.id })
        .from(envois)
        .where(and(eq(envois.id, target.id), envoiRegistrationScope(user)));
      if (!inScope) throw forbidden(M.envoiHorsPortee);
      for (const r of rows) if (!r.mine) throw forbidden(M.autreAgence);
      for (const r of rows) {
        if (!transferable.has(r.statutID)) throw conflict(M.pasEnAttente(r.reference, libelleOf.get(r.statutID) ?? ''));
        if (r.envoiID === target.id) throw conflict(M.memeDepart(r.reference, target.reference), { envoiID: 'Même départ' });
        const from = locked.get(r.envoiID)!;
        if (from.paysID !== target.paysID || from.paysEmetteurID !== target.paysEmetteurID || from.modeEnvoiID !== target.modeEnvoiID) {
          throw conflict(M.autreTrajet(r.reference, target.reference), { envoiID: 'Autre trajet' });
        }
      }
      const total = rows.reduce((sum, r) => sum + toMilli(r.poids), 0n);
      checkEnvoi(idOf, target, milliToString(total));

      await tx.update(colis).set({ envoiID: target.id, updatedAt: new Date() }).where(inArray(colis.id, input.colisIDs));
      const bySource = new Map<string, bigint>();
      for (const r of rows) bySource.set(r.envoiID, (bySource.get(r.envoiID) ?? 0n) + toMilli(r.poids));
      for (const [eid, milli] of bySource) {
        await tx
          .update(envois)
          .set({ poidsReel: sql`${envois.poidsReel} - ${milliToString(milli)}::numeric` })
          .where(eq(envois.id, eid));
      }
      const [after] = await tx
        .update(envois)
        .set({ poidsReel: sql`${envois.poidsReel} + ${milliToString(total)}::numeric` })
        .where(eq(envois.id, target.id))
        .returning({ poids: envois.poids, poidsReel: envois.poidsReel });
      await tx
        .insert(historiques)
        .values(rows.map((r) => ({ colisID: r.id, statutAvantID: r.statutID, statutApresID: r.statutID, auteurID: user.id })));
      await recordAudit(
        tx,
        rows.map((r) => ({
          entite: 'colis',
          entiteID: r.id,
          action: 'update' as const,
          ...auteurOf(user),
          avant: { envoi: locked.get(r.envoiID)!.reference },
          apres: { envoi: target.reference, motif: 'transfert vers un autre départ' },
        })),
      );
      return {
        envoi: {
          id: target.id,
          reference: target.reference,
          poidsDisponible: milliToNumber(toMilli(after.poids) - toMilli(after.poidsReel)),
        },
        colisDeplaces: rows.length,
      };
    }
  });
}
