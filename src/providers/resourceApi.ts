/**
 * How each react-admin resource maps onto the spec's calls (spec 001 §7): the path prefix of its
 * calls and the answer keys of its list and its single record. A new reference screen only adds a line.
 */

/** API description of one react-admin resource. */
export interface ResourceApi {
  /** Path prefix: 'pays' gives pays/liste, pays/getBy/{id}, pays/create, pays/update/{id}, pays/delete/{id}. */
  path: string;
  /** Key of the rows in a list answer (default 'datas'). */
  listKey?: string;
  /**
   * Path of the list call when it is not `{path}/liste`; `{userId}` is replaced by the signed-in user's id
   * (e.g. 'colis/liste/{userId}', spec 000 §7).
   */
  listPath?: string;
  /** Key of the record in a getBy answer (default 'data'; 'data' is always tried as well). */
  oneKey?: string;
  /** Query parameter of the list call carrying the signed-in user's id (spec 001 §7 inventaire/liste?auteur={userId}). */
  userQuery?: string;
  /**
   * Query parameter naming the record when getOne is the list call rather than `{path}/getBy/{id}`
   * (spec 001 §7 inventaire/liste?auteur={userId}&id={inventoryId}).
   */
  oneQuery?: string;
  /**
   * Keys of a list answer besides the rows that the screen reads (react-admin's list `meta`, e.g. the sums of the
   * operations dashboard computed over the same filter).
   */
  metaKeys?: readonly string[];
  /**
   * Key of a group's rows in the list answer's `byAgence` (the page's rows by agency, for a role that sees every agency:
   * server/http/byAgence.ts), which the mock API builds from the page it answers.
   */
  groupKey?: string;
}

/** The table of resources (react-admin resource name → API), spec 001 §2 and §7. */
export const RESOURCE_API: Record<string, ResourceApi> = {
  pays: { path: 'pays', listKey: 'datas' },
  villes: { path: 'ville', listKey: 'datas' },
  agence: { path: 'agence', listKey: 'datas' },
  user: { path: 'user', listKey: 'datas' },
  role: { path: 'role', listKey: 'datas', oneKey: 'role' },
  permission: { path: 'privilege', listKey: 'datas', oneKey: 'privilege' },
  modeEnvoi: { path: 'modeEnvoi', listKey: 'datas' },
  modeLivraison: { path: 'modeLivraison', listKey: 'datas' },
  modePaiement: { path: 'modePaiement', listKey: 'datas' },
  groupeNatureColis: { path: 'groupeNatureColis', listKey: 'datas' },
  natureColis: { path: 'natureColis', listKey: 'datas' },
  paramNatureMode: { path: 'paramNatureMode', listKey: 'datas' },
  typeOperation: { path: 'typeoperation', listKey: 'datas' },
  depart: { path: 'envoi', listKey: 'envois' },
  colis: { path: 'colis', listPath: 'colis/liste/{userId}', listKey: 'datas', oneKey: 'colis', groupKey: 'colis' },
  clients: { path: 'user', listPath: 'user/listeClients', listKey: 'clients' },
  encaissements: { path: 'encaissement', listPath: 'encaissement/liste/{userId}', listKey: 'datas', groupKey: 'datas' },
  inventaire: { path: 'inventaire', listKey: 'data', userQuery: 'auteur', oneQuery: 'id' },
  operation: {
    path: 'operation',
    listPath: 'operation/liste/{userId}',
    listKey: 'datas',
    metaKeys: ['totalRevenue', 'totalExpenses', 'topRevenueSources', 'topExpenseCategories', 'byAgence', 'horsTaux'],
  },
  tauxChange: { path: 'tauxChange', listKey: 'datas' },
  // deletion requests of parcels (docs/decisions/deletion-requests.md): list only, decided by named methods
  demandesSuppression: { path: 'colis/demandesSuppression', listPath: 'colis/demandesSuppression', listKey: 'datas' },
  messagerie: { path: 'message', listKey: 'datas' },
  mailOutbox: { path: 'mail', listKey: 'datas' },
  audit: { path: 'audit', listKey: 'datas' },
};

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
