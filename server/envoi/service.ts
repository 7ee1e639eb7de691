/**
 * Departure rules (spec 000 §4 Departure statuses, §5 Add departure; docs/architecture.md §4), each write in one transaction:
 * - a new departure gets a reference DEP-{yymm}-{sequence} from the database sequence and the status OUVERT;
 * - dates are not before today in Europe/Paris (a date left unchanged on edit may be), and closing ≤ departure ≤
 *   arrival (the shipper's order: registrations close, the departure leaves, then arrives): common/envoiRules.ts;
 * - poids (kg) is positive and never below the weight already registered (poidsReel, the sum of its parcels);
 * - status transitions follow common/envoiRules.ts; 'en cours d'envoi' (received parcels only) and 'arrivé' cascade
 *   to the parcels;
 * - a departure with parcels cannot be deleted;
 * - every write records its audit row (docs/decisions/audit-journal.md) in its transaction; a status cascade records one row per parcel
 *   moved (colis/statutChange.ts) besides the departure's own.
 */
import { toPoidsString } from '../../common/money';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { COLIS_ARRIVING, COLIS_SHIPPED_WITH_DEPARTURE, COLIS_STATUT_ARRIVED, COLIS_STATUT_REGISTERED } from '../../common/colisRules';
import { todayIso } from '../../common/dates';
import {
  ENVOI_MESSAGES,
  ENVOI_TRANSITIONS,
  canMoveEnvoi,
  envoiComplet,
  envoiDateErrors,
  envoiPaysError,
  poidsRestantApres,
  poidsTient,
} from '../../common/envoiRules';
import { formatKg } from '../../common/format';
import type { CurrentUser } from '../auth/currentUser';
import type { Db } from '../db/client';
import { auteurOf, recordAudit, recordChange } from '../db/audit';
import { colis, envois, pays } from '../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import { notifyArrivee } from '../colis/arrivee';
import { moveColis } from '../colis/statutChange';
import { statutByCode, statutCodeOf, statutIds, statutsByCode } from '../statut/query';
import { nextEnvoiReference } from '../db/references';
import { lockEnvoi } from '../access/locks';
import { envoiScope, mayCreateEnvoi } from '../access/scopes';
import { findEnvoi } from './query';
import type { EnvoiInput } from '../../common/schemas/envoi';

/** Column values of a departure's editable fields (poids in kg, 3 decimals). */
const envoiValues = (input: EnvoiInput) => ({
  modeEnvoiID: input.modeEnvoiID,
  paysID: input.paysID,
  paysEmetteurID: input.paysEmetteurID,
  dateDebut: input.dateDebut,
  dateArrive: input.dateArrive,
  dateFin: input.dateFin,
  contenu: input.contenu ?? '',
  poids: toPoidsString(input.poids),
});

/** Checks the dates and countries of a departure (common/envoiRules.ts); unchanged dates (edit) may lie in the past. */
function checkEnvoiInput(input: EnvoiInput, previous?: { dateDebut: string; dateArrive: string; dateFin: string }) {
  const errors: Record<string, string> = { ...envoiDateErrors(input, todayIso(), previous) };
  const paysError = envoiPaysError(input.paysID, input.paysEmetteurID);
  if (paysError) errors.paysID = paysError;
  if (Object.keys(errors).length) throw badRequest(`Données invalides : ${Object.values(errors)[0]}`, errors);
}

/** A departure the user may see, as answered. @throws 404 */
export async function getEnvoi(db: Db, id: string, user: CurrentUser) {
  const row = await findEnvoi(db, id, envoiScope(user));
  if (!row) throw notFound('Départ introuvable.');
  return row;
}

/** A departure just written, as answered (its scope was checked by the write). */
export async function readEnvoi(db: Db, id: string) {
  const row = await findEnvoi(db, id, undefined);
  if (!row) throw notFound('Départ introuvable.');
  return row;
}

/**
 * The weight check of parcel registration (spec 000 §4, §7 envoi/checkEnvoiPoids): whether `poids` kg still fit on
 * a departure the user may see, and the message to show.
 * @throws 404
 */
export async function checkEnvoiPoids(db: Db, id: string, poids: number, user: CurrentUser) {
  const row = await getEnvoi(db, id, user);
  // The registration's rule, exact on thousandths (common/envoiRules.ts poidsTient); a full departure takes nothing.
  const ok = !envoiComplet(row.poidsDisponible) && poidsTient(row.poidsDisponible, poids);
  const disponible = poidsRestantApres(row.poidsDisponible, 0);
  return {
    ok,
    disponible,
    message: ok ? 'opération terminée avec succès' : ENVOI_MESSAGES.poidsInsuffisant(row.reference, disponible, poids),
  };
}

/** Creates a departure (status OUVERT, reference from the sequence). @returns its id */
export async function createEnvoi(db: Db, input: EnvoiInput, user: CurrentUser): Promise<string> {
  checkEnvoiInput(input);
  if (!mayCreateEnvoi(user, input)) {
    throw forbidden('Vous ne pouvez créer que des départs concernant le pays de votre agence.');
  }
  const ouvert = await statutByCode(db, 'OUVERT');
  return db.transaction(async (tx) => {
    // The departure's currency is its origin country's: set by the trigger envois_devise (migration 0021).
    const [origin] = await tx.select({ id: pays.id }).from(pays).where(eq(pays.id, input.paysEmetteurID));
    if (!origin) throw badRequest("Pays d'origine introuvable.", { paysEmetteurID: "Pays d'origine introuvable." });
    const [created] = await tx
      .insert(envois)
      .values({
        ...envoiValues(input),
        reference: await nextEnvoiReference(tx),
        statutID: ouvert.id,
        agenceID: user.agenceID,
        auteurID: user.id,
      })
      .returning();
    await recordChange(tx, { entite: 'envoi', entiteID: created.id, action: 'create', author: user }, null, created);
    return created.id;
  });
}

