/**
 * The outbox as the 'Boîte d'envoi' screen lists it (key mailOutbox): channel (e-mail or SMS), address or number,
 * subject, status, SMS delivery state, attempts, last error, dates and the message it belongs to. The body is never listed: some mails carry one-time codes.
 * Agency scope (docs/decisions/mail-and-lock-scope.md): a role that sees every agency lists every mail, another role
 * the mails of its own agency (mail_outbox.agence_id, migration 0020).
 */
import { eq, sql, type SQL } from 'drizzle-orm';
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
      canal: mailOutbox.canal,
      delivery: mailOutbox.delivery,
      deliveryAt: mailOutbox.deliveryAt,
      smsParts: mailOutbox.smsParts,
      enCours: sql<boolean>`coalesce(${mailOutbox.lockedUntil} > now(), false)`,
      messageID: { id: messages.id, sujet: messages.sujet },
    })
    .from(mailOutbox)
    .leftJoin(messages, eq(mailOutbox.messageID, messages.id))
    .$dynamic();

/**
 * Who reads the outbox: the part of the signed-in user (auth/currentUser.ts CurrentUser) its scope needs. Structural,
 * not imported: auth queues its mails through this folder.
 */
export interface MailReader {
  allAgences: boolean;
  agenceID: string | null;
}

/**
 * The outbox rows a user may see (docs/decisions/mail-and-lock-scope.md): undefined (all) for a role that sees every
 * agency; else the mails of its agency; none for a user without an agency. A condition on `mail_outbox`.
 */
export function mailScope(me: MailReader): SQL | undefined {
  if (me.allAgences) return undefined;
  return me.agenceID ? eq(mailOutbox.agenceID, me.agenceID) : sql`false`;
}

/** The outbox list of a user (mailScope), for the screen and its CSV / XLSX export. */
export const mailList = (me: MailReader): ListDef<typeof selectMails> => ({
  unpagedLimit: UNPAGED_LIMIT,
  table: mailOutbox,
  select: selectMails,
  scope: mailScope(me),
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
    canal: mailOutbox.canal,
    delivery: mailOutbox.delivery,
  },
  filters: {
    status: { column: mailOutbox.status, type: 'text' },
    canal: { column: mailOutbox.canal, type: 'text' },
    delivery: { column: mailOutbox.delivery, type: 'text' },
    clientID: { column: mailOutbox.clientID, type: 'uuid' },
    messageID: { column: mailOutbox.messageID, type: 'uuid' },
  },
});

/** A mail of the outbox by id: its status and whether a worker holds it now, or undefined. */
export async function findMail(db: Db | Tx, id: string) {
  const [row] = await db.select({ id: mailOutbox.id, status: mailOutbox.status }).from(mailOutbox).where(eq(mailOutbox.id, id));
  return row;
}
