/**
 * Permission keys (privilege libelle) of the whole product, grouped as on the role-permission
 * assignment screen (spec 001 §2 "Role-permission assignment", 000 §6, 001 §6).
 * This file is the one place where keys are named: the seed creates them, the server's route
 * table checks them, the UI's canAccess and menu read them.
 */

/** A group of the assignment screen: its French title and the keys it holds. */
export interface PermissionGroup {
  code: string;
  libelle: string;
  keys: readonly string[];
}

export const PERMISSION_GROUPS: readonly PermissionGroup[] = [
  { code: 'dashboard', libelle: 'Tableau de bord', keys: ['stats'] },
  {
    code: 'typeOperation',
    libelle: "Types d'opération",
    keys: ['typeOperation', 'addTypeOperation', 'typeOperationUpdate', 'typeOperationDelete', 'typeOperationUpdateStatut'],
  },
  {
    code: 'operation',
    libelle: 'Opérations',
    keys: ['operation', 'addOperation', 'operationUpdate', 'operationDelete', 'operationUpdateStatut'],
  },
  { code: 'profil', libelle: 'Profil', keys: ['profil'] },
  { code: 'menu', libelle: 'Menu', keys: [] },
  {
    code: 'clients',
    libelle: 'Clients',
    keys: ['clients', 'clientUpdate', 'clientUpdateStatut', 'listeEnvoiParClient'],
  },
  {
    code: 'user',
    libelle: 'Utilisateurs',
    keys: ['user', 'addUser', 'userUpdate', 'userDelete', 'userUpdateStatut'],
  },
  { code: 'autorisation', libelle: 'Autorisations', keys: ['autorisation'] },
  {
    code: 'pays',
    libelle: 'Pays',
    keys: ['pays', 'addPays', 'paysUpdate', 'paysDelete', 'paysUpdateStatut'],
  },
  {
    code: 'villes',
    libelle: 'Villes',
    keys: ['villes', 'addVille', 'villeUpdate', 'villeDelete', 'villeUpdateStatut'],
  },
  {
    code: 'paramNatureMode',
    libelle: 'Paramètre prix unitaire',
    keys: ['paramNatureMode', 'addParamNatureMode', 'paramNatureModeUpdate', 'paramNatureDelete', 'paramNatureUpdateStatut'],
  },
  {
    code: 'permission',
    libelle: 'Permissions',
    keys: ['permission', 'addPermission', 'permissionUpdate', 'permissionDelete', 'permissionUpdateStaut'],
  },
  {
    code: 'modeEnvoi',
    libelle: "Modes d'envoi",
    keys: ['modeEnvoi', 'addmodeEnvoi', 'modeEnvoiUpdate', 'modeEnvoiDelete', 'modeEnvoiUpdateStatut'],
  },
  {
    code: 'natureColis',
    libelle: 'Natures de colis',
    keys: ['natureColis', 'addNatureColis', 'natureColisUpdate', 'natureDelete', 'natureUpdateStatut'],
  },
  {
    code: 'groupeColis',
    libelle: 'Groupes de nature',
    keys: [
      'groupeColis',
      'groupeNatureColisDetails',
      'addGroupeColis',
      'groupeColisUpdate',
      'groupeDelete',
      'groupeUpdateStatut',
      // route names of 001 §2 for the same screens
      'groupeNatureColis',
      'addGroupeNatureColis',
      'groupeNatureColisUpdate',
    ],
  },
  {
    code: 'modeLivraison',
    libelle: 'Modes de livraison',
    keys: ['modeLivraison', 'addmodeLivraison', 'modeLivraisonUpdate', 'modeLivraisonDelete', 'modeLivraisonUpdateStatut'],
  },
  {
    code: 'depart',
    libelle: 'Départs',
    keys: [
      'depart',
      'addDepart',
      'departUpdate',
      'departDelete',
      'departUpdateStaut',
      'departListClientby',
      'listeClientParEnvoi',
      'enCoursEnvoiDepart',
      'arriveDepart',
      'clotureDepart',
    ],
  },
  {
    code: 'colis',
    libelle: 'Colis',
    keys: [
      'colis',
      'addColis',
      'colisUpdate',
      'colisDelete',
      'colisUpdateEtat',
      'colisDetail',
      'colisDetails',
      'retraitColis',
      'livraisonColis',
    ],
  },
  { code: 'inventaire', libelle: 'Inventaire des colis', keys: ['inventaire', 'addInventaire'] },
  {
    code: 'encaissements',
    libelle: 'Encaissements',
    keys: ['encaissements', 'encaissementMake', 'encaissementDetailsColis', 'encaissementDelete', 'encaissementUpdateStatut'],
  },
  {
    code: 'agence',
    libelle: 'Agences',
    keys: ['agence', 'addAgence', 'agenceUpdate', 'agenceDelete', 'agenceUpdateStatut'],
  },
  {
    code: 'role',
    libelle: 'Rôles',
    keys: ['role', 'addRole', 'roleUpdate', 'roleDelete', 'roleUpdateStatut'],
  },
  { code: 'mobile', libelle: 'Application mobile', keys: [] },
  { code: 'autres', libelle: 'Autres', keys: ['addMessage', 'messagerie', 'mailOutbox'] },
];

/** Every permission key, in group order. */
export const ALL_PERMISSION_KEYS: readonly string[] = PERMISSION_GROUPS.flatMap((g) => g.keys);

