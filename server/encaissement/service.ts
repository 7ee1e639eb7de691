/**
 * Payments (encaissements) of parcels (spec 000 §4 Parcel payment, §7; docs/architecture.md §4; docs/decisions/currencies.md
 * "Payments in another currency"):
 * - recorded inside the caller's transaction on a parcel row it has locked, in the parcel's currency (the trigger of
 *   migration 0021 sets encaissements.devise from the parcel); never more than the remaining amount; reglement and
 *   resteAPayer updated together, exactly in the currency's minor unit; sender and recipient notified
 *   (recordEncaissement, also used by the parcel registration's advance and the end of the journey);
 * - a payment may be a part of what remains, and may be tendered in another currency: converted at the rates in force
 *   that day (server/tauxChange/rates.ts), the amount tendered, its currency and both rates are kept;
 * - a deactivated parcel takes no payment, but may be refunded (docs/decisions/inactive-parcel-payments.md);
 * - a parcel EN_ATTENTE cannot be paid (common/colisRules.ts); a parcel already settled when its lock is taken is a 409
 *   saying another payment just settled it;
 * - a payment is cancelled, never deleted, by a role that sees every agency: its amount goes back to the parcel;
 *   refunds are in encaissement/refund.ts.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { COLIS_MESSAGES, isColisPayable, type PaymentBy } from '../../common/colisRules';
import { todayIso } from '../../common/dates';
import { DEVISE_COMPTABLE, minorToNumber, minorToString, tauxCroise, toMinor } from '../../common/devises';
import { formatMontant } from '../../common/format';
import type { DecimalInput } from '../../common/money';
import { montantDepasseMessage, soldeTenduMinor, valeurTendue, type EncaissementInput } from '../../common/schemas/encaissement';
import { lockColis } from '../access/locks';
import { agenceDevise } from '../agence/query';
import { checkAgenceActive } from '../agence/service';
import { mayDeleteEncaissement } from '../access/scopes';
import type { CurrentUser } from '../auth/currentUser';
import { auteurOf, recordAudit, type AuditAuthor } from '../db/audit';
import type { Db, Tx } from '../db/client';
import { colis, encaissements, historiques, modesPaiement } from '../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import { statutCodeOf, statutsByCode } from '../statut/query';
import { tauxEnVigueur } from '../tauxChange/rates';
import { encaissementInScope, encaissementsOfColis, findColisMontants, montantRembourseOf } from './query';
import { notifyColis } from '../notification/dispatch';

/**
 * The notification of a payment (spec 000 §7, text as the spec writes it): the amount received, and, when in another
 * currency than the parcel's, its value in the parcel's beside it ('27,84 € (260 304 GNF)').
 */
const encaissementMessage = (montant: DecimalInput, devise: string, tendu: Tendu | null) =>
  `un encaissement de ${
    tendu ? `${formatMontant(tendu.montantTendu, tendu.deviseTendue)} (${formatMontant(montant, devise)})` : formatMontant(montant, devise)
  } vient d'être d'effectué conernant votre colis`;

/** The refusal of a payment on a parcel whose remaining amount is 0 when its lock is taken (two agents, one parcel). */
const COLIS_DEJA_SOLDE = "Ce colis vient d'être soldé par un autre encaissement.";

/** The refusal of a payment on a deactivated parcel (docs/decisions/inactive-parcel-payments.md). */
const COLIS_DESACTIVE = "Ce colis est désactivé : réactivez-le avant de l'encaisser.";

/** The locked parcel fields a payment needs. */
export interface PayableColis {
  id: string;
  reference: string;
  agenceID: string;
  statutID: string;
  reglement: string;
  resteAPayer: string;
  /** The parcel's currency (its departure's, colis.devise): the payment's. */
  devise: string;
  expediteurID: string | null;
  destinataireID: string | null;
  emailDestinataire: string | null;
  suiviToken: string;
  /** False for a deactivated parcel, which takes no payment (absent: a parcel being registered, active). */
  isActive?: boolean;
}

/**
 * A payment tendered in another currency than its parcel's (or a refund given back in one): the amount and currency
 * handed over (numeric text, the row's sign), both day rates, and the conversion difference booked in the parcel's
 * currency (docs/decisions/currencies.md "The last minor units": '0' unless the amount settled the parcel).
 */
