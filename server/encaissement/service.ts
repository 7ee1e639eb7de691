/**
 * Payments (encaissements) of parcels (spec 000 §4 Parcel payment, §7; DESIGN.md §4):
 * - recorded inside the caller's transaction on a parcel row it has locked; never more than the remaining amount;
 *   reglement and resteAPayer updated together; sender and recipient notified (recordEncaissement, also used by the
 *   parcel registration's advance and the end of the journey);
 * - a parcel EN_ATTENTE cannot be paid (common/colisRules.ts); the payment dialog collects the whole remaining amount
 *   unless an amount is given;
 * - a payment is cancelled, never deleted, by a role that sees every agency: its amount goes back to the parcel.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { COLIS_MESSAGES, isColisPayable, type PaymentBy } from '../../common/colisRules';
import { centsToString, toCents } from '../../common/money';
import { formatEuro } from '../../common/format';
import { lockColis } from '../access/locks';
import { checkAgenceActive } from '../agence/service';
import { mayDeleteEncaissement } from '../access/scopes';
import type { CurrentUser } from '../auth/currentUser';
import { auteurOf, recordAudit, type AuditAuthor } from '../db/audit';
import type { Db, Tx } from '../db/client';
import { colis, encaissements, historiques, modesPaiement } from '../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import { statutCodeFromValue } from '../statut/query';
import { encaissementInScope, encaissementsOfColis, findColisMontants } from './query';
import type { EncaissementInput } from '../../common/schemas/encaissement';
import { notifyColis } from '../notification/service';

/** The notification of a payment (spec 000 §7, text as the spec writes it). */
const encaissementMessage = (montant: number | string) =>
  `un encaissement de ${formatEuro(montant)} vient d'être d'effectué conernant votre colis`;

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
  suiviToken: string;
}

/**
 * Records a payment of `montant` euros on a locked parcel and updates its settled and remaining amounts.
 * @param opts.history also write a history entry (status unchanged) for the payment
 * Records the payment in the audit journal ('create' of an 'encaissement', docs/decisions/audit-journal.md) unless `journal` is false.
 * @returns the new reglement and resteAPayer (euros, numeric text) and the payment id
 * @throws 400 for an unknown payment mode or an amount ≤ 0; 409 above the remaining amount
 */
export async function recordEncaissement(
  tx: Tx,
  payable: PayableColis,
  opts: {
    montant: number | string;
    modePaiementID: string;
    paymentby: PaymentBy;
    /** Who collects (user id and request address). */
    author: AuditAuthor;
    agenceID?: string | null;
    historique?: boolean;
    /** False when the caller's own audit row holds the payment (a registration's or an edit's advance). */
    journal?: boolean;
  },
): Promise<{ id: string; reglement: string; resteAPayer: string }> {
  const montant = toCents(opts.montant);
  const reste = toCents(payable.resteAPayer);
  if (montant <= 0n) throw badRequest('Le montant encaissé doit être supérieur à 0.', { montantEncaisse: 'Montant invalide' });
  if (montant > reste) {
    throw conflict(
      `Le montant encaissé (${formatEuro(centsToString(montant))}) dépasse le reste à payer (${formatEuro(payable.resteAPayer)}).`,
      {
        montantEncaisse: 'Montant supérieur au reste à payer',
      },
    );
  }
  const [mode] = await tx.select({ id: modesPaiement.id }).from(modesPaiement).where(eq(modesPaiement.id, opts.modePaiementID));
  if (!mode) throw badRequest('Veuillez remplir tous les champs obligatoire.', { modePaiementID: 'Le mode de paiement est obligatoire' });
  const reglement = centsToString(toCents(payable.reglement) + montant);
  const resteAPayer = centsToString(reste - montant);
  const [created] = await tx
    .insert(encaissements)
    .values({
      colisID: payable.id,
      agenceID: opts.agenceID ?? payable.agenceID,
      paymentby: opts.paymentby,
      montantEncaisse: centsToString(montant),
      montantRestant: resteAPayer,
      modePaiementID: mode.id,
      auteurID: opts.author.id,
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
        montantEncaisse: centsToString(montant),
        paymentby: opts.paymentby,
        resteAPayer,
      },
    });
  }
  await tx.update(colis).set({ reglement, resteAPayer }).where(eq(colis.id, payable.id));
  if (opts.historique) {
    await tx
      .insert(historiques)
      .values({ colisID: payable.id, statutAvantID: payable.statutID, statutApresID: payable.statutID, auteurID: opts.author.id });
  }
  await notifyColis(tx, [payable], encaissementMessage(centsToString(montant)));
  payable.reglement = reglement;
  payable.resteAPayer = resteAPayer;
  return { id: created.id, reglement, resteAPayer };
}

/**
 * Collects a payment on a parcel the user may see (spec 000 §7 encaissement/create): the given amount, or the whole
 * remaining amount. The history records it (status unchanged). The payment is the collecting user's agency's (the
 * parcel's for a role bound to none), which must be active (docs/decisions/deactivation-dependants.md).
 * @returns the payment id and the parcel's new reglement and resteAPayer (euros, numeric text)
 * @throws 409 a parcel that cannot be paid yet (EN_ATTENTE), an amount above the remaining, or the payment's agency
 *   deactivated; 403/404 the parcel
 */
export async function createEncaissement(db: Db, input: EncaissementInput, user: CurrentUser) {
  return db.transaction(async (tx) => {
    const row = await lockColis(tx, { id: input.colisID }, user);
    if (!isColisPayable(await statutCodeFromValue(db, row.statutID))) throw conflict(COLIS_MESSAGES.notPayable);
    const agenceID = user.agenceID ?? row.agenceID;
    await checkAgenceActive(tx, agenceID);
    // The spec's make-payment dialog collects the whole remaining amount.
    const montant = input.montantEncaisse ?? Number(row.resteAPayer);
    return recordEncaissement(
      tx,
      { ...row },
      {
        montant,
        modePaiementID: input.modePaiementID,
        paymentby: input.paymentby,
        author: user,
        agenceID,
        historique: true,
      },
    );
  });
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
 * Cancels a payment: its amount goes back to the parcel (settled and remaining stay consistent with the payments
 * left), and the row stays with who cancelled it (docs/architecture.md §4).
 * @throws 403 a role that does not see every agency; 404 unknown or already cancelled
 */
export async function deleteEncaissement(db: Db, id: string, user: CurrentUser): Promise<void> {
  if (!mayDeleteEncaissement(user)) throw forbidden('Seul un administrateur peut supprimer un encaissement.');
  await db.transaction(async (tx) => {
    const [p] = await tx
      .select()
      .from(encaissements)
      .where(and(eq(encaissements.id, id), isNull(encaissements.deletedAt)))
      .for('update');
    if (!p) throw notFound('Encaissement introuvable.');
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
