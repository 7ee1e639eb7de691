/**
 * The five calls of a reference resource (spec 001 §7: {path}/liste, getBy/{id}, create, update/{id}, delete/{id}),
 * built from a declaration so that each of the thirteen reference areas is mostly data (issue 2 §6).
 * Lists page, sort, search and filter on the server (DESIGN.md §3). Writes run in a transaction; an update whose
 * body is `{isActive}` alone is the active toggle (its permission key is checked by plugins/access.ts).
 */
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../auth/currentUser';
import type { CurrentUser } from '../auth/currentUser';
import type { Db, Tx } from '../db/client';
import { conflict, notFound } from '../http/errors';
import { pgError } from '../plugins/errors';
import { listQuerySchema, parseListQuery } from '../http/listQuery';
import { toApi } from '../http/serialize';
import { answers } from '../http/answer';

type AnyRow = Record<string, unknown>;

/** A filterable field: its column and how to read the query string value. */
export interface FilterDef {
  column: PgColumn;
  type: 'boolean' | 'uuid' | 'text';
}

export interface ReferenceResourceDef {
  /** Path segment of the spec's calls, e.g. 'pays' → /api/pays/liste. */
  path: string;
  /** Drizzle table; must have `id` and `createdAt` columns. */
  table: PgTable & { id: PgColumn; createdAt: PgColumn };
  /** Select with references populated one level: returns a dynamic select (joins included), no where. */
  select: (db: Db | Tx) => PgSelect;
  /** Body of create (required fields with French messages). */
  createSchema: z.ZodType;
  /** Body of a full update. */
  updateSchema: z.ZodType;
  /** Columns searched by `q` (case-insensitive substring). */
  searchColumns: PgColumn[];
  /** Sortable fields by API name. Default order: createdAt descending. */
  sortColumns: Record<string, PgColumn>;
  /** Filterable fields by API name (isActive is always filterable). */
  filters?: Record<string, FilterDef>;
  /** Reshapes a selected row (e.g. nests a populated reference two levels deep). */
  mapRow?: (row: AnyRow) => AnyRow;
  /** Extra list conditions from query parameters that are not plain column filters (e.g. envoieId). */
  filterHook?: (filters: Record<string, string>, db: Db) => SQL | undefined;
  /** Maps a validated body to column values (e.g. code in upper case). */
  toValues?: (body: AnyRow, ctx: { tx: Tx; user: CurrentUser; existing?: AnyRow }) => AnyRow | Promise<AnyRow>;
  /** French texts of the answers. */
  messages: { created: string; updated: string; notFound: string; inUse?: string };
  /** Key of the list in the answer (spec: 'datas'). */
  listKey?: string;
}

const idParams = z.object({ id: z.uuid({ error: 'Identifiant invalide' }) });

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
export const frenchKey = (column: PgColumn) => sql`lower(translate(${column}, ${ACCENTED}, ${PLAIN}))`;

/** Escapes LIKE wildcards of user input. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Row cap of an unpaged list of a large table (parcels, payments, clients, departures). */
export const UNPAGED_LIMIT = 1000;

/** What a paged list needs: the select, its columns for search, sort and filters, and a scope condition. */
export type ListDef = Pick<ReferenceResourceDef, 'table' | 'select' | 'sortColumns' | 'filterHook' | 'mapRow'> & {
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
  /** Search condition for `q` (its LIKE pattern) replacing the OR over searchColumns (e.g. index-friendly subqueries). */
  search?: (pattern: string) => SQL;
  /**
   * The rows counted for `total`: a select of the main table alone, when the where clause only needs its columns
   * (large tables: counting through every join of the page query costs seconds at a million rows).
   */
  countFrom?: (db: Db) => PgSelect;
};

/**
 * Runs a list call (DESIGN.md §3): q searches the search columns (case-insensitive), field filters and ids narrow,
 * _sort/_order sort (then id for a stable order), _page/_perPage page. Without _page every row comes back.
 * @returns the rows of the page and the total number of matching rows
 */
