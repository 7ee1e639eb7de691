/**
 * The one declarative table from API endpoint to the permission key it needs (docs/architecture.md §3; spec 000 §6, 001 §6).
 * Every route registered under /api must appear here, or the server refuses to start (see plugins/access.ts).
 * Keys are those of common/permissions.ts (typed PermissionKey: a misspelt key does not compile), the same the UI
 * checks for the matching screen or button. The agency scopes of the records are beside it, in access/scopes.ts.
 */
import {
  isResourceName,
  keysOpening,
  RESOURCE_KEYS,
  type PermissionKey,
  type ResourceKeys,
  type ResourceName,
} from '../../common/permissions';
import { RESOURCE_ROWS, type ResourceRow } from '../../common/resources';
import { ENVOI_TRANSITIONS } from '../../common/envoiRules';

/** What an endpoint requires. */
export type Access =
  /** Open to anyone (sign-in, password recovery, health and readiness probes, public parcel tracking). */
  | { kind: 'public' }
  /** Any signed-in back-office user. */
  | { kind: 'signedIn' }
  /**
   * A permission key. `activeKey`: a body holding only `isActive` (the active toggle) needs this key instead.
   * `self`: when the path parameter `param` names the caller itself (its user id, or its role id), `selfKey`
   * is needed instead (undefined: signed in is enough).
   */
  | {
      kind: 'key';
      key: PermissionKey;
      activeKey?: PermissionKey;
      /** A body holding only `statutID` (a status change) needs the key of the target status (id or code). */
      transitionKeys?: Readonly<Record<string, PermissionKey>>;
      self?: { param: string; of: 'user' | 'role'; selfKey?: PermissionKey };
      /**
       * When the path parameter `param` names a client (a user of type CLIENT), `key` is needed instead (`activeKey`
       * for a body holding only `isActive`): clients are kept with the clients screen's keys (spec 000 §6).
       */
      client?: { param: string; key: PermissionKey; activeKey?: PermissionKey };
      /** Other keys that also open the endpoint (a call shared by two screens). */
      anyOf?: readonly PermissionKey[];
    };

const PUBLIC: Access = { kind: 'public' };
const SIGNED_IN: Access = { kind: 'signedIn' };
const key = (k: PermissionKey, extra: Omit<Extract<Access, { kind: 'key' }>, 'kind' | 'key'> = {}): Access => ({
  kind: 'key',
  key: k,
  ...extra,
});

/**
 * The five calls of a reference resource (spec 001 §7: liste, getBy, create, update, delete) with the keys of
 * RESOURCE_KEYS[resource]. Reading (liste, getBy) is open to any signed-in user: forms of other screens
 * need the reference lists (e.g. countries in the departure form).
 */
function crud(path: string, resource: ResourceName): Record<string, Access> {
  const k: ResourceKeys = RESOURCE_KEYS[resource];
  if (!k?.create || !k.edit || !k.delete || !k.active) throw new Error(`RESOURCE_KEYS incomplet pour ${resource}`);
  // A route-name key opening the add or edit page opens its save too (keysOpening: groupeNatureColis, 001 §6).
  const also = (action: 'create' | 'edit') => {
    const aliases = keysOpening(resource, action).filter((a) => a !== k[action]);
    return aliases.length ? { anyOf: aliases } : {};
  };
  return {
    [`GET /api/${path}/liste`]: SIGNED_IN,
    [`GET /api/${path}/getBy/:id`]: SIGNED_IN,
    [`POST /api/${path}/create`]: key(k.create, also('create')),
    [`PUT /api/${path}/update/:id`]: key(k.edit, { activeKey: k.active, ...also('edit') }),
    [`DELETE /api/${path}/delete/:id`]: key(k.delete),
  };
}

/**
 * The five calls of every catalogue row marked `crud` (common/resources.ts), on its `api.path` with its RESOURCE_KEYS.
 * Throws when a row has no calls or is not a resource of RESOURCE_KEYS.
 */
