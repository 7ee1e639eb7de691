/**
 * Notices and messages asked for by staff (spec 000 §7 notification/create, spec 001 §7 notification/contactClients):
 * a notice to a parcel's party (notification/dispatch.ts notifyColis, the one notice rule), and a message to clients
 * by e-mail, SMS or each client's choice (dispatch.ts reach; docs/decisions/sms-channel.md).
 */
import type { CanalEnvoi } from '../../common/canal';
import { SMS_MAX_PARTS, smsSize } from '../../common/sms';
import { lockColis } from '../access/locks';
import type { CurrentUser } from '../auth/currentUser';
import { takeAttempt } from '../auth/throttle';
import type { Db } from '../db/client';
import { messages } from '../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import { enqueue } from '../outbox/queue';
import { textToHtml } from '../outbox/channels/email';
import { channelOn } from '../outbox/channels/registry';
import { MESSAGE_POLICY } from '../message/service';
import { notifyColis, reach } from './dispatch';
import { allClients, clientsOfEnvoi, oneClient, visibleEnvoi, type Recipient } from './query';
import type { ContactClientsInput, NotificationInput } from '../../common/schemas/message';

/**
 * Sends a notice to the sender or the recipient of a parcel the user may see (spec 000 §7 notification/create).
 * @throws 403 a receiver who is neither; 403/404 the parcel
 */
export async function createNotification(db: Db, input: NotificationInput, user: CurrentUser): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockColis(tx, { id: input.colisID }, user);
    if (input.receiverID !== row.expediteurID && input.receiverID !== row.destinataireID) {
      throw forbidden("Le destinataire n'est ni l'expéditeur ni le destinataire de ce colis.");
    }
    await notifyColis(tx, [{ ...row, expediteurID: input.receiverID, destinataireID: null, emailDestinataire: null }], input.message);
  });
}

/** What notification/contactClients did (or would do, `apercu`): the message kept, what was queued per channel, who was not reached. */
export interface ContactClientsResult {
  /** The message kept; null for a preview. */
  messageId: string | null;
  /** Clients the message is for (active, within the sender's scope). */
  clients: number;
  /** Mails queued in the outbox: one per distinct e-mail address. */
  emailsEnFile: number;
  /** SMS queued in the outbox: one per distinct number. */
  smsEnFile: number;
  /** Parts of each SMS (common/sms.ts smsSize) and its encoding. */
  smsParties: number;
  smsEncodage: 'GSM7' | 'UCS2';
  /** Clients reached by neither channel (no address for the channel, 'aucun', or their number answered STOP). */
  injoignables: number;
  /** Kept for the callers of spec 001's call: the clients not reached (= injoignables). */
  clientsSansEmail: number;
}

/** The recipients of a contactClients call (by type), or the error that there are none. */
async function contactRecipients(
  db: Db,
  input: ContactClientsInput,
  me: CurrentUser,
): Promise<{ recipients: Recipient[]; destinataires: string }> {
  if (input.typeDestinataire === 'tous') return { recipients: await allClients(db, me), destinataires: 'tous' };
  if (input.typeDestinataire === 'individuel') {
    const recipients = await oneClient(db, me, input.destinataires!);
    if (recipients.length === 0) throw notFound('Client introuvable.');
    return { recipients, destinataires: input.destinataires! };
  }
  const envoi = await visibleEnvoi(db, me, input.destinataires!);
  if (!envoi) throw notFound('Départ introuvable.');
  const recipients = await clientsOfEnvoi(db, me, envoi.id);
  if (recipients.length === 0) throw conflict(`Le départ ${envoi.reference} n'a aucun client à contacter.`);
  return { recipients, destinataires: envoi.id };
}

/**
 * Sends a message to clients (spec 001 §3 Message, §4, §5, §7 notification/contactClients): 'tous' every active
 * client the sender may see, 'individuel' one client, 'depart' the senders and registered recipients of a departure's
 * parcels; an agent reaches only its agency's clients and departures (notification/query.ts). `canal` 'email' (the
 * default of the call), 'sms', or 'auto' (each client's choice): common/canal.ts canalPour. One outbox row per distinct
 * address or number, linked to the message and of its agency (the sender's), with the message in one transaction;
 * throttled per sender like message/sendbyEmail (MESSAGE_POLICY). `apercu: true` answers the counts and writes nothing
 * (no throttle either). docs/decisions/sms-channel.md.
 * @throws 400 an SMS text longer than SMS_MAX_PARTS parts; 404 a client or departure unknown or out of scope; 409
 *   nobody to write to, or nobody reachable by the channel; 429
 */
export async function contactClients(db: Db, input: ContactClientsInput, me: CurrentUser): Promise<ContactClientsResult> {
  const { recipients, destinataires } = await contactRecipients(db, input, me);
  if (recipients.length === 0) throw conflict('Aucun client à contacter.');
  const canal: CanalEnvoi = input.canal ?? 'email';
  const reached = reach(
    recipients.map((r) => ({ key: r.id, clientID: r.id, contact: r })),
    canal,
    channelOn('sms'),
  );
  const { injoignables } = reached;
  const addresses = [...reached.email.values()];
  const phones = [...reached.sms.values()];
  const size = smsSize(input.message);
  const result = {
    clients: recipients.length,
    emailsEnFile: addresses.length,
    smsEnFile: phones.length,
    smsParties: size.parts,
    smsEncodage: size.encoding,
    injoignables,
    clientsSansEmail: injoignables,
  };
  if (input.apercu) return { messageId: null, ...result };
  if (phones.length > 0 && size.parts > SMS_MAX_PARTS) {
    throw badRequest(`Message trop long pour un SMS : ${size.parts} parties (${SMS_MAX_PARTS} au plus).`);
  }
  if (addresses.length === 0 && phones.length === 0) {
    const par =
      canal === 'sms'
        ? 'de numéro pouvant recevoir un SMS'
        : canal === 'email' || !channelOn('sms')
          ? "d'adresse e-mail"
          : 'de moyen de contact';
    throw conflict(`Aucun des ${recipients.length} client(s) n'a ${par} : aucun message envoyé.`);
  }
  await takeAttempt(db, [{ key: `message:user:${me.id}`, policy: MESSAGE_POLICY }], 'messages envoyés');
  const html = `<p>${textToHtml(input.message)}</p>`;
  const messageId = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(messages)
      .values({
        typeDestinataire: input.typeDestinataire,
        destinataires,
        sujet: input.sujet,
        message: input.message,
        auteurID: me.id,
        agenceID: me.agenceID,
        nbSansEmail: injoignables,
      })
      .returning({ id: messages.id });
    await enqueue(tx, [
      ...addresses.map(({ to, clientID }) => ({
        to,
        clientID,
        subject: input.sujet,
        html,
        messageID: row.id,
        agenceID: me.agenceID,
      })),
      ...phones.map(({ to, clientID }) => ({
        to,
        clientID,
        canal: 'sms' as const,
        subject: input.sujet,
        html: input.message,
        smsParts: size.parts,
        messageID: row.id,
        agenceID: me.agenceID,
      })),
    ]);
    return row.id;
  });
  return { messageId, ...result };
}
