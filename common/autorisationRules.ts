/**
 * Who may do what to which role, key or user's role (spec 001 §5 "Role-assignment visibility", §6;
 * docs/decisions/role-identity.md, docs/decisions/no-lock-out.md): the one place of these rules, applied by the
 * server (server/autorisation/service.ts, server/role/, server/privilege/, server/user/service.ts: the authority) and
 * by the screens (src/autorisation, src/role, src/user, which hide or lock what the server would refuse).
 *
 * Authority is read from a role's fixed identity (`systeme`) and reach (`toutesAgences`), never from its code:
 * - the system roles (SUPERADMIN, ADMIN, AGENT, CLIENT) keep their codes for ever, stay active and are never deleted;
 *   no other role takes a system code;
 * - a role's reach is set when it is created and changed by a SUPERADMIN only;
 * - nobody changes the grants or the record of their own role; nobody grants a key they do not hold; only a user who
 *   sees every agency edits a role that reaches every agency, a system role (shared by every agency) or a role whose
 *   users belong to another agency; only a SUPERADMIN edits the ADMIN role, never anyone the SUPERADMIN role's grants;
 * - a user is given a role only by someone holding every key and the reach of that role, and a member of staff is
 *   changed (record, status, password, role, deletion) only by someone who could have given it its role;
 * - the keys the product's code uses cannot be deleted or renamed, and the keys that administer access cannot be
 *   switched off; only a user who sees every agency changes the permission catalogue, which every agency shares;
 * - the reference data every agency shares (countries, cities, modes, natures, prices, operation types…) is written by a
 *   user who sees every agency only; an agency's record by its own agency only, never its place nor its status
 *   (REFERENCE_SCOPES, referenceWriteRefusal; docs/decisions/reference-scope.md).
 * That at least one active user can still reach `autorisation` after any change is checked by the database at commit
 * (migration 0018, acces_administrable).
 */
import { isPermissionKey, isSystemRoleCode, ROLE_CODES, type PermissionKey, type SystemRole } from './permissions';
import { RESOURCE_ROWS, type RESOURCES } from './resources';

/** The administrator who acts, as the rules read it (server: CurrentUser; screens: the session). */
export interface Actor {
  roleID: string | null;
  agenceID: string | null;
  /** The actor's role is the system role SUPERADMIN: every key, every agency. */
  isSuperadmin: boolean;
  /** The actor's role reaches every agency. */
  allAgences: boolean;
  /** The keys the actor holds. */
  permissions: ReadonlySet<string>;
}

/** A role as the rules read it. */
export interface RoleFacts {
  id: string;
  /** Its fixed identity, a SystemRole code (ROLE_CODES) or null: a text as role/liste answers it (common/schemas/reference.ts). */
  systeme?: string | null;
  toutesAgences?: boolean;
  /**
   * The agencies of the role's staff (null: a user without an agency). The server always knows them; a screen that
   * does not passes undefined, and the server's answer decides.
   */
  agencesUtilisateurs?: readonly (string | null)[];
}

/** Why an actor may not change a role (its grants or its record), or null when it may. */
export type RoleEditRefusal = 'superadminRole' | 'adminRole' | 'ownRole' | 'sharedRole' | 'wideRole' | 'otherAgencyRole' | null;

/**
 * Whose records a reference resource holds, for its writes (create, edit, active toggle, delete;
 * docs/decisions/reference-scope.md):
 * - 'shared': data every agency shares (what a parcel of any agency is priced, sent and paid with): written only by a
 *   user who sees every agency;
 * - 'agency': one agency's own record (the agencies): a user bound to one agency edits its own agency's name, code,
 *   phone and position, never another agency, nor its city or country (they decide the parcels it sees), nor its
 *   status or existence, and creates none;
 * - 'role': the roles, whose own rules decide (roleRecordRefusal: system, wide, own roles and roles used elsewhere).
 */
