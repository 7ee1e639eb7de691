/**
 * The process's one SMPP 3.4 transceiver bind to the operator's gateway (docs/decisions/sms-channel.md): connects and
 * binds (bind_transceiver, system_id and password from SMPP_URL), keeps the bind alive (enquire_link every 30 s),
 * re-binds after a drop with back-off (1 s doubling to 60 s), and submits PDUs within a window of unacknowledged ones
 * and at most `maxPerSecond` a second (SMS_MAX_PER_SECOND). Incoming deliver_sm (receipts, mobile-originated texts)
 * are acknowledged and handed to `onDeliver`. Pure transport: the outbox rules are in ./sms.ts.
 */
import type { PDU, Session } from 'smpp';

/** An SMPP URL: host, port, TLS, credentials. */
export interface SmppTarget {
  host: string;
  port: number;
  tls: boolean;
  systemId: string;
  password: string;
}

/**
 * Reads SMPP_URL: `smpp://system_id:password@host:port` (port 2775 by default) or `smpps://…` (TLS, 3550).
 * @throws Error with a French message for another scheme or a missing host
 */
export function parseSmppUrl(url: string): SmppTarget {
  const u = new URL(url);
  if (u.protocol !== 'smpp:' && u.protocol !== 'smpps:')
    throw new Error(`SMPP_URL : smpp:// ou smpps:// attendu (reçu « ${u.protocol} »).`);
  if (!u.hostname) throw new Error('SMPP_URL : hôte manquant.');
  const tls = u.protocol === 'smpps:';
  return {
    host: u.hostname,
    port: Number(u.port) || (tls ? 3550 : 2775),
    tls,
    systemId: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
  };
}

/** The gateway answered a submit_sm with an error status: `status` the SMPP command_status. */
export class SmppError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** ESME_RTHROTTLED (SMPP 3.4 §5.1.3): the gateway asks to slow down; the PDU was not accepted. */
export const ESME_RTHROTTLED = 0x58;
/** ESME_RMSGQFUL: the gateway's queue is full; handled as a throttle too. */
export const ESME_RMSGQFUL = 0x14;

/** How the link behaves; the defaults suit an operator gateway, tests shorten them. */
export interface SmppLinkOptions {
  /** submit_sm PDUs a second at most (SMS_MAX_PER_SECOND). */
  maxPerSecond: number;
  /** Unacknowledged submit_sm at most (window). */
  window?: number;
  /** enquire_link period (ms). */
  enquireLinkMs?: number;
  /** First re-bind delay (ms), doubled after each failed bind, up to reconnectMaxMs. */
  reconnectBaseMs?: number;
  reconnectMaxMs?: number;
  /** A submit_sm without its answer after this long fails (ms). */
  responseTimeoutMs?: number;
  /** After ESME_RTHROTTLED, no submit_sm for this long (ms), then the rate is halved for a while. */
  throttlePauseMs?: number;
  /** Incoming deliver_sm (acknowledged already). */
  onDeliver?: (pdu: PDU) => void;
  log?: { warn: (o: object, msg: string) => void; info?: (o: object, msg: string) => void };
}

/** A PDU to submit (submit_sm fields). */
export type SubmitFields = Record<string, unknown>;

/**
 * One bind per process, shared by every SMS sent from it. `submit` resolves with the SMSC message_id of the accepted
 * PDU, rejects with SmppError (an error status: ESME_RTHROTTLED among them) or Error (not bound, link lost before the
 * answer, time-out).
 */
export class SmppLink {
  private session: Session | undefined;
  private bound = false;
  private stopped = false;
  private attempt = 0;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private inFlight = 0;
  /** Callers waiting for a slot in the window or the rate. */
  private waiters: Array<() => void> = [];
  /** Earliest time of the next submit (rate and throttle pauses). */
  private nextSlotAt = 0;
  /** Rate in force: maxPerSecond, halved for a minute after a throttle. */
  private rate: number;
  private rateRestoreTimer: NodeJS.Timeout | undefined;
  private pumpTimer: NodeJS.Timeout | undefined;
  private readonly pending = new Map<number, { reject: (e: Error) => void }>();
  private pendingKey = 0;
  private readonly boundListeners: Array<() => void> = [];
  /** Counters for tests and the bench. */
  readonly stats = { binds: 0, submitted: 0, throttled: 0, drops: 0, ackMsSum: 0, ackMsMax: 0 };

  constructor(
    private readonly target: SmppTarget,
    private readonly opts: SmppLinkOptions,
  ) {
    this.rate = opts.maxPerSecond;
  }

  /** Whether the link is bound now (the outbox claims SMS only then). */
  get isBound(): boolean {
    return this.bound;
  }

  /** Starts connecting (and re-connecting until stop). */
  start(): void {
    this.stopped = false;
    void this.connect();
  }

