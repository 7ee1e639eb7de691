/**
 * List calls (docs/architecture.md §3 extension): paging, sorting, searching and filtering of every list, business or reference,
 * from a declaration of its select and columns. The query string is parsed by http/listQuery.ts.
 *
 * runList answers a call one of two ways, with the same answer (server/db/fast/README.md):
 * - the plain path (plainPage): the list's select with its where, order, limit and offset, then its total (listTotal:
 *   the page's own, else the list's counters, else counted);
 * - the fast-page strategy (fastPage), for a paged call of a list that opts in (ListDef's "fast-page strategy"
 *   fields): the page's ids are chosen first (from counters, or from the main table alone, a deep page starting at its
 *   day), then only those rows are read, as rows or as the JSON text PostgreSQL writes; the total comes with the ids
 *   when it can. FAST_LIST_PAGES=0 (server/config.ts) sends every call down the plain path, FAST_JSON_PAGES=0 answers
 *   rows instead of JSON text. tests/server/listJson.test.ts, listSeek.test.ts, fastSwitches.test.ts and the lists'
 *   tests compare the two.
 */
import { and, asc, desc, eq, getTableName, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgColumn, type PgSelect, type PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Db, Tx } from '../db/client';
import { apiJsonPageSql, apiJsonPageText, type ApiJsonRow } from '../db/fast/jsonPage';
import { countedDaysSql, SEEK_FROM_OFFSET, seekByDay, seekDaySql, type SeekCounters } from '../db/fast/listSeek';
import { reusable, reusableSql, type ReusableSql } from '../db/fast/reusable';
import { fastSwitches } from '../db/fast/switches';
import { parseListQuery, type ListQuery } from './listQuery';
import { API_FIELD_RULES } from './serialize';

/** A row as a list select returns it. */
export type AnyRow = Record<string, unknown>;

/** The select of a list: a dynamic select (joins included), no where. */
export type ListSelect = (db: Db | Tx) => PgSelect;

/** A row of a list's select. */
export type ListRow<S extends ListSelect> = Awaited<ReturnType<S>> extends (infer R)[] ? R : AnyRow;

/** A filterable field: its column and how to read the query string value. */
export interface FilterDef {
  column: PgColumn;
  type: 'boolean' | 'uuid' | 'text';
}

/** Reads a filter value from the query string (returns undefined when unusable). */
function filterCondition(f: FilterDef, raw: string): SQL | undefined {
  if (f.type === 'boolean') {
    if (raw !== 'true' && raw !== 'false') return undefined;
    return eq(f.column, raw === 'true');
  }
  if (f.type === 'uuid') {
    const ids = raw.split(',').filter((v) => z.uuid().safeParse(v).success);
    return ids.length ? inArray(f.column, ids) : sql`false`;
  }
  return eq(f.column, raw);
}

const ACCENTED = 'àâäáãåçéèêëíìîïñóòôöõúùûüýÿœæÀÂÄÁÃÅÇÉÈÊËÍÌÎÏÑÓÒÔÖÕÚÙÛÜÝŸŒÆ';
const PLAIN = 'aaaaaaceeeeiiiinooooouuuuyyoaAAAAAACEEEEIIIINOOOOOUUUUYYOA';

/** A French sort key of a text column: lower case without accents. */
export const frenchKey = (column: PgColumn | SQL) => sql`lower(translate(${column}, ${ACCENTED}, ${PLAIN}))`;

/** A LIKE pattern finding the user's text anywhere ('%text%', its wildcards `\`, `%` and `_` escaped). */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Row cap of an unpaged list of a large table (parcels, payments, clients, departures). */
export const UNPAGED_LIMIT = 1000;

/** A column selected beside a list's ids: the number of rows the where clause matches, before LIMIT and OFFSET. */
export type WindowTotal = { total: SQL<number> };

/**
 * What a paged list needs: the select, its columns for search, sort and filters, a scope condition and, optionally,
 * what its total is counted on (the plain path); then, optionally, what the fast-page strategy needs to answer its
 * pages faster with the same rows.
 */