/** Keys of the day-to-day agency role (AGENT): departures, parcels, payments, inventory, profile. */
export const AGENT_PERMISSION_KEYS: readonly string[] = [
  'stats',
  'profil',
  'clients',
  'listeEnvoiParClient',
  'depart',
  'departListClientby',
  'listeClientParEnvoi',
  'colis',
  'addColis',
  'colisUpdate',
  'colisDelete',
  'colisUpdateEtat',
  'colisDetail',
  'colisDetails',
  'retraitColis',
  'livraisonColis',
  'encaissements',
  'encaissementMake',
  'encaissementDetailsColis',
  'inventaire',
  'addInventaire',
  'addMessage',
  'messagerie',
];

/** The actions a reference resource offers, each guarded by its own key. */
export type ResourceAction = 'list' | 'show' | 'create' | 'edit' | 'delete' | 'status';
export type ResourceKeys = Partial<Record<ResourceAction, string>>;

/**
 * Permission key of each action of each react-admin resource (spec 001 §6). The UI's canAccess
 * and the server's route table both read this table. 'show' falls back to 'list'.
 */
export const RESOURCE_KEYS: Record<string, ResourceKeys> = {
  pays: { list: 'pays', create: 'addPays', edit: 'paysUpdate', delete: 'paysDelete', status: 'paysUpdateStatut' },
  villes: { list: 'villes', create: 'addVille', edit: 'villeUpdate', delete: 'villeDelete', status: 'villeUpdateStatut' },
  agence: { list: 'agence', create: 'addAgence', edit: 'agenceUpdate', delete: 'agenceDelete', status: 'agenceUpdateStatut' },
  user: { list: 'user', create: 'addUser', edit: 'userUpdate', delete: 'userDelete', status: 'userUpdateStatut' },
  role: { list: 'role', create: 'addRole', edit: 'roleUpdate', delete: 'roleDelete', status: 'roleUpdateStatut' },
  permission: {
    list: 'permission',
    create: 'addPermission',
    edit: 'permissionUpdate',
    delete: 'permissionDelete',
    status: 'permissionUpdateStaut',
  },
  groupeNatureColis: {
    list: 'groupeColis',
    show: 'groupeNatureColisDetails',
    create: 'addGroupeColis',
    edit: 'groupeColisUpdate',
    delete: 'groupeDelete',
    status: 'groupeUpdateStatut',
  },
  natureColis: {
    list: 'natureColis',
    create: 'addNatureColis',
    edit: 'natureColisUpdate',
    delete: 'natureDelete',
    status: 'natureUpdateStatut',
  },
  modeLivraison: {
    list: 'modeLivraison',
    create: 'addmodeLivraison',
    edit: 'modeLivraisonUpdate',
    delete: 'modeLivraisonDelete',
    status: 'modeLivraisonUpdateStatut',
  },
  modeEnvoi: {
    list: 'modeEnvoi',
    create: 'addmodeEnvoi',
    edit: 'modeEnvoiUpdate',
    delete: 'modeEnvoiDelete',
    status: 'modeEnvoiUpdateStatut',
  },
  paramNatureMode: {
    list: 'paramNatureMode',
    create: 'addParamNatureMode',
    edit: 'paramNatureModeUpdate',
    delete: 'paramNatureDelete',
    status: 'paramNatureUpdateStatut',
  },
  typeOperation: {
    list: 'typeOperation',
    create: 'addTypeOperation',
    edit: 'typeOperationUpdate',
    delete: 'typeOperationDelete',
    status: 'typeOperationUpdateStatut',
  },
  operation: {
    list: 'operation',
    create: 'addOperation',
    edit: 'operationUpdate',
    delete: 'operationDelete',
    status: 'operationUpdateStatut',
  },
  depart: {
    list: 'depart',
    create: 'addDepart',
    edit: 'departUpdate',
    delete: 'departDelete',
    status: 'departUpdateStaut',
  },
  colis: {
    list: 'colis',
    show: 'colisDetail',
    create: 'addColis',
    edit: 'colisUpdate',
    delete: 'colisDelete',
    status: 'colisUpdateEtat',
  },
  encaissements: { list: 'encaissements', create: 'encaissementMake', delete: 'encaissementDelete', status: 'encaissementUpdateStatut' },
  inventaire: { list: 'inventaire', show: 'inventaire', create: 'addInventaire' },
  clients: { list: 'clients', edit: 'clientUpdate', status: 'clientUpdateStatut' },
};

/** Role codes the product knows (spec 001 §6). */
export const ROLE_CODES = { ADMIN: 'ADMIN', SUPERADMIN: 'SUPERADMIN', CLIENT: 'CLIENT', AGENT: 'AGENT' } as const;
/** Whether a role sees every agency (ADMIN and SUPERADMIN, spec 001 §1); other roles see only their own agency. */
export function seesAllAgencies(roleCode: string | null | undefined): boolean {
  return roleCode === ROLE_CODES.ADMIN || roleCode === ROLE_CODES.SUPERADMIN;
}

/** User type codes: only ADMIN may sign in to the back-office (spec 000 §5). */
export const TYPE_USER_CODES = { ADMIN: 'ADMIN', CLIENT: 'CLIENT' } as const;

/**
 * Whether a permission list grants a key: the key must be present with isActive true (spec 000 §6).
 * @param permissions the signed-in user's privileges as {libelle, isActive}
 */
export function hasPermission(permissions: ReadonlyArray<{ libelle: string; isActive: boolean }>, key: string): boolean {
  return permissions.some((p) => p.libelle === key && p.isActive);
}
