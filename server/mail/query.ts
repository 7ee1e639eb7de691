/**
 * The outbox as the 'Boîte d'envoi' screen lists it (key mailOutbox): address, subject, status, attempts, last
 * error, dates and the message it belongs to. The body is never listed: some mails carry one-time codes.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { mailOutbox, messages } from '../db/schema';
import { UNPAGED_LIMIT, type ListDef } from '../http/list';

/** Outbox rows without their body; `enCours` while a worker's lease on the mail runs. */
export const selectMails = (db: Db | Tx) =>
  db
    .select({
      id: mailOutbox.id,
      createdAt: mailOutbox.createdAt,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      status: mailOutbox.status,
      attempts: mailOutbox.attempts,
      lastError: mailOutbox.lastError,
      nextAttemptAt: mailOutbox.nextAttemptAt,
      sentAt: mailOutbox.sentAt,
      enCours: sql<boolean>`coalesce(${mailOutbox.lockedUntil} > now(), false)`,
      messageID: { id: messages.id, sujet: messages.sujet },
    })
    .from(mailOutbox)
    .leftJoin(messages, eq(mailOutbox.messageID, messages.id))
    .$dynamic();

/** The outbox list (every mail: the screen is an administrator's). */
export const mailList = (): ListDef<typeof selectMails> => ({
  unpagedLimit: UNPAGED_LIMIT,
  table: mailOutbox,
  select: selectMails,
  countFrom: (db, extra) =>
    db
      .select({ id: mailOutbox.id, ...extra })
      .from(mailOutbox)
      .$dynamic(),
  searchColumns: [mailOutbox.to, mailOutbox.subject],
  sortColumns: {
    createdAt: mailOutbox.createdAt,
    to: mailOutbox.to,
    subject: mailOutbox.subject,
    status: mailOutbox.status,
    attempts: mailOutbox.attempts,
    sentAt: mailOutbox.sentAt,
  },
  filters: {
    status: { column: mailOutbox.status, type: 'text' },
    messageID: { column: mailOutbox.messageID, type: 'uuid' },
  },
});

/** A mail of the outbox by id: its status and whether a worker holds it now, or undefined. */
export async function findMail(db: Db | Tx, id: string) {
  const [row] = await db.select({ id: mailOutbox.id, status: mailOutbox.status }).from(mailOutbox).where(eq(mailOutbox.id, id));
  return row;
}

/** Sets a FAILED mail back to PENDING, due now. @returns whether a row changed */
export async function requeueFailed(db: Db | Tx, id: string): Promise<boolean> {
  const rows = await db
    .update(mailOutbox)
    .set({ status: 'PENDING', nextAttemptAt: new Date(), lockedUntil: null })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'FAILED')))
    .returning({ id: mailOutbox.id });
  return rows.length > 0;
}