export interface ListDef<S extends ListSelect = ListSelect> {
  /** Drizzle table; must have `id` and `createdAt` columns. */
  table: PgTable & { id: PgColumn; createdAt: PgColumn };
  /** Select with references populated one level: returns a dynamic select (joins included), no where. */
  select: S;
  /** Sortable fields by API name. Default order: createdAt descending. */
  sortColumns: Record<string, PgColumn>;
  /** Extra list conditions from query parameters that are not plain column filters (e.g. envoieId). */
  filterHook?: (filters: Record<string, string>, db: Db) => SQL | undefined;
  /** Reshapes a selected row (e.g. nests a populated reference two levels deep). */
  mapRow?: (row: AnyRow) => AnyRow;
  /** Columns searched by `q` when no `search` condition is given. */
  searchColumns?: PgColumn[];
  filters: Record<string, FilterDef>;
  /** Condition every row must meet (agency scope); undefined for none. */
  scope?: SQL;
  /**
   * Sort text columns the French way (case and accents ignored: 'Bénin' before 'Burkina Faso') with an expression
   * both PostgreSQL and PGlite (no ICU) understand. For the small reference tables; big lists keep index order.
   */
  frenchSort?: boolean;
  /**
   * At most this many rows when the call does not page (the spec's clients read whole lists): keeps a
   * million-row table from being sent at once; `total` still tells the real count.
   */
  unpagedLimit?: number;
  /**
   * Search condition for `q` replacing the OR over searchColumns (e.g. index-friendly subqueries), given its LIKE pattern
   * and the text as typed (a search of people reads its words and phone form: server/http/peopleSearch.ts).
   */
  search?: (pattern: string, text: string) => SQL;
  /**
   * The rows counted for `total` (both paths, countRows): a select of the main table's `id` joined only to what the
   * where clause needs; undefined: counted on `select`. Large tables: counting through every join of the page query
   * costs seconds at a million rows. The fast-page strategy also pages by it: a page sorted on a column of the main
   * table first takes its ids from this select (an index-only scan when an index covers the sort and the filters,
   * migration 0011), then joins only those rows (deferred join). `extra`, when given, is selected beside the id (a
   * searched page's total, counted with its ids).
   */
  countFrom?: (db: Db, extra?: WindowTotal) => PgSelect;

  // ---- The fast-page strategy (fastPage; server/db/fast/README.md): each field optional, each an equal answer.
  /**
   * Names `select` for the queries of a page's rows built once per process (rowsOfIds, jsonPageOfIds): set on large
   * lists whose select is one function for every user and call; every def with the same key must have the same select.
   */
  pageKey?: string;
  /**
   * With `pageKey` and no `mapRow`: a page whose ids are chosen first (deferred join, pageIds) can be answered as one
   * JSON text PostgreSQL writes (server/db/fast/jsonPage.ts apiJsonPageSql) when the caller asks for it (runList `json`).
   */
  jsonPage?: boolean;
  /**
   * The list's total without counting rows (e.g. from the dashboard's counters, migration 0003) for the calls it can
   * answer exactly; undefined: count. Read by both paths (listTotal), unless FAST_LIST_PAGES=0. Never an estimate:
   * react-admin's pagination shows it as the real count.
   */
  fastTotal?: (db: Db, q: ListQuery) => Promise<number | undefined>;
  /**
   * The rows-per-day counters (server/db/fast/listSeek.ts) that count exactly this def's scope: every row for a role
   * that sees every agency (migration 0014 list_jours), an agency's scope otherwise (0017 list_jours_portee, with
   * `portee`). A deep page in creation order, without search, ids or filter, is then sought by day instead of walked;
   * with every row counted, any such page answered as JSON is one statement whose total is the counters'
   * (jsonCountedPage). Undefined: always walked (OFFSET).
   */
  seek?: SeekCounters;
  /**
   * The ids of a page read from elsewhere than the main table (e.g. counters holding exactly the rows of the scope,
   * with the sort key beside them), for a plain call (no search, ids or filter) paged in `sort`: the ids in the
   * list's order (then id ascending), or undefined when it cannot answer that sort (the usual path then).
   */
  pageIds?: (db: Db, sort: ListOrder, offset: number, limit: number) => Promise<string[] | undefined>;
}

/**
 * A page of a list call: its rows, or (runList with `json`) their JSON text as toApi would answer them, with each row's
 * text and agency when PostgreSQL wrote it (`jsonRows`: the page grouped by agency without parsing it,
 * http/byAgence.ts); the total.
 */
export type ListPage<R> =
  | { rows: R[]; json?: undefined; jsonRows?: undefined; total: number }
  | { rows?: undefined; json: string; jsonRows: readonly ApiJsonRow[]; total: number };

