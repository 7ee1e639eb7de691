/**
 * Refunds of payments (docs/decisions/refunds-and-cash.md "A refund is a negative collection"): money given back on a
 * payment, written as a row of `encaissements` with a negative amount in the payment's currency, linked to it
 * (`rembourse_id`), with its reason, mode, author and agency. The payment itself is never changed; its refunds never
 * exceed it. The parcel's settled amount goes down and its remaining amount up by the refund, a deleted parcel's too
 * (as a cancellation moves them): a parcel's reglement stays the sum of its rows not cancelled. A closed cash day
 * refuses the row in the database (migration 0022, 409).
 */
import { eq, sql } from 'drizzle-orm';
import { todayIso } from '../../common/dates';
import { minorToNumber, minorToString, toMinor } from '../../common/devises';
import { remboursementDepasseMessage, valeurTendue, type RemboursementInput } from '../../common/schemas/encaissement';
import { lockColisOfPayment } from '../access/locks';
import { checkAgenceActive } from '../agence/service';
import type { CurrentUser } from '../auth/currentUser';
import { auteurOf, recordAudit } from '../db/audit';
import type { Db, Tx } from '../db/client';
import { colis, encaissements, historiques, modesPaiement } from '../db/schema';
import { badRequest, conflict, notFound } from '../http/errors';
import { tauxEnVigueur } from '../tauxChange/rates';
import { montantRembourseOf } from './query';
import type { Tendu } from './service';

/** The refusal of a refund of a cancelled payment. */
const PAIEMENT_ANNULE = 'Cet encaissement a été annulé : il ne peut pas être remboursé.';
/** The refusal of a refund of a refund. */
const DEJA_REMBOURSEMENT = 'Cette ligne est un remboursement : seul un encaissement peut être remboursé.';

/** What rembourserEncaissement answers: the refund, what its payment may still give back and the parcel's amounts. */
export type Remboursement = {
  id: string;
  /** The amount given back (positive; the row holds its opposite), in `devise`. */
  montant: number;
  /** The payment's currency, its parcel's. */
  devise: string;
  /** What was given back in another currency (positive), and that currency; null when in `devise`. */
  montantTendu: number | null;
  deviseTendue: string | null;
  /** The conversion difference booked on the refund row (its sign: the row's), in `devise`; 0 when none. */
  ecartConversion: number;
  /** The refunded payment. */
  rembourseID: string;
  /** What the payment may still give back after this refund. */
  remboursable: number;
  /** The parcel's new settled and remaining amounts. */
  reglement: number;
  resteAPayer: number;
};

/**
 * What a refund gives back, valued in the payment's currency (docs/decisions/refunds-and-cash.md "Amounts";
 * docs/decisions/currencies.md "The last minor units"): `input.montant` in `input.deviseTendue`, which defaults to the
 * currency the payment was received in. In the payment's own currency, the amount itself; in the currency it was
 * received in, at the payment's own rates; in a third one, at today's. The settling amount of what remains refundable
 * (common/schemas/encaissement.ts soldeTenduMinor) gives it all back, its conversion difference booked.
 * @returns the amount in minor units of the payment's currency (positive), and, for another currency, the row's
 *   tendered fields (negative amount and difference, as the row holds them)
 * @throws 409 a currency without a rate today (a third currency)
 */
async function valeurRemboursee(
  tx: Tx,
  input: RemboursementInput,
  payment: typeof encaissements.$inferSelect,
  remboursable: bigint,
): Promise<{ montant: bigint; tendu: Tendu | null }> {
  const devise = payment.devise;
  const deviseTendue = input.deviseTendue ?? payment.deviseTendue ?? devise;
  if (deviseTendue === devise) return { montant: toMinor(input.montant, devise), tendu: null };
  const propres = deviseTendue === payment.deviseTendue && payment.tauxTendu && payment.tauxColis;
  const tauxTendu = propres ? payment.tauxTendu! : await tauxEnVigueur(tx, deviseTendue, todayIso());
  const tauxColis = propres ? payment.tauxColis! : await tauxEnVigueur(tx, devise, todayIso());
  const rendu = toMinor(input.montant, deviseTendue);
  const reste = minorToString(remboursable > 0n ? remboursable : 0n, devise);
  const valeur = valeurTendue({ deviseTendue, devise, tauxTendu, tauxColis, montant: minorToString(rendu, deviseTendue), reste })!;
  return {
    montant: valeur.montant,
    tendu: {
      montantTendu: minorToString(-rendu, deviseTendue),
      deviseTendue,
      tauxTendu,
      tauxColis,
      ecartConversion: minorToString(-valeur.ecart, devise),
    },
  };
}

