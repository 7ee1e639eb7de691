/**
 * The spec's own paths kept working as redirects to the react-admin routes (spec 000 §2 and 001 §2 route tables:
 * /addPays, /paysUpdate?id={id}, /addColis, /colisUpdate/{id}, /colis/{reference}, …). The add / edit / details paths
 * of a resource are its row's `legacy` in the resource catalogue (common/resources.ts); LEGACY_ROUTES adds the others.
 */
import { matchPath } from 'react-router';
import { RESOURCE_ROWS, type ResourceRow } from '../../common/resources';

/** One legacy path (a react-router pattern, matched case-insensitively) and the target it redirects to. */
export interface LegacyRoute {
  path: string;
  /** The target, from the query string and the path's parameters. */
  to: (query: URLSearchParams, params: Record<string, string | undefined>) => string;
}

/** Target of an edit path `?id=`: the record's edit page, else the list when the id is missing. */
const editOf = (resource: string) => (query: URLSearchParams) => {
  const id = query.get('id');
  return id ? `/${resource}/${encodeURIComponent(id)}` : `/${resource}`;
};

/** Target of a details path `?id=` (spec 001 §2 groupeNatureColisDetails): the record's show page, else the list. */
const showOf = (resource: string) => (query: URLSearchParams) => {
  const id = query.get('id');
  return id ? `/${resource}/${encodeURIComponent(id)}/show` : `/${resource}`;
};

/** A path with `?groupeId=` when a group is given (spec 001 §2 /addNatureColis?groupeId={id}). */
const withGroupe = (path: string, groupeId: string | null) => (groupeId ? `${path}?groupeId=${encodeURIComponent(groupeId)}` : path);

/** The legacy paths of some catalogue rows (`legacy`: create, edit, show), in their order. */
function legacyRoutesOf(rows: readonly ResourceRow[]): LegacyRoute[] {
  return rows.flatMap(({ name, legacy }) => [
    ...(legacy?.create ? [{ path: legacy.create, to: () => `/${name}/create` }] : []),
    ...(legacy?.edit ? [{ path: legacy.edit, to: editOf(name) }] : []),
    ...(legacy?.show ? [{ path: legacy.show, to: showOf(name) }] : []),
  ]);
}

/** The table of legacy paths: the catalogue's, then those of another shape. */
export const LEGACY_ROUTES: LegacyRoute[] = [
  ...legacyRoutesOf(RESOURCE_ROWS),
  { path: '/colisUpdate/:id', to: (_, { id = '' }) => `/colis/${encodeURIComponent(id)}` },
  { path: '/addNatureColis', to: (query) => withGroupe('/natureColis/create', query.get('groupeId')) },
];

/** A pathname with each segment decoded, as react-router decodes it before giving the route its parameters. */
function decodePath(pathname: string): string {
  try {
    return pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return pathname;
  }
}

/**
 * Returns the redirect target of a legacy path (as in the address bar) with its query string, or undefined when the
 * path is not legacy: what the elements of legacyRouteElements.tsx navigate to.
 */
export function legacyTarget(pathname: string, search: string): string | undefined {
  for (const route of LEGACY_ROUTES) {
    const match = matchPath({ path: route.path, caseSensitive: false, end: true }, decodePath(pathname));
    if (match) return route.to(new URLSearchParams(search), match.params);
  }
  return undefined;
}

/** A record id of the API: a UUID. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether the segment after /colis/ is a parcel reference (e.g. PAR1-2026-000001) and not a record id. The spec's
 * details path /colis/{reference} has the shape of react-admin's edit path /colis/{id}; ids are UUIDs, references are
 * not, so the edit route sends a reference on to the details page (ColisEdit, LegacyColisDetails).
 */
export function isColisReference(segment: string | undefined): segment is string {
  return !!segment && !UUID.test(segment);
}

/** Path of a parcel's details page (react-admin's show route). */
export function colisShowPath(id: string): string {
  return `/colis/${encodeURIComponent(id)}/show`;
}

/** Path of the not-found page (spec 000 §2 route 'not-found'; any unknown path shows the catch-all 404 page). */
export const NOT_FOUND_PATH = '/not-found';
