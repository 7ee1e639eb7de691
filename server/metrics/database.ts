/**
 * The database's metrics (docs/decisions/metrics.md), read when Prometheus scrapes:
 *
 * - the connection pool, on both drivers: `colis_db_pool_connections{state="busy"|"idle"}`, `colis_db_pool_max`,
 *   `colis_db_pool_waiting` (calls waiting for a connection now), `colis_db_pool_waits_total` and
 *   `colis_db_pool_wait_seconds_total` (calls that found every connection busy, and the seconds they waited). On
 *   PostgreSQL this is pg's Pool (totalCount, idleCount, waitingCount, options.max); an embedded PGlite has one
 *   connection, which a query or a transaction holds alone: `max` is 1 and the waiting calls are those queued behind it;
 * - the mail outbox (table mail_outbox, server/outbox/queue.ts), per channel: `colis_outbox_messages{channel, status}`
 *   for PENDING (the backlog) and FAILED (given up after MAIL_MAX_ATTEMPTS), `colis_outbox_retrying_messages{channel}`
 *   (PENDING after at least one failed attempt) and `colis_outbox_oldest_pending_seconds{channel}` (age of the oldest
 *   PENDING one, 0 when none). The channel is the row's `canal` ('email' or 'sms') when the table has that column,
 *   else 'email'; the 'email' series always exist (0 when empty), so that alerts have them from the start;
 * - `colis_db_up`: 1 when the last read of the outbox answered, 0 when it failed or took longer than READ_TIMEOUT_MS
 *   (the outbox gauges then keep their last values).
 *
 * The outbox is read at most once per CACHE_MS whatever the number of scrapes (several Prometheus servers, a curl in a
 * loop): the scrapes in between get the same values. The pool's figures are the driver's own counters (no query).
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';

/** How long one read of the outbox serves the scrapes (ms). */
const CACHE_MS = 5000;
/** Longest a scrape waits for the outbox's read (ms), well under Prometheus' 10 s scrape timeout. */
const READ_TIMEOUT_MS = 3000;

/** The statuses of the outbox the gauges count: SENT grows forever and says nothing about a backlog. */
const COUNTED_STATUSES = ['PENDING', 'FAILED'] as const;

/** What the pool gauges read, whichever the driver. */
interface PoolStats {
  max: number;
  busy: number;
  idle: number;
  waiting: number;
  /** Calls that found every connection busy, since the process started. */
  waits: number;
  /** Seconds those calls waited, since the process started. */
  waitSeconds: number;
}

/** The pool figures of a database client, counted by the wrappers below once per client (several apps may share one). */
const poolStats = new WeakMap<object, () => PoolStats>();

/**
 * The pool figures of pg's Pool: its own counters, and the waits. A call waited when the connection it got was released
 * by another call while it was queued (pg hands a released connection to the first call queued): its wait is the time
 * from its call to then. Counted by listening to the pool's 'release' and wrapping its `connect` (the promise form
 * Drizzle's transactions use, and the callback form of pool.query); a connection newly opened for a queued call is not
 * a wait for a busy one.
 */
function pgPoolStats(pool: pg.Pool): () => PoolStats {
  let waits = 0;
  let waitSeconds = 0;
  const handedOver = new WeakSet<object>();
  pool.on('release', (err: Error | undefined, client: pg.PoolClient) => {
    if (!err && pool.waitingCount > 0) handedOver.add(client);
  });
  const connect = pool.connect.bind(pool) as (cb?: (...args: unknown[]) => void) => Promise<pg.PoolClient> | void;
  const max = pool.options.max ?? 10;
  (pool as { connect: unknown }).connect = function (cb?: (...args: unknown[]) => void) {
    const started = performance.now();
    const got = (client: unknown) => {
      if (client && handedOver.delete(client as object)) {
        waits++;
        waitSeconds += (performance.now() - started) / 1000;
      }
    };
    if (cb)
      return connect((...args: unknown[]) => {
        got(args[1]);
        cb(...args);
      });
    return (connect() as Promise<pg.PoolClient>).then((client) => {
      got(client);
      return client;
    });
  };
  return () => ({
    max,
    busy: pool.totalCount - pool.idleCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
    waits,
    waitSeconds,
  });
}

