/**
 * The e-mail channel's driver (server/outbox/channel.ts; docs/architecture.md §4): claims the due e-mails of the
 * outbox queue (server/outbox/queue.ts) one at a time and sends each over SMTP (nodemailer, SMTP_URL), then records
 * SENT (a secret mail's body scrubbed) or the failure with its back-off. Without SMTP_URL it does not start: the
 * mails stay in the outbox, visible to administrators. Delivery is at least once: a crash after the SMTP server
 * accepted a mail but before SENT was written sends it again. Also the HTML helpers of every mail's body.
 */
import type { Transporter } from 'nodemailer';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import type { OutboxChannel } from '../channel';
import { claim, DEFAULT_OUTBOX_POLICY, leasedBy, recordFailure, sentValues, type OutboxPolicy } from '../queue';
import { repeatRounds } from '../rounds';

/** What the SMTP side needs of a mail. */
interface Mail {
  to: string;
  subject: string;
  html: string;
}

/** Escapes text for an HTML mail body. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Text → safe HTML: escaped, line breaks kept (messages typed by staff are never interpreted as HTML). */
export const textToHtml = (text: string) => escapeHtml(text).replace(/\r?\n/g, '<br>');

/**
 * Sends up to `batch` due mails, one claim at a time (queue.ts claim), and records each outcome: SENT, or the error
 * with the next attempt after its back-off (FAILED after policy.maxAttempts). A secret mail's body is replaced by
 * SECRET_PLACEHOLDER_HTML in the UPDATE that marks it SENT.
 * @returns how many mails were claimed and how many were sent
 */
export async function deliverOutbox(
  db: Db,
  send: (m: Mail) => Promise<void>,
  opts: { batch?: number; policy?: Partial<OutboxPolicy> } = {},
): Promise<{ claimed: number; sent: number }> {
  const policy = { ...DEFAULT_OUTBOX_POLICY, ...opts.policy };
  const batch = opts.batch ?? 10;
  let claimed = 0;
  let sent = 0;
  while (claimed < batch) {
    const [c] = await claim(db, 'email', policy.leaseMs, 1);
    if (!c) break;
    claimed++;
    try {
      await send({ to: c.row.to, subject: c.row.subject, html: c.row.html });
      await db.update(mailOutbox).set(sentValues(c.row)).where(leasedBy(c));
      sent++;
    } catch (err) {
      await recordFailure(db, c, err, policy);
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
  send: (m: Mail) => Promise<void>,
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
  const send = async (m: Mail) => {
    const t = (transport ??= (await import('nodemailer')).default.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS } as never));
    await t.sendMail({ from: opts.from, to: m.to, subject: m.subject, html: m.html });
  };
  const batch = 20;
  const rounds = repeatRounds(
    async (stopped) => {
      while (!stopped() && (await deliverOutbox(opts.db, send, { batch, policy: opts.policy })).claimed === batch);
    },
    { intervalMs: opts.intervalMs ?? 5000, label: 'outbox worker', log: opts.log },
  );
  return async () => {
    await rounds.stop();
    transport?.close();
  };
}

/** The e-mail driver: on when SMTP_URL is set; its worker is startOutboxWorker's. */
export const emailChannel: OutboxChannel<'email'> = {
  name: 'email',
  isOn: (config) => !!config.smtpUrl,
  start: ({ db, config, policy, log }) => {
    const stop = startOutboxWorker({
      db,
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      intervalMs: config.outboxIntervalMs,
      policy,
      log,
    });
    return { stop };
  },
};