/**
 * Runs a list call (docs/architecture.md §3): q searches the search columns (case-insensitive), field filters and ids narrow,
 * _sort/_order sort (then id for a stable order), _page/_perPage page. Without _page every row comes back.
 * A paged call goes through the fast-page strategy when the list opts in and the call is one it answers (fastPage),
 * else the plain path (plainPage): same rows, same order, same total.
 * @param options.json answer the page as JSON text when the list can (ListDef.jsonPage and a page of chosen ids):
 *   the caller then sends it as it is (http/answerSerializer.ts sendListText)
 * @returns the rows of the page (or their JSON text) and the total number of matching rows
 */
export async function runList<S extends ListSelect>(
  db: Db,
  def: ListDef<S>,
  rawQuery: Record<string, unknown>,
): Promise<{ rows: ListRow<S>[]; total: number }>;
export async function runList<S extends ListSelect>(
  db: Db,
  def: ListDef<S>,
  rawQuery: Record<string, unknown>,
  options: { json: true },
): Promise<ListPage<ListRow<S>>>;
export async function runList<S extends ListSelect>(
  db: Db,
  def: ListDef<S>,
  rawQuery: Record<string, unknown>,
  options: { json?: boolean } = {},
): Promise<ListPage<ListRow<S>>> {
  const q = parseListQuery(rawQuery);
  const call: ListCall = { q, where: listWhere(db, def, q), sort: listOrder(def, q) };
  const switches = fastSwitches();
  const fast = switches.listPages ? await fastPage(db, def, call, !!options.json && switches.jsonPages) : undefined;
  return (fast ?? (await plainPage(db, def, call))) as ListPage<ListRow<S>>;
}

/** A list call as runList reads it: its query, its where clause and its order. */
interface ListCall {
  q: ListQuery;
  where: SQL | undefined;
  sort: ListOrder;
}

/** The select's rows as the list answers them (mapRow applied). */
const reshaped = (def: ListDef, rows: AnyRow[]) => (def.mapRow ? rows.map((row) => def.mapRow!(row)) : rows);

/**
 * The plain path: the list's whole select (every join) with the call's where, order, limit and offset, then the
 * total (listTotal: the page's own, else the list's counters unless FAST_LIST_PAGES=0, else counted).
 */
async function plainPage(db: Db, def: ListDef, { q, where, sort }: ListCall): Promise<ListPage<AnyRow>> {
  let query = def
    .select(db)
    .where(where)
    .orderBy(...orderByOf(def, sort));
  if (q.page && q.perPage) query = query.limit(q.perPage).offset((q.page - 1) * q.perPage);
  else if (def.unpagedLimit) query = query.limit(def.unpagedLimit);
  const rows = reshaped(def, (await query) as AnyRow[]);
  return { rows, total: await listTotal(db, def, q, where, rows.length) };
}

/**
 * The fast-page strategy (server/db/fast/README.md): the page's ids first, then its rows.
 * - Ids from elsewhere than the main table (ListDef.pageIds: counters holding the scope's rows with the sort key),
 *   for a plain call (no search, ids or filter) in an order they answer.
 * - Else ids from the main table alone (ListDef.countFrom, a deferred join), for a sort on one of its own columns (not
 *   a French key): a deep page in creation order starts at its day (ListDef.seek, listSeek.ts seekByDay) instead of
 *   walking every row before it; a searched page counts its total with its ids (a window over the matches: the
 *   search runs once). For a role that sees every agency, answered as JSON, such a page in creation order is one
 *   statement with its total (jsonCountedPage).
 * - Then the rows of those ids, every join, in the list's order (rowsOfIds), or their JSON text (jsonPageOfIds).
 * @param json answer JSON text when the list can (ListDef.jsonPage with pageKey and no mapRow)
 * @returns the page, or undefined for a call the strategy does not answer (the plain path answers it)
 */