/** A PGlite instance as far as its lock goes: `_runExclusiveTransaction` runs a query, an exec or a transaction alone. */
interface PgliteLock {
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
}

/**
 * The pool figures of PGlite: its one connection is taken by each query, exec and transaction in turn
 * (`_runExclusiveTransaction`, a mutex); the wrapper counts the calls queued for it and how long they waited.
 */
function pgliteStats(client: PgliteLock): () => PoolStats {
  let queued = 0;
  let busy = 0;
  let waits = 0;
  let waitSeconds = 0;
  const run = client._runExclusiveTransaction.bind(client);
  client._runExclusiveTransaction = <T>(fn: () => Promise<T>) => {
    // Waits behind the running call and those queued before it.
    const waited = busy > 0 || queued > 0;
    const started = waited ? performance.now() : 0;
    queued++;
    return run(async () => {
      queued--;
      busy++;
      if (waited) {
        waits++;
        waitSeconds += (performance.now() - started) / 1000;
      }
      try {
        return await fn();
      } finally {
        busy--;
      }
    });
  };
  return () => ({ max: 1, busy, idle: 1 - busy, waiting: queued, waits, waitSeconds });
}

/** The pool figures of the app's database: pg's Pool or PGlite's lock; undefined for another client (none today). */
function statsOf(db: Db): (() => PoolStats) | undefined {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!client || typeof client !== 'object') return undefined;
  let stats = poolStats.get(client);
  if (!stats) {
    if (client instanceof pg.Pool) stats = pgPoolStats(client);
    else if (typeof (client as Partial<PgliteLock>)._runExclusiveTransaction === 'function') stats = pgliteStats(client as PgliteLock);
    else return undefined;
    poolStats.set(client, stats);
  }
  return stats;
}

/** One row of the outbox's read. */
interface OutboxRow {
  channel: string;
  status: string;
  n: number;
  retrying: number;
  oldest: number;
}

/**
 * Whether mail_outbox has its `canal` column (common/canal.ts CANAUX): then the channel label is its value, else every row is
 * an e-mail. Asked once per database handle (the migrations ran before the app started).
 */
const hasCanal = new WeakMap<Db, Promise<boolean>>();

/** Reads once whether mail_outbox has a `canal` column. */
function outboxHasCanal(db: Db): Promise<boolean> {
  let found = hasCanal.get(db);
  if (!found) {
    found = rowsOf<{ found: boolean }>(
      db,
      sql`
        SELECT EXISTS (SELECT 1 FROM information_schema.columns
                        WHERE table_schema = current_schema() AND table_name = 'mail_outbox' AND column_name = 'canal') AS found`,
    ).then((rows) => rows[0]?.found === true);
    // A failed read is asked again at the next scrape.
    found.catch(() => hasCanal.delete(db));
    hasCanal.set(db, found);
  }
  return found;
}

/**
 * Counts the outbox's PENDING and FAILED messages per channel (the index on status serves it): the `canal` column's
 * value when the table has one, else 'email'.
 */
async function readOutbox(db: Db): Promise<OutboxRow[]> {
  const channel = (await outboxHasCanal(db)) ? sql.raw('canal') : sql.raw(`'email'`);
  return rowsOf<OutboxRow>(
    db,
    sql`
    SELECT ${channel} AS channel, status::text AS status, count(*)::int AS n,
           (count(*) FILTER (WHERE attempts > 0))::int AS retrying,
           coalesce(extract(epoch FROM now() - min(created_at)), 0)::float8 AS oldest
      FROM mail_outbox
     WHERE status IN ('PENDING', 'FAILED')
     GROUP BY 1, 2`,
  );
}

/** The outbox's read, or the error, of one scrape. */
type OutboxRead = { ok: true; rows: OutboxRow[] } | { ok: false };

/**
 * Reads at most once per `ttlMs`: the calls in between share the same promise (including one still running).
 * @param read the read; timeoutMs how long a call waits for it before answering { ok: false }
 */