export interface Tendu {
  montantTendu: string;
  deviseTendue: string;
  /** Units of deviseTendue for 1 € on the day. */
  tauxTendu: string;
  /** Units of the parcel's currency for 1 € on the day. */
  tauxColis: string;
  /** The amount tendered converted less the amount booked, in the parcel's currency (numeric text). */
  ecartConversion: string;
}

/** What recordEncaissement answers: the payment, and the parcel's new amounts (numeric texts in `devise`). */
export interface RecordedEncaissement {
  id: string;
  devise: string;
  montantEncaisse: string;
  reglement: string;
  resteAPayer: string;
  tendu: Tendu | null;
}

/**
 * Records a payment of `montant` (in the parcel's currency) on a locked parcel and updates its settled and remaining
 * amounts, exactly in the currency's minor unit (amounts are rounded once, half away from zero).
 * @param opts.historique also write a history entry (status unchanged, at the payment's instant) for the payment, which the
 *   history reads as a payment (docs/decisions/payment-history.md)
 * @param opts.tendu the amount tendered in another currency and the rates `montant` was converted at
 * Records the payment in the audit journal ('create' of an 'encaissement', docs/decisions/audit-journal.md) unless `journal` is false.
 * @returns the payment id, its amount and currency, and the parcel's new reglement and resteAPayer (numeric text)
 * @throws 409 COLIS_DESACTIVE for a deactivated parcel (docs/decisions/inactive-parcel-payments.md); 409
 *   COLIS_DEJA_SOLDE when nothing remains to pay; 400 for an amount ≤ 0 or an unknown payment mode; 409
 *   montantDepasseMessage above the remaining amount
 */
export async function recordEncaissement(
  tx: Tx,
  payable: PayableColis,
  opts: {
    montant: DecimalInput;
    modePaiementID: string;
    paymentby: PaymentBy;
    /** Who collects (user id and request address). */
    author: AuditAuthor;
    agenceID?: string | null;
    historique?: boolean;
    /** False when the caller's own audit row holds the payment (a registration's or an edit's advance). */
    journal?: boolean;
    tendu?: Tendu | null;
  },
): Promise<RecordedEncaissement> {
  const { devise } = payable;
  if (payable.isActive === false) throw conflict(COLIS_DESACTIVE);
  const reste = toMinor(payable.resteAPayer, devise);
  // The remaining amount as read under the parcel's lock: 0 means a payment committed meanwhile settled it.
  if (reste <= 0n) throw conflict(COLIS_DEJA_SOLDE);
  const montant = toMinor(opts.montant, devise);
  if (montant <= 0n) throw badRequest('Le montant encaissé doit être supérieur à 0.', { montantEncaisse: 'Montant invalide' });
  if (montant > reste) {
    const message = montantDepasseMessage(payable.resteAPayer, devise);
    throw conflict(message, { [opts.tendu ? 'montantTendu' : 'montantEncaisse']: message });
  }
  const [mode] = await tx.select({ id: modesPaiement.id }).from(modesPaiement).where(eq(modesPaiement.id, opts.modePaiementID));
  if (!mode) throw badRequest('Veuillez remplir tous les champs obligatoire.', { modePaiementID: 'Le mode de paiement est obligatoire' });
  const montantEncaisse = minorToString(montant, devise);
  const reglement = minorToString(toMinor(payable.reglement, devise) + montant, devise);
  const resteAPayer = minorToString(reste - montant, devise);
  const tendu = opts.tendu ?? null;
  const [created] = await tx
    .insert(encaissements)
    .values({
      colisID: payable.id,
      agenceID: opts.agenceID ?? payable.agenceID,
      paymentby: opts.paymentby,
      montantEncaisse,
      montantRestant: resteAPayer,
      modePaiementID: mode.id,
      auteurID: opts.author.id,
      ...(tendu ?? {}),
    })
    .returning({ id: encaissements.id });
  if (opts.journal !== false) {
    await recordAudit(tx, {
      entite: 'encaissement',
      entiteID: created.id,
      action: 'create',
      ...auteurOf(opts.author),
      apres: {
        colis: payable.reference,
        colisID: payable.id,
        montantEncaisse,
        devise,
        ...(tendu ?? {}),
        paymentby: opts.paymentby,
        resteAPayer,
      },
    });
  }
  await tx.update(colis).set({ reglement, resteAPayer }).where(eq(colis.id, payable.id));
  if (opts.historique) {
    // At the payment's own instant (now(): its created_at), so that the history reads it as this payment
    // (docs/decisions/payment-history.md).
    await tx.insert(historiques).values({
      colisID: payable.id,
      statutAvantID: payable.statutID,
      statutApresID: payable.statutID,
      auteurID: opts.author.id,
      dateAction: sql`now()`,
    });
  }
  await notifyColis(tx, [payable], encaissementMessage(montantEncaisse, devise, tendu));
  payable.reglement = reglement;
  payable.resteAPayer = resteAPayer;
  return { id: created.id, devise, montantEncaisse, reglement, resteAPayer, tendu };
}

