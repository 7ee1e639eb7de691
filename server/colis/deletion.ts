/**
 * Deleting a parcel (spec 000 §4 Parcel deletion): direct while EN_ATTENTE, else with a 4-digit code e-mailed to the
 * administrators (the route answers 202), then deleteColisWithOtp with that code. The 202 also records a deletion
 * request an administrator holding colisDeleteApprouver approves (approveDeletionRequest) or refuses with a reason
 * (refuseDeletionRequest) in the application (docs/decisions/deletion-requests.md). Every way ends in deleteLockedColis:
 * refuseIfCollected, then softDeleteColis. A deletion is soft (docs/architecture.md §4) and journaled with how it was
 * authorised. A parcel that holds collected money is not deleted, by any way, until it is refunded; its payments and
 * refunds stay listed.
 */
import { and, eq, sql } from 'drizzle-orm';
import { COLIS_EDITABLE } from '../../common/colisRules';
import { minorToString, toMinor } from '../../common/devises';
import { formatMontant } from '../../common/format';
import { checkOtp, issueOtp, voidOtp } from '../auth/otp';
import { CODE_PARCEL_POLICY, CODE_POLICY, settleAttempt, takeAttempt } from '../auth/throttle';
import type { CurrentUser } from '../auth/currentUser';
import type { Db, Tx } from '../db/client';
import { colis, demandesSuppression, envois } from '../db/schema';
import { recordAudit, auteurOf } from '../db/audit';
import { DEMANDE_SUPPRESSION_MESSAGES } from '../../common/schemas/demandeSuppression';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import { enqueue } from '../outbox/queue';
import { escapeHtml } from '../outbox/channels/email';
import { statutIds } from '../statut/query';
import { lockColis, lockDemandeSuppression } from '../access/locks';
import { demandeSuppressionScope } from '../access/scopes';
import { recordColisDeleted, type ColisDeletionWay } from './journal';
import { adminEmails } from './query';
import { lockColisAfterEnvois } from './service';

/**
 * Deletes a locked parcel softly (docs/architecture.md §4): it leaves every list and count, its weight goes back to
 * its departure, and its payments, history and lines stay, with who deleted it and when; the audit journal says who,
 * when and how the deletion was authorised (`way`). Its waiting deletion request, if any, becomes APPROUVEE, decided
 * by the deleting user (docs/decisions/deletion-requests.md): by the code or in the application, the request ends.
 */
async function softDeleteColis(
  tx: Tx,
  row: { id: string; reference: string; envoiID: string; poids: string; isActive: boolean },
  user: CurrentUser,
  way: ColisDeletionWay,
) {
  const deletedAt = new Date();
  await tx.update(colis).set({ deletedAt, deletedByID: user.id, isActive: false }).where(eq(colis.id, row.id));
  await recordColisDeleted(tx, row, deletedAt, way, user);
  await tx
    .update(envois)
    .set({ poidsReel: sql`greatest(${envois.poidsReel} - ${row.poids}::numeric, 0)` })
    .where(eq(envois.id, row.envoiID));
  await tx
    .update(demandesSuppression)
    .set({ etat: 'APPROUVEE', decideurID: user.id, decideAt: deletedAt })
    .where(and(eq(demandesSuppression.colisID, row.id), eq(demandesSuppression.etat, 'EN_ATTENTE')));
}

/**
 * The one end of every deletion way (direct, code, approved request): refuses a parcel that holds collected money,
 * else deletes it softly as `user`, journaled with `way`.
 * @param row the parcel as locked by the caller (lockColisAfterEnvois)
 * @throws 409 refuseIfCollected
 */
async function deleteLockedColis(
  tx: Tx,
  row: { id: string; reference: string; envoiID: string; poids: string; isActive: boolean; reglement: string; devise: string },
  user: CurrentUser,
  way: ColisDeletionWay,
): Promise<void> {
  refuseIfCollected(row);
  await softDeleteColis(tx, row, user, way);
}

/**
 * Refuses the deletion of a parcel that holds collected money (docs/decisions/refunds-and-cash.md "A parcel that has
 * collected money is not deleted silently"): its settled amount above 0, read on its locked row (`reglement` is the sum
 * of its payments less its refunds, cancelled ones left out: "A parcel's settled amount is always the sum of its rows
 * not cancelled").
 * @param row the parcel as locked by the caller: its settled amount and currency
 * @throws 409 'Ce colis a encaissé X : remboursez-le avant de le supprimer.' (X in the parcel's currency), with
 *   `encaisse` (a number in `devise`) and `devise` beside the message
 */
