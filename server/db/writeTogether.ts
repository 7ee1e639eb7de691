/**
 * Several writes sent as one statement (issue 12 §3: one round trip instead of one each), as data-modifying CTEs:
 * `WITH w0 AS (…), w1 AS (…) <last>`. PostgreSQL runs each of them exactly once and to completion, all against the
 * same snapshot, so none may read what another writes: only for independent writes (rows of a parcel already
 * inserted by an earlier statement, for instance). Triggers and constraints run as for separate statements, at the end
 * of this one.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Tx } from './client';

/**
 * Runs `writes` (Drizzle insert/update builders or SQL, without RETURNING use) and `last` as one statement.
 * @param last the statement's main part (default `SELECT 1`), e.g. an INSERT … SELECT
 */
export async function writeTogether(tx: Tx, writes: SQLWrapper[], last: SQL = sql`SELECT 1`): Promise<void> {
  if (!writes.length) {
    await tx.execute(last);
    return;
  }
  const ctes = writes.map((w, i) => sql`${sql.raw(`w${i}`)} AS (${w.getSQL()})`);
  await tx.execute(sql`WITH ${sql.join(ctes, sql`, `)} ${last}`);
}
