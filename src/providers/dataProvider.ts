/**
 * The base of the react-admin dataProvider: the CRUD calls over the spec's paths (spec 001 §7, docs/api-contract.md
 * "Lists" and "Reference resources"): {path}/liste, {path}/getBy/{id}, {path}/create, {path}/update/{id},
 * {path}/delete/{id}, with server-side paging, sorting, search (q) and field filters; plus the list export and the
 * active-flag change. Every POST (create here, the named methods' calls) carries the Idempotency-Key of its submission
 * (http.ts, submissions.ts). The calls outside CRUD are named, typed methods written beside the screens that use them
 * (src/<feature>/<feature>Methods.ts); src/appDataProvider.ts adds them to this base where the app is assembled, so
 * providers/ imports no feature.
 */
import type { DataProvider, Identifier, RaRecord } from 'ra-core';
import { withId } from './records';
import { downloadFile, httpRequest, type ApiAnswer, type DownloadedFile, type DownloadProgress, type QueryValue } from './http';
import { listPathOf, resourceApi } from './resourceApi';
import { readSession } from './session';

/** Fields the server owns; never sent in a create or update body. */
const SYSTEM_FIELDS = new Set(['id', '_id', 'createdAt', 'updatedAt']);

/**
 * Turns form data into a request body: a field whose name ends with 'ID' and whose value is an object
 * with an `id` is sent as that id; system fields (id, _id, createdAt, updatedAt) are left out.
 */
export function toRequestBody(data: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data ?? {})) {
    if (SYSTEM_FIELDS.has(key)) continue;
    if (key.endsWith('ID') && value && typeof value === 'object' && !Array.isArray(value) && 'id' in value) {
      body[key] = (value as { id: unknown }).id;
    } else {
      body[key] = value;
    }
  }
  return body;
}

/** Turns react-admin filters into query parameters: `q` kept, reference objects sent by id, arrays comma-joined. */
export function filtersToQuery(filter: Record<string, unknown> | undefined): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {};
  for (const [key, value] of Object.entries(filter ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) query[key] = value.map((v) => String(v));
    else if (typeof value === 'object' && 'id' in (value as object)) query[key] = String((value as { id: unknown }).id);
    else if (typeof value === 'object') query[key] = JSON.stringify(value);
    else query[key] = value as string | number | boolean;
  }
  return query;
}

/** Reads the rows of a list answer under the resource's key (else `datas`). */
function rowsOf(json: ApiAnswer, listKey: string): Record<string, unknown>[] {
  const rows = (json[listKey] ?? json.datas) as unknown;
  return Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [];
}

/** Reads the single record of an answer under the resource's key (else `data`). */
function recordOf(json: ApiAnswer, oneKey: string): Record<string, unknown> | undefined {
  const record = (json[oneKey] ?? json.data) as unknown;
  return record && typeof record === 'object' && !Array.isArray(record) ? (record as Record<string, unknown>) : undefined;
}

/** The `{userQuery}: userId` parameter of a resource whose list call names the signed-in user (else none). */
function userQueryOf(api: { userQuery?: string }): Record<string, QueryValue> {
  return api.userQuery ? { [api.userQuery]: readSession()?.user?.id ?? '' } : {};
}

/**
 * The CRUD calls (spec 001 §7), one implementation for every resource of RESOURCE_API: the dataProvider's base, to
 * which src/appDataProvider.ts adds the features' named methods.
 */
