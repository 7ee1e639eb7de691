/**
 * The end of a parcel's journey (spec 000 §4 Parcel statuses / payment; an extension: spec 000 names RETIRE and LIVRE
 * without their calls): at destination an arrived parcel (EXPEDIE) is picked up (RETIRE) or delivered (LIVRE) once
 * fully paid, the remaining amount possibly collected in the same step.
 */
import { COLIS_MESSAGES, COLLECTION_PAYER, canFinishColis, type ColisFinishTarget } from '../../common/colisRules';
import { toCents } from '../../common/money';
import type { CurrentUser } from '../auth/currentUser';
import type { Db } from '../db/client';
import { conflict } from '../http/errors';
import { recordEncaissement } from '../encaissement/service';
import { statutCodeOf, statutIds, statutsByCode } from '../statut/query';
import { lockColis } from '../access/locks';
import { moveColis } from './statutChange';
import type { FinishInput } from '../../common/schemas/colis';

/**
 * Ends the journey of an arrived parcel (EXPEDIE → RETIRE picked up at the agency, or LIVRE delivered), refused
 * while money remains unless the remaining amount is collected in the same step.
 */
export async function finishColis(
  db: Db,
  id: string,
  to: ColisFinishTarget,
  encaissement: FinishInput | undefined,
  user: CurrentUser,
): Promise<void> {
  const idOf = await statutIds(db);
  const statuts = await statutsByCode(db);
  await db.transaction(async (tx) => {
    const row = await lockColis(tx, { id }, user);
    if (!canFinishColis(statutCodeOf(statuts, row.statutID))) throw conflict(COLIS_MESSAGES.finishRefused(to));
    if (toCents(row.resteAPayer) > 0n) {
      if (!encaissement?.modePaiementID) {
        throw conflict('Le colis doit être entièrement payé : encaissez le reste à payer dans la même opération.', {
          modePaiementID: 'Le mode de paiement est obligatoire',
        });
      }
      await recordEncaissement(
        tx,
        { ...row },
        {
          montant: row.resteAPayer,
          modePaiementID: encaissement.modePaiementID,
          paymentby: encaissement.paymentby ?? COLLECTION_PAYER,
          author: user,
          agenceID: user.agenceID,
        },
      );
    }
    await moveColis(tx, {
      colisIds: [row.id],
      fromStatutIds: [row.statutID],
      toStatutId: idOf(to),
      author: user,
      message: to === 'RETIRE' ? 'votre colis a été retiré en agence' : 'votre colis a été livré',
    });
  });
}