/** The payment fields of a body: in the parcel's currency, or tendered in another (common/schemas/encaissement.ts). */
type PaiementSaisi = { montantEncaisse?: DecimalInput; montantTendu?: DecimalInput; deviseTendue?: string };

/**
 * The amount of a payment in its parcel's currency (docs/decisions/currencies.md "Payments in another currency", "The
 * last minor units"), for encaissement/create and for the remainder collected at the end of the journey:
 * `montantTendu` in `deviseTendue`, else the settling amount in `deviseTendue` (common/schemas/encaissement.ts
 * soldeTenduMinor), valued at the rates in force on `jour` by valeurTendue (the settling amount books exactly the
 * remainder, its conversion difference kept); else `montantEncaisse`; else all that remains. A tendered amount in the
 * parcel's own currency is a plain payment.
 * @returns the amount (parcel's currency) and, for another currency, what was tendered, both rates and the difference
 * @throws 409 when a currency has no rate in force on `jour` (server/tauxChange/rates.ts)
 */
export async function montantOfPayment(
  tx: Tx,
  input: PaiementSaisi,
  parcel: { devise: string; resteAPayer: string },
  jour: string,
): Promise<{ montant: DecimalInput; tendu: Tendu | null }> {
  const { montantTendu, deviseTendue } = input;
  const devise = parcel.devise;
  if (!deviseTendue || deviseTendue === devise) {
    return { montant: montantTendu ?? input.montantEncaisse ?? parcel.resteAPayer, tendu: null };
  }
  const tauxTendu = await tauxEnVigueur(tx, deviseTendue, jour);
  const tauxColis = await tauxEnVigueur(tx, devise, jour);
  const conversion = { deviseTendue, devise, tauxTendu, tauxColis, reste: parcel.resteAPayer };
  const tenduMinor = montantTendu === undefined ? soldeTenduMinor(conversion)! : toMinor(montantTendu, deviseTendue);
  const tendu = minorToString(tenduMinor, deviseTendue);
  const valeur = valeurTendue({ ...conversion, montant: tendu })!;
  return {
    montant: minorToString(valeur.montant, devise),
    tendu: { montantTendu: tendu, deviseTendue, tauxTendu, tauxColis, ecartConversion: minorToString(valeur.ecart, devise) },
  };
}

/**
 * Collects a payment on a parcel the user may see (spec 000 §7 encaissement/create): a part of what remains or all of
 * it, in the parcel's currency or tendered in another (docs/decisions/currencies.md "Payments in another currency").
 * The history records it (status unchanged). The payment is the collecting user's agency's (the parcel's for a role
 * bound to none), which must be active (docs/decisions/deactivation-dependants.md).
 * @returns the payment (id, amount and currency, what was tendered and the rate applied: units of the parcel's
 *   currency for 1 unit tendered, 6 decimals) and the parcel's new reglement and resteAPayer (numeric text)
 * @throws 409 a deactivated parcel (COLIS_DESACTIVE, docs/decisions/inactive-parcel-payments.md), a parcel that
 *   cannot be paid yet (EN_ATTENTE), one another payment just settled (COLIS_DEJA_SOLDE), an amount above the
 *   remaining, a currency without a rate that day, or the payment's agency deactivated; 403/404 the parcel
 */
