/**
 * Database access: embedded PGlite under DATA_DIR, or a PostgreSQL server when DATABASE_URL is set (DESIGN.md §1).
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

/** The Drizzle database type both drivers satisfy. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle (same API as Db). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The PGlite instance of an embedded database (backups: dumpDataDir); absent on PostgreSQL. */
  pglite?: PGlite;
  /** Applies pending migrations of server/db/migrations. */
  migrate(): Promise<void>;
  /** Closes the pool, or closes PGlite (checkpoint, clean shut-down state) and gives back its directory lock. */
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = path.join(PROJECT_ROOT, 'server', 'db', 'migrations');

/**
 * Opens the database.
 * @param opts.databaseUrl postgres://… URL; when absent, PGlite in opts.dataDir ('memory://' for an in-memory one)
 * @param opts.timeouts PostgreSQL only: connection, statement and idle-in-transaction timeouts in ms (server/db/pgPool.ts;
 *   the server passes pgTimeoutsFromEnv()); without them only the 5 s connection timeout applies
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
        try {
          await migratePg(drizzlePg(own, { schema }) as never, { migrationsFolder: MIGRATIONS_FOLDER });
        } finally {
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
