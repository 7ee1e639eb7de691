/**
 * Mail outbox (DESIGN.md §4): every message is written to mail_outbox in the same transaction as the change that
 * caused it; a worker sends pending ones over SMTP when SMTP_URL is set, retrying with exponential back-off.
 * Without SMTP the messages stay in the outbox, visible to administrators. Nothing is lost when the mail server is down.
 */
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db, Tx } from '../db/client';
import { mailOutbox } from '../db/schema';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
}

/** Queues one or more e-mails in the outbox, inside the caller's transaction (or directly on the database). */
export async function enqueueMail(tx: Db | Tx, mails: OutgoingMail | OutgoingMail[]): Promise<void> {
  const list = (Array.isArray(mails) ? mails : [mails]).filter((m) => m.to);
  if (list.length === 0) return;
  await tx.insert(mailOutbox).values(list.map((m) => ({ to: m.to, subject: m.subject, html: m.html })));
}

/** Attempts before a message is marked FAILED. */
export const MAX_MAIL_ATTEMPTS = 8;

/** Escapes text for an HTML mail body. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * Sends up to `batch` due messages once. Rows are claimed with FOR UPDATE SKIP LOCKED so several API processes can
 * run the worker side by side. @returns the number of messages sent
 */
export async function sendDueMails(db: Db, send: (m: OutgoingMail) => Promise<void>, batch = 10): Promise<number> {
  let sent = 0;
  await db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'PENDING'), lte(mailOutbox.nextAttemptAt, sql`now()`)))
      .orderBy(asc(mailOutbox.nextAttemptAt))
      .limit(batch)
      .for('update', { skipLocked: true });
    for (const m of due) {
      try {
        await send({ to: m.to, subject: m.subject, html: m.html });
        await tx
          .update(mailOutbox)
          .set({ status: 'SENT', sentAt: new Date(), attempts: m.attempts + 1 })
          .where(eq(mailOutbox.id, m.id));
        sent++;
      } catch (err) {
        const attempts = m.attempts + 1;
        const delayMs = Math.min(2 ** attempts * 30_000, 6 * 3600_000);
        await tx
          .update(mailOutbox)
          .set({
            attempts,
            status: attempts >= MAX_MAIL_ATTEMPTS ? 'FAILED' : 'PENDING',
            lastError: String((err as Error).message ?? err).slice(0, 500),
            nextAttemptAt: new Date(Date.now() + delayMs),
          })
          .where(eq(mailOutbox.id, m.id));
      }
    }
  });
  return sent;
}

/**
 * Starts the periodic worker when an SMTP URL is configured. @param intervalMs polling period in ms
 * @returns a function that stops it
 */
export function startOutboxWorker(opts: {
  db: Db;
  smtpUrl?: string;
  from: string;
  intervalMs?: number;
  log: { error: (o: object, msg: string) => void };
}): () => void {
  if (!opts.smtpUrl) return () => {};
  const transport = nodemailer.createTransport(opts.smtpUrl);
  const send = async (m: OutgoingMail) => {
    await transport.sendMail({ from: opts.from, to: m.to, subject: m.subject, html: m.html });
  };
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      await sendDueMails(opts.db, send);
    } catch (err) {
      opts.log.error({ err }, 'outbox worker');
    } finally {
      running = false;
    }
  }, opts.intervalMs ?? 5000);
  timer.unref();
  return () => {
    clearInterval(timer);
    transport.close();
  };
}
