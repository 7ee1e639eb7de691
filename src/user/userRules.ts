/**
 * Pure rules of the user screens (spec 001 §2 Users, §3 User, §4 "Only active countries, roles, type users and agencies
 * are offered … The user type is the active type with code ADMIN", §5 User add and edit, §6 roles;
 * docs/decisions/staff-accounts.md): the role choices, when an agency is required, the bodies of user/create and
 * user/update, the edit form's record, its save-button rule and the French lines of the change history. The server
 * applies the same rules (server/user/service.ts); the fields' validation is the shared schema of
 * common/schemas/user.ts (userFormSchema).
 */
import { ROLE_CODES, TYPE_USER_CODES } from '../../common/permissions';
import type { Actor } from '../../common/autorisationRules';
import { sortByLibelle } from '../kit/choices';
import { fieldsOf, refId } from '../providers/records';
import type { TypeUser, UserAudit } from './userMethods';

/** A role as offered: its id, code, label, reach, and whether it is shown but not selectable. */
export interface RoleChoice {
  id: string;
  code?: string;
  libelle?: string;
  systeme?: string | null;
  toutesAgences?: boolean;
  disabled?: boolean;
}

/**
 * The roles offered to a caller (spec 001 §5 "Role SUPERADMIN is not offered; role CLIENT is shown but disabled"): active
 * roles sorted by label, SUPERADMIN left out, CLIENT disabled, ADMIN disabled unless the caller is SUPERADMIN, and a
 * role reaching every agency disabled for a caller who does not (common/autorisationRules.ts roleAssignRefusal; the
 * server also refuses a role holding keys the caller lacks). The role a record already holds stays selectable.
 */
export function roleChoices(
  roles: readonly RoleChoice[],
  actor: Pick<Actor, 'isSuperadmin' | 'allAgences'>,
  currentId?: string,
): RoleChoice[] {
  return sortByLibelle(
    roles
      .filter((r) => r.systeme !== ROLE_CODES.SUPERADMIN || r.id === currentId)
      .map((r) => ({
        ...r,
        disabled:
          r.id !== currentId &&
          (r.systeme === ROLE_CODES.CLIENT ||
            (r.systeme === ROLE_CODES.ADMIN && !actor.isSuperadmin) ||
            (!!r.toutesAgences && !actor.allAgences)),
      })),
  );
}

/** Whether a role needs an agency: every role that does not reach every agency (spec 001 §1; roles.toutes_agences). */
export function agenceRequired(role: Pick<RoleChoice, 'toutesAgences'> | null | undefined): boolean {
  return !!role && !role.toutesAgences;
}

/** The id of the active user type ADMIN (staff), the add form's hidden user type; undefined while unknown. */
export function staffTypeId(types: readonly TypeUser[]): string | undefined {
  return types.find((t) => t.code === TYPE_USER_CODES.ADMIN && t.isActive)?.id;
}

/** Trimmed text of a form value ('' when absent). */
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** The POST user/create body (spec 001 §7 without password: the server generates and mails it). */
export function userCreateBody(data: Record<string, unknown>): Record<string, unknown> {
  return {
    nom: text(data.nom),
    prenoms: text(data.prenoms),
    email: text(data.email),
    adresse: text(data.adresse),
    telephone: text(data.telephone),
    paysID: refId(data.paysID) ?? null,
    roleID: refId(data.roleID) ?? null,
    typeUserID: refId(data.typeUserID) ?? null,
    agenceID: refId(data.agenceID) ?? null,
  };
}

/** The PUT user/update/{id} full body (spec 001 §7): email and telephone are read-only and not sent. */
export function userUpdateBody(data: Record<string, unknown>): Record<string, unknown> {
  return {
    nom: text(data.nom),
    prenoms: text(data.prenoms),
    adresse: text(data.adresse),
    paysID: refId(data.paysID) ?? null,
    roleID: refId(data.roleID) ?? null,
    typeUserID: refId(data.typeUserID) ?? null,
    agenceID: refId(data.agenceID) ?? null,
  };
}

/** The record of the edit form: references as ids for the selects (the API sends them populated). */
export function userFormRecord<T extends Record<string, unknown>>(record: T): T {
  return {
    ...record,
    paysID: refId(record.paysID) ?? null,
    roleID: refId(record.roleID) ?? null,
    agenceID: refId(record.agenceID) ?? null,
    typeUserID: refId(record.typeUserID) ?? null,
  } as T;
}

/** Whether the edit form may be saved (spec 001 §5 "save disabled while nom, prenoms, email, adresse or telephone is empty"). */
export function canSaveUser(values: Record<string, unknown>): boolean {
  return (
    ['nom', 'prenoms', 'email', 'adresse'].every((k) => text(values[k]) !== '') &&
    (text(values.telephone) !== '' || text(values.telephoneComplet) !== '')
  );
}

/** French names of the audited fields. */
const FIELD_LABELS: Record<string, string> = {
  nom: 'Nom',
  prenoms: 'Prénoms',
  email: 'Email',
  telephoneComplet: 'Téléphone',
  adresse: 'Adresse',
  isActive: 'Statut',
  pays: 'Pays',
  role: 'Rôle',
  agence: 'Agence',
};

/** French title of an audited action. */
const ACTION_LABELS: Record<string, string> = {
  create: 'Création',
  update: 'Modification',
  statut: 'Changement de statut',
  delete: 'Suppression',
  password: 'Mot de passe changé',
};

/** A value of the history as shown: Actif/Inactif, '--' for empty. */
function shown(key: string, value: unknown): string {
  if (key === 'isActive') return value ? 'Actif' : 'Inactif';
  if (value === null || value === undefined || value === '') return '--';
  return String(value);
}

/**
 * The French lines of one audit row: its title and one line per changed field 'Rôle : AGENT → ADMIN' (ids left out;
 * a creation lists its values).
 */
export function auditLines(row: Pick<UserAudit, 'action' | 'avant' | 'apres'>): { title: string; changes: string[] } {
  const title = ACTION_LABELS[row.action] ?? row.action;
  const avant = fieldsOf(row.avant);
  const apres = fieldsOf(row.apres);
  const keys = Object.keys(FIELD_LABELS).filter((k) => k in apres || k in avant);
  const changes = keys.map((k) =>
    row.action === 'create' || !(k in avant)
      ? `${FIELD_LABELS[k]} : ${shown(k, apres[k])}`
      : `${FIELD_LABELS[k]} : ${shown(k, avant[k])} → ${shown(k, apres[k])}`,
  );
  return { title, changes };
}
