/**
 * Request schemas of the notification routes (notification/routes.ts): the bodies a client sends to notification/create
 * and notification/contactClients, as zod validates them, and the input types notification/service.ts takes. The
 * answers' schemas stay in routes.ts.
 */
import { z } from 'zod';
import { requiredId, requiredText } from '../crud/fields';

/** Body of notification/create: a notice about a parcel to its sender or recipient. */
export const notificationBody = z.object({
  message: requiredText('Le message est obligatoire', 1000),
  receiverID: requiredId('Le destinataire est obligatoire'),
  colisID: requiredId('Le colis est obligatoire'),
});
export type NotificationInput = z.infer<typeof notificationBody>;

/** Recipient types of the messaging form (spec 001 §4): every client, one client, the clients of a departure. */
export const TYPES_DESTINATAIRE = ['tous', 'individuel', 'depart'] as const;

/** Longest subject of a message (spec 001 §5, §9). */
export const SUJET_MAX = 30;

/** Body of notification/contactClients (the 'Nouveau message' form): a message to clients by e-mail. */
export const contactClientsBody = z
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
