/**
 * Payments (encaissements) of parcels (spec 000 §4 Parcel payment, §7 encaissement/create; DESIGN.md §4):
 * recorded inside the caller's transaction on a parcel row it has locked; never more than the remaining amount;
 * reglement and resteAPayer updated together; sender and recipient notified.
 */
import { eq } from 'drizzle-orm';
import type { PaymentBy } from '../../common/colisRules';
import { centsToString, toCents } from '../../common/money';
import { formatEuro } from '../../common/format';
import type { Tx } from '../db/client';
import { colis, encaissements, historiques, modesPaiement } from '../db/schema';
import { badRequest, conflict } from '../http/errors';
import { notifyColis } from '../notification/service';

/** The notification of a payment (spec 000 §7, text as the spec writes it). */
export const paymentMessage = (amount: number | string) =>
  `un encaissement de ${formatEuro(amount)} vient d'être d'effectué conernant votre colis`;

/** The locked parcel fields a payment needs. */
export interface PayableColis {
  id: string;
  reference: string;
  agenceID: string;
  statutID: string;
  reglement: string;
  resteAPayer: string;
  expediteurID: string | null;
  destinataireID: string | null;
  emailDestinataire: string | null;
}

/**
 * Records a payment of `montant` euros on a locked parcel and updates its settled and remaining amounts.
 * @param opts.history also write a history entry (status unchanged) for the payment
 * @returns the new reglement and resteAPayer (euros, numeric text) and the payment id
 * @throws 400 for an unknown payment mode or an amount ≤ 0; 409 above the remaining amount
 */
export async function recordPayment(
  tx: Tx,
  parcel: PayableColis,
  opts: {
    montant: number | string;
    modePaiementID: string;
    paymentby: PaymentBy;
    authorId: string;
    agenceID?: string | null;
    history?: boolean;
  },
): Promise<{ id: string; reglement: string; resteAPayer: string }> {
  const amount = toCents(opts.montant);
  const reste = toCents(parcel.resteAPayer);
  if (amount <= 0n) throw badRequest('Le montant encaissé doit être supérieur à 0.', { montantEncaisse: 'Montant invalide' });
  if (amount > reste) {
    throw conflict(
      `Le montant encaissé (${formatEuro(centsToString(amount))}) dépasse le reste à payer (${formatEuro(parcel.resteAPayer)}).`,
      {
        montantEncaisse: 'Montant supérieur au reste à payer',
      },
    );
  }
  const [mode] = await tx.select({ id: modesPaiement.id }).from(modesPaiement).where(eq(modesPaiement.id, opts.modePaiementID));
  if (!mode) throw badRequest('Veuillez remplir tous les champs obligatoire.', { modePaiementID: 'Le mode de paiement est obligatoire' });
  const reglement = centsToString(toCents(parcel.reglement) + amount);
  const resteAPayer = centsToString(reste - amount);
  const [payment] = await tx
    .insert(encaissements)
    .values({
      colisID: parcel.id,
      agenceID: opts.agenceID ?? parcel.agenceID,
      paymentby: opts.paymentby,
      montantEncaisse: centsToString(amount),
      montantRestant: resteAPayer,
      modePaiementID: mode.id,
      auteurID: opts.authorId,
    })
    .returning({ id: encaissements.id });
  await tx.update(colis).set({ reglement, resteAPayer }).where(eq(colis.id, parcel.id));
  if (opts.history) {
    await tx
      .insert(historiques)
      .values({ colisID: parcel.id, statutAvantID: parcel.statutID, statutApresID: parcel.statutID, auteurID: opts.authorId });
  }
  await notifyColis(tx, [parcel], paymentMessage(centsToString(amount)));
  parcel.reglement = reglement;
  parcel.resteAPayer = resteAPayer;
  return { id: payment.id, reglement, resteAPayer };
}
