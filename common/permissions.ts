/**
 * The permission catalogue (spec 000 §6, 001 §6; groups of 001 §2 "Role-permission assignment"): every permission
 * key (privilege libelle) of the product, written once in the table PERMISSIONS below with its assignment group, its
 * French description, the react-admin resource action it guards (if any) and whether the AGENT role holds it by
 * default. Everything else is derived from that table: the type PermissionKey (a misspelt key does not compile),
 * PERMISSION_GROUPS, ALL_PERMISSION_KEYS, AGENT_PERMISSION_KEYS and RESOURCE_KEYS. The seed and the start-up sync
 * create the keys from it, the server's route table (server/access/routeAccess.ts) and the UI's canAccess, buttons
 * and menu check them.
 */

/** The groups of the role-permission assignment screen (spec 001 §2), in the screen's order: code → French title. */
const GROUPS = {
  dashboard: 'Tableau de bord',
  typeOperation: "Types d'opération",
  operation: 'Opérations',
  profil: 'Profil',
  menu: 'Menu',
  clients: 'Clients',
  user: 'Utilisateurs',
  autorisation: 'Autorisations',
  pays: 'Pays',
  villes: 'Villes',
  paramNatureMode: 'Paramètre prix unitaire',
  permission: 'Permissions',
  modeEnvoi: "Modes d'envoi",
  natureColis: 'Natures de colis',
  groupeColis: 'Groupes de nature',
  modeLivraison: 'Modes de livraison',
  depart: 'Départs',
  colis: 'Colis',
  inventaire: 'Inventaire des colis',
  encaissements: 'Encaissements',
  agence: 'Agences',
  role: 'Rôles',
  mobile: 'Application mobile',
  autres: 'Autres',
} as const;
export type PermissionGroupCode = keyof typeof GROUPS;

/** The actions a react-admin resource offers, each guarded by its own key (spec 001 §6: add / edit / delete / active flag). */
export type ResourceAction = 'list' | 'show' | 'create' | 'edit' | 'delete' | 'active';

/** What the catalogue says of one key. */
interface PermissionSpec {
  /** Its group on the assignment screen (the privilege's `groupe`). */
  group: PermissionGroupCode;
  /** French description written by the seed. */
  description: string;
  /** The react-admin resource and action the key guards (RESOURCE_KEYS); absent for keys of pages and buttons. */
  resource?: string;
  action?: ResourceAction;
  /** Whether the agency role AGENT holds the key by default (departures, parcels, payments, inventory, profile). */
  agent?: true;
  /**
   * A route-name key (spec 001 §6 "route access is the permission whose name equals the route name") that opens, beside
   * the resource's own key, this action of this resource (RESOURCE_ROUTE_KEYS).
   */
  opens?: { resource: string; action: ResourceAction };
}

/**
 * Every permission key, in group order. 'show' of a resource falls back to 'list' when it has no key of its own.
 * The keys are the spec's, misspellings included (departUpdateStaut, permissionUpdateStaut, addmodeEnvoi); the route
 * names groupeNatureColis, addGroupeNatureColis, groupeNatureColisUpdate (001 §2), listeClientParEnvoi and
 * colisDetails (000 §2) are keys too, as "route access is the permission whose name equals the route name".
 */
