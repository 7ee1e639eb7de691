/**
 * Notifications (spec 000 §7, 001 §7): a notice from staff to the sender or the recipient of a parcel
 * (notification/create), and a message to clients by e-mail (notification/contactClients, the 'Nouveau message' form).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../auth/currentUser';
import { requiredId, requiredText } from '../crud/fields';
import type { Db } from '../db/client';
import { answers, envelope, id, messageAnswer } from '../http/answer';
import { contactClients, createNotification } from './service';

const notificationBody = z.object({
  message: requiredText('Le message est obligatoire', 1000),
  receiverID: requiredId('Le destinataire est obligatoire'),
  colisID: requiredId('Le colis est obligatoire'),
});
export type NotificationInput = z.infer<typeof notificationBody>;

/** Recipient types of the messaging form (spec 001 §4): every client, one client, the clients of a departure. */
export const TYPES_DESTINATAIRE = ['tous', 'individuel', 'depart'] as const;

/** Longest subject of a message (spec 001 §5, §9). */
export const SUJET_MAX = 30;

const contactClientsBody = z
  .object({
    typeDestinataire: z.enum(TYPES_DESTINATAIRE, { error: 'Le type de destinataire est invalide' }).default('tous'),
    /** 'tous' (or absent) for every client; the client's or the departure's id otherwise. */
    destinataires: z.string({ error: 'Destinataire invalide' }).trim().max(60, 'Destinataire invalide').optional(),
    sujet: z
      .string({ error: "L'objet est obligatoire" })
      .trim()
      .min(1, "L'objet est obligatoire")
      .max(SUJET_MAX, `L'objet ne doit pas dépasser ${SUJET_MAX} caractères`),
    message: requiredText('Le message est obligatoire', 10_000),
  })
  .superRefine((body, ctx) => {
    if (body.typeDestinataire === 'tous') return;
    if (!z.uuid().safeParse(body.destinataires).success) {
      ctx.addIssue({
        code: 'custom',
        path: ['destinataires'],
        message: body.typeDestinataire === 'depart' ? 'Veuillez sélectionner un départ' : 'Veuillez sélectionner un client',
      });
    }
  });
export type ContactClientsInput = z.infer<typeof contactClientsBody>;

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
export function contactClientsMessage(r: { emailsEnFile: number; clientsSansEmail: number }): string {
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
