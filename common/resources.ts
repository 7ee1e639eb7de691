/**
 * The resource catalogue (docs/decisions/resource-catalogue.md), beside the permission catalogue of permissions.ts:
 * every react-admin resource of the back-office, written once in the table RESOURCES below, in the sidebar's order
 * (spec 000 §2), with what the places that name a resource need to know of it. Each of those places is derived from it:
 * - src/providers/resourceApi.ts RESOURCE_API (its calls and answer keys, spec 001 §7), and so mock-api/routes.json;
 * - src/layout/menuGroups.ts the entries of each sidebar group (`menu`);
 * - src/audit/auditRules.ts the journal's entity labels (`journal`);
 * - server/access/routeAccess.ts the five reference calls of each `crud` resource, with its RESOURCE_KEYS;
 * - src/routes/legacyRoutes.ts the spec's add / edit / details paths (`legacy`);
 * - server/crud/catalogueAreas.ts the server's code/libellé areas that are data alone (`codeLibelle`);
 * - common/autorisationRules.ts the write scope of each reference resource (`scope`).
 * The keys that guard a resource stay in permissions.ts (its `resource` fields); a key naming a resource this table
 * lacks does not compile. tests/web/resourceCatalogue.test.ts checks each row has its <Resource>, screen, French texts
 * and route access.
 */
import type { PermissionKey, ResourceName } from './permissions';

/** API description of one react-admin resource (spec 001 §7). */
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
   * server/http/byAgence.ts), which the mock API builds from the page it answers. The dataProvider's lists ask
   * `_byAgence=0`: the screens read the rows only.
   */
  groupKey?: string;
}

/** The sidebar's groups (spec 000 §2), in its order; their titles and icons are src/layout/menuGroups.ts's. */
export const MENU_GROUP_IDS = [
  'roles',
  'localisation',
  'utilisateur',
  'parametres',
  'departs',
  'colis',
  'operations',
  'messagerie',
  'profil',
] as const;
export type MenuGroupId = (typeof MENU_GROUP_IDS)[number];

/** A resource's entry in the sidebar: shown to whoever holds `permission`, it opens `/{resource}`. */
interface MenuSpec {
  group: MenuGroupId;
  /** The key that shows it; default the resource's list key (RESOURCE_KEYS[resource].list). */
  permission?: PermissionKey;
  /** Translation key of its label; default `app.menu.items.<permission>` (src/i18n/frBase.ts). */
  label?: string;
}

/**
 * The spec's own paths of a resource (spec 000 §2, 001 §2 route tables), redirected to react-admin's: `create`
 * (e.g. '/addPays') → /{resource}/create, `edit` ('/paysUpdate?id=') → /{resource}/{id}, `show`
 * ('/groupeNatureColisDetails?id=') → /{resource}/{id}/show. Paths of another shape stay in src/routes/legacyRoutes.ts.
 */
interface LegacyPaths {
  create?: string;
  edit?: string;
  show?: string;
}

/**
 * A code / libellé / description reference area that is data alone (spec 001 §5): the server registers its five calls
 * from this (server/crud/catalogueAreas.ts, on server/crud/codeLibelleResource.ts), so it has no server/<x>/ folder.
 * An area with more calls or a deactivation guard keeps its own server/<x>/routes.ts.
 */
interface CodeLibelleArea {
  /** Name of its table's export in server/db/schema.ts (a `codeLibelle(...)` table). */
  table: string;
  /** Whether the description is required (spec 001 §5). */
  descriptionRequired: boolean;
  /** Base name of the list's export file (e.g. 'modes-paiement' → modes-paiement-2026-11-22.csv) and its worksheet. */
  exportName: string;
  sheet: string;
  /** The French texts of its answers. */
  messages: { created: string; updated: string; notFound: string; inUse?: string };
}

/** What the catalogue says of one resource. Every field is optional: a resource has the pieces it has. */
interface ResourceSpec {
  /** Its calls (src/providers/resourceApi.ts); absent for a page of named calls only (caisse, autorisation). */
  api?: ResourceApi;
  /**
   * Whether its five reference calls (`api.path`/liste, getBy, create, update, delete) are opened by its RESOURCE_KEYS
   * (server/access/routeAccess.ts crud: reading open to any signed-in user, writing by key).
   */
  crud?: true;
  /**
   * The write scope of a reference resource (common/autorisationRules.ts referenceWriteRefusal,
   * docs/decisions/reference-scope.md): 'agency' (an agency's own record), 'role' (the roles' own rules), or shared by
   * every agency, with the French subject of its refusal ('Les pays sont communs').
   */
  scope?: 'agency' | 'role' | { shared: string };
  menu?: MenuSpec;
  /** French label of its entity in the audit journal (the entity is `api.path`, else the resource's name). */
  journal?: string;
  legacy?: LegacyPaths;
  codeLibelle?: CodeLibelleArea;
}