/**
 * Refunds `input.montant` of a payment (POST encaissement/rembourser/{id}), in one transaction with its parcel locked
 * (then the payment), as every writer of a parcel's payments does.
 * The payment must be within the user's payments scope (its parcel's agency or destination: colisAgenceScope), not
 * cancelled and not itself a refund. The amount is given back in `input.deviseTendue` (by default the currency the
 * payment was received in) and counts in that currency's drawer line; valued in the payment's currency (valeurRemboursee)
 * and rounded half away from zero to its minor unit, it is above 0 and, with the payment's other refunds, not above
 * the payment. The refund is the refunding user's agency's (the payment's for a role bound to none), which must be active; its payer is the payment's. A deactivated
 * parcel may be refunded: money back is never blocked (docs/decisions/inactive-parcel-payments.md). The parcel's
 * history gets an entry (status unchanged, read as this refund: docs/decisions/payment-history.md) and the audit journal a 'create' of an 'encaissement' holding the refund.
 * @returns the refund (id, amount given back in the payment's currency, that currency, what was given back in another
 *   and the conversion difference), what the payment may still give back, the parcel's amounts
 * @throws 404 unknown payment; 403 a payment of another agency's parcel; 400 an amount not above 0 once rounded or an
 *   unknown payment mode; 409 a cancelled payment, a refund, an amount above what is left refundable
 *   (remboursementDepasseMessage), a deactivated agency, a currency without a rate today, or a closed cash day (the
 *   database's, migration 0022)
 */
export async function rembourserEncaissement(
  db: Db,
  paymentID: string,
  input: RemboursementInput,
  user: CurrentUser,
): Promise<Remboursement> {
  return db.transaction(async (tx) => {
    const [seen] = await tx.select({ colisID: encaissements.colisID }).from(encaissements).where(eq(encaissements.id, paymentID));
    if (!seen) throw notFound('Encaissement introuvable.');
    const parcel = await lockColisOfPayment(tx, seen.colisID, user);
    const [payment] = await tx.select().from(encaissements).where(eq(encaissements.id, paymentID)).for('update');
    if (payment.deletedAt) throw conflict(PAIEMENT_ANNULE);
    if (payment.rembourseID) throw conflict(DEJA_REMBOURSEMENT);
    const devise = payment.devise;
    const remboursable = toMinor(payment.montantEncaisse, devise) - toMinor(await montantRembourseOf(tx, payment.id), devise);
    const { montant, tendu } = await valeurRemboursee(tx, input, payment, remboursable);
    if (montant <= 0n) throw badRequest('Le montant remboursé doit être supérieur à 0.', { montant: 'Montant invalide' });
    if (montant > remboursable) {
      const message = remboursementDepasseMessage(minorToString(remboursable, devise), devise);
      throw conflict(message, { montant: message });
    }
    const [mode] = await tx.select({ id: modesPaiement.id }).from(modesPaiement).where(eq(modesPaiement.id, input.modePaiementID));
    if (!mode) throw badRequest('Le mode de paiement est obligatoire.', { modePaiementID: 'Le mode de paiement est obligatoire' });
    const agenceID = user.agenceID ?? payment.agenceID ?? parcel.agenceID;
    await checkAgenceActive(tx, agenceID);

    const montantEncaisse = minorToString(-montant, devise);
    const reglement = minorToString(toMinor(parcel.reglement, devise) - montant, devise);
    const resteAPayer = minorToString(toMinor(parcel.resteAPayer, devise) + montant, devise);
    const [created] = await tx
      .insert(encaissements)
      .values({
        colisID: parcel.id,
        agenceID,
        paymentby: payment.paymentby,
        montantEncaisse,
        montantRestant: resteAPayer,
        modePaiementID: mode.id,
        auteurID: user.id,
        rembourseID: payment.id,
        motif: input.motif,
        ...(tendu ?? {}),
      })
      .returning({ id: encaissements.id });
    await tx.update(colis).set({ reglement, resteAPayer }).where(eq(colis.id, parcel.id));
    // At the refund's own instant (now(): its created_at): the history reads it as this refund (docs/decisions/payment-history.md).
    await tx.insert(historiques).values({
      colisID: parcel.id,
      statutAvantID: parcel.statutID,
      statutApresID: parcel.statutID,
      auteurID: user.id,
      dateAction: sql`now()`,
    });
    await recordAudit(tx, {
      entite: 'encaissement',
      entiteID: created.id,
      action: 'create',
      ...auteurOf(user),
      apres: {
        colis: parcel.reference,
        colisID: parcel.id,
        rembourseID: payment.id,
        montantEncaisse,
        devise,
        ...(tendu ?? {}),
        modePaiementID: mode.id,
        motif: input.motif,
        reglement,
        resteAPayer,
      },
    });
    return {
      id: created.id,
      montant: minorToNumber(montant, devise),
      devise,
      montantTendu: tendu ? -Number(tendu.montantTendu) : null,
      deviseTendue: tendu?.deviseTendue ?? null,
      ecartConversion: tendu ? Number(tendu.ecartConversion) : 0,
      rembourseID: payment.id,
      remboursable: minorToNumber(remboursable - montant, devise),
      reglement: Number(reglement),
      resteAPayer: Number(resteAPayer),
    };
  });
}