async function fastPage(db: Db, def: ListDef, call: ListCall, json: boolean): Promise<ListPage<AnyRow> | undefined> {
  const { q, where, sort } = call;
  if (!q.page || !q.perPage) return undefined;
  const offset = (q.page - 1) * q.perPage;
  const plain = !q.q && !q.ids && !Object.keys(q.filters).length;
  const asJson = json && !!def.jsonPage && !def.mapRow && !!def.pageKey;
  const fromCounters = plain && def.pageIds ? await def.pageIds(db, sort, offset, q.perPage) : undefined;
  if (fromCounters) return pageOfIds(db, def, call, fromCounters, undefined, asJson);
  if (!def.countFrom || sort.french || sort.column.table !== def.table) return undefined;
  const counted = def.seek && plain && sort.column === def.table.createdAt;
  if (counted && !def.seek!.portee && asJson) {
    // As JSON: the page's ids, its rows and the list's total in one statement (one round trip instead of three).
    const one = await jsonCountedPage(db, def, sort.order, where, offset, q.perPage);
    if (one) {
      const total = await listTotal(db, def, q, where, one.rows.length, one.total ?? undefined);
      return { json: apiJsonPageText(one.rows), jsonRows: one.rows, total };
    }
  }
  const seek = counted ? await seekByDay(db, def.seek!, sort.column, offset, sort.order) : undefined;
  // A searched page counts its total with its ids (a window over the matches): the search runs once, not twice.
  const windowTotal = q.q ? { total: sql<number>`count(*) over ()` } : undefined;
  const found = (await def
    .countFrom(db, windowTotal)
    .where(seek ? and(where, seek.where) : where)
    .orderBy(...orderByOf(def, sort))
    .limit(q.perPage)
    .offset(seek ? seek.offset : offset)) as { id: string; total?: number | string }[];
  // A deep page's total comes with its day (the same counters), a searched page's with its ids.
  const total = windowTotal && found.length ? Number(found[0].total) : seek?.total;
  return pageOfIds(
    db,
    def,
    call,
    found.map((r) => r.id),
    total,
    asJson,
  );
}

/** The page of these ids (in the list's order), as rows or as JSON, with the list's total (`known` when counted already). */
async function pageOfIds(db: Db, def: ListDef, { q, where, sort }: ListCall, ids: string[], known: number | undefined, json: boolean) {
  if (json) {
    const jsonRows = ids.length ? await jsonPageOfIds(db, def, ids) : [];
    return { json: apiJsonPageText(jsonRows), jsonRows, total: await listTotal(db, def, q, where, jsonRows.length, known) };
  }
  const rows = reshaped(def, ids.length ? await rowsOfIds(db, def, ids, sort) : []);
  return { rows, total: await listTotal(db, def, q, where, rows.length, known) };
}

/**
 * The list's total for a page of `count` rows: counted only when neither the page nor `known` (a total counted with
 * the page's ids) tells it; from the list's counters (ListDef.fastTotal) when they answer, unless FAST_LIST_PAGES=0.
 */
async function listTotal(db: Db, def: ListDef, q: ListQuery, where: SQL | undefined, count: number, known?: number): Promise<number> {
  // A short, non-empty page is the last one: its total is known without counting.
  const total = count + (q.page && q.perPage ? (q.page - 1) * q.perPage : 0);
  const truncated = !q.page && def.unpagedLimit !== undefined && count === def.unpagedLimit;
  if (truncated || (q.page && q.perPage && (count === q.perPage || (count === 0 && q.page > 1)))) {
    if (known !== undefined) return known;
    const counted = fastSwitches().listPages ? await def.fastTotal?.(db, q) : undefined;
    return counted ?? (await countRows(db, def, where));
  }
  return total;
}

/**
 * A statement kept in `map` under `key`, built once per process; built on every call when FAST_REUSABLE=0
 * (server/config.ts).
 */
function kept<T>(map: Map<string, T>, key: string, build: () => T): T {
  if (!fastSwitches().reusable) return build();
  let value = map.get(key);
  if (value === undefined) map.set(key, (value = build()));
  return value;
}

/** The statements answering a page of ids as JSON (jsonPage.ts apiJsonPageSql), by page key: built once per process. */
const jsonPages = new Map<string, (db: Db | Tx, values: Record<string, unknown>) => Promise<ApiJsonRow[]>>();

/**
 * The rows of `ids` with the list's select, each as the JSON text toApi would answer with its agency, in the order of
 * `ids` (the page's). Built once per page key (every def with the key has the same select), then only
 * binds its ids. Scope, search and filters are in the query that chose the ids.
 */
async function jsonPageOfIds(db: Db, def: ListDef, ids: string[]): Promise<ApiJsonRow[]> {
  const run = kept(jsonPages, def.pageKey!, () => {
    const order = sql`${sql.placeholder('ids')}::uuid[]`;
    const select = def.select(db).where(sql`${def.table.id} = any(${order})`) as unknown as Parameters<typeof apiJsonPageSql>[0];
    return reusableSql<ApiJsonRow>(apiJsonPageSql(select, order, API_FIELD_RULES));
  });
  return run(db, { ids });
}

