/**
 * Notifications of parcels (spec 000 §4, §7 notification/create): a notice to a parcel's sender and recipient, kept
 * as a notification row each and sent through the outbox by each client's channel (common/canal.ts canalPour: e-mail,
 * or SMS with a short French text and the tracking link; docs/decisions/sms-channel.md). Runs inside the caller's
 * transaction: status moves (colis/statutChange.ts), payments (encaissement/service.ts) and notification/create.
 * Messages to clients (notification/contactClients) by e-mail, SMS or each client's choice.
 */
import { inArray } from 'drizzle-orm';
import { canalPour, type CanalEnvoi, type ClientJoignable } from '../../common/canal';
import { SMS_MAX_PARTS, smsSize } from '../../common/sms';
import { lockColis } from '../access/locks';
import type { CurrentUser } from '../auth/currentUser';
import { takeAttempt } from '../auth/throttle';
import type { Db, Tx } from '../db/client';
import { messages, notifications, users } from '../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import { enqueueMail, escapeHtml, textToHtml, type OutgoingMail } from '../mail/outbox';
import { smsChannelOn } from '../sms/channel';
import { MESSAGE_POLICY } from '../message/service';
import { suiviUrl } from '../suivi/link';
import { allClients, clientsOfEnvoi, oneClient, recipientColumns, visibleEnvoi, type Recipient } from './query';
import type { ContactClientsInput, NotificationInput } from '../../common/schemas/message';

/** A parcel as a notification reads it: its reference, its agency, its parties and the free-text recipient's e-mail. */
export interface NotifiedColis {
  id: string;
  reference: string;
  /** The agency that registered it: its notices' mails belong to it (docs/decisions/mail-and-lock-scope.md, rule 2). */
  agenceID: string;
  expediteurID: string | null;
  destinataireID: string | null;
  emailDestinataire: string | null;
  /** Public tracking token (docs/decisions/public-tracking.md): the mail links to the parcel's tracking page. */
  suiviToken: string;
}

/**
 * What notifying parcels writes (pure): a notification row for the sender and the recipient of each, and to each
 * party one notice by its channel (common/canal.ts canalPour with 'auto': the client's choice) — an e-mail to its
 * address, or an SMS (colisSms) to its number — with the link to the parcel's public tracking page
 * (docs/decisions/public-tracking.md, server/suivi/link.ts). The e-mail typed for the recipient (`emailDestinataire`)
 * is the recipient's e-mail, never a second channel: the registered recipient's own e-mail first, else the typed one
 * (a client stored without it, another user having it); a recipient without a client record (no phone) is reached at
 * the typed e-mail (docs/decisions/sms-channel.md "Notices"). The link is in the mail or SMS only, not in the row.
 * Each belongs to the parcel's agency (`agenceID`), never read from its subject.
 * SQL twin: a registration writes the same rows in its statement (colis/registrationWrite.ts, CTEs `notif` and `mail`,
 * e-mail only); tests/server/colis.test.ts ("parties of a registration") holds them equal while the SMS channel is off.
 * @param clients each registered party (receiver id → e-mail, number, preferred channel, opt-out)
 * @param smsActif whether the SMS channel is on (server/sms/channel.ts)
 */
function colisNotices(colis: NotifiedColis[], message: string, clients: ReadonlyMap<string, ClientJoignable>, smsActif: boolean) {
  const rows = colis.flatMap((c) =>
    [c.expediteurID, c.destinataireID].filter((r): r is string => !!r).map((receiverID) => ({ receiverID, colisID: c.id, message })),
  );
  const mails = colis.flatMap((c): OutgoingMail[] => {
    const to = new Map<string, string | null>();
    const phones = new Map<string, string>();
    for (const id of [c.expediteurID, c.destinataireID]) {
      const found = id ? clients.get(id) : undefined;
      if (!id || !found) continue;
      const client = id === c.destinataireID && !found.email?.trim() ? { ...found, email: c.emailDestinataire } : found;
      const canal = canalPour(client, 'auto', smsActif);
      if (canal === 'email' && !to.has(client.email!)) to.set(client.email!, id);
      if (canal === 'sms' && !phones.has(client.telephoneComplet!)) phones.set(client.telephoneComplet!, id);
    }
    if (!c.destinataireID && c.emailDestinataire?.trim() && !to.has(c.emailDestinataire)) to.set(c.emailDestinataire, null);
    const mail = colisMail(c.reference, c.suiviToken, message);
    const text = colisSms(c.reference, c.suiviToken, message);
    return [
      ...[...to].map(([address, clientID]) => ({ to: address, ...mail, agenceID: c.agenceID, ...(clientID ? { clientID } : {}) })),
      ...[...phones].map(([phone, clientID]) => ({
        to: phone,
        subject: mail.subject,
        html: text,
        canal: 'sms' as const,
        smsParts: smsSize(text).parts,
        clientID,
        agenceID: c.agenceID,
      })),
    ];
  });
  return { rows, mails };
}

