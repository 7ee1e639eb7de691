/**
 * Deep pages of a large list in its default order (docs/decisions/counted-list-pages.md): instead of an OFFSET that
 * walks every row before the page (page 20 000 of a million parcels: 500 000 index entries), the page's day is found
 * from the list's rows per day of creation (exact counters kept by triggers: migration 0014 list_jours for a role that
 * sees every agency, 0017 list_jours_portee for an agency's scope), and only that day is walked.
 * Twin rules (server/db/fast/README.md): a row's day is its creation date's UTC day, in migration 0014 list_jour(t) and
 * in seekDaySql's bounds here; the counters' scope is access/scopes.ts listDaysScope's. tests/server/listSeek.test.ts
 * compares every deep page with the page walked by OFFSET, at midnight UTC included. FAST_LIST_PAGES=0 (server/config.ts)
 * walks every page (server/http/list.ts plain path).
 */
import { gte, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from './handles';

/**
 * From this offset (rows before the page) on, a page is sought by day rather than walked: below it, walking the index
 * costs less than the few hundred counter rows the seek sums (measured in bench/README.md).
 */
export const SEEK_FROM_OFFSET = 2000;

/**
 * Where a deep page starts: its rows' condition (a bound on the creation date) and the offset left within it; and the
 * list's total (every row the counters count), when the page is not past the last row.
 */
export interface Seek {
  where: SQL;
  offset: number;
  total?: number;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The rows-per-day counters a list's deep pages are sought on: the list's name ('colis': parcels not deleted;
 * 'encaissements': payments not cancelled) and, for a user who sees only an agency's scope, that scope as a condition
 * on the counters by agency and destination country (list_jours_portee aliased `cs`: access/scopes.ts countersScope);
 * without it, every row of the list (list_jours). Each must count exactly the rows of the list's scope.
 */
export interface SeekCounters {
  liste: string;
  portee?: SQL;
}

/** The list's rows per day (`jour`, `nb`), days without rows left out, as a select of the counters. */
export function countedDaysSql(counters: SeekCounters): SQL {
  return counters.portee
    ? sql`SELECT jour, sum(nb) AS nb FROM list_jours_portee cs WHERE liste = ${counters.liste} AND ${counters.portee}
           GROUP BY jour HAVING sum(nb) > 0`
    : sql`SELECT jour, sum(nb) AS nb FROM list_jours WHERE liste = ${counters.liste} GROUP BY jour HAVING sum(nb) > 0`;
}

/**
 * The day of the page starting at `offset` (rows before the page), as one row: `avant` (the rows of the days before
 * it, in the list's order), `borne` (the bound on the creation date those days lie beyond: the end of the page's day,
 * newest first, or its start, oldest first) and `total` (every row the counters count); no row past the last row.
 * Written as SQL so that it can also stand first in the statement of a whole page (server/http/list.ts jsonCountedPage).
 * @param offset the offset, as SQL (a bound value or a placeholder)
 */
export function seekDaySql(counters: SeekCounters, offset: SQL, order: 'asc' | 'desc'): SQL {
  const dir = order === 'desc' ? sql`DESC` : sql`ASC`;
  // The day's bound: rows created before the end of the day (newest first), or from its start (oldest first).
  const borne = order === 'desc' ? sql`(jour + 1)::timestamp AT TIME ZONE 'UTC'` : sql`jour::timestamp AT TIME ZONE 'UTC'`;
  return sql`
      SELECT (jusque - nb)::int AS avant, ${borne} AS borne, total::int AS total
        FROM (SELECT jour, nb, sum(nb) OVER (ORDER BY jour ${dir}) AS jusque, sum(nb) OVER () AS total
                FROM (${countedDaysSql(counters)}) d) c
       WHERE jusque > ${offset}
       ORDER BY jour ${dir}
       LIMIT 1`;
}

/**
 * Where the page starting at `offset` lies, in creation order (`desc`: newest first, `asc`: oldest first, then id),
 * among the rows the counters count (SeekCounters): the day holding its first row (UTC), the rows of the days before
 * it in that order are skipped by a bound on `createdAt`, and the offset left is counted within that day. Rows ordered
 * by createdAt then id: the same rows as `OFFSET offset`, since a day's rows come together in that order. The same
 * sums give the list's total.
 * @param createdAt the list's creation date column (timestamptz)
 * @returns undefined below SEEK_FROM_OFFSET (walk); a condition no row meets past the last row (an empty page)
 */
export async function seekByDay(
  db: Db,
  counters: SeekCounters,
  createdAt: PgColumn,
  offset: number,
  order: 'asc' | 'desc',
): Promise<Seek | undefined> {
  if (offset < SEEK_FROM_OFFSET) return undefined;
  const [day] = rowsOf<{ avant: number; borne: Date; total: number }>(await db.execute(seekDaySql(counters, sql`${offset}`, order)));
  if (!day) return { where: sql`false`, offset: 0 };
  const bound = new Date(day.borne);
  return {
    where: order === 'desc' ? lt(createdAt, bound) : gte(createdAt, bound),
    offset: offset - Number(day.avant),
    total: Number(day.total),
  };
}
