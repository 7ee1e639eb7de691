/**
 * Notifications (spec 000 §7, 001 §7): a notice from staff to the sender or the recipient of a parcel
 * (notification/create), and a message to clients by e-mail or SMS (notification/contactClients, the 'Nouveau message'
 * form; docs/decisions/sms-channel.md).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../auth/currentUser';
import type { Db } from '../db/client';
import { toApi } from '../http/serialize';
import { channelOn } from '../outbox/channels/registry';
import { answers, dataAnswer, envelope, id, instant, messageAnswer, record } from '../../common/schemas/answer';
import { contactClients, createNotification } from './service';
import { clientNotices, setClientCanal } from './clientCanal';
import { CANAUX, CANAUX_PREFERES } from '../../common/canal';
import { contactClientsBody, notificationBody } from '../../common/schemas/message';

/** The answer of notification/contactClients: the server message and the counts. */
const contactClientsOk = envelope({
  message: z.string(),
  data: z.looseObject({
    messageId: id.nullable().describe('the message kept; null for a preview (apercu)'),
    clients: z.number().int().describe('clients the message is for'),
    emailsEnFile: z.number().int().describe('mails queued in the outbox (one per distinct address)'),
    smsEnFile: z.number().int().describe('SMS queued in the outbox (one per distinct number)'),
    smsParties: z.number().int().describe('parts of each SMS (160/153 GSM 7-bit, 70/67 UCS-2)'),
    smsEncodage: z.enum(['GSM7', 'UCS2']).describe('encoding of the SMS'),
    injoignables: z.number().int().describe('clients reached by no channel'),
    clientsSansEmail: z.number().int().describe('clients not reached (same as injoignables; kept for older callers)'),
  }),
});

/** The French message of a sent message (or of its preview): what was queued per channel, and who was not reached. */
function contactClientsMessage(
  r: { messageId: string | null; emailsEnFile: number; smsEnFile: number; injoignables: number },
  canal: string,
): string {
  const pl = (n: number) => (n > 1 ? 's' : '');
  const parts = [`${r.emailsEnFile} e-mail${pl(r.emailsEnFile)}`];
  if (r.smsEnFile > 0) parts.push(`${r.smsEnFile} SMS`);
  const sent = r.messageId ? `Message envoyé : ${parts.join(' et ')} en file d'envoi.` : `Aperçu : ${parts.join(' et ')}.`;
  if (r.injoignables === 0) return sent;
  const s = pl(r.injoignables);
  const why = canal === 'email' ? `sans adresse e-mail` : canal === 'sms' ? `sans numéro joignable par SMS` : `injoignable${s}`;
  return `${sent} ${r.injoignables} client${s} ${why} non contacté${s}.`;
}

/** A client's channel, opt-out and last notices (clientCanal.ts clientNotices). */
const clientNoticesRecord = z.object({
  canalPrefere: z.enum(CANAUX_PREFERES),
  smsStopAt: instant.nullable().describe("when the client's number answered STOP (no SMS since)"),
  notices: z.array(
    record({
      createdAt: instant,
      canal: z.enum(CANAUX),
      to: z.string(),
      subject: z.string(),
      status: z.enum(['PENDING', 'SENT', 'FAILED']),
      delivery: z.enum(['DELIVERED', 'UNDELIVERED', 'EXPIRED', 'OPTED_OUT']).nullable(),
      sentAt: instant.nullable(),
    }),
  ),
});

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
        // Without the SMS channel, 'auto' reaches by e-mail only: its refusals read as the e-mail channel's.
        const canal = request.body.canal ?? 'email';
        return {
          success: true,
          message: contactClientsMessage(result, canal === 'auto' && !channelOn('sms') ? 'email' : canal),
          data: { ...result },
        };
      },
    )
    .get(
      '/api/notification/client/:id',
      {
        schema: {
          tags: ['notification'],
          params: z.object({ id: z.uuid({ error: 'Identifiant invalide' }) }),
          response: answers({ 200: dataAnswer(clientNoticesRecord) }),
        },
      },
      async (request) => ({ success: true, data: toApi(await clientNotices(db, request.params.id, currentUser(request))) }),
    )
    .put(
      '/api/notification/client/:id/canal',
      {
        schema: {
          tags: ['notification'],
          params: z.object({ id: z.uuid({ error: 'Identifiant invalide' }) }),
          body: z.object({ canalPrefere: z.enum(CANAUX_PREFERES, { error: 'Canal préféré invalide' }) }),
          response: answers({ 200: messageAnswer }),
        },
      },
      async (request) => {
        await setClientCanal(db, request.params.id, request.body.canalPrefere, currentUser(request));
        return { success: true, message: 'Canal préféré enregistré.' };
      },
    );
}
