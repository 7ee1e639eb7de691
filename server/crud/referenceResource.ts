/**
 * The five calls of a reference resource (spec 001 §7: {path}/liste, getBy/{id}, create, update/{id}, delete/{id}),
 * built from a declaration so that each of the thirteen reference areas is mostly data (spec 001 §1; docs/architecture.md §2 "Conventions").
 * Lists page, sort, search and filter on the server (docs/architecture.md §3). Writes run in a transaction; an update whose
 * body is `{isActive}` alone is the active toggle (its permission key is checked by plugins/access.ts). Who may write
 * which record is the resource's scope (`resource`, common/autorisationRules.ts REFERENCE_SCOPES and
 * referenceWriteRefusal: data every agency shares by a user who sees every agency only, an agency's record by its own
 * agency; docs/decisions/reference-scope.md), checked before anything else of the write: 403 in French. Every write
 * records its audit row (docs/decisions/audit-journal.md: entity = the path, author and address, before → after) in its
 * transaction.
 */
import { eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { referenceWriteRefusal, type ReferenceResource, type ReferenceWrite } from '../../common/autorisationRules';
import { currentUser, type CurrentUser } from '../auth/currentUser';
import type { Db, Tx } from '../db/client';
import { conflict, forbidden, notFound } from '../http/errors';
import { sendListExport, wantsExport, type ExportDef } from '../http/export';
import { runList, type AnyRow, type FilterDef, type ListDef } from '../http/list';
import { listQuerySchema } from '../http/listQuery';
import { toApi } from '../http/serialize';
import { pgError } from '../db/pgError';
import { answers, dataAnswer, envelope, listAnswer, messageAnswer } from '../../common/schemas/answer';
import { recordChange } from '../db/audit';

export interface ReferenceResourceDef extends Pick<ListDef, 'table' | 'select' | 'sortColumns' | 'filterHook' | 'mapRow'> {
  /** Path segment of the spec's calls, e.g. 'pays' → /api/pays/liste. */
  path: string;
  /**
   * The resource whose write scope applies (common/autorisationRules.ts REFERENCE_SCOPES: 'shared', 'agency' or
   * 'role'), by its name in RESOURCE_KEYS (e.g. 'villes' for the path 'ville').
   */
  resource: ReferenceResource;
  /** Body of create (required fields with French messages). */
  createSchema: z.ZodType;
  /** Body of a full update. */
  updateSchema: z.ZodType;
  /** Columns searched by `q` (case-insensitive substring). */
  searchColumns: PgColumn[];
  /** Filterable fields by API name (isActive is always filterable). */
  filters?: Record<string, FilterDef>;
  /** Maps a validated body to column values (e.g. code in upper case). */
  toValues?: (body: AnyRow, ctx: { tx: Tx; user: CurrentUser; existing?: AnyRow }) => AnyRow | Promise<AnyRow>;
  /** French texts of the answers. */
  messages: { created: string; updated: string; notFound: string; inUse?: string };
  /** Key of the list in the answer (spec: 'datas'). */
  listKey?: string;
  /**
   * A second key carrying the record of `getBy` beside `data` (spec 001 §7: role/getBy answers `role`, privilege/getBy
   * `privilege`); `data` stays for our client. Unset: `data` alone.
   */
  oneKey?: string;
  /**
   * The export of the list (docs/decisions/list-exports.md, `format=csv|xlsx` on {path}/liste): file name and French
   * columns.
   */
  export: ExportDef;
  /** The record as answered (common/schemas/answer.ts record): the answers' schema in /api/docs. */
  record: z.ZodType;
  /**
   * A check run inside the write's transaction before an update (full or active toggle) or a deletion is written:
   * it throws (403, 409…) to refuse it. `existing` is the record before, `values` the columns about to be written
   * (undefined for a deletion), `force` the query string's `force=true` (a confirmed deactivation).
   */
  guard?: (ctx: GuardContext) => Promise<void> | void;
}

/** What ReferenceResourceDef.guard is told of a write. */
export interface GuardContext {
  tx: Tx;
  user: CurrentUser;
  action: 'update' | 'active' | 'delete';
  existing: AnyRow;
  values?: AnyRow;
  force: boolean;
}

/** The query string of update and delete: `force=true` confirms a change the guard would otherwise refuse (409). */
const forceQuery = z.object({ force: z.enum(['true', 'false']).optional() });

const idParams = z.object({ id: z.uuid({ error: 'Identifiant invalide' }) });

/** The id of a populated reference (`{id, …}`) or of a plain id column, as text; undefined when absent. */
const refIdOf = (value: unknown): string | undefined =>
  value && typeof value === 'object' ? refIdOf((value as { id?: unknown }).id) : value == null ? undefined : String(value);

/**
 * Refuses a write the resource's scope refuses (referenceWriteRefusal). For an edit, the record is an agency of the
 * 'agency' scope (its own id) and `body.villeID` its new city.
 * @throws 403 with the rule's French message
 */
function checkScope(def: ReferenceResourceDef, user: CurrentUser, action: ReferenceWrite['action'], existing?: AnyRow, body?: AnyRow) {
  const write: ReferenceWrite =
    action === 'edit'
      ? {
          action,
          agenceID: refIdOf(existing?.id),
          villeChanged: body?.villeID !== undefined && refIdOf(body.villeID) !== refIdOf(existing?.villeID),
        }
      : { action };
  const refusal = referenceWriteRefusal(user, def.resource, write);
  if (refusal) throw forbidden(refusal);
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
  // The list key is the declaration's (datas unless told): the rows' type is checked at run time only.
  const listOk = answers({ 200: listAnswer(listKey, def.record) as z.ZodType });
  const dataOk = answers({ 200: def.oneKey ? envelope({ data: def.record, [def.oneKey]: def.record }) : dataAnswer(def.record) });
  const writeOk = answers({ 200: envelope({ message: z.string(), data: def.record }) });
  const deleteOk = answers({ 200: messageAnswer });

  async function findOne(tx: Db | Tx, id: string): Promise<AnyRow> {
    const [row] = (await def.select(tx).where(eq(def.table.id, id)).limit(1)) as AnyRow[];
    if (!row) throw notFound(def.messages.notFound);
    return def.mapRow ? def.mapRow(row) : row;
  }

  r.get(`${base}/liste`, { schema: { tags, querystring: listQuerySchema, response: listOk } }, async (request, reply) => {
    const list: ListDef = { ...def, filters, frenchSort: true };
    if (wantsExport(request.query)) return sendListExport(reply, db, list, request.query, def.export);
    const { rows, total } = await runList(db, list, request.query as Record<string, unknown>);
    return { success: true, [listKey]: toApi(rows), total };
  });

  r.get(`${base}/getBy/:id`, { schema: { tags, params: idParams, response: dataOk } }, async (request) => {
    const row = await findOne(db, request.params.id);
    const data = toApi(row);
    return def.oneKey ? { success: true, data, [def.oneKey]: data } : { success: true, data };
  });

  r.post(`${base}/create`, { schema: { tags, body: def.createSchema, response: writeOk } }, async (request) => {
    const user = currentUser(request);
    checkScope(def, user, 'create');
    const data = await db.transaction(async (tx) => {
      const values = def.toValues ? await def.toValues(request.body as AnyRow, { tx, user }) : (request.body as AnyRow);
      const [created] = (await tx
        .insert(def.table)
        .values(values as never)
        .returning({ id: def.table.id })) as { id: string }[];
      const row = await findOne(tx, created.id);
      await recordChange(tx, { entite: def.path, entiteID: created.id, action: 'create', author: user }, null, row);
      return row;
    });
    return { success: true, message: def.messages.created, data: toApi(data) };
  });

  const updateBody = z.union([z.strictObject({ isActive: z.boolean() }), def.updateSchema]);
  r.put(
    `${base}/update/:id`,
    { schema: { tags, params: idParams, querystring: forceQuery, body: updateBody, response: writeOk } },
    async (request) => {
      const user = currentUser(request);
      const body = request.body as AnyRow;
      const activeOnly = Object.keys(body).length === 1 && 'isActive' in body;
      const data = await db.transaction(async (tx) => {
        const existing = await findOne(tx, request.params.id);
        checkScope(def, user, activeOnly ? 'active' : 'edit', existing, body);
        const values = activeOnly || !def.toValues ? body : await def.toValues(body, { tx, user, existing });
        await def.guard?.({ tx, user, action: activeOnly ? 'active' : 'update', existing, values, force: request.query.force === 'true' });
        await tx
          .update(def.table)
          .set(values as never)
          .where(eq(def.table.id, request.params.id));
        const row = await findOne(tx, request.params.id);
        await recordChange(
          tx,
          { entite: def.path, entiteID: request.params.id, action: activeOnly ? 'active' : 'update', author: user },
          existing,
          row,
        );
        return row;
      });
      return {
        success: true,
        message: activeOnly ? 'Statut mis à jour avec succès !' : def.messages.updated,
        data: toApi(data),
      };
    },
  );

  r.delete(`${base}/delete/:id`, { schema: { tags, params: idParams, querystring: forceQuery, response: deleteOk } }, async (request) => {
    const user = currentUser(request);
    await db.transaction(async (tx) => {
      const existing = await findOne(tx, request.params.id);
      checkScope(def, user, 'delete', existing);
      await def.guard?.({ tx, user, action: 'delete', existing, force: request.query.force === 'true' });
      try {
        await tx.delete(def.table).where(eq(def.table.id, request.params.id));
      } catch (err) {
        if (pgError(err)?.code === '23503') {
          throw conflict(def.messages.inUse ?? "Cet élément est utilisé par d'autres enregistrements et ne peut pas être supprimé.");
        }
        throw err;
      }
      await recordChange(tx, { entite: def.path, entiteID: request.params.id, action: 'delete', author: user }, existing, null);
    });
    return { success: true, message: 'suppression effectuée' };
  });
}