export type ReferenceScope = 'shared' | 'agency' | 'role';

type Catalogue = typeof RESOURCES;

/** A reference resource: a row of the resource catalogue with a `scope` (common/resources.ts). */
export type ReferenceResource = { [R in keyof Catalogue]: Catalogue[R] extends { scope: unknown } ? R : never }[keyof Catalogue];
/** A reference resource every agency shares. */
type SharedReference = { [R in ReferenceResource]: Catalogue[R] extends { scope: { shared: string } } ? R : never }[ReferenceResource];

/**
 * The scope of every reference resource (its row's `scope` in common/resources.ts): the one table the server and the
 * screens read.
 */
const REFERENCE_SCOPES = Object.fromEntries(
  RESOURCE_ROWS.flatMap(({ name, scope }) => (scope ? [[name, typeof scope === 'string' ? scope : 'shared']] : [])),
) as Readonly<Record<ReferenceResource, ReferenceScope>>;

/** The subject of a shared list's refusal, agreed in gender and number (its row's `scope.shared`). */
const SHARED_SUBJECTS = Object.fromEntries(
  RESOURCE_ROWS.flatMap(({ name, scope }) => (typeof scope === 'object' ? [[name, scope.shared]] : [])),
) as Readonly<Record<SharedReference, string>>;

/** Whether a resource name is one of REFERENCE_SCOPES. */
export const isReferenceResource = (resource: string): resource is ReferenceResource => Object.hasOwn(REFERENCE_SCOPES, resource);

/** A write of a reference record, as referenceWriteRefusal reads it. */
export type ReferenceWrite =
  | { action: 'create' | 'active' | 'delete' }
  | {
      action: 'edit';
      /** The record edited, for the 'agency' scope: the agency's id (undefined: not known yet, e.g. a screen's button). */
      agenceID?: string;
      /** For the 'agency' scope: the edit changes the agency's city (and so maybe its country). */
      villeChanged?: boolean;
    };

/**
 * Why the actor may not make this write of a reference resource (REFERENCE_SCOPES), as a French message, or null. A
 * user who sees every agency may (the resource's other rules aside); 'role' is decided by roleRecordRefusal.
 * Security probe 2026-12-01 F3: an agency administrator deactivated another agency (signing its staff out), a country,
 * a payment mode, a nature, a price and an operation type of every agency, and moved its own agency to another country
 * to see that country's parcels.
 */
export function referenceWriteRefusal(
  actor: Pick<Actor, 'allAgences' | 'agenceID' | 'isSuperadmin'>,
  resource: ReferenceResource,
  write: ReferenceWrite,
): string | null {
  if (actor.allAgences || actor.isSuperadmin) return null;
  const scope: ReferenceScope = REFERENCE_SCOPES[resource];
  if (scope === 'role') return null;
  if (scope === 'shared') return ACCESS_RULE_MESSAGES.sharedReference(resource as SharedReference);
  if (write.action === 'create') return ACCESS_RULE_MESSAGES.agenceCreate;
  if (write.action !== 'edit') return ACCESS_RULE_MESSAGES.agenceStatut;
  if (write.agenceID !== undefined && write.agenceID !== actor.agenceID) return ACCESS_RULE_MESSAGES.agenceOther;
  return write.villeChanged ? ACCESS_RULE_MESSAGES.agencePlace : null;
}

/** At most five keys of a list, for a message ('a, b, c, d, e…'). */
const keyList = (keys: readonly string[]) => `${keys.slice(0, 5).join(', ')}${keys.length > 5 ? '…' : ''}`;