export async function createEncaissement(db: Db, input: EncaissementInput, user: CurrentUser) {
  const statuts = await statutsByCode(db);
  return db.transaction(async (tx) => {
    const row = await lockColis(tx, { id: input.colisID }, user);
    // Said before anything else about the parcel: reactivating it is what the agent must do first.
    if (!row.isActive) throw conflict(COLIS_DESACTIVE);
    if (!isColisPayable(statutCodeOf(statuts, row.statutID))) throw conflict(COLIS_MESSAGES.notPayable);
    const agenceID = user.agenceID ?? row.agenceID;
    await checkAgenceActive(tx, agenceID);
    // Settled meanwhile: said before a rate is looked up (recordEncaissement says it too, for its other callers).
    if (toMinor(row.resteAPayer, row.devise) <= 0n) throw conflict(COLIS_DEJA_SOLDE);
    const { montant, tendu } = await montantOfPayment(tx, input, row, todayIso());
    const recorded = await recordEncaissement(
      tx,
      { ...row },
      {
        montant,
        modePaiementID: input.modePaiementID,
        paymentby: input.paymentby,
        author: user,
        agenceID,
        historique: true,
        tendu,
      },
    );
    return { ...recorded, taux: tendu ? tauxCroise(tendu.tauxTendu, tendu.tauxColis) : null };
  });
}

/**
 * The value in a parcel's currency of an amount tendered in another, at the rates in force today, as
 * encaissement/create would record it (the payment and hand-over dialogs' preview): the parcel must be one the user may
 * see.
 * @param q.montantTendu the amount tendered (absent: resteTendu, the settling amount in that currency)
 * @returns `montant` and `devise` (the parcel's: what would be booked), `ecartConversion` (the conversion difference
 *   booked with it, docs/decisions/currencies.md "The last minor units"), `taux` (units of the parcel's currency for 1
 *   unit tendered, 6 decimals), both day rates (units for 1 €), the amount tendered, the parcel's remaining amount and
 *   `resteTendu`: the amount in the tendered currency that settles it
 * @throws 404 'Colis non trouvé'; 409 a currency without a rate today
 */
export async function equivalentEncaissement(
  db: Db,
  q: { colisID: string; deviseTendue: string; montantTendu?: number },
  user: CurrentUser,
) {
  const parcel = await findColisMontants(db, q.colisID, user);
  if (!parcel) throw notFound('Colis non trouvé');
  const { devise, resteAPayer } = parcel;
  const jour = todayIso();
  const tauxColis = await tauxEnVigueur(db, devise, jour);
  const tauxTendu = await tauxEnVigueur(db, q.deviseTendue, jour);
  const conversion = { devise, deviseTendue: q.deviseTendue, tauxTendu, tauxColis, reste: resteAPayer };
  const resteTendu = soldeTenduMinor(conversion)!;
  const tendu = q.montantTendu === undefined ? resteTendu : toMinor(q.montantTendu, q.deviseTendue);
  const valeur = valeurTendue({ ...conversion, montant: minorToString(tendu, q.deviseTendue) })!;
  return {
    devise,
    montant: minorToNumber(valeur.montant, devise),
    ecartConversion: minorToNumber(valeur.ecart, devise),
    deviseTendue: q.deviseTendue,
    montantTendu: minorToNumber(tendu, q.deviseTendue),
    taux: tauxCroise(tauxTendu, tauxColis),
    tauxTendu,
    tauxColis,
    resteAPayer: minorToNumber(toMinor(resteAPayer, devise), devise),
    resteTendu: minorToNumber(resteTendu, q.deviseTendue),
  };
}

/**
 * The currencies a payment of a parcel may be tendered in by the user: the parcel's, then its agency's country's when
 * different (a Dakar agent collecting on a parcel priced in euros), else, for a user bound to no agency, the euro.
 * @returns the parcel's currency and the currencies offered, the parcel's first
 * @throws 404 'Colis non trouvé'
 */
export async function devisesEncaissement(db: Db, colisID: string, user: CurrentUser) {
  const parcel = await findColisMontants(db, colisID, user);
  if (!parcel) throw notFound('Colis non trouvé');
  const autre = user.agenceID ? await agenceDevise(db, user.agenceID) : DEVISE_COMPTABLE;
  const devises = [parcel.devise, ...(autre && autre !== parcel.devise ? [autre] : [])];
  return { devise: parcel.devise, devises };
}