  /** Calls `fn` each time a bind succeeds (the worker sends what waited). */
  onBound(fn: () => void): void {
    this.boundListeners.push(fn);
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const smpp = (await import('smpp')).default as typeof import('smpp');
    const { host, port, tls, systemId, password } = this.target;
    const session = smpp.connect({ host, port, tls, auto_enquire_link_period: this.opts.enquireLinkMs ?? 30_000 });
    this.session = session;
    let closed = false;
    const lost = (why: string) => {
      if (closed) return;
      closed = true;
      const wasBound = this.bound;
      this.bound = false;
      if (wasBound) this.stats.drops++;
      for (const [, p] of this.pending) p.reject(new Error(`Liaison SMPP perdue (${why}) avant la réponse.`));
      this.pending.clear();
      this.inFlight = 0;
      this.wake();
      if (this.session === session) this.session = undefined;
      session.destroy();
      if (!this.stopped) this.scheduleReconnect();
    };
    session.on('error', (err: Error) => lost(err.message));
    session.on('close', () => lost('fermée'));
    session.on('connect', () => {
      session.bind_transceiver({ system_id: systemId, password }, (pdu) => {
        if (pdu.command_status !== 0) {
          this.opts.log?.warn({ status: pdu.command_status }, 'SMPP bind refusé');
          lost(`bind refusé, statut ${pdu.command_status}`);
          return;
        }
        this.bound = true;
        this.attempt = 0;
        this.stats.binds++;
        this.wake();
        for (const fn of this.boundListeners) fn();
      });
    });
    session.on('deliver_sm', (pdu: PDU) => {
      session.send(pdu.response());
      this.opts.onDeliver?.(pdu);
    });
    // The gateway's own keep-alive and an orderly unbind.
    session.on('enquire_link', (pdu: PDU) => session.send(pdu.response()));
    session.on('unbind', (pdu: PDU) => {
      session.send(pdu.response());
      lost('unbind');
    });
  }

  private scheduleReconnect(): void {
    if (this.reconnectTimer || this.stopped) return;
    const base = this.opts.reconnectBaseMs ?? 1000;
    const delay = Math.min(base * 2 ** this.attempt, this.opts.reconnectMaxMs ?? 60_000);
    this.attempt++;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      void this.connect();
    }, delay);
    this.reconnectTimer.unref?.();
  }

  /** Lets waiting callers re-check the window and the rate. */
  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const fn of w) fn();
  }

  /** Waits for a slot: bound, a free place in the window, and the rate's next instant reached. */
  private async slot(): Promise<void> {
    for (;;) {
      if (this.stopped) throw new Error('Liaison SMPP arrêtée.');
      if (!this.bound) throw new Error('Passerelle SMPP non connectée.');
      const now = performance.now();
      const interval = 1000 / this.rate;
      // 1 ms of tolerance: a timer may fire a little before its instant; a slot taken late does not push the next
      // ones back (up to one interval of catch-up), so the average stays at the configured rate.
      if (this.inFlight < (this.opts.window ?? 10) && now >= this.nextSlotAt - 1) {
        this.nextSlotAt = Math.max(now - interval, this.nextSlotAt) + interval;
        this.inFlight++;
        return;
      }
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        if (now < this.nextSlotAt && !this.pumpTimer) {
          this.pumpTimer = setTimeout(
            () => {
              this.pumpTimer = undefined;
              this.wake();
            },
            Math.max(1, Math.ceil(this.nextSlotAt - now)),
          );
        }
      });
    }
  }

  /** After ESME_RTHROTTLED: a pause, then half the rate for a minute. */
  private throttle(): void {
    this.stats.throttled++;
    this.nextSlotAt = performance.now() + (this.opts.throttlePauseMs ?? 1000);
    this.rate = Math.max(1, this.rate / 2);
    clearTimeout(this.rateRestoreTimer);
    this.rateRestoreTimer = setTimeout(() => (this.rate = this.opts.maxPerSecond), 60_000);
    this.rateRestoreTimer.unref?.();
  }

  /**
   * Submits one submit_sm and waits for its answer.
   * @returns the SMSC message_id
   * @throws SmppError an error status (ESME_RTHROTTLED: the link pauses and slows down first); Error not bound, link
   *   lost before the answer (the PDU may or may not have been accepted), or no answer within responseTimeoutMs
   */
  async submit(fields: SubmitFields): Promise<string> {
    await this.slot();
    const session = this.session;
    if (!session) {
      this.inFlight--;
      throw new Error('Passerelle SMPP non connectée.');
    }
    return new Promise<string>((resolve, reject) => {
      let done = false;
      const key = ++this.pendingKey;
      const sentAt = performance.now();
      const finish = (fn: () => void) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        this.pending.delete(key);
        if (this.inFlight > 0) this.inFlight--;
        this.wake();
        fn();
      };
      const timer = setTimeout(
        () => finish(() => reject(new Error('Pas de réponse de la passerelle SMPP.'))),
        this.opts.responseTimeoutMs ?? 30_000,
      );
      const sent = session.submit_sm({ ...fields }, (resp) => {
        finish(() => {
          const ackMs = performance.now() - sentAt;
          this.stats.ackMsSum += ackMs;
          this.stats.ackMsMax = Math.max(this.stats.ackMsMax, ackMs);
          if (resp.command_status === 0) {
            this.stats.submitted++;
            resolve(String(resp.message_id ?? ''));
            return;
          }
          if (resp.command_status === ESME_RTHROTTLED || resp.command_status === ESME_RMSGQFUL) this.throttle();
          reject(new SmppError(resp.command_status, `Refusé par la passerelle SMPP (statut 0x${resp.command_status.toString(16)}).`));
        });
      });
      if (!sent) {
        finish(() => reject(new Error('Passerelle SMPP non connectée.')));
        return;
      }
      // A drop of the link rejects this submit (lost, in connect).
      this.pending.set(key, { reject: (e) => finish(() => reject(e)) });
    });
  }

  /** Unbinds and closes; pending submits reject; no re-bind after. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    clearTimeout(this.rateRestoreTimer);
    clearTimeout(this.pumpTimer);
    const session = this.session;
    this.session = undefined;
    this.bound = false;
    this.wake();
    if (!session) return;
    await new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        session.destroy();
        resolve();
      }, 1000);
      session.unbind(() => {
        clearTimeout(t);
        session.destroy();
        resolve();
      });
    });
  }
}
