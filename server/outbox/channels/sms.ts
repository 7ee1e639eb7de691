/**
 * The SMS channel's driver (server/outbox/channel.ts; docs/decisions/sms-channel.md): rows of the outbox queue with
 * canal 'sms' (to_address the E.164 number, html the text) are claimed as every channel's are (server/outbox/queue.ts:
 * FOR UPDATE SKIP LOCKED, a lease, back-off, FAILED after N attempts, retried by an administrator), then submitted
 * through the process's one SMPP bind (./smppLink.ts), part after part (common/sms.ts encodeSms).
 *
 * Exactly once: each part's SMSC message_id is appended to the row (smsc_message_ids) as soon as its submit_sm_resp
 * arrives, before anything else; a row claimed again (lease expired after a crash, link lost) resumes after the parts
 * already answered, so an answered part is never submitted twice. A submit_sm whose answer never came (the bind dropped
 * in between) is submitted again: the gateway did not acknowledge it.
 * ESME_RTHROTTLED: the link pauses and halves its rate; the row goes back to the queue, due in a few seconds, without
 * counting an attempt. The gateway unreachable: SMS are not claimed at all (they wait, as mails do without SMTP).
 *
 * Incoming deliver_sm: a delivery receipt moves its row SENT → DELIVERED / UNDELIVERED / EXPIRED (matched by any of its
 * parts' message ids and by the handset the receipt names); a mobile-originated 'STOP' opts the number out
 * (users.sms_stop_at): its waiting SMS are marked FAILED / OPTED_OUT and none is sent to it afterwards; 'START' opts it
 * in again.
 */
