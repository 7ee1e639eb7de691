/**
 * Registering a parcel (spec 000 §5, §7 colis/create; docs/architecture.md §4; docs/decisions/registration-write.md):
 * read without a lock (registrationRead.ts), planned without the database (registrationPlan.ts: the checks, the price,
 * the rows), written on the departure (registrationWrite.ts: alone, grouped with the departure's other
 * registrations, or with an advance), whose `claim` alone decides on the weight left: concurrent registrations never
 * overbook. Also the capacity alert: a departure without the weight left, told to the administrators by e-mail.
 */
import { ENVOI_MESSAGES } from '../../common/envoiRules';
import { formatKg, fullName } from '../../common/format';
import type { ColisInput } from '../../common/schemas/colis';
import type { CurrentUser } from '../auth/currentUser';
import type { Db } from '../db/client';
import type { WriteMark } from '../db/writeMarks';
import { AppError, notFound } from '../http/errors';
import { enqueue } from '../outbox/queue';
import { escapeHtml } from '../outbox/channels/email';
import { adminEmails, findColis, findEnvoiCapacity, findSignature } from './query';
import { readEnvoiRoute, readForRegistration, type RegistrationRead } from './registrationRead';
import { checkEnvoi, planRegistration, type RegistrationPlan } from './registrationPlan';
import { registerOnDeparture, registerWithAdvance } from './registrationWrite';

/** A parcel as colis/get and colis/create answer it (colis/query.ts selectColis). */
type ColisAnswer = NonNullable<Awaited<ReturnType<typeof findColis>>>;

/**
 * Registers a parcel (spec 000 §5, §7 colis/create; docs/decisions/registration-write.md): what the registration needs,
 * read in one statement without a lock; the plan, which refuses a closed or full departure, an invalid party, agency
 * or amount before any write; then its write on the departure, which claims the weight, finds or creates the sender
 * and the recipient, and inserts the parcel with its lines, history, notices and journal row. An advance
 * (reglement > 0) records the payment and moves the parcel to RECEPTIONNE in the same transaction.
 * @param mark the request's mark (its Idempotency-Key, from its route: http/idempotency.ts takeWriteMark), recorded in
 *   the transaction of the parcel's write, only if it was written (docs/decisions/idempotent-writes.md)
 * @returns the parcel as colis/get answers it: without advance made from what was read and written (no re-read), with
 *   one read back (the payment changed it)
 * @throws 400 invalid input, 403 another country's departure, 409 the departure closed or without the weight left
 *   (also when another registration took it first), the registering agency deactivated, no unit price or rate
 */
export async function createColis(db: Db, input: ColisInput, user: CurrentUser, mark?: WriteMark): Promise<ColisAnswer> {
  const read = await readForRegistration(db, input, user);
  const plan = planRegistration(input, read);
  if (plan.advance) {
    return (await registerWithAdvance(db, { ...plan, advance: plan.advance }, user, read.idOf, mark)) ?? refuseClaim(db, read, plan);
  }
  const written = (await registerOnDeparture(db, plan.write, mark)) ?? (await refuseClaim(db, read, plan));
  return { ...written.created, ...plan.refs, ...written.parties };
}

/**
 * The 409 of a registration whose departure did not take its weight (registrationWrite.ts `claim`: closed meanwhile,
 * or no longer enough weight left): checkEnvoi's message on the departure as it is now.
 * @throws 409 always
 */
async function refuseClaim(db: Db, read: RegistrationRead, plan: RegistrationPlan): Promise<never> {
  const poids = plan.write.kg;
  const now = await readEnvoiRoute(db, read.registration.envoi.id);
  checkEnvoi(read.idOf, now, poids);
  // Not reachable in READ COMMITTED (the re-read sees what refused the claim); kept as the weight refusal.
  throw new AppError(409, ENVOI_MESSAGES.poidsInsuffisant(now.reference, 0, poids), { poids: 'Poids disponible insuffisant' });
}

/**
 * Tells the administrators by e-mail that a departure the user may see has no weight left for its parcel
 * (spec 000 §2 weight check: "contact the administrators").
 * @throws 404
 */
export async function contactAdminForEnvoi(db: Db, envoiId: string, user: CurrentUser): Promise<void> {
  const e = await findEnvoiCapacity(db, envoiId, user);
  if (!e) throw notFound('Départ introuvable.');
  const me = await findSignature(db, user.id);
  await enqueue(
    db,
    (await adminEmails(db)).map((to) => ({
      to,
      subject: `Départ ${e.reference} : capacité atteinte`,
      // Weights the French way ('38,3 kg', never '38.300 kg': audit 000 B4), the name in the one order (common/format.ts).
      html: `<p>${escapeHtml(fullName(me))} (${escapeHtml(me.agence ?? 'administration')}) signale que le départ <strong>${escapeHtml(e.reference)}</strong> n'a plus assez de poids disponible (${formatKg(e.poidsReel)} enregistrés sur ${formatKg(e.poids)}).</p>`,
    })),
  );
}
