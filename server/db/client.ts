/**
 * Database access: embedded PGlite under DATA_DIR, or a PostgreSQL server when DATABASE_URL is set (docs/architecture.md §1).
 * Both give the same Drizzle API over the same schema and migrations.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { PROJECT_ROOT } from '../paths';
import { createPgPool, type PgTimeouts } from './pgPool';
import { lockDataDir } from './dataDirLock';
import { fastSwitches } from './fast/switches';
import { limitPgliteWait } from './pgliteGate';

/** The Drizzle database type both drivers satisfy. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle (same API as Db). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The PGlite instance of an embedded database (backups: dumpDataDir); absent on PostgreSQL. */
  pglite?: PGlite;
  /** Applies pending migrations of MIGRATIONS_FOLDER (server/db/migrations, or MIGRATIONS_DIR). */
  migrate(): Promise<void>;
  /** Closes the pool, or closes PGlite (checkpoint, clean shut-down state) and gives back its directory lock. */
  close(): Promise<void>;
}

/**
 * The migrations this process applies at start-up and GET /api/ready expects (health/routes.ts): server/db/migrations,
 * or the folder MIGRATIONS_DIR names (absolute, or relative to the working directory), read once at start-up. A
 * rolling upgrade starts a process on a newer release's migrations beside one still on the previous release's:
 * docs/architecture.md "Migrations beside a running version" says what such a migration may do, and
 * tests/faults/rollingUpgrade.test.ts starts one on a copy of this folder plus one migration.
 */
export const MIGRATIONS_FOLDER = process.env.MIGRATIONS_DIR
  ? path.resolve(process.env.MIGRATIONS_DIR)
  : path.join(PROJECT_ROOT, 'server', 'db', 'migrations');

/**
 * The longest wait of a call for PGlite's one connection when no statement timeout is given (ms): scripts, tests. The
 * server gives PG_STATEMENT_TIMEOUT_MS (15 s by default). Long enough for a busy test machine's queues, short enough
 * that a call stuck behind a transaction answers.
 */
const PGLITE_DEFAULT_WAIT_MS = 30_000;

/** Runs of the pending migrations before a deadlock with the running processes fails the start-up. */
const MIGRATION_ATTEMPTS = 5;

/** Whether an error (possibly wrapped by Drizzle) is PostgreSQL's deadlock_detected (40P01). */
function isDeadlock(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 3; e = e.cause as typeof e, i++) {
    if (e.code === '40P01') return true;
  }
  return false;
}

/**
 * Opens the database.
 * @param opts.databaseUrl postgres://… URL; when absent, PGlite in opts.dataDir ('memory://' for an in-memory one)
 * @param opts.timeouts PostgreSQL: connection, statement and idle-in-transaction timeouts in ms (server/db/pgPool.ts;
 *   the server passes pgTimeoutsFromEnv()); without them only the 5 s connection timeout applies. PGlite: `statementMs`
 *   bounds a call's wait for the one connection (server/db/pgliteGate.ts; default PGLITE_DEFAULT_WAIT_MS), past which
 *   it fails with a 503 instead of waiting for ever
 */
export async function createDatabase(opts: { databaseUrl?: string; dataDir?: string; timeouts?: Partial<PgTimeouts> }): Promise<Database> {
  if (opts.databaseUrl) {
    const databaseUrl = opts.databaseUrl;
    const pool = createPgPool(databaseUrl, {
      max: Number(process.env.PG_POOL_SIZE ?? 10),
      timeouts: opts.timeouts,
      // Prepared statements (db/fast/namedStatements.ts) unless PG_NAMED_STATEMENTS=0 (a pooler in transaction mode).
      namedStatements: fastSwitches().namedStatements,
    });
    // numeric and date come back as strings (exact decimals, calendar dates).
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      // Migrations may build indexes on large tables: their own connection, without the statement timeout.
      migrate: async () => {
        const own = createPgPool(databaseUrl, { max: 1, timeouts: { connectMs: opts.timeouts?.connectMs } });
        const client = await own.connect().catch(async (err: unknown) => {
          await own.end();
          throw err;
        });
        try {
          // Processes of a new release started together apply its migrations one after the other: the next one finds
          // them recorded and has nothing to do (drizzle reads the journal before its transaction, without a lock).
          await client.query(`SELECT pg_advisory_lock(hashtext('colis_migrations'))`);
          for (let attempt = 1; ; attempt++) {
            try {
              await migratePg(drizzlePg(client, { schema }) as never, { migrationsFolder: MIGRATIONS_FOLDER });
              break;
            } catch (err) {
              // Beside the previous release's processes (docs/architecture.md "Migrations beside a running version"),
              // an ALTER TABLE can deadlock with their statements; when PostgreSQL rolls the migrations' transaction
              // back (nothing of it kept), it runs again.
              if (attempt >= MIGRATION_ATTEMPTS || !isDeadlock(err)) throw err;
              await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
            }
          }
        } finally {
          client.release();
          await own.end();
        }
      },
      close: () => pool.end(),
    };
  }
  const dataDir = opts.dataDir ?? './data';
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  // PGlite does not guard its directory against a second process: server/db/dataDirLock.ts does.
  const unlock = inMemory ? () => undefined : lockDataDir(dataDir);
  let client: PGlite;
  try {
    // pg_trgm: trigram indexes of the lists' search (migration 0001).
    client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  } catch (err) {
    unlock();
    throw err;
  }
  // No call waits for ever behind a transaction (docs/decisions/transaction-handle.md).
  limitPgliteWait(client, opts.timeouts?.statementMs ?? PGLITE_DEFAULT_WAIT_MS);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
  };
}