import { and, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { PDU } from 'smpp';
import { encodeSms } from '../../../common/sms';
import type { Db, Tx } from '../../db/client';
import { mailOutbox, users } from '../../db/schema';
import type { OutboxChannel } from '../channel';
import { repeatRounds } from '../rounds';
import { claim, DEFAULT_OUTBOX_POLICY, leasedBy, recordFailure, type Claim, type OutboxPolicy, type OutboxRow } from '../queue';
import { parseSmppUrl, SmppError, SmppLink, ESME_RTHROTTLED, ESME_RMSGQFUL, type SmppLinkOptions } from './smppLink';

/** Delivery states a receipt may give (mail_outbox.delivery). */
type SmsDelivery = 'DELIVERED' | 'UNDELIVERED' | 'EXPIRED';

/** After ESME_RTHROTTLED, the row is due again after this long (ms), its attempts unchanged. */
const THROTTLED_RETRY_MS = 2000;

/** What the sender needs of the link (./smppLink.ts SmppLink; a test may give another). */
interface SmsSubmitter {
  readonly isBound: boolean;
  submit(fields: Record<string, unknown>): Promise<string>;
}

/** Source address fields of SMS_FROM: alphanumeric (TON 5) or a number (international TON 1 / NPI 1, or unknown). */
function sourceAddress(from: string): Record<string, unknown> {
  if (/^\+\d+$/.test(from)) return { source_addr: from.slice(1), source_addr_ton: 1, source_addr_npi: 1 };
  if (/^\d+$/.test(from)) return { source_addr: from, source_addr_ton: 0, source_addr_npi: 1 };
  return { source_addr: from, source_addr_ton: 5, source_addr_npi: 0 };
}

/** The concatenation reference of a row's parts (0–255): the same on every attempt, so resumed parts join up. */
function concatReference(id: string): number {
  let h = 0;
  for (const c of id) h = (h * 31 + c.charCodeAt(0)) & 0xff;
  return h;
}

/** The submit_sm fields of each part of an SMS row (E.164 number, delivery receipt requested). */
function submitFields(row: Pick<OutboxRow, 'id' | 'to' | 'html'>, from: string): Record<string, unknown>[] {
  const sms = encodeSms(row.html, concatReference(row.id));
  return sms.parts.map((p) => ({
    ...sourceAddress(from),
    destination_addr: row.to.replace(/^\+/, ''),
    dest_addr_ton: 1,
    dest_addr_npi: 1,
    esm_class: p.udh ? 0x40 : 0,
    registered_delivery: 1,
    data_coding: sms.dataCoding,
    short_message: Buffer.from(p.octets),
  }));
}

/**
 * Claims up to `limit` due SMS (queue.ts claim). Those to a number that answered STOP are marked FAILED / OPTED_OUT in
 * the claim's transaction instead of being leased. @returns the leased rows, each with its lease
 */
function claimSms(db: Db, leaseMs: number, limit: number): Promise<Claim[]> {
  return claim(db, 'sms', leaseMs, limit, async (tx: Tx, ids) => {
    const stopped = await tx
      .update(mailOutbox)
      .set({ status: 'FAILED', delivery: 'OPTED_OUT', deliveryAt: sql`now()`, lastError: 'Numéro désinscrit (STOP).', lockedUntil: null })
      .where(
        and(
          inArray(mailOutbox.id, ids),
          sql`EXISTS (SELECT 1 FROM ${users} WHERE ${users.telephoneComplet} = ${mailOutbox.to} AND ${users.smsStopAt} IS NOT NULL)`,
        ),
      )
      .returning({ id: mailOutbox.id });
    return new Set(stopped.map((r) => r.id));
  });
}

/** The outcome of one SMS row. */
type SmsOutcome = 'sent' | 'failed' | 'requeued' | 'lost';

/**
 * Sends one claimed SMS: its parts from the first one not yet answered; each answer's message id appended to the row
 * at once (while the lease is this worker's); then SENT. Errors: throttled or link lost → back in the queue, no attempt
 * counted; another refusal → an attempt, with back-off, FAILED after policy.maxAttempts; a text that cannot be
 * encoded → FAILED at once.
 */
async function sendOne(db: Db, link: SmsSubmitter, from: string, policy: OutboxPolicy, c: Claim): Promise<SmsOutcome> {
  const { row } = c;
  const mine = leasedBy(c);
  try {
    const parts = submitFields(row, from);
    const sent = { status: 'SENT' as const, sentAt: new Date(), attempts: row.attempts + 1, lastError: null, lockedUntil: null };
    const first = row.smscMessageIds?.length ?? 0;
    if (first >= parts.length) {
      await db.update(mailOutbox).set(sent).where(mine); // every part answered before a crash: only SENT was missing
      return 'sent';
    }
    for (let i = first; i < parts.length; i++) {
      const messageId = await link.submit(parts[i]!);
      const last = i === parts.length - 1;
      // The id is written at once, and with the last part in the same statement as SENT.
      const kept = await db
        .update(mailOutbox)
        .set({
          smscMessageIds: sql`array_append(coalesce(${mailOutbox.smscMessageIds}, '{}'::text[]), ${messageId}::text)`,
          ...(last ? { ...sent, sentAt: new Date() } : {}),
        })
        .where(mine)
        .returning({ id: mailOutbox.id });
      if (!kept.length) return 'lost'; // the lease ran out: another worker owns the row now
    }
    return 'sent';
  } catch (err) {
    const status = err instanceof SmppError ? err.status : undefined;
    const message = String((err as Error)?.message ?? err).slice(0, 500);
    if (status === ESME_RTHROTTLED || status === ESME_RMSGQFUL || status === undefined) {
      const permanent = /SMS trop long/.test(message);
      if (!permanent) {
        // Throttled, or the bind lost / not there: not the message's fault, no attempt counted.
        await db
          .update(mailOutbox)
          .set({ lastError: message, nextAttemptAt: new Date(Date.now() + (status ? THROTTLED_RETRY_MS : 0)), lockedUntil: null })
          .where(mine);
        return 'requeued';
      }
      await db
        .update(mailOutbox)
        .set({ status: 'FAILED', lastError: message, lockedUntil: null, attempts: row.attempts + 1 })
        .where(mine);
      return 'failed';
    }
    return (await recordFailure(db, c, err, policy)) ? 'failed' : 'requeued';
  }
}

/**
 * Sends due SMS through `link` while it is bound: keeps up to `batch` rows in flight (claimSms tops them up as rows
 * finish; the link's window and rate pace the PDUs), until nothing is due or `max` rows were claimed. A row put back
 * (throttled, link lost) stops the claims of this round.
 * @returns rows claimed and rows sent
 */
async function deliverSms(
  db: Db,
  link: SmsSubmitter,
  opts: { from: string; batch?: number; max?: number; policy?: Partial<OutboxPolicy> },
): Promise<{ claimed: number; sent: number }> {
  const policy = { ...DEFAULT_OUTBOX_POLICY, ...opts.policy };
  const batch = opts.batch ?? 10;
  const max = opts.max ?? 1000;
  let claimed = 0;
  let sent = 0;
  let halt = false;
  let drained = false;
  const inFlight = new Set<Promise<void>>();
  while (!halt && !drained && link.isBound && claimed < max) {
    const room = Math.min(batch - inFlight.size, max - claimed);
    const rows = room > 0 ? await claimSms(db, policy.leaseMs, room) : [];
    if (room > 0 && rows.length < room) drained = true;
    claimed += rows.length;
    for (const r of rows) {
      const p: Promise<void> = sendOne(db, link, opts.from, policy, r).then((outcome) => {
        inFlight.delete(p);
        if (outcome === 'sent') sent++;
        if (outcome === 'requeued') halt = true; // throttled or link lost: the next round picks them up
      });
      inFlight.add(p);
    }
    if (inFlight.size >= batch || (drained && inFlight.size)) await Promise.race(inFlight);
    else if (!rows.length && !inFlight.size) break;
  }
  await Promise.all(inFlight);
  return { claimed, sent };
}

/** SMPP message_state (TLV) → delivery state; others (ENROUTE, ACCEPTED, UNKNOWN) leave the row SENT. */
const STATE_BY_TLV: Record<number, SmsDelivery> = { 2: 'DELIVERED', 3: 'EXPIRED', 4: 'UNDELIVERED', 5: 'UNDELIVERED', 8: 'UNDELIVERED' };
/** The receipt text's `stat:` (SMPP 3.4 appendix B) → delivery state. */
const STATE_BY_STAT: Record<string, SmsDelivery> = {
  DELIVRD: 'DELIVERED',
  EXPIRED: 'EXPIRED',
  UNDELIV: 'UNDELIVERED',
  REJECTD: 'UNDELIVERED',
  DELETED: 'UNDELIVERED',
};

/** The text of a deliver_sm (the library decodes it by data_coding). */
function deliverText(pdu: PDU): string {
  const sm = pdu.short_message;
  const msg = sm && typeof sm === 'object' && !Buffer.isBuffer(sm) ? sm.message : sm;
  if (typeof msg === 'string') return msg;
  return Buffer.isBuffer(msg) ? msg.toString('latin1') : '';
}

/**
 * What a deliver_sm is: a receipt (message id, state or none for an intermediate one, and the handset it is about) or
 * a text from a phone.
 */
type Incoming =
  { kind: 'receipt'; messageId: string; state: SmsDelivery | null; handset: Handset | null } | { kind: 'mo'; from: string; text: string };

/**
 * The handset a receipt is about: its source_addr (SMPP 3.4 §4.6.1: the original destination), its digits and whether
 * they are international (TON 1, or no TON given and long enough for a dial code) or national.
 */
type Handset = { digits: string; international: boolean };

/** The handset of a receipt's source_addr, or null when it gives no number (an alphanumeric or empty address). */
function handsetOf(pdu: PDU): Handset | null {
  const raw = String(pdu.source_addr ?? '').trim();
  if (!/^\+?\d{6,15}$/.test(raw)) return null;
  const ton = pdu.source_addr_ton;
  return { digits: raw.replace(/\D/g, ''), international: raw.startsWith('+') || ton === 1 || (ton === undefined && raw.length > 10) };
}

/** Reads a deliver_sm (SMPP 3.4 §4.6.1: esm_class bits 2–5 = 0001 for an SMSC delivery receipt). Pure. */
function readDeliver(pdu: PDU): Incoming {
  const text = deliverText(pdu);
  if (((pdu.esm_class ?? 0) & 0x3c) === 0x04) {
    const messageId = String(pdu.receipted_message_id ?? /\bid:(\S+)/i.exec(text)?.[1] ?? '');
    const stat = /\bstat:(\w+)/i.exec(text)?.[1]?.toUpperCase();
    const state = (stat && STATE_BY_STAT[stat]) || (pdu.message_state !== undefined ? STATE_BY_TLV[pdu.message_state] : undefined) || null;
    return { kind: 'receipt', messageId, state, handset: handsetOf(pdu) };
  }
  return { kind: 'mo', from: `+${String(pdu.source_addr ?? '').replace(/\D/g, '')}`, text };
}

/**
 * Records a receipt: the SMS row holding `messageId` among its parts' ids **and sent to the receipt's handset** gets
 * the state (a worse state wins over DELIVERED: one part undelivered makes the message undelivered). A gateway
 * restarted may give an id again: the number tells the SMS apart (docs/decisions/sms-channel.md "Receipts"). The
 * handset is compared as a full number (+ and its digits), or, given in national form, as the end of the number
 * without its trunk zeros; a receipt without a number applies to the latest SMS holding the id. An unknown id, or an id
 * of no SMS to that handset, changes nothing.
 * @returns whether a row holds that id (for that handset)
 */
async function applyReceipt(db: Db, messageId: string, state: SmsDelivery, handset: Handset | null): Promise<boolean> {
  if (!messageId) return false;
  const toHandset = !handset
    ? sql`${mailOutbox.id} = (SELECT m.id FROM ${mailOutbox} m WHERE m.canal = 'sms' AND m.smsc_message_ids @> ARRAY[${messageId}::text]
                                ORDER BY m.sent_at DESC NULLS LAST, m.created_at DESC LIMIT 1)`
    : handset.international
      ? eq(mailOutbox.to, `+${handset.digits}`)
      : sql`${mailOutbox.to} LIKE ${`%${handset.digits.replace(/^0+/, '')}`}`;
  const holds = and(eq(mailOutbox.canal, 'sms'), sql`${mailOutbox.smscMessageIds} @> ARRAY[${messageId}::text]`, toHandset);
  const changed = await db
    .update(mailOutbox)
    .set({ delivery: state, deliveryAt: sql`now()` })
    .where(and(holds, or(isNull(mailOutbox.delivery), and(eq(mailOutbox.delivery, 'DELIVERED'), sql`${state} <> 'DELIVERED'`))))
    .returning({ id: mailOutbox.id });
  if (changed.length) return true;
  const [known] = await db.select({ id: mailOutbox.id }).from(mailOutbox).where(holds).limit(1);
  return !!known;
}

/** Words of a reply that opt the number out / in again (upper-cased, first word). */
const STOP_WORDS = new Set(['STOP', 'ARRET', 'ARRÊT', 'STOPSMS']);
const START_WORDS = new Set(['START', 'UNSTOP']);

/**
 * A text from a phone: 'STOP' (or ARRET) sets sms_stop_at on every user of that full number and marks its waiting SMS
 * FAILED / OPTED_OUT; 'START' clears the opt-out. Other texts are ignored.
 * @returns what was done
 */
async function applyMobileOriginated(db: Db, from: string, text: string): Promise<'stop' | 'start' | 'ignored'> {
  const word = text.trim().split(/\s+/)[0]?.toUpperCase() ?? '';
  if (!/^\+\d{5,15}$/.test(from)) return 'ignored';
  if (STOP_WORDS.has(word)) {
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ smsStopAt: sql`now()` })
        .where(and(eq(users.telephoneComplet, from), isNull(users.smsStopAt)));
      await tx
        .update(mailOutbox)
        .set({ status: 'FAILED', delivery: 'OPTED_OUT', deliveryAt: sql`now()`, lastError: 'Numéro désinscrit (STOP).' })
        .where(
          and(
            eq(mailOutbox.canal, 'sms'),
            eq(mailOutbox.to, from),
            eq(mailOutbox.status, 'PENDING'),
            or(isNull(mailOutbox.lockedUntil), lte(mailOutbox.lockedUntil, sql`now()`)),
          ),
        );
    });
    return 'stop';
  }
  if (START_WORDS.has(word)) {
    await db
      .update(users)
      .set({ smsStopAt: null })
      .where(and(eq(users.telephoneComplet, from), isNotNull(users.smsStopAt)));
    return 'start';
  }
  return 'ignored';
}

