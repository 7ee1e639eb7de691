/**
 * The end of a parcel's journey (spec 000 §4 Parcel statuses / payment; an extension: spec 000 names RETIRE and LIVRE
 * without their calls): at destination an arrived parcel (EXPEDIE) is picked up (RETIRE) or delivered (LIVRE) once
 * fully paid, the remaining amount possibly collected in the same step — in the parcel's currency or tendered in
 * another, valued as encaissement/create values it (server/encaissement/service.ts montantOfPayment,
 * docs/decisions/currencies.md "The last minor units").
 */
import { COLIS_MESSAGES, COLLECTION_PAYER, canFinishColis, type ColisFinishTarget } from '../../common/colisRules';
import { todayIso } from '../../common/dates';
import { toMinor } from '../../common/devises';
import { formatMontant } from '../../common/format';
import { REMISE_METHODE_LABELS } from '../../common/remiseRules';
import type { CurrentUser } from '../auth/currentUser';
import type { Db } from '../db/client';
import { conflict } from '../http/errors';
import { montantOfPayment, recordEncaissement } from '../encaissement/service';
import { statutCodeOf, statutIds, statutsByCode } from '../statut/query';
import { lockColis } from '../access/locks';
import { closeCodeRetrait, verifyCodeRetrait } from './codeRetrait';
import { lockAtDestination } from '../access/destination';
import { recordRemise } from './remise';
import { moveColis } from './statutChange';
import type { FinishInput } from '../../common/schemas/colis';

/** The refusal of an end of journey while money remains and no payment mode is given. */
const PAIEMENT_REQUIS = 'Le colis doit être entièrement payé : encaissez le reste à payer dans la même opération.';

/**
 * Ends the journey of an arrived parcel (EXPEDIE → RETIRE picked up at the agency, or LIVRE delivered), refused
 * while money remains unless the remaining amount is collected in the same step: `encaissement.deviseTendue` (default
 * the parcel's currency) says the currency received, `encaissement.montantTendu` (default: the settling amount of that
 * currency) the amount shown to the client, which must settle the parcel; the payment is the collecting user's
 * agency's, paid by `encaissement.paymentby` (default COLLECTION_PAYER). Only the staff of the parcel's destination
 * agency (access/destination.ts) and the roles that see every agency hand it over; the body proves who takes it
 * (common/remiseRules.ts missingProof, checked by the route's schema): `encaissement.codeRetrait` is checked first
 * (colis/codeRetrait.ts verifyCodeRetrait); the release closes the parcel's code whatever the proof, and the release's record (colis/remise.ts
 * recordRemise) is written in the same transaction.
 * @throws 404 outside the destination agency; 400 a malformed signature or photo; 409 a wrong, locked or missing
 *   release code, a proxy unknown or whose document does not match, a parcel that cannot end its journey, money
 *   remaining without a payment mode, an amount that does not settle the parcel (the settling amount said), a
 *   currency without a rate today
 */
export async function finishColis(db: Db, id: string, to: ColisFinishTarget, encaissement: FinishInput, user: CurrentUser): Promise<void> {
  const idOf = await statutIds(db);
  const statuts = await statutsByCode(db);
  // A code typed is checked first, in its own transaction: a wrong one stays counted (colis/codeRetrait.ts).
  if (encaissement.codeRetrait) await verifyCodeRetrait(db, id, encaissement.codeRetrait, user);
  await db.transaction(async (tx) => {
    // Only its destination agency hands a parcel over (docs/decisions/release-proof.md): anyone else reads 404.
    await lockAtDestination(tx, id, user);
    const row = await lockColis(tx, { id }, user);
    if (!canFinishColis(statutCodeOf(statuts, row.statutID))) throw conflict(COLIS_MESSAGES.finishRefused(to));
    if (toMinor(row.resteAPayer, row.devise) > 0n) {
      if (!encaissement?.modePaiementID) throw conflict(PAIEMENT_REQUIS, { modePaiementID: 'Le mode de paiement est obligatoire' });
      const { montant, tendu } = await montantOfPayment(tx, encaissement, row, todayIso());
      if (toMinor(montant, row.devise) !== toMinor(row.resteAPayer, row.devise)) {
        // The amount shown was not the settling one (a rate entered meanwhile): say the one that settles it.
        const { tendu: solde } = await montantOfPayment(tx, { deviseTendue: encaissement.deviseTendue }, row, todayIso());
        const reste = solde ? formatMontant(solde.montantTendu, solde.deviseTendue) : formatMontant(row.resteAPayer, row.devise);
        const message = `${PAIEMENT_REQUIS} Reste à payer : ${reste}.`;
        throw conflict(message, { montantTendu: message });
      }
      await recordEncaissement(
        tx,
        { ...row },
        {
          montant,
          modePaiementID: encaissement.modePaiementID,
          paymentby: encaissement.paymentby ?? COLLECTION_PAYER,
          author: user,
          agenceID: user.agenceID,
          tendu,
        },
      );
    }
    // The release's record first: a proxy's document that does not match refuses the release (colis/remise.ts).
    const methode = await recordRemise(tx, {
      colisID: row.id,
      statut: to,
      user,
      proof: encaissement,
      codeUsed: !!encaissement.codeRetrait,
    });
    await moveColis(tx, {
      colisIds: [row.id],
      fromStatutIds: [row.statutID],
      toStatutId: idOf(to),
      author: user,
      message: to === 'RETIRE' ? 'votre colis a été retiré en agence' : 'votre colis a été livré',
      motif: `remis : ${REMISE_METHODE_LABELS[methode]}`,
    });
    await closeCodeRetrait(tx, row.id);
  });
}