export const PERMISSIONS = {
  stats: { group: 'dashboard', description: 'Voir le tableau de bord', agent: true },

  typeOperation: { group: 'typeOperation', description: "Voir la liste des types d'opération", resource: 'typeOperation', action: 'list' },
  addTypeOperation: { group: 'typeOperation', description: "Ajouter un type d'opération", resource: 'typeOperation', action: 'create' },
  typeOperationUpdate: { group: 'typeOperation', description: "Modifier un type d'opération", resource: 'typeOperation', action: 'edit' },
  typeOperationDelete: {
    group: 'typeOperation',
    description: "Supprimer un type d'opération",
    resource: 'typeOperation',
    action: 'delete',
  },
  typeOperationUpdateStatut: {
    group: 'typeOperation',
    description: "Activer ou désactiver un type d'opération",
    resource: 'typeOperation',
    action: 'active',
  },

  operation: {
    group: 'operation',
    description: 'Voir les entrées et sorties (tableau de bord administratif)',
    resource: 'operation',
    action: 'list',
  },
  addOperation: { group: 'operation', description: 'Ajouter une entrée ou une sortie', resource: 'operation', action: 'create' },
  operationUpdate: { group: 'operation', description: 'Modifier une opération', resource: 'operation', action: 'edit' },
  operationDelete: { group: 'operation', description: 'Supprimer une opération', resource: 'operation', action: 'delete' },
  operationUpdateStatut: {
    group: 'operation',
    description: 'Activer ou désactiver une opération',
    resource: 'operation',
    action: 'active',
  },

  profil: { group: 'profil', description: 'Consulter et modifier son profil', agent: true },

  clients: { group: 'clients', description: 'Voir la liste des clients', resource: 'clients', action: 'list', agent: true },
  clientUpdate: { group: 'clients', description: 'Modifier un client', resource: 'clients', action: 'edit' },
  clientUpdateStatut: { group: 'clients', description: 'Activer ou désactiver un client', resource: 'clients', action: 'active' },
  listeEnvoiParClient: { group: 'clients', description: "Voir les envois d'un client", agent: true },

  user: { group: 'user', description: 'Voir la liste des utilisateurs', resource: 'user', action: 'list' },
  addUser: { group: 'user', description: 'Ajouter un utilisateur', resource: 'user', action: 'create' },
  userUpdate: { group: 'user', description: 'Modifier un utilisateur', resource: 'user', action: 'edit' },
  userDelete: { group: 'user', description: 'Supprimer un utilisateur', resource: 'user', action: 'delete' },
  userUpdateStatut: { group: 'user', description: 'Activer ou désactiver un utilisateur', resource: 'user', action: 'active' },

  autorisation: { group: 'autorisation', description: 'Attribuer les permissions aux rôles' },

  pays: { group: 'pays', description: 'Voir la liste des pays', resource: 'pays', action: 'list' },
  addPays: { group: 'pays', description: 'Ajouter un pays', resource: 'pays', action: 'create' },
  paysUpdate: { group: 'pays', description: 'Modifier un pays', resource: 'pays', action: 'edit' },
  paysDelete: { group: 'pays', description: 'Supprimer un pays', resource: 'pays', action: 'delete' },
  paysUpdateStatut: { group: 'pays', description: 'Activer ou désactiver un pays', resource: 'pays', action: 'active' },

  villes: { group: 'villes', description: 'Voir la liste des villes', resource: 'villes', action: 'list' },
  addVille: { group: 'villes', description: 'Ajouter une ville', resource: 'villes', action: 'create' },
  villeUpdate: { group: 'villes', description: 'Modifier une ville', resource: 'villes', action: 'edit' },
  villeDelete: { group: 'villes', description: 'Supprimer une ville', resource: 'villes', action: 'delete' },
  villeUpdateStatut: { group: 'villes', description: 'Activer ou désactiver une ville', resource: 'villes', action: 'active' },

  paramNatureMode: {
    group: 'paramNatureMode',
    description: 'Voir la liste des prix unitaires',
    resource: 'paramNatureMode',
    action: 'list',
  },
  addParamNatureMode: { group: 'paramNatureMode', description: 'Ajouter un prix unitaire', resource: 'paramNatureMode', action: 'create' },
  paramNatureModeUpdate: {
    group: 'paramNatureMode',
    description: 'Modifier un prix unitaire',
    resource: 'paramNatureMode',
    action: 'edit',
  },
  paramNatureDelete: { group: 'paramNatureMode', description: 'Supprimer un prix unitaire', resource: 'paramNatureMode', action: 'delete' },
  paramNatureUpdateStatut: {
    group: 'paramNatureMode',
    description: 'Activer ou désactiver un prix unitaire',
    resource: 'paramNatureMode',
    action: 'active',
  },

  permission: { group: 'permission', description: 'Voir la liste des permissions', resource: 'permission', action: 'list' },
  addPermission: { group: 'permission', description: 'Ajouter une permission', resource: 'permission', action: 'create' },
  permissionUpdate: { group: 'permission', description: 'Modifier une permission', resource: 'permission', action: 'edit' },
  permissionDelete: { group: 'permission', description: 'Supprimer une permission', resource: 'permission', action: 'delete' },
  permissionUpdateStaut: {
    group: 'permission',
    description: 'Activer ou désactiver une permission',
    resource: 'permission',
    action: 'active',
  },

  modeEnvoi: { group: 'modeEnvoi', description: "Voir la liste des modes d'envoi", resource: 'modeEnvoi', action: 'list' },
  addmodeEnvoi: { group: 'modeEnvoi', description: "Ajouter un mode d'envoi", resource: 'modeEnvoi', action: 'create' },
  modeEnvoiUpdate: { group: 'modeEnvoi', description: "Modifier un mode d'envoi", resource: 'modeEnvoi', action: 'edit' },
  modeEnvoiDelete: { group: 'modeEnvoi', description: "Supprimer un mode d'envoi", resource: 'modeEnvoi', action: 'delete' },
  modeEnvoiUpdateStatut: {
    group: 'modeEnvoi',
    description: "Activer ou désactiver un mode d'envoi",
    resource: 'modeEnvoi',
    action: 'active',
  },

  natureColis: { group: 'natureColis', description: 'Voir la liste des natures de colis', resource: 'natureColis', action: 'list' },
  addNatureColis: { group: 'natureColis', description: 'Ajouter une nature de colis', resource: 'natureColis', action: 'create' },
  natureColisUpdate: { group: 'natureColis', description: 'Modifier une nature de colis', resource: 'natureColis', action: 'edit' },
  natureDelete: { group: 'natureColis', description: 'Supprimer une nature de colis', resource: 'natureColis', action: 'delete' },
  natureUpdateStatut: {
    group: 'natureColis',
    description: 'Activer ou désactiver une nature de colis',
    resource: 'natureColis',
    action: 'active',
  },

  groupeColis: {
    group: 'groupeColis',
    description: 'Voir la liste des groupes de nature de colis',
    resource: 'groupeNatureColis',
    action: 'list',
  },
  groupeNatureColisDetails: {
    group: 'groupeColis',
    description: "Voir le détail d'un groupe de nature de colis",
    resource: 'groupeNatureColis',
    action: 'show',
  },
  addGroupeColis: {
    group: 'groupeColis',
    description: 'Ajouter un groupe de nature de colis',
    resource: 'groupeNatureColis',
    action: 'create',
  },
  groupeColisUpdate: {
    group: 'groupeColis',
    description: 'Modifier un groupe de nature de colis',
    resource: 'groupeNatureColis',
    action: 'edit',
  },
  groupeDelete: {
    group: 'groupeColis',
    description: 'Supprimer un groupe de nature de colis',
    resource: 'groupeNatureColis',
    action: 'delete',
  },
  groupeUpdateStatut: {
    group: 'groupeColis',
    description: 'Activer ou désactiver un groupe de nature de colis',
    resource: 'groupeNatureColis',
    action: 'active',
  },
  groupeNatureColis: {
    group: 'groupeColis',
    description: 'Voir la page des groupes de nature de colis',
    opens: { resource: 'groupeNatureColis', action: 'list' },
  },
  addGroupeNatureColis: {
    group: 'groupeColis',
    description: "Voir la page d'ajout d'un groupe de nature de colis",
    opens: { resource: 'groupeNatureColis', action: 'create' },
  },
  groupeNatureColisUpdate: {
    group: 'groupeColis',
    description: "Voir la page de modification d'un groupe de nature de colis",
    opens: { resource: 'groupeNatureColis', action: 'edit' },
  },

  modeLivraison: {
    group: 'modeLivraison',
    description: 'Voir la liste des modes de récupération',
    resource: 'modeLivraison',
    action: 'list',
  },
  addmodeLivraison: { group: 'modeLivraison', description: 'Ajouter un mode de récupération', resource: 'modeLivraison', action: 'create' },
  modeLivraisonUpdate: {
    group: 'modeLivraison',
    description: 'Modifier un mode de récupération',
    resource: 'modeLivraison',
    action: 'edit',
  },
  modeLivraisonDelete: {
    group: 'modeLivraison',
    description: 'Supprimer un mode de récupération',
    resource: 'modeLivraison',
    action: 'delete',
  },
  modeLivraisonUpdateStatut: {
    group: 'modeLivraison',
    description: 'Activer ou désactiver un mode de récupération',
    resource: 'modeLivraison',
    action: 'active',
  },

  depart: { group: 'depart', description: 'Voir la liste des départs', resource: 'depart', action: 'list', agent: true },
  addDepart: { group: 'depart', description: 'Ajouter un départ', resource: 'depart', action: 'create' },
  departUpdate: { group: 'depart', description: 'Modifier un départ', resource: 'depart', action: 'edit' },
  departDelete: { group: 'depart', description: 'Supprimer un départ', resource: 'depart', action: 'delete' },
  departUpdateStaut: { group: 'depart', description: 'Activer ou désactiver un départ', resource: 'depart', action: 'active' },
  departListClientby: { group: 'depart', description: "Voir les clients d'un départ", agent: true },
  listeClientParEnvoi: { group: 'depart', description: "Voir la page des clients d'un départ", agent: true },
  enCoursEnvoiDepart: { group: 'depart', description: "Passer un départ en cours d'envoi" },
  arriveDepart: { group: 'depart', description: 'Déclarer un départ arrivé' },
  clotureDepart: { group: 'depart', description: 'Clôturer un départ' },

  colis: { group: 'colis', description: 'Voir la liste des colis', resource: 'colis', action: 'list', agent: true },
  addColis: { group: 'colis', description: 'Enregistrer un colis', resource: 'colis', action: 'create', agent: true },
  colisUpdate: { group: 'colis', description: 'Modifier un colis', resource: 'colis', action: 'edit', agent: true },
  colisDelete: { group: 'colis', description: 'Supprimer un colis', resource: 'colis', action: 'delete', agent: true },
  colisUpdateEtat: { group: 'colis', description: 'Activer ou désactiver un colis', resource: 'colis', action: 'active', agent: true },
  colisDetail: { group: 'colis', description: "Voir le détail d'un colis", resource: 'colis', action: 'show', agent: true },
  colisDetails: { group: 'colis', description: "Voir la page de détail d'un colis", agent: true },
  retraitColis: { group: 'colis', description: "Enregistrer le retrait d'un colis en agence", agent: true },
  livraisonColis: { group: 'colis', description: "Enregistrer la livraison d'un colis à domicile", agent: true },
  colisMandataire: { group: 'colis', description: 'Autoriser un mandataire à retirer un colis', agent: true },
  // Deciding the deletion requests of processed parcels in the application (docs/decisions/deletion-requests.md): the
  // list 'Demandes de suppression', approve or refuse; not an agent's key (the roles that see every agency hold it).
  colisDeleteApprouver: {
    group: 'colis',
    description: 'Approuver ou refuser les demandes de suppression de colis',
    resource: 'demandesSuppression',
    action: 'list',
  },

  inventaire: {
    group: 'inventaire',
    description: 'Voir les états de stocks (inventaires)',
    resource: 'inventaire',
    action: 'list',
    agent: true,
  },
  addInventaire: {
    group: 'inventaire',
    description: 'Faire un inventaire des colis',
    resource: 'inventaire',
    action: 'create',
    agent: true,
  },

  encaissements: {
    group: 'encaissements',
    description: 'Voir la liste des encaissements',
    resource: 'encaissements',
    action: 'list',
    agent: true,
  },
  encaissementMake: {
    group: 'encaissements',
    description: 'Faire un encaissement sur un colis',
    resource: 'encaissements',
    action: 'create',
    agent: true,
  },
  encaissementDetailsColis: { group: 'encaissements', description: "Voir les encaissements d'un colis", agent: true },
  encaissementDelete: { group: 'encaissements', description: 'Supprimer un encaissement', resource: 'encaissements', action: 'delete' },
  encaissementUpdateStatut: {
    group: 'encaissements',
    description: 'Activer ou désactiver un encaissement',
    resource: 'encaissements',
    action: 'active',
  },
  // Refunds (docs/decisions/refunds-and-cash.md): money given back on a payment, with a reason; not an agent's key by
  // default (an administrator grants it to a role).
  encaissementRembourser: { group: 'encaissements', description: 'Rembourser un encaissement (avec un motif)' },
  // Payment modes (spec 000 §3): the spec has no screen for them; their keys sit with the collections.
  modePaiement: { group: 'encaissements', description: 'Voir la liste des modes de paiement', resource: 'modePaiement', action: 'list' },
  addModePaiement: { group: 'encaissements', description: 'Ajouter un mode de paiement', resource: 'modePaiement', action: 'create' },
  modePaiementUpdate: { group: 'encaissements', description: 'Modifier un mode de paiement', resource: 'modePaiement', action: 'edit' },
  modePaiementDelete: { group: 'encaissements', description: 'Supprimer un mode de paiement', resource: 'modePaiement', action: 'delete' },
  modePaiementUpdateStatut: {
    group: 'encaissements',
    description: 'Activer ou désactiver un mode de paiement',
    resource: 'modePaiement',
    action: 'active',
  },
  // Exchange rates (docs/decisions/currencies.md): one key for the list and a new rate (the history is never changed);
  // entering a rate also needs a role that sees every agency.
  tauxChange: {
    group: 'encaissements',
    description: 'Voir et saisir les taux de change',
    resource: 'tauxChange',
    action: 'list',
    opens: { resource: 'tauxChange', action: 'create' },
  },
  // The cash closed per agency and day ('Arrêté de caisse', docs/decisions/refunds-and-cash.md): the expected amounts,
  // closing the day and the closings' history (an agency's own for a role bound to one); reopening a closed day, with a
  // reason, is a key of its own.
  caisse: {
    group: 'encaissements',
    description: "Voir et clôturer la caisse de l'agence (arrêté de caisse)",
    resource: 'caisse',
    action: 'list',
    agent: true,
  },
  caisseRouvrir: { group: 'encaissements', description: 'Rouvrir une caisse clôturée (avec un motif)' },

  agence: { group: 'agence', description: 'Voir la liste des agences', resource: 'agence', action: 'list' },
  addAgence: { group: 'agence', description: 'Ajouter une agence', resource: 'agence', action: 'create' },
  agenceUpdate: { group: 'agence', description: 'Modifier une agence', resource: 'agence', action: 'edit' },
  agenceDelete: { group: 'agence', description: 'Supprimer une agence', resource: 'agence', action: 'delete' },
  agenceUpdateStatut: { group: 'agence', description: 'Activer ou désactiver une agence', resource: 'agence', action: 'active' },

  role: { group: 'role', description: 'Voir la liste des rôles', resource: 'role', action: 'list' },
  addRole: { group: 'role', description: 'Ajouter un rôle', resource: 'role', action: 'create' },
  roleUpdate: { group: 'role', description: 'Modifier un rôle', resource: 'role', action: 'edit' },
  roleDelete: { group: 'role', description: 'Supprimer un rôle', resource: 'role', action: 'delete' },
  roleUpdateStatut: { group: 'role', description: 'Activer ou désactiver un rôle', resource: 'role', action: 'active' },

  addMessage: { group: 'autres', description: 'Envoyer un message aux clients', resource: 'messagerie', action: 'create', agent: true },
  messagerie: { group: 'autres', description: 'Voir la messagerie', resource: 'messagerie', action: 'list', agent: true },
  mailOutbox: { group: 'autres', description: "Voir la file d'envoi des e-mails", resource: 'mailOutbox', action: 'list' },
  securiteVerrous: { group: 'autres', description: 'Voir les comptes et adresses bloqués après trop de tentatives' },
  securiteDeverrouiller: { group: 'autres', description: 'Débloquer un compte ou une adresse bloqué' },
  auditListe: {
    group: 'autres',
    description: "Consulter le journal d'audit (qui a modifié quoi, quand, depuis quelle adresse)",
    resource: 'audit',
    action: 'list',
  },
} as const satisfies Record<string, PermissionSpec>;

