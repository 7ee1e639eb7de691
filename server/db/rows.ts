/**
 * The rows of a raw SQL statement (`db.execute(sql…)`), typed as its SELECT names them. Both drivers (node-postgres and
 * PGlite, db/client.ts) answer `{ rows }`, a shape the Db type (drizzle's PgQueryResultHKT) leaves `unknown`: the one
 * cast of it is here.
 */
import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

/**
 * Runs `query` on `db` (the database, or a transaction's handle inside it) and answers its rows.
 * @param query a statement whose columns are named as `T`'s keys (their PostgreSQL types as the driver maps them)
 */
export async function rowsOf<T>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