function refuseIfCollected(row: { reglement: string; devise: string }): void {
  const encaisse = toMinor(row.reglement, row.devise);
  if (encaisse <= 0n) return;
  const montant = minorToString(encaisse, row.devise);
  throw conflict(`Ce colis a encaissé ${formatMontant(montant, row.devise)} : remboursez-le avant de le supprimer.`, undefined, {
    encaisse: Number(montant),
    devise: row.devise,
  });
}

/** Outcome of a deletion request: done, or a code is needed (a new one was mailed, or the live one still holds). */
export type DeleteOutcome = { outcome: 'deleted' } | { outcome: 'otp'; newCode: boolean; expiresAt: Date };

/** Codes a parcel may get in 24 hours (each with OTP_MAX_ATTEMPTS tries): a 4-digit code cannot be guessed by re-asking. */
const DELETE_CODES_PER_DAY = 3;

/**
 * Deletes a parcel (spec 000 §4 Parcel deletion): directly while EN_ATTENTE; otherwise a 4-digit code is e-mailed
 * once to each administrator, a mail of the parcel's agency (the route answers 202), and a deletion request waits for
 * an administrator's decision in the application (one per parcel). While that code is live, asking again mails
 * nothing new.
 * @throws 403/404 for a parcel the user's agency did not register; 409 a parcel that holds collected money
 *   (refuseIfCollected); 429 beyond DELETE_CODES_PER_DAY codes
 */
export async function deleteColis(db: Db, target: { id?: string; reference?: string }, user: CurrentUser): Promise<DeleteOutcome> {
  const idOf = await statutIds(db);
  return db.transaction(async (tx): Promise<DeleteOutcome> => {
    const row = await lockColisAfterEnvois(tx, target, user);
    if (COLIS_EDITABLE.some((c) => idOf(c) === row.statutID)) {
      await deleteLockedColis(tx, row, user, 'direct');
      return { outcome: 'deleted' };
    }
    refuseIfCollected(row);
    // The request decided in the application (docs/decisions/deletion-requests.md): one waiting per parcel (the
    // partial unique index), so asking again adds none.
    await tx
      .insert(demandesSuppression)
      .values({ colisID: row.id, demandeurID: user.id, agenceID: user.agenceID ?? null })
      .onConflictDoNothing();
    const issued = await issueOtp(tx, {
      purpose: 'DELETE_COLIS',
      subjectID: row.id,
      digits: 4,
      keepLive: true,
      maxPerDay: DELETE_CODES_PER_DAY,
    });
    if (issued.code) {
      const to = await adminEmails(tx);
      await enqueue(
        tx,
        to.map((address) => ({
          to: address,
          subject: `Suppression du colis ${row.reference} : code de confirmation`,
          html: `<p>Une demande de suppression du colis <strong>${escapeHtml(row.reference)}</strong> a été faite.</p><p>Code de confirmation : <strong>${issued.code}</strong> (valable 10 minutes).</p>`,
          secret: true,
          agenceID: row.agenceID,
        })),
      );
    }
    return { outcome: 'otp', newCode: !!issued.code, expiresAt: issued.expiresAt };
  });
}

/**
 * Deletes a parcel with the code e-mailed to the administrators. The agency is checked first (another agency's
 * agent cannot spend a parcel's tries), then the attempt is counted per user across codes (CODE_POLICY, strict) and
 * per parcel from every user (CODE_PARCEL_POLICY, out of one user's reach, so that an agent failing on purpose cannot
 * keep the administrator holding the right code out: docs/decisions/imposed-lock-outs.md), then the code is checked
 * and the parcel deleted in one transaction.
 * @throws 403/404 (agency), 409 a parcel that holds collected money (refuseIfCollected), 429 (too many wrong codes),
 *   400 'suppression echouée' (wrong, expired or spent code)
 */