/** A permission key of the product: a misspelt key does not compile. */
export type PermissionKey = keyof typeof PERMISSIONS;

/** The catalogue seen through its entry type (every field readable on every key). */
const CATALOGUE: Readonly<Record<PermissionKey, PermissionSpec>> = PERMISSIONS;

/** Whether a string (a privilege libelle from the server, a react-admin resource name) is a key of the catalogue. */
export function isPermissionKey(value: string): value is PermissionKey {
  return Object.hasOwn(PERMISSIONS, value);
}

/** A group of the assignment screen: its code, its French title and the keys it holds. */
export interface PermissionGroup {
  code: PermissionGroupCode;
  libelle: string;
  keys: readonly PermissionKey[];
}

export const PERMISSION_GROUPS: readonly PermissionGroup[] = (Object.keys(GROUPS) as PermissionGroupCode[]).map((code) => ({
  code,
  libelle: GROUPS[code],
  keys: (Object.keys(CATALOGUE) as PermissionKey[]).filter((key) => CATALOGUE[key].group === code),
}));

/** Every permission key, in group order. */
export const ALL_PERMISSION_KEYS: readonly PermissionKey[] = PERMISSION_GROUPS.flatMap((g) => g.keys);

/** Keys of the day-to-day agency role (AGENT): departures, parcels, payments, inventory, profile. */
export const AGENT_PERMISSION_KEYS: readonly PermissionKey[] = ALL_PERMISSION_KEYS.filter((key) => CATALOGUE[key].agent);

