/**
 * The outbox queue every channel shares (docs/architecture.md §4, docs/decisions/notice-dispatch.md): each message is
 * written to mail_outbox in the same transaction as the change that caused it (enqueue), with its channel (`canal`,
 * common/canal.ts CANAUX); each channel's driver (server/outbox/channels/) claims the due rows of its channel, sends
 * them and records the outcome, retrying with exponential back-off; after `maxAttempts` failures a row is FAILED with
 * its last error, and an administrator may send it again (requeueFailed, mail/retry/{id}). A channel without its
 * configuration (SMTP_URL, SMPP_URL) leaves its rows in the queue, visible to administrators.
 *
 * Several server processes on one PostgreSQL: a driver claims rows in a short transaction (SELECT … FOR UPDATE SKIP
 * LOCKED, then a lease `locked_until` = now + leaseMs), commits, and only then talks to its server, so no transaction
 * stays open during a send. Another worker skips a leased row. The result is written only while the lease is still
 * this worker's (same `locked_until`: `leasedBy`). A process that dies mid-send leaves its lease to expire (leaseMs,
 * longer than a send's time-outs), then the row is sent again: delivery resumes after a restart, at least once.
 *
 * A row queued with `secret: true` (a generated password, a one-time code) loses its body when it is marked SENT
 * (SECRET_PLACEHOLDER_HTML), so no secret stays in the database or its backups.
 *
 * Each row belongs to an agency (mail_outbox.agence_id, the outbox screen's scope), named by its caller
 * (`OutboxMessage.agenceID`, docs/decisions/mail-and-lock-scope.md): a message's its sender's, a parcel's notice or
 * deletion code its parcel's, a staff password or recovery code its user's; none for the administrators' alerts.
 */
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Canal } from '../../common/canal';
import type { Db, Tx } from '../db/client';
import { mailOutbox } from '../db/schema';

/** A message to queue, of any channel. */
export interface OutboxMessage {
  /** The e-mail address, or the E.164 number of an SMS. */
  to: string;
  /** The e-mail's subject; an SMS's label on the outbox screen. */
  subject: string;
  /** The e-mail's HTML body; an SMS's text, plain. */
  html: string;
  /** The message (messages table) the row belongs to, for the sent list's delivery counts. */
  messageID?: string | null;
  /** The body carries a secret (password, code): it is replaced by SECRET_PLACEHOLDER_HTML once sent. */
  secret?: boolean;
  /**
   * The agency the row belongs to (the outbox screen's scope; docs/decisions/mail-and-lock-scope.md): every caller
   * names it, null for a row of no agency (seen by the roles that see every agency only). While migration 0020's
   * trigger stays, a null one is still derived from the message, the subject's parcel reference or the staff recipient.
   */
  agenceID?: string | null;
  /** Channel (common/canal.ts CANAUX): 'email' (default) or 'sms' (docs/decisions/sms-channel.md). */
  canal?: Canal;
  /** The client the row is for, when known (the client's details list the notices sent to them). */
  clientID?: string | null;
  /** SMS: parts announced (common/sms.ts smsSize). */
  smsParts?: number | null;
  /** The notice the row tells (notification/dispatch.ts): a notice already queued is not queued again. */
  notificationID?: string | null;
}

/** What a sent secret row's body becomes in the outbox (docs/architecture.md §4). */
export const SECRET_PLACEHOLDER_HTML = '<p>Contenu effacé après envoi (il contenait un secret).</p>';

/**
 * Queues one or more messages (any channel) in the outbox, inside the caller's transaction (or directly on the
 * database); one without address is left out. A row telling a notice already queued (`notificationID`, unique) is
 * left out too (ON CONFLICT DO NOTHING): docs/decisions/notice-dispatch.md.
 */
export async function enqueue(tx: Db | Tx, messages: OutboxMessage | OutboxMessage[]): Promise<void> {
  const rows = (Array.isArray(messages) ? messages : [messages])
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
  for (let i = 0; i < rows.length; i += 1000) {
    await tx
      .insert(mailOutbox)
      .values(rows.slice(i, i + 1000))
      .onConflictDoNothing();
  }
}

/** How a driver retries and leases (times in ms). */
export interface OutboxPolicy {
  /** Failed attempts after which a row is FAILED. */
  maxAttempts: number;
  /** Delay after the first failure; doubled after each further one. */
  retryBaseMs: number;
  /** Longest delay between two attempts. */
  retryMaxMs: number;
  /** How long a claimed row is reserved to its worker; longer than the time-outs of one send. */
  leaseMs: number;
}

/** Defaults: 8 attempts, 1 min, 2 min, 4 min … up to 6 h apart; a claimed row is reserved 5 minutes. */
export const DEFAULT_OUTBOX_POLICY: OutboxPolicy = {
  maxAttempts: 8,
  retryBaseMs: 60_000,
  retryMaxMs: 6 * 3600_000,
  leaseMs: 5 * 60_000,
};