export async function deleteColisWithOtp(db: Db, colisId: string, code: string, user: CurrentUser): Promise<void> {
  // Money collected meanwhile is said before an attempt is counted (the code stays live for after the refund).
  await db.transaction(async (tx) => refuseIfCollected(await lockColis(tx, { id: colisId }, user, { owner: true })));
  const colisKey = `otp:colis:${colisId}`;
  const userKey = `otp:user:${user.id}`;
  await takeAttempt(
    db,
    [
      { key: colisKey, policy: CODE_PARCEL_POLICY },
      { key: userKey, policy: CODE_POLICY },
    ],
    'codes erronés',
  );
  const check = await db.transaction(async (tx) => {
    const row = await lockColisAfterEnvois(tx, { id: colisId }, user);
    refuseIfCollected(row);
    const result = await checkOtp(tx, { purpose: 'DELETE_COLIS', subjectID: colisId, code });
    if (result === 'ok') await deleteLockedColis(tx, row, user, 'otp');
    return result;
  });
  if (check !== 'ok') {
    throw badRequest(check === 'locked' ? 'suppression echouée : trop de tentatives, demandez un nouveau code.' : 'suppression echouée', {
      codeOtp: check === 'expired' ? 'Code expiré' : 'Code invalide',
    });
  }
  await settleAttempt(db, { reset: [colisKey], refund: [userKey] });
}

/** The requests' scope of a user as a boolean SQL value (demandeSuppressionScope; true: every request). */
const scope = (user: CurrentUser) => demandeSuppressionScope(user) ?? sql`true`;

/** Refuses a decision on a request already decided. @throws 409 'Cette demande de suppression a déjà été traitée.' */
function refuseIfDecided(demande: { etat: string }): void {
  if (demande.etat !== 'EN_ATTENTE') throw conflict(DEMANDE_SUPPRESSION_MESSAGES.dejaTraitee);
}

/**
 * Approves a deletion request (docs/decisions/deletion-requests.md; key colisDeleteApprouver): the parcel is deleted
 * by the same end as the code's (deleteLockedColis), as the approving user, journaled 'demande approuvée'; the request
 * becomes APPROUVEE, decided by that user. Locks in the deletion's order (departure, parcel, then the request).
 * @throws 404/403 a request unknown or of a parcel outside the user's scope (lockDemandeSuppression), 409 a request
 *   already decided, 409 a parcel that holds collected money (refuseIfCollected: the request keeps waiting)
 */
export async function approveDeletionRequest(db: Db, demandeID: string, user: CurrentUser): Promise<void> {
  await db.transaction(async (tx) => {
    // Read without a lock first (scope: 404 / 403, then the state), so that the locks are taken in the order of every
    // deletion — departure, parcel, request (softDeleteColis) — and two deciders never wait for each other.
    const [seen] = await tx
      .select({ colisID: demandesSuppression.colisID, etat: demandesSuppression.etat, visible: sql<boolean>`${scope(user)}` })
      .from(demandesSuppression)
      .where(eq(demandesSuppression.id, demandeID));
    if (!seen) throw notFound(DEMANDE_SUPPRESSION_MESSAGES.introuvable);
    if (!seen.visible) throw forbidden(DEMANDE_SUPPRESSION_MESSAGES.autreAgence);
    refuseIfDecided(seen);
    const row = await lockColisAfterEnvois(tx, { id: seen.colisID }, user);
    refuseIfDecided(await lockDemandeSuppression(tx, demandeID, user));
    await deleteLockedColis(tx, row, user, 'demande');
  });
}

/**
 * Refuses a deletion request with a reason (docs/decisions/deletion-requests.md; key colisDeleteApprouver): the
 * request becomes REFUSEE, with who decided, when and why (the agent reads it on the parcel); the parcel's live
 * deletion code is voided; journaled on the parcel. The parcel is not changed.
 * @param motif the refusal reason (checked by common/schemas/demandeSuppression.ts demandeRefusBody)
 * @throws 404/403 (lockDemandeSuppression), 409 a request already decided
 */
export async function refuseDeletionRequest(db: Db, demandeID: string, motif: string, user: CurrentUser): Promise<void> {
  await db.transaction(async (tx) => {
    const demande = await lockDemandeSuppression(tx, demandeID, user);
    refuseIfDecided(demande);
    const decideAt = new Date();
    await tx
      .update(demandesSuppression)
      .set({ etat: 'REFUSEE', decideurID: user.id, decideAt, motifRefus: motif })
      .where(eq(demandesSuppression.id, demandeID));
    await voidOtp(tx, { purpose: 'DELETE_COLIS', subjectID: demande.colisID });
    await recordAudit(tx, {
      entite: 'colis',
      entiteID: demande.colisID,
      action: 'update',
      ...auteurOf(user),
      avant: { demandeSuppression: 'EN_ATTENTE' },
      apres: { demandeSuppression: 'REFUSEE', motifRefus: motif },
    });
  });
}