/** Updates the fields of a departure; poids may not fall below the weight already registered. */
export async function updateEnvoi(db: Db, id: string, input: EnvoiInput, user: CurrentUser): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockEnvoi(tx, id, user);
    checkEnvoiInput(input, row);
    // The parcels already registered must still fit (common/envoiRules.ts poidsTient, exact on thousandths).
    if (!poidsTient(input.poids, row.poidsReel)) {
      throw conflict(`Le poids global ne peut pas être inférieur au poids déjà enregistré (${formatKg(row.poidsReel)}).`, {
        poids: `Minimum ${formatKg(row.poidsReel)}`,
      });
    }
    const [after] = await tx.update(envois).set(envoiValues(input)).where(eq(envois.id, id)).returning();
    await recordChange(tx, { entite: 'envoi', entiteID: id, action: 'update', author: user }, row, after);
  });
}

/** Toggles the active flag (spec 000 §4 Active flag). */
export async function setEnvoiActive(db: Db, id: string, isActive: boolean, user: CurrentUser): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockEnvoi(tx, id, user);
    const [after] = await tx.update(envois).set({ isActive }).where(eq(envois.id, id)).returning();
    await recordChange(tx, { entite: 'envoi', entiteID: id, action: 'active', author: user }, row, after);
  });
}

/**
 * Moves a departure to a status, given by its id or its code (spec 000 §4):
 * - EN_COURS_ENVOI from OUVERT or CLOTURE: the parcels received at the counter (RECEPTIONNE) move to EN_COURS_ENVOI;
 *   those still EN_ATTENTE stay as they are, without history nor mail (docs/decisions/departure-ships-received.md);
 * - ARRIVE from EN_COURS_ENVOI: refused while a parcel is EN_ATTENTE; the others move to EXPEDIE, each gets a
 *   release code, and their sender and recipient are told 'votre colis est arrivé à destination', where to collect
 *   it and what remains to pay, the recipient its code too (colis/arrivee.ts);
 * - CLOTURE from any other status.
 * All in one transaction: the departure and every parcel move together or not at all.
 * @returns the number of parcels moved
 * @throws 409 when the transition is not allowed or parcels are still waiting
 */
export async function changeEnvoiStatut(db: Db, id: string, statutValue: string, user: CurrentUser): Promise<number> {
  const codes = await statutsByCode(db);
  const toCode = statutCodeOf(codes, statutValue) ?? statutValue;
  const idOf = await statutIds(db);
  const target = codes.get(toCode);
  if (!target || !ENVOI_TRANSITIONS[toCode as keyof typeof ENVOI_TRANSITIONS]) {
    throw badRequest('Statut de départ invalide.', { statutID: 'Statut de départ invalide.' });
  }
  return db.transaction(async (tx) => {
    const row = await lockEnvoi(tx, id, user);
    const fromCode = statutCodeOf(codes, row.statutID) ?? '';
    if (!canMoveEnvoi(fromCode, toCode)) {
      throw conflict(ENVOI_MESSAGES.transitionRefused(codes.get(fromCode)?.libelle ?? fromCode, target.libelle));
    }
    let moved = 0;
    if (toCode === 'EN_COURS_ENVOI') {
      const list = await moveColis(tx, {
        envoiID: id,
        fromStatutIds: COLIS_SHIPPED_WITH_DEPARTURE.map((c) => idOf(c)),
        toStatutId: idOf('EN_COURS_ENVOI'),
        author: user,
        motif: `départ ${row.reference} en cours d'envoi`,
        message: ENVOI_MESSAGES.enCoursEnvoi,
        setDateEnvoi: true,
      });
      moved = list.length;
    } else if (toCode === 'ARRIVE') {
      const [waiting] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(colis)
        .where(and(eq(colis.envoiID, id), eq(colis.statutID, idOf(COLIS_STATUT_REGISTERED)), isNull(colis.deletedAt)));
      if (waiting.n > 0) throw conflict(ENVOI_MESSAGES.colisEnAttente);
      const list = await moveColis(tx, {
        envoiID: id,
        fromStatutIds: COLIS_ARRIVING.map((c) => idOf(c)),
        toStatutId: idOf(COLIS_STATUT_ARRIVED),
        author: user,
        motif: `départ ${row.reference} arrivé`,
      });
      // Told with their release code and where to collect them (colis/arrivee.ts).
      await notifyArrivee(tx, list);
      moved = list.length;
    }
    await tx.update(envois).set({ statutID: target.id }).where(eq(envois.id, id));
    await recordAudit(tx, {
      entite: 'envoi',
      entiteID: id,
      action: 'statut',
      ...auteurOf(user),
      avant: { statut: fromCode },
      apres: { statut: toCode, colisDeplaces: moved },
    });
    return moved;
  });
}

/** Deletes a departure without parcels. @throws 409 when it holds parcels */
export async function deleteEnvoi(db: Db, id: string, user: CurrentUser): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockEnvoi(tx, id, user);
    // Deleted parcels count too: they stay, with their payments and history, on their departure.
    const [{ n, deleted }] = await tx
      .select({ n: sql<number>`count(*)::int`, deleted: sql<number>`count(${colis.deletedAt})::int` })
      .from(colis)
      .where(eq(colis.envoiID, id));
    if (n > 0 && n === deleted) throw conflict(ENVOI_MESSAGES.hasDeletedColis);
    if (n > 0) throw conflict(ENVOI_MESSAGES.hasColis);
    await tx.delete(envois).where(eq(envois.id, id));
    await recordChange(tx, { entite: 'envoi', entiteID: id, action: 'delete', author: user }, row, null);
  });
}
