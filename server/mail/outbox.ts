/**
 * Mail outbox (docs/architecture.md §4): every message is written to mail_outbox in the same transaction as the change that
 * caused it; a worker in each server process sends the due ones over SMTP (nodemailer, SMTP_URL), retrying with
 * exponential back-off; after `maxAttempts` failures a mail is FAILED with its last error, and an administrator may
 * send it again (mail/retry/{id}). Without SMTP_URL the messages stay in the outbox, visible to administrators.
 *
 * Several server processes on one PostgreSQL: a worker claims one mail at a time in a short transaction
 * (SELECT … FOR UPDATE SKIP LOCKED, then a lease `locked_until` = now + leaseMs), commits, and only then talks to the
 * SMTP server, so no transaction stays open during a send. Another worker skips a leased mail. The result is written
 * only while the lease is still this worker's (same `locked_until`). A process that dies mid-send leaves its lease to
 * expire (leaseMs, longer than the SMTP time-outs), then the mail is sent again: delivery resumes after a restart.
 * Delivery is at least once: a crash after the SMTP server accepted a mail but before SENT was written sends it again.
 *
 * A mail queued with `secret: true` (a generated password, a one-time code) loses its body when it is marked SENT:
 * the same UPDATE replaces its html by SECRET_PLACEHOLDER_HTML, so no secret stays in the database or its backups.
 * A FAILED secret mail keeps its body until an administrator sends it again (the list never shows bodies).
 *
 * Each mail belongs to an agency (mail_outbox.agence_id, the outbox screen's scope), named by its caller
 * (`OutgoingMail.agenceID`, docs/decisions/mail-and-lock-scope.md): a message's its sender's, a parcel's notice or
 * deletion code its parcel's, a staff password or recovery code its user's; none for the administrators' alerts.
 *
 * The outbox carries SMS too (`canal: 'sms'`, docs/decisions/sms-channel.md): this worker claims e-mails only; SMS rows
 * are claimed with the same rules (claimable) and sent by server/sms/outbox.ts.
 */
import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { Canal } from '../../common/canal';
import type { Db, Tx } from '../db/client';
import { mailOutbox } from '../db/schema';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  /** The message (messages table) the mail belongs to, for the sent list's delivery counts. */
  messageID?: string | null;
  /** The body carries a secret (password, code): it is replaced by SECRET_PLACEHOLDER_HTML once sent. */
  secret?: boolean;
  /**
   * The agency the mail belongs to (the outbox screen's scope; docs/decisions/mail-and-lock-scope.md): every caller
   * names it, null for a mail of no agency (seen by the roles that see every agency only). While migration 0020's
   * trigger stays, a null one is still derived from the message, the subject's parcel reference or the staff recipient.
   */
  agenceID?: string | null;
  /**
   * Channel (docs/decisions/sms-channel.md): 'email' (default) or 'sms' — then `to` is the E.164 number, `html` the
   * SMS text as plain text, `subject` a label for the outbox screen; server/sms/outbox.ts sends it.
   */
  canal?: Canal;
  /** The client the row is for, when known (the client's details list the notices sent to them). */
  clientID?: string | null;
  /** SMS: parts announced (common/sms.ts smsSize). */
  smsParts?: number | null;
  /** The notice the row tells (notification/dispatch.ts): a notice already queued is not queued again. */
  notificationID?: string | null;
}

/** What a sent secret mail's body becomes in the outbox (docs/architecture.md §4). */
export const SECRET_PLACEHOLDER_HTML = '<p>Contenu effacé après envoi (il contenait un secret).</p>';

/** The outbox rows of mails, those with an address (enqueueMail), each with the agency its caller named. */
function outboxRows(mails: OutgoingMail[]) {
  return mails
    .filter((m) => m.to)
    .map((m) => ({
      to: m.to,
      subject: m.subject,
      html: m.html,
      messageID: m.messageID ?? null,
      secret: m.secret ?? false,
      agenceID: m.agenceID ?? null,
      canal: m.canal ?? 'email',
      clientID: m.clientID ?? null,
      smsParts: m.smsParts ?? null,
      notificationID: m.notificationID ?? null,
    }));
}

