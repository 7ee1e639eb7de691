/**
 * The one notice rule (docs/decisions/notice-dispatch.md; spec 000 §4, docs/decisions/sms-channel.md "Notices"): who
 * is told of a parcel's event, by which channel, in which words. Every writer of notices goes through here alike:
 * - a registration writes its notices (notifications rows, `dispatched_at` null) in its one statement
 *   (colis/registrationWrite.ts CTE `notif`), and the dispatcher (dispatchNotices, every second in each server
 *   process: startNoticeDispatcher) expands them into outbox rows afterwards;
 * - a status change, a payment and notification/create call notifyColis in their transaction, which writes the rows
 *   and expands them at once with the same expandNotices.
 * Expanding is at least once and idempotent by notice: the notices are locked (FOR UPDATE SKIP LOCKED), expanded and
 * marked in one transaction, and an outbox row names its notice (mail_outbox.notification_id, unique) and is written
 * with ON CONFLICT DO NOTHING, so a notice expanded twice is sent once.
 * Messages to clients (notification/service.ts contactClients) reach their clients by the same `reach`.
 */
import { asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { ADRESSE_DE, CANAUX, canalPour, type Canal, type CanalEnvoi, type ClientJoignable } from '../../common/canal';
import { smsSize } from '../../common/sms';
import type { Db, Tx } from '../db/client';
import { colis, notifications, users } from '../db/schema';
import { enqueue, type OutboxMessage } from '../outbox/queue';
import { repeatRounds } from '../outbox/rounds';
import { escapeHtml } from '../outbox/channels/email';
import { channelOn } from '../outbox/channels/registry';
import { suiviUrl } from '../suivi/link';
import { recipientColumns } from './query';

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

/** Someone to reach: a client (its id and what the rule reads of it), or an address of no client (`clientID` null). */
export interface Reachable<K> {
  /** What the caller keys the outcome by (a notice's id, a client's id). */
  key: K;
  clientID: string | null;
  contact: ClientJoignable;
}

/** Where `reach` sends, per channel: one entry per distinct address (an e-mail compared lower-cased), the first asker's. */
export type Reached<K> = Record<Canal, Map<string, { to: string; key: K; clientID: string | null }>> & {
  /** Askers reached by no channel ('aucun', no address for the channel, STOP). */
  injoignables: number;
};

/**
 * The rule (pure): each one by its channel (common/canal.ts canalPour: `demande` 'auto' is the client's choice), once
 * per distinct e-mail address (compared lower-cased) and per distinct number; a later asker with an address already
 * taken is reached by the earlier one's row.
 * @param smsActif whether the SMS channel is on (server/outbox/channels/registry.ts channelOn): without it an 'auto' client keeps e-mail
 */
export function reach<K>(askers: Reachable<K>[], demande: CanalEnvoi, smsActif: boolean): Reached<K> {
  const out = { ...Object.fromEntries(CANAUX.map((c) => [c, new Map()])), injoignables: 0 } as Reached<K>;
  for (const a of askers) {
    const canal = canalPour(a.contact, demande, smsActif);
    if (!canal) {
      out.injoignables++;
      continue;
    }
    const to = ADRESSE_DE[canal](a.contact);
    const key = to.toLowerCase();
    if (!out[canal].has(key)) out[canal].set(key, { to, key: a.key, clientID: a.clientID });
  }
  return out;
}

/** One notice of a parcel: the parcel, its words, and its notifications rows (a receiver each; null: the typed e-mail). */
interface ColisNotice {
  colis: NotifiedColis;
  message: string;
  /** Words told after `message` in the e-mails and SMS only, not kept in the notifications rows (where to collect it). */
  detail?: string;
  /**
   * Words told to the recipient only, after them (a release code: docs/decisions/release-code.md): never in the
   * notifications row, and their outbox row is `secret` (its body wiped once sent).
   */
  secretDestinataire?: string;
  receivers: { notificationID: string; receiverID: string | null }[];
}

/** What notifyColis tells about one parcel (ColisNotice): its words, more for the messages, more for its recipient. */
export type NoticeWords = Pick<ColisNotice, 'message' | 'detail' | 'secretDestinataire'>;

/** Sentences one after the other, each ending with one full stop. */
const sentences = (...parts: (string | undefined)[]) =>
  parts
    .filter((p): p is string => !!p?.trim())
    .map((p) => p.trim().replace(/\.$/, ''))
    .join('. ');

/**
 * The outbox rows of parcels' notices (pure): each receiver by its channel (reach with 'auto'), an e-mail
 * (colisMail) or an SMS (colisSms) with the link to the parcel's public tracking page, of the parcel's agency, naming
 * the notice it tells. The e-mail typed for the recipient (`emailDestinataire`) is the recipient's e-mail, never a
 * second channel: the registered recipient's own e-mail first, else the typed one; a receiver-less notice (a recipient
 * without client record, no phone) is reached at the typed e-mail (docs/decisions/sms-channel.md "Notices").
 * @param clients each registered receiver (id → e-mail, number, preferred channel, opt-out)
 */
function colisNotices(notices: ColisNotice[], clients: ReadonlyMap<string, ClientJoignable>, smsActif: boolean): OutboxMessage[] {
  return notices.flatMap(({ colis: c, message, detail, secretDestinataire, receivers }) => {
    // The recipient's rows: the registered recipient's, or the typed e-mail's (a receiver-less notice).
    const duDestinataire = (r: { receiverID: string | null }) => !r.receiverID || r.receiverID === c.destinataireID;
    // With words for the recipient only, the recipient asks first: an address it shares with the sender is its row.
    const ordered = secretDestinataire ? [...receivers].sort((a, b) => Number(duDestinataire(b)) - Number(duDestinataire(a))) : receivers;
    const askers = ordered.flatMap((r): Reachable<string>[] => {
      if (!r.receiverID)
        return c.emailDestinataire
          ? [{ key: r.notificationID, clientID: null, contact: { email: c.emailDestinataire, canalPrefere: 'email' } }]
          : [];
      const found = clients.get(r.receiverID);
      if (!found) return [];
      const contact = r.receiverID === c.destinataireID && !found.email?.trim() ? { ...found, email: c.emailDestinataire } : found;
      return [{ key: r.notificationID, clientID: r.receiverID, contact }];
    });
    const reached = reach(askers, 'auto', smsActif);
    const content = noticeContent(c.reference, c.suiviToken, detail ? sentences(message, detail) : message);
    const destinataire = new Set(receivers.filter(duDestinataire).map((r) => r.notificationID));
    const secret = secretDestinataire
      ? noticeContent(c.reference, c.suiviToken, sentences(message, detail, secretDestinataire))
      : undefined;
    return CANAUX.flatMap((canal) =>
      [...reached[canal].values()].map((m) => {
        const told = secret && destinataire.has(m.key) ? { ...secret[canal], secret: true } : content[canal];
        return { to: m.to, ...told, canal, notificationID: m.key, clientID: m.clientID, agenceID: c.agenceID };
      }),
    );
  });
}

/** A parcel's notice as each channel words it: the e-mail (colisMail), the SMS (colisSms, its parts announced). Pure. */
function noticeContent(
  reference: string,
  suiviToken: string,
  message: string,
): Record<Canal, Pick<OutboxMessage, 'subject' | 'html' | 'smsParts'>> {
  const mail = colisMail(reference, suiviToken, message);
  const text = colisSms(reference, suiviToken, message);
  return { email: mail, sms: { subject: mail.subject, html: text, smsParts: smsSize(text).parts } };
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
function colisMail(reference: string, suiviToken: string, message: string): { subject: string; html: string } {
  const url = escapeHtml(suiviUrl(suiviToken));
  return {
    subject: `Colis ${reference}`,
    html:
      `<p>Bonjour,</p><p>${escapeHtml(message)} (colis <strong>${escapeHtml(reference)}</strong>).</p>` +
      `<p>Suivez votre colis en ligne : <a href="${url}">${url}</a></p>`,
  };
}

/** Notices expanded per transaction of dispatchNotices. */
const DISPATCH_BATCH = 500;

/**
 * Turns notices into outbox rows by the rule (colisNotices), their receivers' channels read here, on `tx`; with `mark`,
 * marks them dispatched (the dispatcher's; notifyColis writes its notices marked).
 */
async function expandNotices(tx: Tx, notices: ColisNotice[], mark: boolean): Promise<void> {
  const ids = [...new Set(notices.flatMap((n) => n.receivers.map((r) => r.receiverID)).filter((r): r is string => !!r))];
  const clients = new Map<string, ClientJoignable>();
  for (let i = 0; i < ids.length; i += 1000) {
    const found = await tx
      .select(recipientColumns)
      .from(users)
      .where(inArray(users.id, ids.slice(i, i + 1000)));
    for (const u of found) clients.set(u.id, u);
  }
  await enqueue(tx, colisNotices(notices, clients, channelOn('sms')));
  if (!mark) return;
  const done = notices.flatMap((n) => n.receivers.map((r) => r.notificationID));
  for (let i = 0; i < done.length; i += 1000) {
    await tx
      .update(notifications)
      .set({ dispatchedAt: sql`now()` })
      .where(inArray(notifications.id, done.slice(i, i + 1000)));
  }
}

/**
 * Claims up to `limit` undispatched notices, oldest first, on `tx` (a transaction: they stay locked until it ends; one
 * another transaction holds is skipped, never waited for), expands and marks them. Notices written together for one
 * parcel (same parcel, words and created_at: one writer's statement or transaction) are one notice to its parties:
 * once per distinct address. @returns whether the batch was full (more may wait) and how many notices were marked
 */
async function dispatchBatch(tx: Tx, limit: number): Promise<{ full: boolean; marked: number }> {
  const rows = await tx
    .select({
      notificationID: notifications.id,
      receiverID: notifications.receiverID,
      message: notifications.message,
      createdAt: notifications.createdAt,
      id: colis.id,
      reference: colis.reference,
      agenceID: colis.agenceID,
      expediteurID: colis.expediteurID,
      destinataireID: colis.destinataireID,
      emailDestinataire: colis.emailDestinataire,
      suiviToken: colis.suiviToken,
    })
    .from(notifications)
    .innerJoin(colis, eq(colis.id, notifications.colisID))
    .where(isNull(notifications.dispatchedAt))
    .orderBy(asc(notifications.createdAt), asc(notifications.id))
    .limit(limit)
    .for('update', { of: notifications, skipLocked: true });
  const notices = new Map<string, ColisNotice>();
  for (const r of rows) {
    const key = `${r.id} ${r.createdAt.getTime()} ${r.message}`;
    const notice = notices.get(key) ?? { colis: r, message: r.message, receivers: [] };
    notice.receivers.push({ notificationID: r.notificationID, receiverID: r.receiverID });
    notices.set(key, notice);
  }
  // A full batch may have cut its last notice short: that one waits for the next batch, whole (unless it is alone).
  if (rows.length === limit && notices.size > 1) notices.delete([...notices.keys()].pop()!);
  const taken = [...notices.values()];
  if (taken.length) await expandNotices(tx, taken, true);
  return { full: rows.length === limit, marked: taken.reduce((n, t) => n + t.receivers.length, 0) };
}

/**
 * Expands every undispatched notice (a registration's, or one whose writer's expansion was lost) into outbox rows,
 * `batch` (default DISPATCH_BATCH) per transaction, until none is left (or only ones another process holds).
 * @returns how many notices were expanded
 */
export async function dispatchNotices(db: Db, batch = DISPATCH_BATCH): Promise<number> {
  let total = 0;
  for (;;) {
    const { full, marked } = await db.transaction((tx) => dispatchBatch(tx, batch));
    total += marked;
    if (!full) return total;
  }
}

/**
 * Starts the dispatcher of each server process (server/main.ts): dispatchNotices every `intervalMs` (default 1 s),
 * one round at a time. @returns a function that stops it (and waits for a running round)
 */
export function startNoticeDispatcher(opts: {
  db: Db;
  intervalMs?: number;
  log: { error: (o: object, msg: string) => void };
}): () => Promise<void> {
  return repeatRounds(() => dispatchNotices(opts.db), { intervalMs: opts.intervalMs ?? 1000, label: 'notices', log: opts.log }).stop;
}

/**
 * Notifies sender and recipient of each parcel, inside the caller's transaction: a notifications row for each party
 * (and one without receiver for a recipient without client record who has a typed e-mail), written dispatched and
 * expanded at once into outbox rows by the rule (expandNotices), with the parcels as given.
 * @param message the words of every parcel, or each parcel's words (NoticeWords: its own, and its recipient's only)
 */
export async function notifyColis<C extends NotifiedColis>(tx: Tx, parcels: C[], message: string | ((c: C) => NoticeWords)): Promise<void> {
  const wordsOf = typeof message === 'string' ? () => ({ message }) : message;
  const rows = parcels.flatMap((c) => [
    ...[c.expediteurID, c.destinataireID].filter((r): r is string => !!r).map((receiverID) => ({ c, receiverID })),
    ...(!c.destinataireID && c.emailDestinataire?.trim() ? [{ c, receiverID: null }] : []),
  ]);
  const notices = new Map<string, ColisNotice>();
  for (let i = 0; i < rows.length; i += 1000) {
    const slice = rows.slice(i, i + 1000);
    const words = slice.map((r) => wordsOf(r.c));
    const values = slice.map((r, j) => ({
      id: uuidv7(),
      receiverID: r.receiverID,
      colisID: r.c.id,
      message: words[j]!.message,
      dispatchedAt: sql`now()`,
    }));
    await tx.insert(notifications).values(values);
    slice.forEach(({ c, receiverID }, j) => {
      const notice = notices.get(c.id) ?? { colis: c, ...words[j]!, receivers: [] };
      notice.receivers.push({ notificationID: values[j]!.id, receiverID });
      notices.set(c.id, notice);
    });
  }
  await expandNotices(tx, [...notices.values()], false);
}