export const baseDataProvider: DataProvider = {
  async getList(resource, params) {
    const api = resourceApi(resource);
    const { listKey = 'datas' } = api;
    const { page = 1, perPage = 10 } = params.pagination ?? {};
    const query: Record<string, QueryValue> = {
      _page: page,
      _perPage: perPage,
      ...(params.sort?.field ? { _sort: params.sort.field, _order: params.sort.order === 'ASC' ? 'ASC' : 'DESC' } : {}),
      ...filtersToQuery(params.filter),
      ...userQueryOf(api),
      // The screens read the rows, never their groups by agency: each row travels once (docs/decisions/list-by-agence.md).
      ...(api.groupKey ? { _byAgence: 0 } : {}),
    };
    const json = await httpRequest(listPathOf(api, readSession()?.user?.id), { query, signal: params.signal });
    const rows = rowsOf(json, listKey).map(withId);
    const total = typeof json.total === 'number' ? json.total : rows.length;
    if (!api.metaKeys) return { data: rows as RaRecord[], total } as never;
    const meta = Object.fromEntries(api.metaKeys.map((key) => [key, json[key]]));
    return { data: rows as RaRecord[], total, meta } as never;
  },

  async getOne(resource, params) {
    const api = resourceApi(resource);
    const { path, oneKey = 'data', oneQuery } = api;
    const json = oneQuery
      ? await httpRequest(listPathOf(api, readSession()?.user?.id), {
          query: { ...userQueryOf(api), [oneQuery]: String(params.id) },
          signal: params.signal,
        })
      : await httpRequest(`${path}/getBy/${encodeURIComponent(String(params.id))}`, { signal: params.signal });
    const record = recordOf(json, oneKey);
    if (!record) throw new Error(`Enregistrement introuvable : ${resource} ${params.id}`);
    return { data: withId(record) } as never;
  },

  async getMany(resource, params) {
    // One list call with `ids=a,b`; rows are also filtered here, so a server that ignores `ids` still works.
    const api = resourceApi(resource);
    const { listKey = 'datas' } = api;
    const ids = (params.ids ?? []).map(String);
    if (ids.length === 0) return { data: [] } as never;
    const json = await httpRequest(listPathOf(api, readSession()?.user?.id), { query: { ids }, signal: params.signal });
    const wanted = new Set(ids);
    const rows = rowsOf(json, listKey)
      .map(withId)
      .filter((r) => wanted.has(String(r.id)));
    return { data: rows as RaRecord[] } as never;
  },

  async getManyReference(resource, params) {
    return baseDataProvider.getList(resource, {
      pagination: params.pagination,
      sort: params.sort,
      filter: { ...params.filter, [params.target]: params.id },
      signal: params.signal,
    });
  },

  /**
   * POST {path}/create. It carries the Idempotency-Key of its submission (the same body keeps one key until an answer
   * arrives: a save clicked twice or retried after a lost answer never registers twice; once answered, a new save is a
   * new key; docs/decisions/idempotent-writes.md "Browser"). `meta.idempotencyKey` gives the key instead.
   */
  async create(resource, params) {
    const { path, oneKey = 'data' } = resourceApi(resource);
    const given = params.meta?.idempotencyKey;
    const json = await httpRequest(`${path}/create`, {
      method: 'POST',
      body: toRequestBody(params.data as Record<string, unknown>),
      // Without one, httpRequest gives the call its submission's key.
      idempotencyKey: typeof given === 'string' && given ? given : undefined,
    });
    const record = recordOf(json, oneKey);
    const created = record ?? { ...(params.data as Record<string, unknown>), id: json.id ?? json._id };
    return { data: withId(created) } as never;
  },

  async update(resource, params) {
    const { path, oneKey = 'data' } = resourceApi(resource);
    const json = await httpRequest(`${path}/update/${encodeURIComponent(String(params.id))}`, {
      method: 'PUT',
      body: toRequestBody(params.data as Record<string, unknown>),
      // `meta: {force: true}` confirms a change the server first refused with a 409 (a deactivation with active
      // dependants, docs/api-contract.md): sent as `?force=true`; without it, no query string.
      query: params.meta?.force === true ? { force: 'true' } : undefined,
    });
    const record = recordOf(json, oneKey);
    const updated = record ?? { ...(params.previousData ?? {}), ...(params.data as Record<string, unknown>), id: params.id };
    return { data: withId(updated) } as never;
  },

  async updateMany(resource, params) {
    const done: Identifier[] = [];
    for (const id of params.ids) {
      await baseDataProvider.update(resource, { id, data: params.data, previousData: { id } as RaRecord });
      done.push(id);
    }
    return { data: done };
  },

  async delete(resource, params) {
    const { path } = resourceApi(resource);
    await httpRequest(`${path}/delete/${encodeURIComponent(String(params.id))}`, { method: 'DELETE' });
    return { data: (params.previousData ?? { id: params.id }) as RaRecord } as never;
  },

  async deleteMany(resource, params) {
    const done: Identifier[] = [];
    for (const id of params.ids) {
      await baseDataProvider.delete(resource, { id });
      done.push(id);
    }
    return { data: done };
  },
};

/**
 * The export file of a resource's list (docs/decisions/list-exports.md): its list call with the given filters and sort, every row (no
 * paging), and `format` csv or xlsx; downloaded with the session's token (http.ts downloadFile), `download.signal` aborting it,
 * `download.onProgress` hearing the bytes received.
 */
export async function exportList(
  resource: string,
  params: { filter?: Record<string, unknown>; sort?: { field?: string; order?: string }; format: 'csv' | 'xlsx' },
  download: { signal?: AbortSignal; onProgress?: DownloadProgress } = {},
): Promise<DownloadedFile> {
  const api = resourceApi(resource);
  const query: Record<string, QueryValue> = {
    ...(params.sort?.field ? { _sort: params.sort.field, _order: params.sort.order === 'ASC' ? 'ASC' : 'DESC' } : {}),
    ...filtersToQuery(params.filter),
    ...userQueryOf(api),
    format: params.format,
  };
  return downloadFile(listPathOf(api, readSession()?.user?.id), query, `${resource}.${params.format}`, download);
}

/**
 * Changes the active flag of a record (spec 001 §4): an update whose body is only `{isActive}`, which
 * the server treats as a status change. Returns the updated record.
 */
export async function setActive(resource: string, record: RaRecord, isActive: boolean): Promise<RaRecord> {
  const { data } = await baseDataProvider.update(resource, { id: record.id, data: { isActive }, previousData: record });
  return data;
}
