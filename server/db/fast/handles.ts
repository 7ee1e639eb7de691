/**
 * The database handles the performance layer runs on: a Drizzle database or transaction of either driver (node-postgres
 * pool or PGlite), whatever its schema. server/db/client.ts's `Db` and `Tx` are these with the application's schema;
 * they are not imported from there because server/db/ imports this folder (pgPool.ts: named statements), and a folder
 * never imports one that imports it back (eslint-rules/folder-cycles.js). Nothing here reads the schema's tables: the
 * queries the mechanisms run are given by their callers.
 */
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';

// `any` schema: a handle of any schema is accepted, and a transaction given back to a caller is its own `Tx` again.
/* eslint-disable @typescript-eslint/no-explicit-any */
/** A Drizzle database handle of either driver (server/db/client.ts `Db`). */
export type Db = PgDatabase<PgQueryResultHKT, any>;
/** A transaction handle of either driver (server/db/client.ts `Tx`). */
export type Tx = PgTransaction<PgQueryResultHKT, any, any>;
/* eslint-enable @typescript-eslint/no-explicit-any */

/** The pg pool behind a Drizzle handle on a PostgreSQL server (its node-postgres client, `$client`); undefined on PGlite. */
export function pgPoolOf(db: object): pg.Pool | undefined {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
}
