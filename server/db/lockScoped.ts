/**
 * Locks one row (SELECT … FOR NO KEY UPDATE) and tells in the same query whether the caller's agency scope covers it
 * (docs/architecture.md §3 agency scoping). The data layer answers facts, not HTTP: the caller maps a missing row to 404 and a
 * row outside the scope to 403 (server/access/locks.ts).
 * FOR NO KEY UPDATE excludes every other writer of the row, but not the key-share lock a child row's insert takes
 * on it (a registration's parcel on its departure, held until the registration commits: colis/registration.ts
 * createColis), so a departure's writer never waits for a registration that then waits for it.
 */
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from './client';

/** A locked row and whether the scope covers it. */
export interface ScopedLock<T> {
  row: T;
  visible: boolean;
}

/**
 * @param where selects the row; @param scope the caller's scope condition (undefined: every row)
 * @returns the locked row and whether `scope` covers it, or null when no row matches `where`
 */
export async function lockScoped<T extends PgTable>(
  tx: Tx,
  table: T,
  where: SQL,
  scope: SQL | undefined,
): Promise<ScopedLock<T['$inferSelect']> | null> {
  const [found] = (await tx
    .select({ row: getTableColumns(table), visible: sql<boolean>`${scope ?? sql`true`}` })
    .from(table as PgTable)
    .where(where)
    .for('no key update')) as ScopedLock<T['$inferSelect']>[];
  return found ?? null;
}
