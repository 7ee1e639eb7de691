/**
 * The route map of the mock API (docs/decisions/mock-api.md): the spec's paths (spec 001 §7,
 * src/providers/resourceApi.ts) onto json-server's collections, one collection per react-admin resource.
 * mock-api/routes.json is this map written by `npm run mock:generate`; tests/web/mockApi.test.ts fails when the
 * committed file differs from it.
 */
import { RESOURCE_API, type ResourceApi } from '../src/providers/resourceApi';

/** What the middleware needs to wrap json-server's answers into the API's envelopes, per collection. */
export interface MockResource {
  /** Key of the rows in a list answer. */
  listKey: string;
  /** Key of the record in a getBy, create or update answer. */
  oneKey: string;
  /** Keys of the list answer besides the rows (served from db.json `_meta`). */
  metaKeys: readonly string[];
  /** Key of a group's rows in `byAgence`, built from the page's rows (ResourceApi.groupKey); absent: no groups. */
  groupKey?: string;
}

/** Calls outside the five of RESOURCE_API that still read or write a collection (parcel deletion names a role). */
const EXTRA_ROUTES: Record<string, string> = {
  '/api/colis/delete/:id/:roleCode': '/colis/:id',
};

/** The list path of a resource as a json-server rule: '{userId}' becomes the ':userId' parameter. */
function listRule(api: ResourceApi): string {
  return `/api/${api.listPath ? api.listPath.replace('{userId}', ':userId') : `${api.path}/liste`}`;
}

/**
 * json-server rewrite rules (`"/api/pays/liste": "/pays"`, `"/api/pays/getBy/:id": "/pays/:id"`, create, update, delete).
 * Two resources on one path prefix (user, clients) share its getBy/create/update/delete: the first listed keeps them.
 */
export function mockRoutes(): Record<string, string> {
  const routes: Record<string, string> = { ...EXTRA_ROUTES };
  const add = (from: string, to: string) => {
    if (!(from in routes)) routes[from] = to;
  };
  for (const [resource, api] of Object.entries(RESOURCE_API)) {
    add(listRule(api), `/${resource}`);
    if (!api.oneQuery) add(`/api/${api.path}/getBy/:id`, `/${resource}/:id`);
    add(`/api/${api.path}/create`, `/${resource}`);
    add(`/api/${api.path}/update/:id`, `/${resource}/:id`);
    add(`/api/${api.path}/delete/:id`, `/${resource}/:id`);
  }
  return routes;
}

/** The envelope keys of every collection (db.json `_resources`). */
export function mockResources(): Record<string, MockResource> {
  return Object.fromEntries(
    Object.entries(RESOURCE_API).map(([resource, api]) => [
      resource,
      { listKey: api.listKey ?? 'datas', oneKey: api.oneKey ?? 'data', metaKeys: api.metaKeys ?? [], groupKey: api.groupKey },
    ]),
  );
}
