/**
 * The channels' drivers, one per entry of common/canal.ts CANAUX (a channel without a driver does not compile), which
 * of them this process has on (configureChannels, at start: server/app.ts), and their workers (startChannels:
 * server/main.ts). docs/decisions/notice-dispatch.md.
 */
import { CANAUX, type Canal } from '../../../common/canal';
import type { Config } from '../../config';
import type { ChannelContext, OutboxChannel } from '../channel';
import { emailChannel } from './email';
import { smsChannel } from './sms';

/** The driver of each channel. */
const DRIVERS: { readonly [C in Canal]: OutboxChannel<C> } = { email: emailChannel, sms: smsChannel };

/** The channels on in this process (set once at start). */
let on = new Set<Canal>();

/** Sets which channels are on from the configuration (server/app.ts, at start; a test may give a part of one). */
export function configureChannels(config: Partial<Config>): void {
  on = new Set(CANAUX.filter((c) => DRIVERS[c].isOn(config)));
}

/** Whether `canal` is on in this process (e.g. 'sms': an 'auto' client is then told by SMS; common/canal.ts canalPour). */
export const channelOn = (canal: Canal): boolean => on.has(canal);

/**
 * Starts the worker of each channel the configuration turns on, each with the retry policy of MAIL_MAX_ATTEMPTS and
 * MAIL_RETRY_BASE_MS. @returns a function that stops them all
 */
export function startChannels(ctx: Omit<ChannelContext, 'policy'>): () => Promise<void> {
  const policy = { maxAttempts: ctx.config.mailMaxAttempts, retryBaseMs: ctx.config.mailRetryBaseMs };
  const workers = CANAUX.filter((c) => DRIVERS[c].isOn(ctx.config)).map((c) => DRIVERS[c].start({ ...ctx, policy }));
  return async () => {
    await Promise.all(workers.map((w) => w.stop()));
  };
}