/** The react-admin resources whose actions the catalogue guards. */
export type ResourceName = {
  [K in PermissionKey]: (typeof PERMISSIONS)[K] extends { resource: infer R extends string } ? R : never;
}[PermissionKey];
export type ResourceKeys = Partial<Record<ResourceAction, PermissionKey>>;

/**
 * Permission key of each action of each react-admin resource (spec 001 §6). The UI's canAccess and the server's
 * route table both read this table. 'show' falls back to 'list'.
 */
export const RESOURCE_KEYS: Readonly<Record<ResourceName, ResourceKeys>> = (() => {
  const table: Partial<Record<ResourceName, ResourceKeys>> = {};
  for (const key of ALL_PERMISSION_KEYS) {
    const { resource, action } = CATALOGUE[key];
    if (!resource || !action) continue;
    const keys = (table[resource as ResourceName] ??= {});
    if (keys[action]) throw new Error(`Deux permissions pour ${resource}.${action} : ${keys[action]} et ${key}`);
    keys[action] = key;
  }
  return table as Record<ResourceName, ResourceKeys>;
})();

/**
 * The route-name keys that also open an action of a resource (PermissionSpec.opens): e.g. groupeNatureColis opens the
 * nature groups' list as groupeColis does (001 B5). The UI's canAccess and the server's route table both read it.
 */