/** The French refusals of these rules, shared by the server's answers and the screens' hints. */
export const ACCESS_RULE_MESSAGES = {
  superadminRole: 'Le rôle SUPERADMIN ne se modifie pas : il détient toutes les permissions.',
  adminRole: 'Seul un SUPERADMIN peut modifier le rôle ADMIN.',
  ownRole: 'Vous ne pouvez pas modifier votre propre rôle ni ses autorisations.',
  sharedRole: 'Ce rôle système est commun à toutes les agences : seul un utilisateur qui voit toutes les agences le modifie.',
  wideRole: 'Ce rôle voit toutes les agences : seul un utilisateur qui voit toutes les agences le modifie.',
  otherAgencyRole:
    "Ce rôle est attribué à des utilisateurs d'une autre agence : seul un utilisateur qui voit toutes les agences le modifie.",
  superadminKey: (libelle: string) => `Seul un SUPERADMIN peut accorder la permission « ${libelle} ».`,
  notHeld: (libelle: string) => `Vous ne pouvez pas accorder la permission « ${libelle} » : vous ne la détenez pas vous-même.`,
  systemCode: "Le code d'un rôle système (SUPERADMIN, ADMIN, AGENT, CLIENT) ne peut pas être modifié.",
  reservedCode: (code: string) => `Le code « ${code} » est réservé à un rôle système.`,
  systemInactive: 'Un rôle système ne peut pas être désactivé.',
  systemDelete: 'Un rôle système ne peut pas être supprimé.',
  systemReach: "La portée d'un rôle système ne change pas.",
  reachSuperadmin: "Seul un SUPERADMIN choisit la portée d'un rôle (toutes les agences ou son agence).",
  privilegedRole: 'Seul un super administrateur peut attribuer le rôle ADMIN ou SUPERADMIN.',
  wideRoleAssign: 'Seul un utilisateur qui voit toutes les agences attribue un rôle qui voit toutes les agences.',
  keysNotHeld: (keys: readonly string[]) =>
    `Vous ne pouvez pas attribuer ce rôle : il détient des permissions que vous n'avez pas (${keyList(keys)}).`,
  privilegedUser: 'Seul un super administrateur peut créer, modifier, désactiver ou supprimer un administrateur.',
  wideUser:
    'Cet utilisateur a un rôle qui voit toutes les agences : seul un utilisateur qui voit toutes les agences le modifie, le désactive ou réinitialise son mot de passe.',
  userKeysNotHeld: (keys: readonly string[]) =>
    `Cet utilisateur a un rôle qui détient des permissions que vous n'avez pas (${keyList(keys)}) : vous ne pouvez pas le modifier, le désactiver ni réinitialiser son mot de passe.`,
  catalogueWide: 'Les permissions sont communes à toutes les agences : seul un utilisateur qui voit toutes les agences les modifie.',
  productKeyDelete: (libelle: string) => `La permission « ${libelle} » est utilisée par le produit : elle ne peut pas être supprimée.`,
  productKeyRename: (libelle: string) =>
    `La clé « ${libelle} » est utilisée par le produit : elle ne peut pas être renommée (sa description reste modifiable).`,
  sharedReference: (resource: SharedReference) =>
    `${SHARED_SUBJECTS[resource]} à toutes les agences : seul un utilisateur qui voit toutes les agences les modifie.`,
  agenceCreate: 'Seul un utilisateur qui voit toutes les agences crée une agence.',
  agenceStatut: 'Seul un utilisateur qui voit toutes les agences active, désactive ou supprime une agence.',
  agenceOther: 'Vous ne pouvez modifier que votre propre agence.',
  agencePlace:
    "Seul un utilisateur qui voit toutes les agences change la ville ou le pays d'une agence : ils décident des colis qu'elle voit.",
  accessKeyInactive: (libelle: string) =>
    `La permission « ${libelle} » administre les accès : la désactiver pour tous les rôles bloquerait l'administration.`,
} as const;

/**
 * Whether the actor may change a role: its grants (autorisation/*) or its record (role/update, toggle, delete).
 * Order: the SUPERADMIN role (never), the ADMIN role (SUPERADMIN only), the actor's own role (never, but for a
 * SUPERADMIN), then, for an actor who does not see every agency, system roles, roles that reach every agency and roles
 * with users of another agency (or without one).
 */
