/**
 * Schemas of the messaging calls and form (spec 001 §2 Messaging, §4 recipient type, §5 "subject required, at most 30
 * characters; message required; a selected recipient is required for individuel and depart", §7 message/sendbyEmail,
 * notification/create, notification/contactClients): the bodies, with their French messages. The server's routes
 * validate the bodies with them (server/message/routes.ts, server/notification/routes.ts) and the 'Nouveau message'
 * form with `formResolver(contactClientsBody)` (src/kit/formResolver.ts, src/messagerie/MessageCreate.tsx), so a rule
 * is written once.
 *
 * The form's raw values are accepted: '' for an empty text, null for an empty selection.
 */
import { z } from 'zod';
import { EMAIL_INVALIDE, requiredEmail, requiredId, requiredText } from './fields';
import { CANAUX_ENVOI } from '../canal';

/**
 * Recipient types of the messaging form (spec 001 §4): every client, one client, the clients of a departure. The
 * screen's list is src/messagerie/messagerieMethods.ts's, kept apart so that the app's dataProvider does not load zod.
 */
const TYPES_DESTINATAIRE = ['tous', 'individuel', 'depart'] as const;

/** Longest subject of a message (spec 001 §5, §9). */
const SUJET_MAX = 30;

/** Messages of the messaging rules. */
export const MESSAGE_MESSAGES = {
  email: "L'email est obligatoire",
  emailInvalid: EMAIL_INVALIDE,
  sujet: "L'objet est obligatoire",
  sujetMax: `L'objet ne doit pas dépasser ${SUJET_MAX} caractères`,
  message: 'Le message est obligatoire',
  typeDestinataire: 'Le type de destinataire est invalide',
  destinataires: 'Destinataire invalide',
  client: 'Veuillez sélectionner un client',
  depart: 'Veuillez sélectionner un départ',
} as const;

const M = MESSAGE_MESSAGES;

/** Body of message/sendbyEmail: a text message to one address. */
export const messageBody = z.object({
  email: requiredEmail(M.email),
  subject: requiredText(M.sujet, 200),
  htmlContent: requiredText(M.message, 10_000),
});
export type MessageInput = z.infer<typeof messageBody>;

/** Body of notification/create: a notice about a parcel to its sender or recipient. */
export const notificationBody = z.object({
  message: requiredText(M.message, 1000),
  receiverID: requiredId('Le destinataire est obligatoire'),
  colisID: requiredId('Le colis est obligatoire'),
});
export type NotificationInput = z.infer<typeof notificationBody>;

/**
 * Body of notification/contactClients, and the 'Nouveau message' form: a message to clients by e-mail or SMS. `destinataires`
 * is 'tous' (or absent, or null) for every client, the client's or the departure's id otherwise; a missing selection
 * for 'individuel' or 'depart' is reported on `destinataires` even when other fields are wrong too.
 */
export const contactClientsBody = z
  .object({
    typeDestinataire: z.enum(TYPES_DESTINATAIRE, { error: M.typeDestinataire }).default('tous'),
    destinataires: z.string({ error: M.destinataires }).trim().max(60, M.destinataires).nullish(),
    sujet: z.string({ error: M.sujet }).trim().min(1, M.sujet).max(SUJET_MAX, M.sujetMax),
    message: requiredText(M.message, 10_000),
    /** 'email' (default of the call), 'sms', or 'auto' (each client's choice): docs/decisions/sms-channel.md. */
    canal: z.enum(CANAUX_ENVOI, { error: 'Le canal est invalide' }).optional(),
    /** Counts only (the form's preview before sending): nothing is stored or sent. */
    apercu: z.boolean().optional(),
  })
  .superRefine(
    (body, ctx) => {
      if (body.typeDestinataire === 'tous') return;
      if (!z.uuid().safeParse(body.destinataires).success) {
        ctx.addIssue({ code: 'custom', path: ['destinataires'], message: body.typeDestinataire === 'depart' ? M.depart : M.client });
      }
    },
    // Runs whenever the body is an object and the type and the selection are themselves valid, whatever the subject and
    // message (a body that is not an object fails at the root, path []).
    {
      when: (payload) => !payload.issues.some((i) => !i.path?.length || i.path[0] === 'typeDestinataire' || i.path[0] === 'destinataires'),
    },
  );
export type ContactClientsInput = z.infer<typeof contactClientsBody>;
