/**
 * A client's channel and the notices sent to them (docs/decisions/sms-channel.md): the preferred channel (auto, sms,
 * email, aucun) read and changed from the client's form, the SMS opt-out ('STOP' from their number) shown, and the
 * last outbox rows addressed to them (e-mails and SMS, with their states). Within the caller's client scope
 * (access/scopes.ts clientScope): another agency's client answers 404.
 */
import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { TYPE_USER_CODES } from '../../common/permissions';
import type { CanalPrefere } from '../../common/canal';
import { clientScope } from '../access/scopes';
import type { CurrentUser } from '../auth/currentUser';
import { auteurOf, recordAudit } from '../db/audit';
import type { Db, Tx } from '../db/client';
import { mailOutbox, typeUsers, users } from '../db/schema';
import { notFound } from '../http/errors';
import { mailScope } from '../mail/query';

/** Notices listed on a client's details (newest first). */
const NOTICES_LIMIT = 50;

/** A client of the caller's scope: id, preferred channel, opt-out; undefined when unknown or out of scope. */
async function visibleClient(db: Db | Tx, id: string, me: CurrentUser) {
  const [row] = await db
    .select({ id: users.id, email: users.email, canalPrefere: users.canalPrefere, smsStopAt: users.smsStopAt })
    .from(users)
    .innerJoin(typeUsers, eq(users.typeUserID, typeUsers.id))
    .where(and(eq(users.id, id), eq(typeUsers.code, TYPE_USER_CODES.CLIENT), clientScope(me)));
  return row;
}

/**
 * A client's channel, opt-out and last notices (GET notification/client/{id}, key clients), those of the caller's
 * agency unless it sees every agency (mail/query.ts mailScope): the e-mails and SMS written for the client
 * (`client_id`), and the e-mails to its address written without one (a registration's notice,
 * colis/registrationWrite.ts; migration 0030's index). The bodies are never
 * listed (a notice may carry a tracking link: its token), only channel, address or number, subject and states.
 * @throws 404 a client unknown or out of the caller's scope
 */
export async function clientNotices(db: Db, id: string, me: CurrentUser) {
  const client = await visibleClient(db, id, me);
  if (!client) throw notFound('Client introuvable.');
  const notices = await db
    .select({
      id: mailOutbox.id,
      createdAt: mailOutbox.createdAt,
      canal: mailOutbox.canal,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      status: mailOutbox.status,
      delivery: mailOutbox.delivery,
      sentAt: mailOutbox.sentAt,
    })
    .from(mailOutbox)
    // A client may have parcels at several agencies: the notices of the others stay theirs (mail/liste's scope).
    .where(
      and(
        or(
          eq(mailOutbox.clientID, id),
          client.email?.trim()
            ? and(isNull(mailOutbox.clientID), sql`lower(${mailOutbox.to}) = lower(${client.email.trim()})`, eq(mailOutbox.canal, 'email'))
            : undefined,
        ),
        mailScope(me),
      ),
    )
    .orderBy(desc(mailOutbox.createdAt))
    .limit(NOTICES_LIMIT);
  return { canalPrefere: client.canalPrefere, smsStopAt: client.smsStopAt, notices };
}

/**
 * Sets a client's preferred channel (PUT notification/client/{id}/canal, key clientUpdate), audited as a change of
 * the user. @throws 404 a client unknown or out of the caller's scope
 */
export async function setClientCanal(db: Db, id: string, canalPrefere: CanalPrefere, me: CurrentUser): Promise<void> {
  await db.transaction(async (tx) => {
    const client = await visibleClient(tx, id, me);
    if (!client) throw notFound('Client introuvable.');
    if (client.canalPrefere === canalPrefere) return;
    await tx.update(users).set({ canalPrefere }).where(eq(users.id, id));
    await recordAudit(tx, {
      entite: 'user',
      entiteID: id,
      action: 'update',
      ...auteurOf(me),
      avant: { canalPrefere: client.canalPrefere },
      apres: { canalPrefere },
    });
  });
}
