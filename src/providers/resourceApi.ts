/**
 * How each react-admin resource maps onto the spec's calls (spec 001 §7): the path prefix of its
 * calls and the answer keys of its list and its single record, read from the resource catalogue (common/resources.ts
 * `api`: a new resource adds its row there).
 */
import { RESOURCE_ROWS, type ResourceApi, type ResourceRow } from '../../common/resources';

export type { ResourceApi };

/** The table of resources (react-admin resource name → API), spec 001 §2 and §7: the catalogue's rows that have calls. */
export const RESOURCE_API: Record<string, ResourceApi> = resourceApiOf(RESOURCE_ROWS);

/** The API table of some catalogue rows (RESOURCE_API of the catalogue's, in its order). */
function resourceApiOf(rows: readonly ResourceRow[]): Record<string, ResourceApi> {
  return Object.fromEntries(rows.flatMap((row) => (row.api ? [[row.name, row.api]] : [])));
}

/** Path of a resource's list call: its `listPath` with `{userId}` filled in, else `{path}/liste`. */
export function listPathOf(api: ResourceApi, userId: string | undefined): string {
  if (!api.listPath) return `${api.path}/liste`;
  return api.listPath.replace('{userId}', encodeURIComponent(userId ?? ''));
}

/** Returns the API description of a resource; throws a French error for an unknown one. */
export function resourceApi(resource: string): ResourceApi {
  const api = RESOURCE_API[resource];
  if (!api) throw new Error(`Ressource inconnue : ${resource}`);
  return api;
}
