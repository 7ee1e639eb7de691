/**
 * Locks one row (SELECT … FOR UPDATE) and tells in the same query whether the caller's agency scope covers it:
 * 404 when the row does not exist, 403 when it belongs to another agency (DESIGN.md §3 agency scoping).
 */
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { forbidden, notFound } from '../http/errors';
import type { Tx } from './client';

/**
 * @param where selects the row; @param scope the caller's scope condition (undefined: every row)
 * @returns the locked row
 * @throws 404 `messages.notFound`, 403 `messages.forbidden`
 */
export async function lockScoped<T extends PgTable>(
  tx: Tx,
  table: T,
  where: SQL,
  scope: SQL | undefined,
  messages: { notFound: string; forbidden: string },
): Promise<T['$inferSelect']> {
  const [found] = (await tx
    .select({ row: getTableColumns(table), visible: sql<boolean>`${scope ?? sql`true`}` })
    .from(table as PgTable)
    .where(where)
    .for('update')) as { row: T['$inferSelect']; visible: boolean }[];
  if (!found) throw notFound(messages.notFound);
  if (!found.visible) throw forbidden(messages.forbidden);
  return found.row;
}
