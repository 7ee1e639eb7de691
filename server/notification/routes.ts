/**
 * Notifications (spec 000 §7, 001 §7): a notice from staff to the sender or the recipient of a parcel
 * (notification/create), and a message to clients by e-mail (notification/contactClients, the 'Nouveau message' form).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../auth/currentUser';
import type { Db } from '../db/client';
import { answers, envelope, id, messageAnswer } from '../http/answer';
import { contactClients, createNotification } from './service';
import { contactClientsBody, notificationBody } from '../../common/schemas/message';

/** The answer of notification/contactClients: the server message and the counts. */
const contactClientsOk = envelope({
  message: z.string(),
  data: z.looseObject({
    messageId: id,
    clients: z.number().int().describe('clients the message is for'),
    emailsEnFile: z.number().int().describe('mails queued in the outbox (one per distinct address)'),
    clientsSansEmail: z.number().int().describe('clients without an e-mail address (not reached)'),
  }),
});

/** The French message of a sent message: what was queued, and who was not reached. */
function contactClientsMessage(r: { emailsEnFile: number; clientsSansEmail: number }): string {
  const sent = `Message envoyé : ${r.emailsEnFile} e-mail${r.emailsEnFile > 1 ? 's' : ''} en file d'envoi.`;
  if (r.clientsSansEmail === 0) return sent;
  const s = r.clientsSansEmail > 1 ? 's' : '';
  return `${sent} ${r.clientsSansEmail} client${s} sans adresse e-mail non contacté${s}.`;
}

/** The notification routes. */
export async function notificationRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/api/notification/create',
      { schema: { tags: ['notification'], body: notificationBody, response: answers({ 200: messageAnswer }) } },
      async (request) => {
        await createNotification(db, request.body, currentUser(request));
        return { success: true, message: 'Notification envoyée' };
      },
    )
    .post(
      '/api/notification/contactClients',
      { schema: { tags: ['notification'], body: contactClientsBody, response: answers({ 200: contactClientsOk }) } },
      async (request) => {
        const result = await contactClients(db, request.body, currentUser(request));
        return { success: true, message: contactClientsMessage(result), data: { ...result } };
      },
    );
}
