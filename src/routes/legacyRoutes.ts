/**
 * The spec's own paths kept working as redirects to the react-admin routes (spec 001 §2 route table:
 * /addPays, /paysUpdate?id={id}, …). Each later resource adds its lines to LEGACY_ROUTES.
 */

/** One legacy path and the target it redirects to, computed from its query string. */
export interface LegacyRoute {
  path: string;
  to: (query: URLSearchParams) => string;
}

/** Target of an edit path `?id=`: the record's edit page, else the list when the id is missing. */
export const editOf = (resource: string) => (query: URLSearchParams) => {
  const id = query.get('id');
  return id ? `/${resource}/${encodeURIComponent(id)}` : `/${resource}`;
};

/** The table of legacy paths (matched case-insensitively, as react-router does). */
export const LEGACY_ROUTES: LegacyRoute[] = [
  { path: '/addPays', to: () => '/pays/create' },
  { path: '/paysUpdate', to: editOf('pays') },
  { path: '/addDepart', to: () => '/depart/create' },
  { path: '/departUpdate', to: editOf('depart') },
];

/** Returns the redirect target of a legacy path with its query string, or undefined when the path is not legacy. */
export function legacyTarget(pathname: string, search: string): string | undefined {
  const route = LEGACY_ROUTES.find((r) => r.path.toLowerCase() === pathname.toLowerCase());
  return route ? route.to(new URLSearchParams(search)) : undefined;
}
