/**
 * The pg pool of a PostgreSQL server (DATABASE_URL), made to survive the database going away
 * (docs/decisions/fault-tolerance.md): every wait is bounded, a dead connection never crashes the process, and the pool
 * heals by itself when the database comes back.
 *
 * - `connectionTimeoutMillis`: opening a connection, or waiting for a free one, fails after `connectMs`.
 * - `statement_timeout` (server side) and `query_timeout` (client side, a little longer, for a network that swallows
 *   packets): a query fails after `statementMs`. `idle_in_transaction_session_timeout` ends a session whose client
 *   vanished inside a transaction, so its row locks do not outlive it.
 * - Every connection carries an 'error' listener: pg emits 'error' on a checked-out client whose socket dies, and an
 *   unheard 'error' event would end the process.
 * - A checked-out client whose query fails because the connection is dead or timed out is destroyed at once, not
 *   given back to the pool; Drizzle's transaction does not release its client when `begin` itself fails, so without
 *   this, every transaction tried while the database is away would leak a connection and the pool would stay empty
 *   after the database came back.
 */
import pg from 'pg';
import { NamedStatementClient } from './fast/namedStatements';

/** application_name of the pool's connections (pg_stat_activity): restore refuses while such a connection exists. */
export const API_APPLICATION_NAME = 'colis-api';

/** Timeouts (ms) of the server's pool; 0 disables one. */
export interface PgTimeouts {
  /** Opening a connection or waiting for a free one. */
  connectMs: number;
  /** One statement (server side); the client gives up `statementMs + 2000` ms after sending it. */
  statementMs: number;
  /** A session idle inside a transaction. */
  idleInTransactionMs: number;
}

/**
 * Timeouts from the environment: PG_CONNECT_TIMEOUT_MS (default 5000), PG_STATEMENT_TIMEOUT_MS (default 15000),
 * PG_IDLE_TX_TIMEOUT_MS (default 60000).
 */
export function pgTimeoutsFromEnv(env: Record<string, string | undefined> = process.env): PgTimeouts {
  const ms = (v: string | undefined, def: number) => (v !== undefined && v !== '' && Number.isFinite(Number(v)) ? Number(v) : def);
  return {
    connectMs: ms(env.PG_CONNECT_TIMEOUT_MS, 5000),
    statementMs: ms(env.PG_STATEMENT_TIMEOUT_MS, 15_000),
    idleInTransactionMs: ms(env.PG_IDLE_TX_TIMEOUT_MS, 60_000),
  };
}

/** Whether a query error means the connection itself is unusable (dead socket, read timeout, closed client). */
function connectionBroken(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown };
  if (typeof e?.code === 'string' && /^(ECONN|EPIPE|ETIMEDOUT|57P0|08)/.test(e.code)) return true;
  return typeof e?.message === 'string' && /Connection terminated|Query read timeout|not queryable|Client was closed/i.test(e.message);
}

/**
 * Opens the pool.
 * @param url postgres://… connection string
 * @param opts.max pool size (connections); opts.timeouts as above (statement timeouts off when omitted: scripts,
 *   migrations and the benchmark generator run long statements); opts.namedStatements: parameterised queries become
 *   server-side prepared statements (db/fast/namedStatements.ts)
 * @returns a pg.Pool (Drizzle's node-postgres driver takes it as is)
 */
export function createPgPool(url: string, opts: { max: number; timeouts?: Partial<PgTimeouts>; namedStatements?: boolean }): pg.Pool {
  const t = opts.timeouts ?? {};
  const pool = new GuardedPool({
    connectionString: url,
    ...(opts.namedStatements ? { Client: NamedStatementClient } : {}),
    application_name: API_APPLICATION_NAME,
    // No JIT compilation: the API's statements are short, and a cost estimate above jit_above_cost (e.g. a payment
    // search whose author branch is estimated at every payment) spent far longer compiling a statement than running it.
    // No parallel workers either: starting two took many times longer than a payment search whose plan they ran (its
    // author branch, a hash join over every payment, stops at once when no author matches), and with requests in flight
    // the cores are already busy (timings measured in bench/README.md, seventh session;
    // docs/decisions/list-queries.md).
    options: '-c jit=off -c max_parallel_workers_per_gather=0',
    max: opts.max,
    connectionTimeoutMillis: t.connectMs ?? 5000,
    keepAlive: true,
    ...(t.statementMs ? { statement_timeout: t.statementMs, query_timeout: t.statementMs + 2000 } : {}),
    ...(t.idleInTransactionMs ? { idle_in_transaction_session_timeout: t.idleInTransactionMs } : {}),
  });
  // An idle connection closed by the server (restart, admin shutdown 57P01) must not crash the process:
  // the pool drops it and opens a new one on the next query.
  pool.on('error', (err: Error & { code?: string }) => {
    if (err.code !== '57P01') console.error(`PostgreSQL (connexion inactive) : ${err.message}`);
  });
  pool.on('connect', (client) => {
    // Heard while the client is checked out; the query running on it fails with the same error.
    client.on('error', () => undefined);
  });
  return pool;
}

/** pg.Pool whose `connect()` (the promise form Drizzle's transactions use) hands out guarded clients. */
class GuardedPool extends pg.Pool {
  connect(): Promise<pg.PoolClient>;
  connect(callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): void;
  connect(callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void) {
    // The callback form is pool.query's own, which already destroys a client whose query failed.
    if (callback) return super.connect(callback);
    return super.connect().then((client) => {
      guardCheckout(client);
      return client;
    });
  }
}

const GUARDED = Symbol('guarded');

/** While a client is checked out, destroys it as soon as one of its queries fails for a connection reason. */
function guardCheckout(client: pg.PoolClient & { [GUARDED]?: true }) {
  const release = client.release;
  let released = false;
  const once = (err?: Error | boolean) => {
    if (released) return;
    released = true;
    release.call(client, err);
  };
  client.release = once;
  if (client[GUARDED]) return;
  client[GUARDED] = true;
  const query = client.query;
  // Same signature as pg's query; only the promise form (the one Drizzle uses) is watched.
  client.query = function (this: pg.PoolClient, ...args: unknown[]) {
    const result = (query as (...a: unknown[]) => unknown).apply(this, args);
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      (result as Promise<unknown>).catch((err: unknown) => {
        if (connectionBroken(err)) (client.release as (err?: Error | boolean) => void)(err instanceof Error ? err : true);
      });
    }
    return result;
  } as typeof client.query;
}
