/**
 * What a channel's driver offers the outbox (docs/decisions/notice-dispatch.md): its name (an entry of common/canal.ts
 * CANAUX, the outbox rows' `canal`), whether the configuration turns it on, and its worker, which claims the due rows
 * of its channel from the queue (server/outbox/queue.ts claim), sends them, records each outcome (SENT, a failure
 * with back-off) and, for a channel that has them, records receipts. The drivers are server/outbox/channels/; the
 * registry that starts them is server/outbox/channels/registry.ts.
 *
 * Why a worker and not a `send(row)`: sending is the driver's own loop because the channels differ in it — SMTP
 * sends one mail at a time, SMPP keeps a window of rows in flight on one bind, resumes a row after its last answered
 * part and hears receipts and STOP replies on the same bind (docs/decisions/sms-channel.md).
 */
import type { Canal } from '../../common/canal';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { OutboxPolicy } from './queue';

/** What a driver's worker is given: the database, the configuration, the retry policy, a log. */
export interface ChannelContext {
  db: Db;
  config: Config;
  policy: Partial<OutboxPolicy>;
  log: { error: (o: object, msg: string) => void; warn: (o: object, msg: string) => void };
}

/** A running driver's worker. */
interface ChannelWorker {
  /** Stops it (and waits for a running round). */
  stop(): Promise<void>;
}

/** A channel's driver. */
export interface OutboxChannel<C extends Canal = Canal> {
  readonly name: C;
  /** Whether the configuration gives the channel a way out (SMTP_URL, SMPP_URL…): off, its rows wait in the queue. */
  isOn(config: Partial<Config>): boolean;
  /** Starts its worker (only when isOn). */
  start(ctx: ChannelContext): ChannelWorker;
}