/**
 * Queues one or more e-mails (or SMS: `canal: 'sms'`) in the outbox, inside the caller's transaction (or directly on the database).
 * A mail with `secret: true` has its body scrubbed once sent (deliverOutbox). A row telling a notice already queued
 * (`notificationID`, unique) is left out (ON CONFLICT DO NOTHING): docs/decisions/notice-dispatch.md.
 */
export async function enqueueMail(tx: Db | Tx, mails: OutgoingMail | OutgoingMail[]): Promise<void> {
  const rows = outboxRows(Array.isArray(mails) ? mails : [mails]);
  for (let i = 0; i < rows.length; i += 1000) {
    await tx
      .insert(mailOutbox)
      .values(rows.slice(i, i + 1000))
      .onConflictDoNothing();
  }
}

/** Attempts before a message is marked FAILED. */
const MAX_MAIL_ATTEMPTS = 8;

/** How the worker retries and leases (times in ms). */
export interface OutboxPolicy {
  /** Failed attempts after which a mail is FAILED. */
  maxAttempts: number;
  /** Delay after the first failure; doubled after each further one. */
  retryBaseMs: number;
  /** Longest delay between two attempts. */
  retryMaxMs: number;
  /** How long a claimed mail is reserved to its worker; longer than the SMTP time-outs of one send. */
  leaseMs: number;
}

/** Defaults: 8 attempts, 1 min, 2 min, 4 min … up to 6 h apart; a claimed mail is reserved 5 minutes. */
export const DEFAULT_OUTBOX_POLICY: OutboxPolicy = {
  maxAttempts: MAX_MAIL_ATTEMPTS,
  retryBaseMs: 60_000,
  retryMaxMs: 6 * 3600_000,
  leaseMs: 5 * 60_000,
};

/** Delay in ms before the next attempt after `attempts` failed ones (≥ 1): base × 2^(attempts−1), capped. */
export function retryDelayMs(attempts: number, policy: OutboxPolicy = DEFAULT_OUTBOX_POLICY): number {
  return Math.min(policy.retryBaseMs * 2 ** Math.max(0, attempts - 1), policy.retryMaxMs);
}

/** Escapes text for an HTML mail body. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Text → safe HTML: escaped, line breaks kept (messages typed by staff are never interpreted as HTML). */
export const textToHtml = (text: string) => escapeHtml(text).replace(/\r?\n/g, '<br>');

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** The rows of one channel that a worker may claim now: PENDING, due, not leased (or the lease expired). */
export const claimable = (canal: Canal) =>
  and(
    eq(mailOutbox.canal, canal),
    eq(mailOutbox.status, 'PENDING'),
    lte(mailOutbox.nextAttemptAt, sql`now()`),
    or(isNull(mailOutbox.lockedUntil), lte(mailOutbox.lockedUntil, sql`now()`)),
  );

/**
 * Claims the next due e-mail (SMS rows are server/sms/outbox.ts's): PENDING, its next attempt due, not leased (or its lease expired). A short transaction
 * locks the row (FOR UPDATE SKIP LOCKED: a row another worker is claiming is skipped, never waited for), sets the
 * lease and commits. @returns the row and its lease, or undefined when nothing is due
 */
