/**
 * Messages from staff (spec 000 §7, 001 §7 message/sendbyEmail): a text message to a person the business knows,
 * queued in the outbox (docs/architecture.md §4) and kept in the messages table. Limited to what the spec needs
 * (docs/decisions/security-hardening.md): the content is text (any HTML is shown as typed, never interpreted), each
 * sender is throttled (MESSAGE_POLICY) before anything is looked up, and only a recipient the sender may reach gets a
 * mail: an active client of its scope or a member of staff of its agency. Any other address is accepted and dropped,
 * with the same answer, so that the call never tells which addresses exist or belong to another agency
 * (docs/api-contract.md "Messaging"). Codes and passwords are never sent this way: the server mails them itself.
 */
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { TYPE_USER_CODES } from '../../common/permissions';
import { clientScope, staffScope } from '../access/scopes';
import type { CurrentUser } from '../auth/currentUser';
import { takeAttempt, type ThrottlePolicy } from '../auth/throttle';
import type { Db } from '../db/client';
import { messages, typeUsers, users } from '../db/schema';
import { enqueue } from '../outbox/queue';
import { textToHtml } from '../outbox/channels/email';
import type { MessageInput } from '../../common/schemas/message';

/**
 * Messages one member of staff may send (message/sendbyEmail and notification/contactClients, key
 * 'message:user:<id>'): 30 per hour of the clock, then one a minute, doubling, until that hour ends (clock window,
 * server/auth/throttle.ts: a steady sender, one message every 10 minutes, is never locked).
 */
export const MESSAGE_POLICY: ThrottlePolicy = { free: 30, baseMs: 60_000, maxMs: 3_600_000, windowMs: 3_600_000, window: 'clock' };

/**
 * The users a sender may write to by message/sendbyEmail (a condition on `users` joined with `type_users`): any for a
 * role that sees every agency; else a client of its scope (access/scopes.ts clientScope) or a member of staff of its
 * agency (staffScope).
 */
function reachableBy(me: CurrentUser): SQL | undefined {
  if (me.allAgences) return undefined;
  return or(
    and(eq(typeUsers.code, TYPE_USER_CODES.CLIENT), clientScope(me)),
    and(eq(typeUsers.code, TYPE_USER_CODES.ADMIN), staffScope(me)),
  );
}

/**
 * Sends a message by e-mail (message/sendbyEmail). The sender's attempt is counted first (MESSAGE_POLICY); then, in one
 * transaction, the recipient is looked up among the active users it may reach (reachableBy) and, when found, the
 * message is kept (messages: its type CLIENT or PERSONNEL, the address, the sender and its agency) and its mail queued.
 * An unknown, inactive or out-of-scope address writes nothing: the route answers the same.
 * @returns whether a mail was queued (for tests and logs; never told to the caller)
 * @throws 429 too many messages (French message, Retry-After), whatever the address
 */
export async function sendMessage(db: Db, input: MessageInput, me: CurrentUser): Promise<boolean> {
  const { email, subject, htmlContent } = input;
  await takeAttempt(db, [{ key: `message:user:${me.id}`, policy: MESSAGE_POLICY }], 'messages envoyés');
  return db.transaction(async (tx) => {
    const [destinataire] = await tx
      .select({ email: users.email, typeCode: typeUsers.code })
      .from(users)
      .innerJoin(typeUsers, eq(users.typeUserID, typeUsers.id))
      .where(and(sql`lower(${users.email}) = lower(${email})`, eq(users.isActive, true), reachableBy(me)))
      .limit(1);
    if (!destinataire?.email) return false;
    const [row] = await tx
      .insert(messages)
      .values({
        typeDestinataire: destinataire.typeCode === TYPE_USER_CODES.CLIENT ? 'CLIENT' : 'PERSONNEL',
        destinataires: destinataire.email,
        sujet: subject,
        message: htmlContent,
        auteurID: me.id,
        agenceID: me.agenceID,
      })
      .returning({ id: messages.id });
    await enqueue(tx, {
      to: destinataire.email,
      subject,
      html: `<p>${textToHtml(htmlContent)}</p>`,
      messageID: row.id,
      agenceID: me.agenceID,
    });
    return true;
  });
}