/** The statements of jsonCountedPage, by page key, order, walked or sought, and the text of the rows' condition. */
const jsonCountedPages = new Map<string, ReusableSql<Partial<ApiJsonRow> & { total: number | null }>>();

const dialect = new PgDialect();

/**
 * A page of a list whose rows the rows-per-day counters count (ListDef.seek without `portee`: a role that sees every
 * agency, no search nor filter), in creation order, as the JSON texts of its rows (jsonPage.ts ApiJsonRow), with the list's
 * total, in one statement: what the ids query, jsonPageOfIds and the total's query (or seekByDay) do in three round trips, each of
 * which costs a write and a read of the connection on both sides. From SEEK_FROM_OFFSET on, the page's day is found
 * first (server/db/fast/listSeek.ts seekDaySql) and the ids are walked from that day's bound, at the offset left within
 * it; before, they are walked from the first row. The total is the counters' (the same rows). Then the rows of those ids
 * are written as toApi would (jsonPage.ts apiJsonPageSql).
 * Built once per page key, order, way and condition; the limit and the offset are bound. LIMIT and OFFSET are
 * computed from sub-selects: PostgreSQL then estimates them alike for every call and keeps one generic plan (a bound
 * LIMIT made it plan the nine relations of the page anew on every call: bench/history.md, sixth session).
 * @param where the rows' condition (the scope of a role that sees every agency): without bound values, else undefined
 *   (the caller takes the steps one by one)
 * @returns the page's rows (none past the last row) and the total (null past the last sought row)
 */
async function jsonCountedPage(
  db: Db,
  def: ListDef,
  order: 'asc' | 'desc',
  where: SQL | undefined,
  offset: number,
  limit: number,
): Promise<{ rows: ApiJsonRow[]; total: number | null } | undefined> {
  const condition = where ? dialect.sqlToQuery(where) : { sql: '', params: [] };
  if (condition.params.length) return undefined;
  const sought = offset >= SEEK_FROM_OFFSET;
  const key = `${def.pageKey} ${order} ${sought ? 'sought' : 'walked'} ${condition.sql}`;
  const run = kept(jsonCountedPages, key, () => {
    const createdAt = def.table.createdAt;
    const placeholder = (name: string) => sql`${sql.placeholder(name)}::int`;
    const borne = sql`(SELECT borne FROM jour)`;
    const ids = def.countFrom!(db)
      .where(sought ? and(where, order === 'desc' ? sql`${createdAt} < ${borne}` : sql`${createdAt} >= ${borne}`) : where)
      .orderBy(...orderByOf(def, { column: createdAt, french: false, key: createdAt, order }))
      .getSQL();
    // The day's rows: from its first one, past the rows of the days before it (no day past the last row: no row).
    const jour = sought
      ? seekDaySql(def.seek!, placeholder('offset'), order)
      : sql`SELECT 0 AS avant, sum(nb)::int AS total FROM (${countedDaysSql(def.seek!)}) d`;
    // Cast: `= any(expression)`, not `= any(subquery)` (which would compare each id to the whole array).
    const pageIds = sql`(SELECT ids FROM page)::uuid[]`;
    const rows = def.select(db).where(sql`${def.table.id} = any(${pageIds})`) as unknown as Parameters<typeof apiJsonPageSql>[0];
    // One result row per page row (an empty page: one row without a page row, for the total).
    return reusableSql<Partial<ApiJsonRow> & { total: number | null }>(sql`
      WITH jour AS MATERIALIZED (${jour}),
           page AS MATERIALIZED (SELECT ARRAY(${ids}
                                   LIMIT (SELECT ${placeholder('limit')})
                                   OFFSET (SELECT ${placeholder('offset')} - avant FROM jour)) AS ids)
      SELECT j.row, j.agence, j.libelle, t.total
        FROM (SELECT total FROM jour) t LEFT JOIN (${apiJsonPageSql(rows, pageIds, API_FIELD_RULES)}) j ON true
       ORDER BY j.pos`);
  });
  const found = await run(db, { offset, limit });
  if (!found.length) return { rows: [], total: null };
  const rows = found[0].row === null || found[0].row === undefined ? [] : (found as ApiJsonRow[]);
  return { rows, total: found[0].total };
}

