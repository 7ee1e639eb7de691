/**
 * Messages from staff (spec 000 §7, 001 §7 message/sendbyEmail): a text message to a person the business knows,
 * queued in the outbox (docs/architecture.md §4) and kept in the messages table. Limited to what the spec needs
 * (issue "Nothing lost, nobody in" §2): the content is text (any HTML is shown as typed, never interpreted), the
 * recipient must be a registered, active user (client or staff), and each sender is throttled (MESSAGE_POLICY).
 * Codes and passwords are never sent this way: the server mails them itself.
 */
import { and, eq, sql } from 'drizzle-orm';
import { TYPE_USER_CODES } from '../../common/permissions';
import type { CurrentUser } from '../auth/currentUser';
import { takeAttempt, type ThrottlePolicy } from '../auth/throttle';
import type { Db } from '../db/client';
import { messages, typeUsers, users } from '../db/schema';
import { badRequest } from '../http/errors';
import { enqueueMail, textToHtml } from '../mail/outbox';
import type { MessageInput } from './routes';

/** Messages one member of staff may send: 30 an hour, then one a minute, doubling up to an hour. */
export const MESSAGE_POLICY: ThrottlePolicy = { free: 30, baseMs: 60_000, maxMs: 3_600_000, windowMs: 3_600_000 };

/** Sends a message by e-mail and keeps it. @throws 400 unknown recipient, 429 too many messages */
export async function sendMessage(db: Db, input: MessageInput, me: CurrentUser): Promise<void> {
  const { email, subject, htmlContent } = input;
  const [destinataire] = await db
    .select({ id: users.id, email: users.email, typeCode: typeUsers.code })
    .from(users)
    .innerJoin(typeUsers, eq(users.typeUserID, typeUsers.id))
    .where(and(sql`lower(${users.email}) = lower(${email})`, eq(users.isActive, true)))
    .limit(1);
  if (!destinataire?.email) {
    throw badRequest("Destinataire inconnu : un message ne part qu'à un client ou un membre du personnel enregistré.", {
      email: 'Destinataire inconnu',
    });
  }
  await takeAttempt(db, [{ key: `message:user:${me.id}`, policy: MESSAGE_POLICY }], 'messages envoyés');
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(messages)
      .values({
        typeDestinataire: destinataire.typeCode === TYPE_USER_CODES.CLIENT ? 'CLIENT' : 'PERSONNEL',
        destinataires: destinataire.email!,
        sujet: subject,
        message: htmlContent,
        auteurID: me.id,
        agenceID: me.agenceID,
      })
      .returning({ id: messages.id });
    await enqueueMail(tx, { to: destinataire.email!, subject, html: `<p>${textToHtml(htmlContent)}</p>`, messageID: row.id });
  });
}