export async function runList(db: Db, def: ListDef, rawQuery: Record<string, unknown>): Promise<{ rows: AnyRow[]; total: number }> {
  const q = parseListQuery(rawQuery);
  const conds: (SQL | undefined)[] = [def.scope];
  if (q.q) conds.push(def.search ? def.search(likePattern(q.q)) : or(...(def.searchColumns ?? []).map((c) => ilike(c, likePattern(q.q!)))));
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
  const where = and(...conds.filter(Boolean));
  const sortCol = q.sort ? def.sortColumns[q.sort] : undefined;
  const [column, order] = sortCol ? [sortCol, q.order] : [def.table.createdAt, 'desc'];
  const key = def.frenchSort && column.dataType === 'string' && column.columnType === 'PgText' ? frenchKey(column) : column;
  let query = def
    .select(db)
    .where(where)
    .orderBy(order === 'asc' ? asc(key) : desc(key), asc(def.table.id));
  if (q.page && q.perPage) query = query.limit(q.perPage).offset((q.page - 1) * q.perPage);
  else if (def.unpagedLimit) query = query.limit(def.unpagedLimit);
  const rows = ((await query) as AnyRow[]).map((row) => (def.mapRow ? def.mapRow(row) : row));
  // A short, non-empty page is the last one: its total is known without counting.
  let total = rows.length + (q.page && q.perPage ? (q.page - 1) * q.perPage : 0);
  const truncated = !q.page && def.unpagedLimit !== undefined && rows.length === def.unpagedLimit;
  if (truncated || (q.page && q.perPage && (rows.length === q.perPage || (rows.length === 0 && q.page > 1)))) {
    const counted = (def.countFrom ?? def.select)(db).where(where);
    const [c] = (await db.select({ n: sql<number>`count(*)::int` }).from(counted.as('sub'))) as { n: number }[];
    total = c.n;
  }
  return { rows, total };
}

/** Registers the five calls of a reference resource on the app. */
export function registerReferenceResource(app: FastifyInstance, db: Db, def: ReferenceResourceDef) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = `/api/${def.path}`;
  const listKey = def.listKey ?? 'datas';
  const filters: Record<string, FilterDef> = {
    isActive: { column: (def.table as unknown as { isActive: PgColumn }).isActive, type: 'boolean' },
    ...def.filters,
  };
  const tags = [def.path];

  async function findOne(tx: Db | Tx, id: string): Promise<AnyRow> {
    const [row] = (await def.select(tx).where(eq(def.table.id, id)).limit(1)) as AnyRow[];
    if (!row) throw notFound(def.messages.notFound);
    return def.mapRow ? def.mapRow(row) : row;
  }

  r.get(`${base}/liste`, { schema: { tags, querystring: listQuerySchema, response: answers } }, async (request) => {
    const { rows, total } = await runList(db, { ...def, filters, frenchSort: true }, request.query as Record<string, unknown>);
    return { success: true, [listKey]: toApi(rows), total };
  });

  r.get(`${base}/getBy/:id`, { schema: { tags, params: idParams, response: answers } }, async (request) => {
    const row = await findOne(db, request.params.id);
    return { success: true, data: toApi(row) };
  });

  r.post(`${base}/create`, { schema: { tags, body: def.createSchema, response: answers } }, async (request) => {
    const user = currentUser(request);
    const data = await db.transaction(async (tx) => {
      const values = def.toValues ? await def.toValues(request.body as AnyRow, { tx, user }) : (request.body as AnyRow);
      const [created] = (await tx
        .insert(def.table)
        .values(values as never)
        .returning({ id: def.table.id })) as { id: string }[];
      return findOne(tx, created.id);
    });
    return { success: true, message: def.messages.created, data: toApi(data) };
  });

  const updateBody = z.union([z.strictObject({ isActive: z.boolean() }), def.updateSchema]);
  r.put(`${base}/update/:id`, { schema: { tags, params: idParams, body: updateBody, response: answers } }, async (request) => {
    const user = currentUser(request);
    const body = request.body as AnyRow;
    const statusOnly = Object.keys(body).length === 1 && 'isActive' in body;
    const data = await db.transaction(async (tx) => {
      const existing = await findOne(tx, request.params.id);
      const values = statusOnly || !def.toValues ? body : await def.toValues(body, { tx, user, existing });
      await tx
        .update(def.table)
        .set(values as never)
        .where(eq(def.table.id, request.params.id));
      return findOne(tx, request.params.id);
    });
    return {
      success: true,
      message: statusOnly ? 'Statut mis à jour avec succès !' : def.messages.updated,
      data: toApi(data),
    };
  });

  r.delete(`${base}/delete/:id`, { schema: { tags, params: idParams, response: answers } }, async (request) => {
    await db.transaction(async (tx) => {
      await findOne(tx, request.params.id);
      try {
        await tx.delete(def.table).where(eq(def.table.id, request.params.id));
      } catch (err) {
        if (pgError(err)?.code === '23503') {
          throw conflict(def.messages.inUse ?? "Cet élément est utilisé par d'autres enregistrements et ne peut pas être supprimé.");
        }
        throw err;
      }
    });
    return { success: true, message: 'suppression effectuée' };
  });
}