/** The payments of a parcel the user may see, and the parcel's amounts. @throws 404 'Colis non trouvé' */
export async function getEncaissementsOfColis(db: Db, colisId: string, user: CurrentUser) {
  const payable = await findColisMontants(db, colisId, user);
  if (!payable) throw notFound('Colis non trouvé');
  return { colis: payable, encaissements: await encaissementsOfColis(db, payable.id) };
}

/** Sets the active flag of a payment within the user's scope. @throws 404 */
export async function setEncaissementActive(db: Db, id: string, isActive: boolean, user: CurrentUser): Promise<void> {
  if (!(await encaissementInScope(db, id, user))) throw notFound('Encaissement introuvable.');
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ isActive: encaissements.isActive })
      .from(encaissements)
      .where(eq(encaissements.id, id))
      .for('update');
    await tx.update(encaissements).set({ isActive }).where(eq(encaissements.id, id));
    if (before && before.isActive !== isActive) {
      await recordAudit(tx, {
        entite: 'encaissement',
        entiteID: id,
        action: 'active',
        ...auteurOf(user),
        avant: { isActive: before.isActive },
        apres: { isActive },
      });
    }
  });
}

/**
 * Cancels a payment or a refund: its amount goes back to the parcel (settled and remaining stay consistent with the
 * rows left), and the row stays with who cancelled it (docs/architecture.md §4). The parcel is locked first, then the
 * row, as a payment and a refund lock them (encaissement/refund.ts). A payment that has refunds not cancelled is not
 * cancelled (its refunds first); a refund is not cancelled once its parcel was deleted or its amount is no longer due
 * (docs/decisions/refunds-and-cash.md).
 * @throws 403 a role that does not see every agency; 404 unknown or already cancelled; 409 a payment with refunds, a
 *   refund of a deleted parcel or above the parcel's remaining amount, or a closed cash day (migration 0022)
 */
export async function deleteEncaissement(db: Db, id: string, user: CurrentUser): Promise<void> {
  if (!mayDeleteEncaissement(user)) throw forbidden('Seul un administrateur peut supprimer un encaissement.');
  await db.transaction(async (tx) => {
    const live = and(eq(encaissements.id, id), isNull(encaissements.deletedAt));
    const [seen] = await tx.select({ colisID: encaissements.colisID }).from(encaissements).where(live);
    if (!seen) throw notFound('Encaissement introuvable.');
    const [parcel] = await tx
      .select({ deletedAt: colis.deletedAt, resteAPayer: colis.resteAPayer })
      .from(colis)
      .where(eq(colis.id, seen.colisID))
      .for('no key update');
    const [p] = await tx.select().from(encaissements).where(live).for('update');
    if (!p) throw notFound('Encaissement introuvable.');
    if (!p.rembourseID && toMinor(await montantRembourseOf(tx, p.id), p.devise) > 0n) {
      throw conflict("Cet encaissement a été remboursé : annulez d'abord ses remboursements.");
    }
    if (p.rembourseID && parcel.deletedAt) {
      throw conflict('Le colis de ce remboursement a été supprimé : le remboursement ne peut plus être annulé.');
    }
    if (p.rembourseID && -toMinor(p.montantEncaisse, p.devise) > toMinor(parcel.resteAPayer, p.devise)) {
      throw conflict('Ce remboursement ne peut plus être annulé : le colis a été réglé depuis.');
    }
    await tx
      .update(colis)
      .set({
        reglement: sql`${colis.reglement} - ${p.montantEncaisse}::numeric`,
        resteAPayer: sql`${colis.resteAPayer} + ${p.montantEncaisse}::numeric`,
      })
      .where(eq(colis.id, p.colisID));
    const deletedAt = new Date();
    await tx.update(encaissements).set({ deletedAt, deletedByID: user.id, isActive: false }).where(eq(encaissements.id, p.id));
    await recordAudit(tx, {
      entite: 'encaissement',
      entiteID: p.id,
      action: 'delete',
      ...auteurOf(user),
      avant: { colisID: p.colisID, montantEncaisse: p.montantEncaisse, isActive: p.isActive, deletedAt: null },
      apres: {
        colisID: p.colisID,
        montantEncaisse: p.montantEncaisse,
        isActive: false,
        deletedAt: deletedAt.toISOString(),
        motif: 'annulation : le montant revient au colis',
      },
    });
  });
}
