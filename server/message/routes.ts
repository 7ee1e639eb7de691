/**
 * message/sendbyEmail (spec 000 §7, 001 §7): a text message from a member of staff to a person the business knows,
 * queued in the outbox (docs/architecture.md §4) and kept in the messages table. Key addMessage.
 * Limited to what the spec needs (issue "Nothing lost, nobody in" §2): the content is text (any HTML is shown as
 * typed, never interpreted), the recipient must be a registered user (client or staff), and each sender is
 * throttled (MESSAGE_POLICY). Codes and passwords are never sent through this call: the server mails them itself.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TYPE_USER_CODES } from '../../common/permissions';
import { takeAttempt, type ThrottlePolicy } from '../auth/throttle';
import { requiredText } from '../crud/fields';
import type { Db } from '../db/client';
import { messages, typeUsers, users } from '../db/schema';
import { badRequest } from '../http/errors';
import { enqueueMail, escapeHtml } from '../mail/outbox';
import { currentUser } from '../auth/currentUser';
import { answers } from '../http/answer';

/** Messages one member of staff may send: 30 an hour, then one a minute, doubling up to an hour. */
export const MESSAGE_POLICY: ThrottlePolicy = { free: 30, baseMs: 60_000, maxMs: 3_600_000, windowMs: 3_600_000 };

const body = z.object({
  email: z.string({ error: "L'email est obligatoire" }).trim().pipe(z.email('Email invalide !')),
  subject: requiredText("L'objet est obligatoire", 200),
  htmlContent: requiredText('Le message est obligatoire', 10_000),
});

/** Text → safe HTML: escaped, line breaks kept. */
const textToHtml = (text: string) => escapeHtml(text).replace(/\r?\n/g, '<br>');

/** Registers message/sendbyEmail. @throws 400 unknown recipient, 429 too many messages */
export function registerMessageRoutes(app: FastifyInstance, db: Db) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post('/api/message/sendbyEmail', { schema: { tags: ['message'], body, response: answers } }, async (request) => {
      const me = currentUser(request);
      const { email, subject, htmlContent } = request.body;
      const [recipient] = await db
        .select({ id: users.id, email: users.email, typeCode: typeUsers.code })
        .from(users)
        .innerJoin(typeUsers, eq(users.typeUserID, typeUsers.id))
        .where(and(sql`lower(${users.email}) = lower(${email})`, eq(users.isActive, true)))
        .limit(1);
      if (!recipient?.email) {
        throw badRequest("Destinataire inconnu : un message ne part qu'à un client ou un membre du personnel enregistré.", {
          email: 'Destinataire inconnu',
        });
      }
      await takeAttempt(db, [{ key: `message:user:${me.id}`, policy: MESSAGE_POLICY }], 'messages envoyés');
      await db.transaction(async (tx) => {
        await tx.insert(messages).values({
          typeDestinataire: recipient.typeCode === TYPE_USER_CODES.CLIENT ? 'CLIENT' : 'PERSONNEL',
          destinataires: recipient.email!,
          sujet: subject,
          message: htmlContent,
          auteurID: me.id,
        });
        await enqueueMail(tx, { to: recipient.email!, subject, html: `<p>${textToHtml(htmlContent)}</p>` });
      });
      return { success: true, message: 'Message envoyé avec succès' };
    });
}
