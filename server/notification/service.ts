/**
 * Notifications of parcels (spec 000 §4, §7 notification/create): a notice to a parcel's sender and recipient, kept
 * as a notification row each and e-mailed through the outbox to the addresses known. Runs inside the caller's
 * transaction: status moves (colis/statutChange.ts), payments (encaissement/service.ts) and notification/create.
 */
import { inArray } from 'drizzle-orm';
import { lockColis } from '../access/locks';
import type { CurrentUser } from '../auth/currentUser';
import { takeAttempt } from '../auth/throttle';
import type { Db, Tx } from '../db/client';
import { messages, notifications, users } from '../db/schema';
import { conflict, forbidden, notFound } from '../http/errors';
import { enqueueMail, escapeHtml, textToHtml } from '../mail/outbox';
import { MESSAGE_POLICY } from '../message/service';
import { suiviUrl } from '../suivi/link';
import { allClients, clientsOfEnvoi, oneClient, visibleEnvoi, type Recipient } from './query';
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
 * What notifying parcels writes (pure): a notification row for the sender and the recipient of each, and an e-mail to
 * each address known (registered client's e-mail in `emails`, or the free-text recipient e-mail) with the link to the
 * parcel's public tracking page (docs/decisions/public-tracking.md, server/suivi/link.ts). The link is in the mail only, not in the row.
 * Each mail belongs to the parcel's agency (`agenceID`), never read from its subject.
 * SQL twin: a registration writes the same rows in its statement (colis/registrationWrite.ts, CTEs `notif` and `mail`);
 * tests/server/colis.test.ts ("parties of a registration") holds them equal.
 * @param emails the e-mail of each receiver who has one (receiver id → e-mail)
 */
function colisNotices(colis: NotifiedColis[], message: string, emails: ReadonlyMap<string, string | null>) {
  const rows = colis.flatMap((c) =>
    [c.expediteurID, c.destinataireID].filter((r): r is string => !!r).map((receiverID) => ({ receiverID, colisID: c.id, message })),
  );
  const mails = colis.flatMap((c) => {
    const to = new Set<string>();
    for (const id of [c.expediteurID, c.destinataireID]) if (id && emails.get(id)) to.add(emails.get(id)!);
    if (c.emailDestinataire) to.add(c.emailDestinataire);
    const mail = colisMail(c.reference, c.suiviToken, message);
    return [...to].map((address) => ({ to: address, ...mail, agenceID: c.agenceID }));
  });
  return { rows, mails };
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

/** Notifies sender and recipient of each parcel (colisNotices), their e-mails read here. */
export async function notifyColis(tx: Tx, colis: NotifiedColis[], message: string): Promise<void> {
  const ids = [...new Set(colis.flatMap((c) => [c.expediteurID, c.destinataireID]).filter((r): r is string => !!r))];
  const emails = new Map<string, string>();
  for (let i = 0; i < ids.length; i += 1000) {
    const found = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.id, ids.slice(i, i + 1000)));
    for (const u of found) if (u.email) emails.set(u.id, u.email);
  }
  const { rows, mails } = colisNotices(colis, message, emails);
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

/** What notification/contactClients did: the message kept, the mails queued, the clients reached without an e-mail. */
export interface ContactClientsResult {
  messageId: string;
  /** Clients the message is for (active, within the sender's scope). */
  clients: number;
  /** Mails queued in the outbox: one per distinct e-mail address. */
  emailsEnFile: number;
  /** Clients without an e-mail address: nobody told them. */
  clientsSansEmail: number;
}

/**
 * Sends a message to clients by e-mail (spec 001 §3 Message, §4, §5, §7 notification/contactClients): 'tous' every
 * active client the sender may see, 'individuel' one client, 'depart' the senders and registered recipients of a
 * departure's parcels; an agent reaches only its agency's clients and departures (notification/query.ts). Stores the
 * message and queues one outbox mail per distinct address, linked to the message and of its agency (the sender's), in
 * one transaction; throttled per sender like message/sendbyEmail (MESSAGE_POLICY).
 * @throws 404 a client or departure unknown or out of scope; 409 nobody to write to, or nobody with an e-mail; 429
 */
export async function contactClients(db: Db, input: ContactClientsInput, me: CurrentUser): Promise<ContactClientsResult> {
  let recipients: Recipient[];
  let destinataires = 'tous';
  if (input.typeDestinataire === 'tous') {
    recipients = await allClients(db, me);
  } else if (input.typeDestinataire === 'individuel') {
    destinataires = input.destinataires!;
    recipients = await oneClient(db, me, destinataires);
    if (recipients.length === 0) throw notFound('Client introuvable.');
  } else {
    const envoi = await visibleEnvoi(db, me, input.destinataires!);
    if (!envoi) throw notFound('Départ introuvable.');
    destinataires = envoi.id;
    recipients = await clientsOfEnvoi(db, me, envoi.id);
    if (recipients.length === 0) throw conflict(`Le départ ${envoi.reference} n'a aucun client à contacter.`);
  }
  if (recipients.length === 0) throw conflict('Aucun client à contacter.');
  const addresses = new Map<string, string>();
  for (const r of recipients) {
    const email = r.email?.trim();
    if (email) addresses.set(email.toLowerCase(), email);
  }
  const clientsSansEmail = recipients.filter((r) => !r.email?.trim()).length;
  if (addresses.size === 0) {
    throw conflict(`Aucun des ${recipients.length} client(s) n'a d'adresse e-mail : aucun message envoyé.`);
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
        nbSansEmail: clientsSansEmail,
      })
      .returning({ id: messages.id });
    await enqueueMail(
      tx,
      [...addresses.values()].map((to) => ({ to, subject: input.sujet, html, messageID: row.id, agenceID: me.agenceID })),
    );
    return row.id;
  });
  return { messageId, clients: recipients.length, emailsEnFile: addresses.size, clientsSansEmail };
}