/** Delay in ms before the next attempt after `attempts` failed ones (≥ 1): base × 2^(attempts−1), capped. */
function retryDelayMs(attempts: number, policy: OutboxPolicy = DEFAULT_OUTBOX_POLICY): number {
  return Math.min(policy.retryBaseMs * 2 ** Math.max(0, attempts - 1), policy.retryMaxMs);
}

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** A claimed row and its lease (the `locked_until` this worker set). */
export interface Claim {
  row: OutboxRow;
  lease: Date;
}

/** The rows of one channel that a worker may claim now: PENDING, due, not leased (or the lease expired). */
const claimable = (canal: Canal) =>
  and(
    eq(mailOutbox.canal, canal),
    eq(mailOutbox.status, 'PENDING'),
    lte(mailOutbox.nextAttemptAt, sql`now()`),
    or(isNull(mailOutbox.lockedUntil), lte(mailOutbox.lockedUntil, sql`now()`)),
  );

/** The condition that a claimed row is still this worker's: its id and the lease it set. */
export const leasedBy = ({ row, lease }: Claim) => and(eq(mailOutbox.id, row.id), eq(mailOutbox.lockedUntil, lease));

/**
 * Claims up to `limit` due rows of `canal`, oldest due first, in one short transaction: locks them (FOR UPDATE SKIP
 * LOCKED: a row another worker is claiming is skipped, never waited for), lets `screen` settle some of them in the
 * same transaction (their ids answered: not leased; the SMS driver marks a number that answered STOP so), leases the
 * others and commits. The database's clock decides what is due and how long a lease runs (one clock for every
 * process); leases are in milliseconds, so that the one read back (a JavaScript Date) equals the stored one exactly.
 * @returns the leased rows with their leases (none: nothing due)
 */
export async function claim(
  db: Db,
  canal: Canal,
  leaseMs: number,
  limit: number,
  screen?: (tx: Tx, ids: string[]) => Promise<Set<string>>,
): Promise<Claim[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(mailOutbox)
      .where(claimable(canal))
      .orderBy(asc(mailOutbox.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (!rows.length) return [];
    const settled = screen
      ? await screen(
          tx,
          rows.map((r) => r.id),
        )
      : new Set<string>();
    const keep = rows.map((r) => r.id).filter((id) => !settled.has(id));
    if (!keep.length) return [];
    const leased = await tx
      .update(mailOutbox)
      .set({ lockedUntil: sql`date_trunc('milliseconds', now() + ${Math.round(leaseMs)}::int * interval '1 millisecond')` })
      .where(inArray(mailOutbox.id, keep))
      .returning({ id: mailOutbox.id, lockedUntil: mailOutbox.lockedUntil });
    const leases = new Map(leased.map((l) => [l.id, l.lockedUntil!]));
    return rows.filter((r) => leases.has(r.id)).map((row) => ({ row, lease: leases.get(row.id)! }));
  });
}

/** The columns of a row sent now (its lease released; a secret row's body scrubbed). */
export const sentValues = (row: OutboxRow) => ({
  status: 'SENT' as const,
  sentAt: new Date(),
  attempts: row.attempts + 1,
  lastError: null,
  lockedUntil: null,
  ...(row.secret ? { html: SECRET_PLACEHOLDER_HTML } : {}),
});

/**
 * Records a failed attempt of a claimed row (while its lease is this worker's): its error, and the next attempt after
 * retryDelayMs, or FAILED after policy.maxAttempts. @returns whether the row is now FAILED
 */
export async function recordFailure(db: Db, c: Claim, err: unknown, policy: OutboxPolicy): Promise<boolean> {
  const attempts = c.row.attempts + 1;
  const failed = attempts >= policy.maxAttempts;
  await db
    .update(mailOutbox)
    .set({
      attempts,
      status: failed ? 'FAILED' : 'PENDING',
      lastError: String((err as Error)?.message ?? err).slice(0, 500),
      nextAttemptAt: new Date(Date.now() + retryDelayMs(attempts, policy)),
      lockedUntil: null,
    })
    .where(leasedBy(c));
  return failed;
}

/**
 * Sets a FAILED row back to PENDING, due now (mail/retry/{id}); an SMS's opt-out mark is cleared (it is checked again
 * when the row is claimed: docs/decisions/sms-channel.md). It keeps its attempts count, so a new failure marks it
 * FAILED again at once. @returns whether a row changed
 */
export async function requeueFailed(db: Db | Tx, id: string): Promise<boolean> {
  const rows = await db
    .update(mailOutbox)
    .set({ status: 'PENDING', nextAttemptAt: new Date(), lockedUntil: null, delivery: null, deliveryAt: null })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'FAILED')))
    .returning({ id: mailOutbox.id });
  return rows.length > 0;
}