export function roleEditRefusal(actor: Actor, role: RoleFacts): RoleEditRefusal {
  if (role.systeme === ROLE_CODES.SUPERADMIN) return 'superadminRole';
  if (actor.isSuperadmin) return null;
  if (role.systeme === ROLE_CODES.ADMIN) return 'adminRole';
  if (role.id === actor.roleID) return 'ownRole';
  if (actor.allAgences) return null;
  if (role.systeme) return 'sharedRole';
  if (role.toutesAgences) return 'wideRole';
  if (role.agencesUtilisateurs?.some((a) => a !== actor.agenceID)) return 'otherAgencyRole';
  return null;
}

/** Whether a key is reserved to SUPERADMIN: its name contains 'superadmin', any case. */
const isSuperadminKey = (libelle: string): boolean => libelle.toLowerCase().includes('superadmin');

/** Why the actor may not grant a key: a SUPERADMIN key, or a key the actor does not hold itself. */
export function grantRefusal(actor: Actor, libelle: string): 'superadminKey' | 'notHeld' | null {
  if (actor.isSuperadmin) return null;
  if (isSuperadminKey(libelle)) return 'superadminKey';
  return actor.permissions.has(libelle) ? null : 'notHeld';
}

/** A change of a role's record: the new code and reach (undefined: unchanged), a toggle, a deletion. */
export interface RoleRecordChange {
  code?: string;
  toutesAgences?: boolean;
  isActive?: boolean;
  supprimer?: boolean;
}

/**
 * Why the actor may not create (role null) or change a role's record, as a French message, or null.
 * Creation: no system code; a reach of every agency by a SUPERADMIN only. Change: roleEditRefusal, then a system
 * role's code, reach, active flag and existence are fixed; no other role takes a system code; only a SUPERADMIN
 * changes a reach.
 */
export function roleRecordRefusal(actor: Actor, role: RoleFacts | null, change: RoleRecordChange): string | null {
  const code = change.code?.trim().toUpperCase();
  if (!role) {
    if (code && isSystemRoleCode(code)) return ACCESS_RULE_MESSAGES.reservedCode(code);
    if (change.toutesAgences && !actor.isSuperadmin) return ACCESS_RULE_MESSAGES.reachSuperadmin;
    return null;
  }
  const refusal = roleEditRefusal(actor, role);
  if (refusal) return ACCESS_RULE_MESSAGES[refusal];
  if (role.systeme) {
    if (change.supprimer) return ACCESS_RULE_MESSAGES.systemDelete;
    if (change.isActive === false) return ACCESS_RULE_MESSAGES.systemInactive;
    if (code !== undefined && code !== role.systeme) return ACCESS_RULE_MESSAGES.systemCode;
    if (change.toutesAgences !== undefined && change.toutesAgences !== role.toutesAgences) return ACCESS_RULE_MESSAGES.systemReach;
    return null;
  }
  if (code && isSystemRoleCode(code)) return ACCESS_RULE_MESSAGES.reservedCode(code);
  if (change.toutesAgences !== undefined && change.toutesAgences !== !!role.toutesAgences && !actor.isSuperadmin) {
    return ACCESS_RULE_MESSAGES.reachSuperadmin;
  }
  return null;
}

/** A role as given to a user: identity, reach and the keys it holds now. */
export interface AssignedRole {
  systeme?: SystemRole | null;
  toutesAgences?: boolean;
  keys: readonly string[];
}

/**
 * Why the actor may not give this role to a member of staff, as a French message, or null: ADMIN and SUPERADMIN by a
 * SUPERADMIN only; a role reaching every agency by an actor who sees every agency; a role holding keys the actor does
 * not hold, by nobody but a SUPERADMIN. (The role CLIENT, never given to staff, is the user rules' own 400.)
 */