export async function claimMail(db: Db, leaseMs: number): Promise<{ row: OutboxRow; lease: Date } | undefined> {
  return db.transaction(async (tx) => {
    // The database's clock decides what is due and how long a lease runs (one clock for every process).
    const [row] = await tx
      .select()
      .from(mailOutbox)
      .where(claimable('email'))
      .orderBy(asc(mailOutbox.nextAttemptAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!row) return undefined;
    // Milliseconds, so that the lease read back (a JavaScript Date) equals the stored one exactly.
    const [leased] = await tx
      .update(mailOutbox)
      .set({ lockedUntil: sql`date_trunc('milliseconds', now() + ${Math.round(leaseMs)}::int * interval '1 millisecond')` })
      .where(eq(mailOutbox.id, row.id))
      .returning({ lockedUntil: mailOutbox.lockedUntil });
    return { row, lease: leased.lockedUntil! };
  });
}

/**
 * Sends up to `batch` due mails, one claim at a time (claimMail), and records each outcome: SENT, or the error with
 * the next attempt after retryDelayMs (FAILED after policy.maxAttempts). A secret mail's body is replaced by
 * SECRET_PLACEHOLDER_HTML in the UPDATE that marks it SENT.
 * @returns how many mails were claimed and how many were sent
 */
export async function deliverOutbox(
  db: Db,
  send: (m: OutgoingMail) => Promise<void>,
  opts: { batch?: number; policy?: Partial<OutboxPolicy> } = {},
): Promise<{ claimed: number; sent: number }> {
  const policy = { ...DEFAULT_OUTBOX_POLICY, ...opts.policy };
  const batch = opts.batch ?? 10;
  let claimed = 0;
  let sent = 0;
  while (claimed < batch) {
    const claim = await claimMail(db, policy.leaseMs);
    if (!claim) break;
    claimed++;
    const { row: m, lease } = claim;
    const mine = and(eq(mailOutbox.id, m.id), eq(mailOutbox.lockedUntil, lease));
    try {
      await send({ to: m.to, subject: m.subject, html: m.html });
      await db
        .update(mailOutbox)
        .set({
          status: 'SENT',
          sentAt: new Date(),
          attempts: m.attempts + 1,
          lastError: null,
          lockedUntil: null,
          ...(m.secret ? { html: SECRET_PLACEHOLDER_HTML } : {}),
        })
        .where(mine);
      sent++;
    } catch (err) {
      const attempts = m.attempts + 1;
      await db
        .update(mailOutbox)
        .set({
          attempts,
          status: attempts >= policy.maxAttempts ? 'FAILED' : 'PENDING',
          lastError: String((err as Error)?.message ?? err).slice(0, 500),
          nextAttemptAt: new Date(Date.now() + retryDelayMs(attempts, policy)),
          lockedUntil: null,
        })
        .where(mine);
    }
  }
  return { claimed, sent };
}

/**
 * Sends up to `batch` due messages once (deliverOutbox). @param opts a batch size, or the batch and the policy
 * @returns the number of messages sent
 */
export async function sendDueMails(
  db: Db,
  send: (m: OutgoingMail) => Promise<void>,
  opts: number | { batch?: number; policy?: Partial<OutboxPolicy> } = {},
): Promise<number> {
  return (await deliverOutbox(db, send, typeof opts === 'number' ? { batch: opts } : opts)).sent;
}

/** SMTP time-outs of one send (ms): together well under the default lease. */
const SMTP_TIMEOUTS = { connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000 };

/**
 * Starts the periodic worker when an SMTP URL is configured: every `intervalMs` (default 5 s) it sends what is due,
 * batch after batch until nothing is left. @returns a function that stops it (and waits for a running round)
 */
export function startOutboxWorker(opts: {
  db: Db;
  smtpUrl?: string;
  from: string;
  intervalMs?: number;
  policy?: Partial<OutboxPolicy>;
  log: { error: (o: object, msg: string) => void };
}): () => Promise<void> {
  if (!opts.smtpUrl) return async () => {};
  const smtpUrl = opts.smtpUrl;
  // nodemailer loads with the first mail to send, not at every start (docs/decisions/embedded-start.md).
  let transport: Transporter | undefined;
  const send = async (m: OutgoingMail) => {
    const t = (transport ??= (await import('nodemailer')).default.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS } as never));
    await t.sendMail({ from: opts.from, to: m.to, subject: m.subject, html: m.html });
  };
  let round: Promise<void> | undefined;
  let stopped = false;
  const tick = () => {
    if (round || stopped) return;
    round = (async () => {
      try {
        const batch = 20;
        while (!stopped && (await deliverOutbox(opts.db, send, { batch, policy: opts.policy })).claimed === batch);
      } catch (err) {
        opts.log.error({ err }, 'outbox worker');
      } finally {
        round = undefined;
      }
    })();
  };
  const timer = setInterval(tick, opts.intervalMs ?? 5000);
  timer.unref();
  tick();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await round;
    transport?.close();
  };
}