/**
 * Handles one deliver_sm (already acknowledged by the link). A receipt whose id is not recorded yet (its
 * submit_sm_resp and the receipt crossed) is tried again after 1 s and 5 s, then dropped: the row stays SENT.
 */
async function handleDeliver(db: Db, pdu: PDU, log?: { warn: (o: object, msg: string) => void }): Promise<void> {
  const incoming = readDeliver(pdu);
  if (incoming.kind === 'mo') {
    await applyMobileOriginated(db, incoming.from, incoming.text);
    return;
  }
  if (!incoming.state) return;
  const { messageId, state, handset } = incoming;
  for (const wait of [0, 1000, 5000]) {
    if (wait) await new Promise((r) => setTimeout(r, wait).unref?.());
    if (await applyReceipt(db, messageId, state, handset)) return;
  }
  log?.warn({ messageId, handset: handset?.digits.slice(-4) }, 'accusé de réception SMS inconnu');
}

/** The running SMS worker: its link (for tests and the bench) and how to stop it. */
export interface SmsWorker {
  link: SmppLink | undefined;
  /** Runs a round now (tests): sends what is due. */
  kick(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts the SMS worker when SMPP_URL is set (smsChannel, server/outbox/channels/registry.ts): binds (./smppLink.ts), and every `intervalMs` and at
 * each bind sends the due SMS (deliverSms); receipts and replies are recorded (handleDeliver). Without SMPP_URL it does
 * nothing and SMS stay queued. @returns the worker
 */
export function startSmsWorker(opts: {
  db: Db;
  smppUrl?: string;
  from: string;
  maxPerSecond: number;
  intervalMs?: number;
  policy?: Partial<OutboxPolicy>;
  link?: Partial<SmppLinkOptions>;
  log: { error: (o: object, msg: string) => void; warn: (o: object, msg: string) => void };
}): SmsWorker {
  if (!opts.smppUrl) return { link: undefined, kick: async () => {}, stop: async () => {} };
  const { db, log } = opts;
  const link = new SmppLink(parseSmppUrl(opts.smppUrl), {
    maxPerSecond: opts.maxPerSecond,
    log,
    ...opts.link,
    onDeliver: (pdu) => void handleDeliver(db, pdu, log).catch((err) => log.error({ err }, 'SMS deliver_sm')),
  });
  const batch = 10;
  const rounds = repeatRounds(
    async (stopped) => {
      while (!stopped() && link.isBound && (await deliverSms(db, link, { from: opts.from, batch, policy: opts.policy })).claimed > 0);
    },
    { intervalMs: opts.intervalMs ?? 5000, immediate: false, label: 'SMS worker', log },
  );
  link.onBound(() => void rounds.kick());
  link.start();
  return {
    link,
    kick: rounds.kick,
    stop: async () => {
      const ended = rounds.stop(); // no round starts any more; the running one ends with the link
      await link.stop();
      await ended;
    },
  };
}

/** The SMS driver: on when SMPP_URL is set; its worker is startSmsWorker's (one bind per process). */
export const smsChannel: OutboxChannel<'sms'> = {
  name: 'sms',
  isOn: (config) => !!config.smppUrl,
  start: ({ db, config, policy, log }) =>
    startSmsWorker({
      db,
      smppUrl: config.smppUrl,
      from: config.smsFrom,
      maxPerSecond: config.smsMaxPerSecond,
      policy,
      intervalMs: config.outboxIntervalMs,
      log,
    }),
};