export function roleAssignRefusal(actor: Actor, role: AssignedRole): string | null {
  const wider = widerRole(actor, role);
  if (wider === 'privileged') return ACCESS_RULE_MESSAGES.privilegedRole;
  if (wider === 'wide') return ACCESS_RULE_MESSAGES.wideRoleAssign;
  return wider ? ACCESS_RULE_MESSAGES.keysNotHeld(wider.missing) : null;
}

/**
 * Why the actor may not change a member of staff who holds `role` — its record, status, password, role or existence
 * (server/user/service.ts; docs/decisions/staff-accounts.md) — as a French message, or null: whoever changes a user
 * could have given it its role (roleAssignRefusal's rule on the role it holds now). So the holders of ADMIN and
 * SUPERADMIN are a SUPERADMIN's, the holders of a role reaching every agency an actor's who sees every agency, the
 * holders of a role with keys the actor lacks a SUPERADMIN's. (Security probe 2026-12-01 F5: an agency administrator
 * reset, deactivated and demoted a user who saw every agency.)
 */
export function userManageRefusal(actor: Actor, role: AssignedRole): string | null {
  const wider = widerRole(actor, role);
  if (wider === 'privileged') return ACCESS_RULE_MESSAGES.privilegedUser;
  if (wider === 'wide') return ACCESS_RULE_MESSAGES.wideUser;
  return wider ? ACCESS_RULE_MESSAGES.userKeysNotHeld(wider.missing) : null;
}

/**
 * How a role exceeds the actor's power: a role ADMIN or SUPERADMIN for an actor who is not SUPERADMIN ('privileged'),
 * a reach of every agency for an actor who does not see every agency ('wide'), keys the actor does not hold
 * (`missing`); null when it does not (always for a SUPERADMIN).
 */
function widerRole(actor: Actor, role: AssignedRole): 'privileged' | 'wide' | { missing: string[] } | null {
  if (actor.isSuperadmin) return null;
  if (role.systeme === ROLE_CODES.ADMIN || role.systeme === ROLE_CODES.SUPERADMIN) return 'privileged';
  if (role.toutesAgences && !actor.allAgences) return 'wide';
  const missing = role.keys.filter((k) => !actor.permissions.has(k));
  return missing.length ? { missing } : null;
}

/**
 * The keys that administer access: never switched off for every role (B2: switching off permissionUpdateStaut could
 * never be undone; switching off autorisation locks everybody out).
 */
const ACCESS_ADMIN_KEYS: readonly PermissionKey[] = [
  'autorisation',
  'permission',
  'permissionUpdate',
  'permissionUpdateStaut',
  'role',
  'roleUpdate',
  'user',
  'userUpdate',
];

/** A change of a permission: a new key name, a toggle, a deletion. */
export interface PrivilegeChange {
  libelle?: string;
  isActive?: boolean;
  supprimer?: boolean;
}

/**
 * Why the actor may not create (privilege null) or change a permission, as a French message, or null: the catalogue
 * is changed only by an actor who sees every agency; a key of the product (common/permissions.ts) is never deleted
 * nor renamed; a key that administers access is never switched off.
 */
export function privilegeRefusal(actor: Actor, privilege: { libelle: string } | null, change: PrivilegeChange): string | null {
  if (!actor.allAgences) return ACCESS_RULE_MESSAGES.catalogueWide;
  if (!privilege) return null;
  const key = privilege.libelle;
  if (isPermissionKey(key)) {
    if (change.supprimer) return ACCESS_RULE_MESSAGES.productKeyDelete(key);
    if (change.libelle !== undefined && change.libelle.trim() !== key) return ACCESS_RULE_MESSAGES.productKeyRename(key);
  }
  if (change.isActive === false && (ACCESS_ADMIN_KEYS as readonly string[]).includes(key)) {
    return ACCESS_RULE_MESSAGES.accessKeyInactive(key);
  }
  return null;
}