/**
 * The SMS telling a parcel's sender or recipient `message`: a short French text with the parcel's reference and its
 * tracking link (plain text; common/sms.ts decides its encoding and parts). Pure.
 */
function colisSms(reference: string, suiviToken: string, message: string): string {
  return `Colis ${reference} : ${message.trim().replace(/\.$/, '')}. Suivi : ${suiviUrl(suiviToken)}`;
}

/**
 * The e-mail telling a parcel's sender or recipient `message` (the same for each address): subject and body, with
 * the link to the parcel's public tracking page. Pure.
 * @param reference the parcel's reference (escaped here)
 * @param suiviToken its public tracking token (server/suivi/link.ts)
 */
export function colisMail(reference: string, suiviToken: string, message: string): { subject: string; html: string } {
  return {
    subject: `Colis ${reference}`,
    html: `<p>Bonjour,</p><p>${escapeHtml(message)} (colis <strong>${escapeHtml(reference)}</strong>).</p>${suiviParagraph(suiviToken)}`,
  };
}

/** Notifies sender and recipient of each parcel (colisNotices), their channels read here. */
export async function notifyColis(tx: Tx, colis: NotifiedColis[], message: string): Promise<void> {
  const ids = [...new Set(colis.flatMap((c) => [c.expediteurID, c.destinataireID]).filter((r): r is string => !!r))];
  const clients = new Map<string, ClientJoignable>();
  for (let i = 0; i < ids.length; i += 1000) {
    const found = await tx
      .select(recipientColumns)
      .from(users)
      .where(inArray(users.id, ids.slice(i, i + 1000)));
    for (const u of found) clients.set(u.id, u);
  }
  const { rows, mails } = colisNotices(colis, message, clients, smsChannelOn());
  for (let i = 0; i < rows.length; i += 1000) await tx.insert(notifications).values(rows.slice(i, i + 1000));
  await enqueueMail(tx, mails); // enqueueMail writes in batches of 1000 itself
}

/** The mail paragraph linking to a parcel's tracking page. */
function suiviParagraph(token: string): string {
  const url = escapeHtml(suiviUrl(token));
  return `<p>Suivez votre colis en ligne : <a href="${url}">${url}</a></p>`;
}

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
  const addresses = new Map<string, { to: string; clientID: string }>();
  const phones = new Map<string, string>();
  let injoignables = 0;
  for (const r of recipients) {
    const chosen = canalPour(r, canal, smsChannelOn());
    if (chosen === 'email') {
      const email = r.email!.trim();
      if (!addresses.has(email.toLowerCase())) addresses.set(email.toLowerCase(), { to: email, clientID: r.id });
    } else if (chosen === 'sms') {
      if (!phones.has(r.telephoneComplet!)) phones.set(r.telephoneComplet!, r.id);
    } else injoignables++;
  }
  const size = smsSize(input.message);
  const result = {
    clients: recipients.length,
    emailsEnFile: addresses.size,
    smsEnFile: phones.size,
    smsParties: size.parts,
    smsEncodage: size.encoding,
    injoignables,
    clientsSansEmail: injoignables,
  };
  if (input.apercu) return { messageId: null, ...result };
  if (phones.size > 0 && size.parts > SMS_MAX_PARTS) {
    throw badRequest(`Message trop long pour un SMS : ${size.parts} parties (${SMS_MAX_PARTS} au plus).`);
  }
  if (addresses.size === 0 && phones.size === 0) {
    const par =
      canal === 'sms'
        ? 'de numéro pouvant recevoir un SMS'
        : canal === 'email' || !smsChannelOn()
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
    await enqueueMail(tx, [
      ...[...addresses.values()].map(({ to, clientID }) => ({
        to,
        clientID,
        subject: input.sujet,
        html,
        messageID: row.id,
        agenceID: me.agenceID,
      })),
      ...[...phones].map(([to, clientID]) => ({
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