function catalogueCrudAccess(rows: readonly ResourceRow[]): Record<string, Access> {
  return Object.assign(
    {},
    ...rows
      .filter((row) => row.crud)
      .map((row) => {
        if (!row.api || !isResourceName(row.name)) throw new Error(`Ressource sans appels ni permissions : ${row.name}`);
        return crud(row.api.path, row.name);
      }),
  ) as Record<string, Access>;
}

export const ROUTE_ACCESS: Readonly<Record<string, Access>> = {
  // probes of a load balancer or supervisor (server/health/routes.ts)
  'GET /api/health': PUBLIC,
  'GET /api/ready': PUBLIC,
  // public parcel tracking, no sign-in (docs/decisions/public-tracking.md; server/suivi/routes.ts, rate limited per
  // address)
  'GET /api/public/suivi': PUBLIC,
  'GET /api/public/suivi/:token': PUBLIC,
  // session and access (spec 000 §7)
  'POST /api/auth/loginAD': PUBLIC,
  'POST /api/auth/forgotPassword': PUBLIC,
  'POST /api/auth/validerPassword': PUBLIC,
  'POST /api/auth/changePassword/:id': key('profil', { self: { param: 'id', of: 'user', selfKey: undefined } }),
  'GET /api/autorisation/listePermissionByRoleID/:roleId': key('autorisation', {
    self: { param: 'roleId', of: 'role' },
  }),
  'GET /api/autorisation/getAutorisationByPermissionAndRoleID/:roleId/:privilegeId': key('autorisation'),
  'POST /api/autorisation/create': key('autorisation'),
  'PUT /api/autorisation/update/:id': key('autorisation'),
  'PUT /api/autorisation/updateMany/:roleId': key('autorisation'),
  'GET /api/autorisation/historique/:roleId': key('autorisation'),
  'GET /api/user/getBy/:id': key('user', { self: { param: 'id', of: 'user' }, client: { param: 'id', key: 'clients' } }),
  'PUT /api/user/update/:id': key('userUpdate', {
    activeKey: 'userUpdateStatut',
    self: { param: 'id', of: 'user', selfKey: 'profil' },
    client: { param: 'id', key: 'clientUpdate', activeKey: 'clientUpdateStatut' },
  }),
  // staff (spec 001 §2 Users, §7; docs/decisions/staff-accounts.md): the list, the choice of the operation form, the
  // form's calls, history
  'GET /api/user/liste': key('user'),
  'GET /api/user/listeAdmin': key('user', { anyOf: ['operation', 'addOperation', 'operationUpdate'] }),
  'POST /api/user/create': key('addUser'),
  'DELETE /api/user/delete/:id': key('userDelete'),
  'GET /api/user/historique/:id': key('user'),
  'POST /api/user/resetPassword/:id': key('userUpdate'),
  'GET /api/typeUser/getAll': SIGNED_IN,
  'POST /api/message/sendbyEmail': key('addMessage'),
  // messaging and the outbox (spec 001 §2 /messagerie, §7 notification/contactClients; docs/api-contract.md "Messaging")
  'GET /api/message/liste': key('messagerie', { anyOf: ['addMessage'] }),
  'POST /api/notification/contactClients': key('addMessage'),
  // a client's channel and notices (docs/decisions/sms-channel.md)
  'GET /api/notification/client/:id': key('clients'),
  'PUT /api/notification/client/:id/canal': key('clientUpdate'),
  'GET /api/mail/liste': key('mailOutbox'),
  'POST /api/mail/retry/:id': key('mailOutbox'),
  // reference data (spec 001 §7): the five calls of each `crud` row of the resource catalogue
  ...catalogueCrudAccess(RESOURCE_ROWS),
  'GET /api/pays/listeByParamNature': SIGNED_IN,
  // departures (spec 000 §7)
  'GET /api/envoi/liste': key('depart', { anyOf: ['addMessage'] }),
  'GET /api/envoi/ouvertActif': SIGNED_IN,
  'GET /api/envoi/getBy/:id': SIGNED_IN,
  'GET /api/envoi/listeDepartParVille/:countryId/:modeId': SIGNED_IN,
  'GET /api/envoi/checkEnvoiPoids/:id': SIGNED_IN,
  'POST /api/envoi/create': key('addDepart'),
  'PUT /api/envoi/update/:id': key('departUpdate', {
    activeKey: 'departUpdateStaut',
    transitionKeys: Object.fromEntries(Object.entries(ENVOI_TRANSITIONS).map(([code, rule]) => [code, rule!.key])),
  }),
  'DELETE /api/envoi/delete/:id': key('departDelete'),
  'GET /api/colis/ListClientsBy/:envoiId': key('departListClientby'),
  'GET /api/colis/ListEnvoisBy/:clientId': key('listeEnvoiParClient'),
  // parcels, payments, clients (spec 000 §7)
  'GET /api/audit/liste': key('auditListe'),
  'GET /api/colis/liste/:userId': key('colis'),
  'GET /api/colis/getBy/:id': key('colis'),
  'GET /api/colis/getByReference/:reference': key('colisDetail', { anyOf: ['colisDetails'] }),
  'GET /api/colis/getHistoriqueByReference/:reference': key('colisDetail', { anyOf: ['colisDetails'] }),
  'GET /api/colis/getColisByEnvoiId/:envoiId': key('depart', { anyOf: ['colis'] }),
  // parcels left waiting by a departure's 'en cours d'envoi', and their move to another departure of the same route
  // (docs/decisions/departure-ships-received.md): the move is a change of the parcel, the edit's key
  'GET /api/colis/enAttente/:envoiId': key('depart', { anyOf: ['colis'] }),
  'POST /api/colis/transferer': key('colisUpdate'),
  'GET /api/envoi/manifest/:envoiId': key('depart'),
  'POST /api/colis/create': key('addColis'),
  'PUT /api/colis/update/:id': key('colisUpdate', { activeKey: 'colisUpdateEtat', anyOf: ['encaissementMake'] }),
  'DELETE /api/colis/delete/:id/:roleCode': key('colisDelete'),
  'DELETE /api/colis/delete/:reference': key('colisDelete'),
  'POST /api/colis/deleteWithOtp': key('colisDelete'),
  // deletion requests decided in the application (docs/decisions/deletion-requests.md): the list also with colisDelete,
  // so that an agent reads the state of its requests (within demandeSuppressionScope); deciding needs colisDeleteApprouver
  'GET /api/colis/demandesSuppression': key('colisDeleteApprouver', { anyOf: ['colisDelete'] }),
  'POST /api/colis/demandesSuppression/approuver/:id': key('colisDeleteApprouver'),
  'POST /api/colis/demandesSuppression/refuser/:id': key('colisDeleteApprouver'),
  'POST /api/colis/retirer/:id': key('retraitColis'),
  // the release code (docs/decisions/release-code.md): sent again or unlocked by the destination agency's staff
  'GET /api/colis/codeRetrait/:id': key('retraitColis'),
  'POST /api/colis/codeRetrait/:id': key('retraitColis'),
  'POST /api/colis/codeRetrait/debloquer/:id': key('retraitColis'),
  // the release's proof (docs/decisions/release-proof.md): proxies authorised beforehand, the release record
  'POST /api/colis/mandataire/:id': key('colisMandataire'),
  'GET /api/colis/mandataires/:id': key('colisMandataire', { anyOf: ['retraitColis'] }),
  'GET /api/colis/remise/:id': key('retraitColis'),
  'GET /api/colis/remise/:id/signature': key('retraitColis'),
  'GET /api/colis/remise/:id/photo': key('retraitColis'),
  'POST /api/colis/livrer/:id': key('livraisonColis'),
  'GET /api/colis/contactAdminForEnvoi/:envoiId': key('addColis'),
  'GET /api/colis/prixNature': key('addColis', { anyOf: ['colisUpdate'] }),
  'GET /api/colis/getAllData/:userId': key('stats'),
  'GET /api/colis/colisEnvoyesParMois/:userId': key('stats'),
  'GET /api/colis/circularStatistiques/:userId': key('stats'),
  'POST /api/encaissement/create': key('encaissementMake'),
  'GET /api/encaissement/equivalent': key('encaissementMake'),
  'GET /api/encaissement/devises/:colisID': key('encaissementMake'),
  'GET /api/encaissement/getByColisID/:id': key('encaissementDetailsColis', { anyOf: ['encaissementMake'] }),
  'GET /api/encaissement/liste/:userId': key('encaissements'),
  'PUT /api/encaissement/update/:id': key('encaissementUpdateStatut'),
  'DELETE /api/encaissement/delete/:id': key('encaissementDelete'),
  // a refund of a payment (docs/decisions/refunds-and-cash.md), within the payments' agency scope (encaissement/refund.ts)
  'POST /api/encaissement/rembourser/:id': key('encaissementRembourser'),
  // the cash closed per agency and day (docs/decisions/refunds-and-cash.md): the expected amounts, the closing and the
  // closings (an agency's own for a role bound to one: caisse/service.ts), the reopening with a reason
  'GET /api/caisse/attendu': key('caisse'),
  'POST /api/caisse/cloture': key('caisse'),
  'GET /api/caisse/liste': key('caisse'),
  'GET /api/caisse/getBy/:id': key('caisse'),
  'POST /api/caisse/rouvrir/:id': key('caisseRouvrir'),
  // stock inventories (spec 001 §2 'Etats de stocks', §7; taking one: docs/api-contract.md "Inventories")
  'GET /api/inventaire/liste': key('inventaire'),
  'GET /api/inventaire/attendus': key('addInventaire'),
  'GET /api/inventaire/verifier': key('addInventaire'),
  'POST /api/inventaire/create': key('addInventaire'),
  'POST /api/notification/create': key('colisDetail', { anyOf: ['encaissementMake', 'addColis'] }),
  'GET /api/user/getByTelephone/:telephone': key('addColis', { anyOf: ['colisUpdate', 'clients'] }),
  'GET /api/user/listeClients': key('clients', { anyOf: ['addColis', 'colisUpdate', 'addMessage'] }),
  'GET /api/securite/verrous': key('securiteVerrous'),
  'POST /api/securite/deverrouiller': key('securiteDeverrouiller'),
  'GET /api/statut/liste': SIGNED_IN,
  'GET /api/statut/getByCode/:code': SIGNED_IN,
  'GET /api/ville/getVilleByPaysID/:paysId': SIGNED_IN,
  'GET /api/agence/getAgenceByVilleID/:id': SIGNED_IN,
  'GET /api/agence/getAgenceByPaysID/:id': SIGNED_IN,
  'GET /api/modeEnvoi/listeByParamNature': SIGNED_IN,
  'GET /api/groupeNatureColis/listeByDepart/:departId': SIGNED_IN,
  'GET /api/natureColis/liste/:groupeId': SIGNED_IN,
  // cash operations, the 'Tableau de bord administratif' (spec 001 §2, §6, §7). The spec's add button checks addColis;
  // the server and the UI check addOperation, the operations' own key (docs/api-contract.md "Cash operations").
  // exchange rates (docs/decisions/currencies.md): the history and a new rate; entering one also needs a role that sees
  // every agency (tauxChange/service.ts)
  'GET /api/tauxChange/liste': key('tauxChange'),
  'POST /api/tauxChange/create': key('tauxChange'),
  'GET /api/operation/liste/:userId': key('operation'),
  'GET /api/operation/getBy/:id': key('operation', { anyOf: ['operationUpdate'] }),
  'POST /api/operation/create': key('addOperation'),
  'PUT /api/operation/update/:id': key('operationUpdate', { activeKey: 'operationUpdateStatut' }),
  'DELETE /api/operation/delete/:id': key('operationDelete'),
};

/** The table key of a route: method and URL pattern, e.g. 'GET /api/pays/getBy/:id'. */
export const routeKey = (method: string, url: string) => `${method.toUpperCase()} ${url}`;