export function cachedRead(read: () => Promise<OutboxRow[]>, ttlMs = CACHE_MS, timeoutMs = READ_TIMEOUT_MS): () => Promise<OutboxRead> {
  let at = -Infinity;
  let last: Promise<OutboxRead> | undefined;
  return () => {
    const now = performance.now();
    if (!last || now - at >= ttlMs) {
      at = now;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<OutboxRead>((resolve) => (timer = setTimeout(() => resolve({ ok: false }), timeoutMs)));
      const done = read().then(
        (rows): OutboxRead => ({ ok: true, rows }),
        (): OutboxRead => ({ ok: false }),
      );
      last = Promise.race([done, timeout]).finally(() => clearTimeout(timer));
    }
    return last;
  };
}

/**
 * Registers the database's gauges and counters on `registry` (listed at the top of this file).
 * @param db the app's database; its pool is wrapped once to count waits (the wrappers only count, never delay)
 * @param outboxCacheMs how long one read of the outbox serves the scrapes (ms, default CACHE_MS)
 */
export function registerDatabaseMetrics(registry: Registry, db: Db, outboxCacheMs = CACHE_MS): void {
  const stats = statsOf(db);
  if (stats) {
    new Gauge({
      name: 'colis_db_pool_connections',
      help: 'Connexions à la base : occupées (busy) ou libres (idle). PGlite : une seule connexion.',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const s = stats();
        this.set({ state: 'busy' }, s.busy);
        this.set({ state: 'idle' }, s.idle);
      },
    });
    new Gauge({
      name: 'colis_db_pool_max',
      help: 'Taille maximale du pool de connexions (PG_POOL_SIZE ; 1 pour PGlite).',
      registers: [registry],
      collect() {
        this.set(stats().max);
      },
    });
    new Gauge({
      name: 'colis_db_pool_waiting',
      help: "Appels en attente d'une connexion à la base à cet instant.",
      registers: [registry],
      collect() {
        this.set(stats().waiting);
      },
    });
    new Counter({
      name: 'colis_db_pool_waits_total',
      help: "Appels qui ont dû attendre qu'une connexion se libère, depuis le démarrage.",
      registers: [registry],
      collect() {
        this.reset();
        this.inc(stats().waits);
      },
    });
    new Counter({
      name: 'colis_db_pool_wait_seconds_total',
      help: 'Temps passé par ces appels à attendre une connexion, depuis le démarrage (secondes).',
      registers: [registry],
      collect() {
        this.reset();
        this.inc(stats().waitSeconds);
      },
    });
  }

  const outbox = cachedRead(() => readOutbox(db), outboxCacheMs);
  const channels = new Set(['email']);
  // One read fills the four (prom-client awaits each metric's collect before reading it; the read is shared).
  const fill = async () => {
    const read = await outbox();
    up.set(read.ok ? 1 : 0);
    if (!read.ok) return;
    // Every channel seen (e-mail from the start) and status at 0 unless counted, so that an alert's series exist from
    // the start and a channel whose messages are all sent goes back to 0.
    for (const r of read.rows) channels.add(r.channel);
    for (const channel of channels) {
      for (const status of COUNTED_STATUSES) messages.set({ channel, status }, 0);
      retrying.set({ channel }, 0);
      oldest.set({ channel }, 0);
    }
    for (const r of read.rows) {
      messages.set({ channel: r.channel, status: r.status }, r.n);
      if (r.status === 'PENDING') {
        retrying.set({ channel: r.channel }, r.retrying);
        oldest.set({ channel: r.channel }, r.oldest);
      }
    }
  };
  const up = new Gauge({
    name: 'colis_db_up',
    help: '1 si la dernière lecture de la base par les métriques a répondu (dans les 3 s), sinon 0.',
    registers: [registry],
    collect: fill,
  });
  const messages = new Gauge({
    name: 'colis_outbox_messages',
    help: "Messages de la boîte d'envoi par canal et statut : PENDING (en attente d'envoi) et FAILED (abandonnés).",
    labelNames: ['channel', 'status'] as const,
    registers: [registry],
    collect: fill,
  });
  const retrying = new Gauge({
    name: 'colis_outbox_retrying_messages',
    help: "Messages en attente après au moins une tentative d'envoi échouée, par canal.",
    labelNames: ['channel'] as const,
    registers: [registry],
    collect: fill,
  });
  const oldest = new Gauge({
    name: 'colis_outbox_oldest_pending_seconds',
    help: "Âge du plus ancien message en attente d'envoi, par canal (secondes ; 0 si aucun).",
    labelNames: ['channel'] as const,
    registers: [registry],
    collect: fill,
  });
}