const RESOURCE_ROUTE_KEYS: Readonly<Partial<Record<ResourceName, Partial<Record<ResourceAction, PermissionKey[]>>>>> = (() => {
  const table: Partial<Record<ResourceName, Partial<Record<ResourceAction, PermissionKey[]>>>> = {};
  for (const key of ALL_PERMISSION_KEYS) {
    const opens = CATALOGUE[key].opens;
    if (!opens) continue;
    const actions = (table[opens.resource as ResourceName] ??= {});
    (actions[opens.action] ??= []).push(key);
  }
  return table;
})();

/** Every key that opens an action of a resource: its own key (RESOURCE_KEYS) first, then the route-name keys. */
export function keysOpening(resource: ResourceName, action: ResourceAction): PermissionKey[] {
  const own = RESOURCE_KEYS[resource][action];
  return [...(own ? [own] : []), ...(RESOURCE_ROUTE_KEYS[resource]?.[action] ?? [])];
}

/** Whether a react-admin resource name is one of RESOURCE_KEYS. */
export function isResourceName(value: string): value is ResourceName {
  return Object.hasOwn(RESOURCE_KEYS, value);
}

/**
 * The system roles (spec 001 §6), by their fixed identity (roles.systeme, migration 0018): their codes never change
 * and no other role may take one, so a code of this table names its system role for ever.
 */
export const ROLE_CODES = { ADMIN: 'ADMIN', SUPERADMIN: 'SUPERADMIN', CLIENT: 'CLIENT', AGENT: 'AGENT' } as const;

/** A system role's identity. */
export type SystemRole = (typeof ROLE_CODES)[keyof typeof ROLE_CODES];

/** Whether a code is reserved to a system role (a role created or renamed by the API may not take it; any case). */
export const isSystemRoleCode = (code: string): boolean => Object.hasOwn(ROLE_CODES, code.trim().toUpperCase());

export { TYPE_USER_CODES } from './userTypes';

/**
 * Whether a permission list grants a key: the key must be present with isActive true (spec 000 §6).
 * @param permissions the signed-in user's privileges as {libelle, isActive}
 */
export function hasPermission(permissions: ReadonlyArray<{ libelle: string; isActive: boolean }>, key: PermissionKey): boolean {
  return permissions.some((p) => p.libelle === key && p.isActive);
}
