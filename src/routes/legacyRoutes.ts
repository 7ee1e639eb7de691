/**
 * The spec's own paths kept working as redirects to the react-admin routes (spec 000 §2 and 001 §2 route tables:
 * /addPays, /paysUpdate?id={id}, /addColis, /colisUpdate/{id}, /colis/{reference}, …). Each later resource adds its
 * lines to LEGACY_ROUTES.
 */
import { matchPath } from 'react-router';

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

/** The table of legacy paths. */
export const LEGACY_ROUTES: LegacyRoute[] = [
  { path: '/addPays', to: () => '/pays/create' },
  { path: '/paysUpdate', to: editOf('pays') },
  { path: '/addDepart', to: () => '/depart/create' },
  { path: '/departUpdate', to: editOf('depart') },
  { path: '/addColis', to: () => '/colis/create' },
  { path: '/colisUpdate', to: editOf('colis') },
  { path: '/colisUpdate/:id', to: (_, { id = '' }) => `/colis/${encodeURIComponent(id)}` },
  { path: '/addVille', to: () => '/villes/create' },
  { path: '/villeUpdate', to: editOf('villes') },
  { path: '/addmodeEnvoi', to: () => '/modeEnvoi/create' },
  { path: '/modeEnvoiUpdate', to: editOf('modeEnvoi') },
  { path: '/addmodeLivraison', to: () => '/modeLivraison/create' },
  { path: '/ModelivraisonUpdate', to: editOf('modeLivraison') },
  { path: '/addTypeOperation', to: () => '/typeOperation/create' },
  { path: '/typeOperationUpdate', to: editOf('typeOperation') },
  { path: '/addOperation', to: () => '/operation/create' },
  { path: '/operationUpdate', to: editOf('operation') },
  { path: '/addRole', to: () => '/role/create' },
  { path: '/roleUpdate', to: editOf('role') },
  { path: '/addPermission', to: () => '/permission/create' },
  { path: '/permissionUpdate', to: editOf('permission') },
  { path: '/addAgence', to: () => '/agence/create' },
  { path: '/agenceUpdate', to: editOf('agence') },
  { path: '/addGroupeNatureColis', to: () => '/groupeNatureColis/create' },
  { path: '/groupeNatureColisUpdate', to: editOf('groupeNatureColis') },
  { path: '/groupeNatureColisDetails', to: showOf('groupeNatureColis') },
  { path: '/addNatureColis', to: (query) => withGroupe('/natureColis/create', query.get('groupeId')) },
  { path: '/natureColisUpdate', to: editOf('natureColis') },
  { path: '/addParamNatureMode', to: () => '/paramNatureMode/create' },
  { path: '/paramNatureModeUpdate', to: editOf('paramNatureMode') },
  { path: '/clientUpdate', to: editOf('clients') },
  { path: '/addUser', to: () => '/user/create' },
  { path: '/userUpdate', to: editOf('user') },
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