/** Every react-admin resource (the `name` of its <Resource> in src/App.tsx), in the sidebar's order. */
export const RESOURCES = {
  role: {
    api: { path: 'role', listKey: 'datas', oneKey: 'role' },
    crud: true,
    scope: 'role',
    menu: { group: 'roles' },
    journal: 'Rôle',
    legacy: { create: '/addRole', edit: '/roleUpdate' },
  },
  // the role–permission assignment page: named calls only (src/autorisation/autorisationMethods.ts)
  autorisation: { menu: { group: 'roles', permission: 'autorisation' }, journal: 'Autorisation' },
  permission: {
    api: { path: 'privilege', listKey: 'datas', oneKey: 'privilege' },
    crud: true,
    scope: { shared: 'Les permissions sont communes' },
    menu: { group: 'roles' },
    journal: 'Permission',
    legacy: { create: '/addPermission', edit: '/permissionUpdate' },
  },
  audit: { api: { path: 'audit', listKey: 'datas' }, menu: { group: 'roles' } },

  pays: {
    api: { path: 'pays', listKey: 'datas' },
    crud: true,
    scope: { shared: 'Les pays sont communs' },
    menu: { group: 'localisation' },
    journal: 'Pays',
    legacy: { create: '/addPays', edit: '/paysUpdate' },
  },
  villes: {
    api: { path: 'ville', listKey: 'datas' },
    crud: true,
    scope: { shared: 'Les villes sont communes' },
    menu: { group: 'localisation' },
    journal: 'Ville',
    legacy: { create: '/addVille', edit: '/villeUpdate' },
  },
  agence: {
    api: { path: 'agence', listKey: 'datas' },
    crud: true,
    scope: 'agency',
    menu: { group: 'localisation' },
    journal: 'Agence',
    legacy: { create: '/addAgence', edit: '/agenceUpdate' },
  },

  user: {
    api: { path: 'user', listKey: 'datas' },
    menu: { group: 'utilisateur' },
    journal: 'Utilisateur',
    legacy: { create: '/addUser', edit: '/userUpdate' },
  },
  // the clients are users of type CLIENT: same path, their own list call and keys (spec 000 §6)
  clients: {
    api: { path: 'user', listPath: 'user/listeClients', listKey: 'clients' },
    menu: { group: 'utilisateur' },
    legacy: { edit: '/clientUpdate' },
  },

  modeEnvoi: {
    api: { path: 'modeEnvoi', listKey: 'datas' },
    crud: true,
    scope: { shared: "Les modes d'envoi sont communs" },
    menu: { group: 'parametres' },
    journal: "Mode d'envoi",
    legacy: { create: '/addmodeEnvoi', edit: '/modeEnvoiUpdate' },
  },
  groupeNatureColis: {
    api: { path: 'groupeNatureColis', listKey: 'datas' },
    crud: true,
    scope: { shared: 'Les groupes de nature sont communs' },
    menu: { group: 'parametres' },
    journal: 'Groupe de nature',
    legacy: { create: '/addGroupeNatureColis', edit: '/groupeNatureColisUpdate', show: '/groupeNatureColisDetails' },
  },
  // reached from its group's details page, not from the sidebar; '/addNatureColis?groupeId=' is in legacyRoutes.ts
  natureColis: {
    api: { path: 'natureColis', listKey: 'datas' },
    crud: true,
    scope: { shared: 'Les natures de colis sont communes' },
    journal: 'Nature de colis',
    legacy: { edit: '/natureColisUpdate' },
  },
  modeLivraison: {
    api: { path: 'modeLivraison', listKey: 'datas' },
    crud: true,
    scope: { shared: 'Les modes de livraison sont communs' },
    menu: { group: 'parametres' },
    journal: 'Mode de récupération',
    legacy: { create: '/addmodeLivraison', edit: '/ModelivraisonUpdate' },
  },
  paramNatureMode: {
    api: { path: 'paramNatureMode', listKey: 'datas' },
    crud: true,
    scope: { shared: 'Les prix unitaires sont communs' },
    menu: { group: 'parametres' },
    journal: 'Prix unitaire',
    legacy: { create: '/addParamNatureMode', edit: '/paramNatureModeUpdate' },
  },
  // payment modes (spec 000 §3): no screen in the spec, paths as the other modes'
  modePaiement: {
    api: { path: 'modePaiement', listKey: 'datas' },
    crud: true,
    scope: { shared: 'Les modes de paiement sont communs' },
    menu: { group: 'parametres', label: 'resources.modePaiement.menu' },
    journal: 'Mode de paiement',
    codeLibelle: {
      table: 'modesPaiement',
      descriptionRequired: true,
      exportName: 'modes-paiement',
      sheet: 'Modes de paiement',
      messages: {
        created: 'Mode de paiement ajouté avec succès !',
        updated: 'Mise à jour du mode de paiement réussie !',
        notFound: 'Mode de paiement introuvable.',
        inUse: 'Ce mode de paiement est utilisé par des colis ou des encaissements : suppression impossible.',
      },
    },
  },
  // exchange rates (docs/decisions/currencies.md): a history, a new rate but no edit
  tauxChange: {
    api: { path: 'tauxChange', listKey: 'datas' },
    menu: { group: 'parametres', label: 'resources.tauxChange.menu' },
    journal: 'Taux de change',
  },

  depart: {
    api: { path: 'envoi', listKey: 'envois' },
    menu: { group: 'departs' },
    journal: 'Départ',
    legacy: { create: '/addDepart', edit: '/departUpdate' },
  },

  colis: {
    api: { path: 'colis', listPath: 'colis/liste/{userId}', listKey: 'datas', oneKey: 'colis', groupKey: 'colis' },
    menu: { group: 'colis' },
    journal: 'Colis',
    // '/colisUpdate/{id}' and '/colis/{reference}' are in legacyRoutes.ts
    legacy: { create: '/addColis', edit: '/colisUpdate' },
  },
  inventaire: { api: { path: 'inventaire', listKey: 'data', userQuery: 'auteur', oneQuery: 'id' }, menu: { group: 'colis' } },
  encaissements: {
    api: { path: 'encaissement', listPath: 'encaissement/liste/{userId}', listKey: 'datas', groupKey: 'datas' },
    menu: { group: 'colis' },
    journal: 'Encaissement',
  },
  // the cash closed per agency and day (docs/decisions/refunds-and-cash.md): named calls only
  caisse: { menu: { group: 'colis', label: 'resources.caisse.menu' }, journal: 'Arrêté de caisse' },
  // deletion requests of parcels (docs/decisions/deletion-requests.md): list only, decided by named methods
  demandesSuppression: {
    api: { path: 'colis/demandesSuppression', listPath: 'colis/demandesSuppression', listKey: 'datas' },
    menu: { group: 'colis', label: 'resources.demandesSuppression.menu' },
  },

  operation: {
    api: {
      path: 'operation',
      listPath: 'operation/liste/{userId}',
      listKey: 'datas',
      metaKeys: ['totalRevenue', 'totalExpenses', 'topRevenueSources', 'topExpenseCategories', 'byAgence', 'horsTaux'],
    },
    menu: { group: 'operations' },
    legacy: { create: '/addOperation', edit: '/operationUpdate' },
  },
  typeOperation: {
    api: { path: 'typeoperation', listKey: 'datas' },
    crud: true,
    scope: { shared: "Les types d'opération sont communs" },
    menu: { group: 'operations' },
    journal: "Type d'opération",
    legacy: { create: '/addTypeOperation', edit: '/typeOperationUpdate' },
    codeLibelle: {
      table: 'typesOperation',
      descriptionRequired: false,
      exportName: 'types-operation',
      sheet: "Types d'opération",
      messages: {
        created: "Type d'opération ajouté avec succès !",
        updated: 'Mise à jour de la typeoperation réussie !',
        notFound: "Type d'opération introuvable.",
        inUse: 'Ce type est utilisé par des opérations : suppression impossible.',
      },
    },
  },

  // the route name's key (001 §6); the outbox 'Boîte d'envoi' is reached from the messaging page
  messagerie: { api: { path: 'message', listKey: 'datas' }, menu: { group: 'messagerie' } },
  mailOutbox: { api: { path: 'mail', listKey: 'datas' } },
} as const satisfies Record<string, ResourceSpec>;

/** A catalogued resource: a misspelt name does not compile. */
export type CataloguedResource = keyof typeof RESOURCES;

/** One row of the catalogue with its name, every field readable. */
export interface ResourceRow extends ResourceSpec {
  name: CataloguedResource;
}

/** The catalogue's rows in its order (the sidebar's): what the derived places read. */
export const RESOURCE_ROWS: readonly ResourceRow[] = (Object.keys(RESOURCES) as CataloguedResource[]).map((name) => ({
  name,
  ...(RESOURCES[name] as ResourceSpec),
}));

/** The audit journal's entity of a row (server/db/audit.ts writes the calls' path): `api.path`, else its name. */
export const journalEntity = (row: ResourceRow): string => row.api?.path ?? row.name;

/** Compile-time: every resource a permission key guards (permissions.ts `resource`) is catalogued here. */
type AssertNever<T extends never> = T;
type _EveryGuardedResourceCatalogued = AssertNever<Exclude<ResourceName, CataloguedResource>>;
