/**
 * Pure rules of the departure screens (spec 000 §2 Departures list / Add departure, §4 Departure statuses,
 * §5 Add departure): which status actions a row offers, the save-button rule, the form's record and request body (the
 * form's checks are the schema of common/schemas/envoi.ts; the weight gauge, shared with the departure cards of the
 * wizard and the dashboard, is src/kit/poidsGauge.ts). No React here, so tests/web/departs.test.ts can exercise
 * them directly.
 */
import type { PermissionKey } from '../../common/permissions';
import { ENVOI_DATE_FIELDS, ENVOI_TRANSITIONS, canMoveEnvoi } from '../../common/envoiRules';
import { refId } from '../providers/records';

/** Departure status codes a user can pick in the list filter (spec 000 §4), in lifecycle order: common/envoiRules.ts. */
export { ENVOI_STATUT_CODES } from '../../common/envoiRules';

/** Target statuses offered as row actions, in the order of the buttons (spec 000 §4 table + 'Clôturer'). */
export const ENVOI_ACTION_TARGETS = ['EN_COURS_ENVOI', 'ARRIVE', 'CLOTURE'] as const;
export type EnvoiActionTarget = (typeof ENVOI_ACTION_TARGETS)[number];

/** One status action of a row: its target, permission key, French label and whether it may be clicked now. */
export interface EnvoiStatutAction {
  to: EnvoiActionTarget;
  key: PermissionKey;
  libelle: string;
  enabled: boolean;
}

/**
 * The status actions a departure row shows (spec 000 §4): each is shown only when the user holds its key,
 * and enabled only when common/envoiRules.ts allows the move from the current status.
 * @param statutCode the departure's current status code
 * @param has whether the user holds a permission key
 */
export function envoiStatutActions(statutCode: string | undefined, has: (key: PermissionKey) => boolean): EnvoiStatutAction[] {
  return ENVOI_ACTION_TARGETS.flatMap((to) => {
    const rule = ENVOI_TRANSITIONS[to]!;
    if (!has(rule.key)) return [];
    return [{ to, key: rule.key, libelle: rule.libelle, enabled: !!statutCode && canMoveEnvoi(statutCode, to) }];
  });
}

/** Values of the departure form that the rules read. */
export interface DepartFormValues {
  modeEnvoiID?: unknown;
  paysID?: unknown;
  paysEmetteurID?: unknown;
  dateDebut?: unknown;
  dateArrive?: unknown;
  dateFin?: unknown;
  contenu?: unknown;
  poids?: unknown;
}

const filled = (value: unknown) => value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === '');

/**
 * Save-button rule of spec 000 §5: add needs sending mode, destination and origin countries and the three
 * dates; edit additionally needs contenu and poids.
 */
export function canSaveDepart(values: DepartFormValues, mode: 'create' | 'edit'): boolean {
  const base = [values.modeEnvoiID, values.paysID, values.paysEmetteurID, values.dateDebut, values.dateArrive, values.dateFin];
  const needed = mode === 'edit' ? [...base, values.contenu, values.poids] : base;
  return needed.every(filled);
}

/** The French order of select choices and the exclusion of the origin live in the screen kit (src/kit/choices.ts). */
export { excludeChoice, sortByLibelle } from '../kit/choices';

/** Fields of the envoi/create and full envoi/update body (spec 000 §7). */
const DEPART_BODY_FIELDS = ['modeEnvoiID', 'paysID', 'paysEmetteurID', 'dateDebut', 'dateArrive', 'dateFin', 'contenu', 'poids'] as const;

/** Turns the form values into the request body: only the spec's fields, references as ids, contenu trimmed. */
export function departBody(values: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of DEPART_BODY_FIELDS) {
    const value = values[field];
    if (field.endsWith('ID')) body[field] = refId(value) ?? null;
    else if (field === 'contenu') body[field] = typeof value === 'string' ? value.trim() : '';
    else if (field === 'poids') body[field] = value === '' || value === undefined ? null : Number(value);
    else body[field] = typeof value === 'string' ? value.slice(0, 10) : value;
  }
  return body;
}

/** Name shown for a client: nom + prenoms, else the full phone number, else '--' (spec 000 §2 Shipments of a client). */
export function clientDisplayName(client: Record<string, unknown> | null | undefined): string {
  if (!client) return '--';
  const name = [client.nom, client.prenoms]
    .filter((v) => typeof v === 'string' && v.trim())
    .join(' ')
    .trim();
  if (name) return name;
  const phone = client.telephoneComplet ?? client.telephone;
  return typeof phone === 'string' && phone ? phone : '--';
}

/**
 * Key of the edit form's values holding the dates as saved (departFormRecord): the form's schema lets them lie in the
 * past while unchanged (common/schemas/envoi.ts envoiFormSchema `initial`). Never sent (departBody).
 */
export const DEPART_SAVED_DATES = 'savedDates';

/**
 * The record of the edit form: populated references ({id, libelle}) turned into ids for the ReferenceInputs, dates
 * cut to 'YYYY-MM-DD', and a copy of the saved dates under DEPART_SAVED_DATES.
 */
export function departFormRecord<T extends Record<string, unknown>>(record: T): T {
  const out: Record<string, unknown> = { ...record };
  for (const field of ['modeEnvoiID', 'paysID', 'paysEmetteurID'] as const) {
    if (field in out) out[field] = refId(out[field]) ?? null;
  }
  const saved: Record<string, unknown> = {};
  for (const field of ENVOI_DATE_FIELDS) {
    if (typeof out[field] === 'string') out[field] = (out[field] as string).slice(0, 10);
    saved[field] = out[field];
  }
  out[DEPART_SAVED_DATES] = saved;
  return out as T;
}