/** The queries of the rows of given ids (rowsOfIds), by page key and order: built once per process. */
const idsQueries = new Map<string, (db: Db | Tx, values: Record<string, unknown>) => Promise<AnyRow[]>>();

/**
 * The rows of `ids` with the list's select (every populated reference), in the list's order: the second query of
 * the deferred join of a page (runList) and of an export batch (http/export.ts). One text whatever their number
 * (`= any($1)`, named on PostgreSQL by db/fast/namedStatements.ts). With `def.pageKey` it is built once per process,
 * list and order (`kept`, db/fast/reusable.ts `reusable`: run on any handle; docs/decisions/list-queries.md: Drizzle
 * spent CPU building a parcel page's text, nine relations and 67 columns, on every call; bench/history.md, second
 * session), then only binds its ids; without a page key, and when FAST_REUSABLE=0, built on every call. Scope, search
 * and filters are in the query that chose the ids, so one query serves every user.
 * @returns the rows as the select gives them (mapRow not applied)
 */
export async function rowsOfIds(db: Db, def: ListDef, ids: string[], sort: ListOrder): Promise<AnyRow[]> {
  const build = () =>
    reusable((handle) =>
      def
        .select(handle)
        .where(sql`${def.table.id} = any(${sql.placeholder('ids')}::uuid[])`)
        .orderBy(...orderByOf(def, sort)),
    ) as (db: Db | Tx, values: Record<string, unknown>) => Promise<AnyRow[]>;
  const key = `${def.pageKey} ${getTableName(sort.column.table)}.${sort.column.name}${sort.french ? ' fr' : ''} ${sort.order}`;
  const run = def.pageKey ? kept(idsQueries, key, build) : build();
  return run(db, { ids });
}

/** The ORDER BY of a list's sort: its key, then id ascending (a stable order). */
export function orderByOf(def: ListDef, sort: ListOrder): SQL[] {
  return [sort.order === 'asc' ? asc(sort.key) : desc(sort.key), asc(def.table.id)];
}

/** The sort of a list call: what rows are ordered by (then by id, ascending). */
export interface ListOrder {
  /** The sorted column (of the main table or of a joined one). */
  column: PgColumn;
  /** Whether the key is the French key of the column (frenchKey) rather than the column itself. */
  french: boolean;
  /** The ORDER BY expression: the column or its French key. */
  key: PgColumn | SQL;
  order: 'asc' | 'desc';
}

/**
 * The order of a list call: `_sort` when it names a sortable field (with `_order`), else createdAt descending; text
 * columns of a frenchSort list by their French key. runList pages in this order (then id); exports walk it (http/export.ts).
 */
export function listOrder(def: ListDef, q: ListQuery): ListOrder {
  const sortCol = q.sort ? def.sortColumns[q.sort] : undefined;
  const [column, order] = sortCol ? [sortCol, q.order] : [def.table.createdAt, 'desc' as const];
  const french = !!def.frenchSort && column.dataType === 'string' && column.columnType === 'PgText';
  return { column, french, key: french ? frenchKey(column) : column, order };
}

/** The number of rows of a list's where clause, counted on countFrom (or the page select). */
async function countRows(db: Db, def: ListDef, where: SQL | undefined): Promise<number> {
  const counted = (def.countFrom ?? def.select)(db).where(where);
  const [c] = (await db.select({ n: sql<number>`count(*)::int` }).from(counted.as('sub'))) as { n: number }[];
  return c.n;
}

/**
 * The where clause of a list call: scope, `q` search, ids, field filters and the filter hook — what runList pages
 * through, and what a call computing totals over the same rows reuses (e.g. operation/liste's sums).
 */
export function listWhere(db: Db, def: ListDef, q: ListQuery): SQL | undefined {
  const conds: (SQL | undefined)[] = [def.scope];
  if (q.q)
    conds.push(def.search ? def.search(likePattern(q.q), q.q) : or(...(def.searchColumns ?? []).map((c) => ilike(c, likePattern(q.q!)))));
  if (q.ids)
    conds.push(
      inArray(
        def.table.id,
        q.ids.filter((v) => z.uuid().safeParse(v).success),
      ),
    );
  for (const [name, raw] of Object.entries(q.filters)) {
    const f = def.filters[name];
    if (f) conds.push(filterCondition(f, raw));
  }
  if (def.filterHook) conds.push(def.filterHook(q.filters, db));
  return and(...conds.filter(Boolean));
}
