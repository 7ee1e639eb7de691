/**
 * Rules of departures (envois), shared by the server (which enforces them: server/envoi/service.ts) and the UI (the
 * form's schema common/schemas/envoi.ts envoiFormSchema checks them; src/departs/departRules.ts enables buttons). Spec 000 §4 "Departure statuses", §5 "Add
 * departure"; docs/architecture.md §4.
 * - dates: none before today (Europe/Paris, common/dates.ts), except a date left unchanged on edit; none more than two
 *   years ahead (a typing error); and the shipper's order closing ≤ departure ≤ arrival (registrations close, the
 *   departure leaves, then arrives);
 * - countries: the destination differs from the origin;
 * - statuses: the codes a departure may take and the moves between them.
 */
import { formatKg } from './format';
import { milliToNumber, milliToString, toMilli, type DecimalInput } from './money';
import type { PermissionKey } from './permissions';
import type { StatutCode } from './statuts';

/** Departure status codes in lifecycle order (spec 000 §4): the list filter's choices. */
export const ENVOI_STATUT_CODES: readonly StatutCode[] = ['EN_ATTENTE', 'OUVERT', 'EN_COURS_ENVOI', 'ARRIVE', 'CLOTURE'];

/** Departure: target status → the statuses it may be reached from, and the permission key of the action. */
export const ENVOI_TRANSITIONS: Readonly<
  Partial<Record<StatutCode, { from: readonly StatutCode[]; key: PermissionKey; libelle: string }>>
> = {
  EN_COURS_ENVOI: { from: ['OUVERT', 'CLOTURE'], key: 'enCoursEnvoiDepart', libelle: "Marquer en cours d'envoi" },
  ARRIVE: { from: ['EN_COURS_ENVOI'], key: 'arriveDepart', libelle: 'Départ arrivé' },
  CLOTURE: { from: ['EN_ATTENTE', 'OUVERT', 'EN_COURS_ENVOI', 'ARRIVE'], key: 'clotureDepart', libelle: 'Clôturer' },
};

/** Whether a departure in status `from` may move to `to`. */
export function canMoveEnvoi(from: string, to: string): boolean {
  const rule = ENVOI_TRANSITIONS[to as StatutCode];
  return !!rule && rule.from.includes(from as StatutCode);
}

/** Messages of the departure rules (spec 000 §4, §5, §8), the same on both sides. */
export const ENVOI_MESSAGES = {
  datePast: "La date ne peut pas être antérieure à aujourd'hui",
  finAfterDebut: 'La date de clôture doit précéder ou égaler la date de départ',
  arriveBeforeDebut: "La date d'arrivée doit suivre ou égaler la date de départ",
  paysDiffer: "Le pays de destination doit différer du pays d'origine",
  /** A date more than two years after today (envoiDateErrors): a typing error such as 2062 for 2026. */
  tropLoin: {
    dateDebut: 'La date de départ ne peut pas dépasser deux ans.',
    dateArrive: "La date d'arrivée ne peut pas dépasser deux ans.",
    dateFin: 'La date de clôture ne peut pas dépasser deux ans.',
  },
  transitionRefused: (from: string, to: string) =>
    `Changement de statut impossible : un départ « ${from} » ne peut pas passer à « ${to} ».`,
  colisEnAttente:
    "Certains colis de ce départ sont encore en attente : l'arrivée du départ est impossible tant qu'ils ne sont pas traités.",
  hasColis: 'Ce départ contient des colis : il ne peut pas être supprimé.',
  hasDeletedColis:
    'Ce départ a porté des colis, supprimés depuis mais conservés avec leurs encaissements et leur historique : désactivez-le plutôt que de le supprimer.',
  /** The weight check of parcel registration (spec 000 §4, §7 envoi/checkEnvoiPoids): `poids` kg do not fit. */
  poidsInsuffisant: (reference: string, disponible: DecimalInput, poids: DecimalInput) =>
    `Le poids disponible sur le départ ${reference} est insuffisant : ${formatKg(disponible)} disponibles, ${formatKg(poids)} demandés. Contactez les administrateurs pour augmenter la capacité.`,
  arrived: 'votre colis est arrivé à destination',
  enCoursEnvoi: "votre colis est en cours d'envoi",
} as const;

/** The three dates of a departure. */
export const ENVOI_DATE_FIELDS = ['dateDebut', 'dateArrive', 'dateFin'] as const;
export type EnvoiDateField = (typeof ENVOI_DATE_FIELDS)[number];

/** Dates of a departure as a form or a request gives them ('yyyy-MM-dd', or a longer ISO text cut to the day). */
export type EnvoiDates = Partial<Record<EnvoiDateField, unknown>>;

/** A date value cut to 'yyyy-MM-dd', or '' when absent. */
const day = (value: unknown) => (typeof value === 'string' ? value.trim().slice(0, 10) : '');

/**
 * The last day a departure's date may name: the same day two years after `today` (29 February → 1 March), '' when
 * `today` is not a day.
 * @param today 'yyyy-MM-dd' (common/dates.ts todayIso)
 */
function dansDeuxAns(today: string): string {
  const [y, m, d] = today.slice(0, 10).split('-').map(Number);
  const t = Date.UTC(y + 2, m - 1, d);
  return Number.isNaN(t) ? '' : new Date(t).toISOString().slice(0, 10);
}

/**
 * The errors of a departure's dates, at most one per field (the today rule first, then the two-year limit; the order
 * is checked only between dates that pass them). An empty date has no error here (it is required elsewhere).
 * @param values the dates, 'yyyy-MM-dd'
 * @param today today as 'yyyy-MM-dd' (common/dates.ts todayIso); a date equal to today is accepted
 * @param previous on edit, the saved dates: a date left unchanged may lie in the past
 * @returns field → French message; empty when the dates are valid
 */
export function envoiDateErrors(values: EnvoiDates, today: string, previous?: EnvoiDates): Partial<Record<EnvoiDateField, string>> {
  const errors: Partial<Record<EnvoiDateField, string>> = {};
  const last = dansDeuxAns(today);
  for (const field of ENVOI_DATE_FIELDS) {
    const value = day(values[field]);
    if (value && value < today && value !== day(previous?.[field])) errors[field] = ENVOI_MESSAGES.datePast;
    else if (value && last && value > last) errors[field] = ENVOI_MESSAGES.tropLoin[field];
  }
  const debut = day(values.dateDebut);
  const fin = day(values.dateFin);
  const arrive = day(values.dateArrive);
  if (debut && !errors.dateDebut) {
    if (fin && !errors.dateFin && fin > debut) errors.dateFin = ENVOI_MESSAGES.finAfterDebut;
    if (arrive && !errors.dateArrive && arrive < debut) errors.dateArrive = ENVOI_MESSAGES.arriveBeforeDebut;
  }
  return errors;
}

/**
 * The error of the destination country: the same country as the origin is refused (spec 000 §5).
 * @param paysID destination country id
 * @param paysEmetteurID origin country id
 */
export function envoiPaysError(paysID: string | null | undefined, paysEmetteurID: string | null | undefined): string | undefined {
  return paysID && paysID === paysEmetteurID ? ENVOI_MESSAGES.paysDiffer : undefined;
}

/**
 * Whether a departure is full (spec 000 §2 'Départs Ouverts' red card, §4 weight check): its available weight
 * (poidsDisponible = poids − poidsReel, kg) is 0 or less. An unreadable weight counts as full. The server answers it
 * as `complet` in envoi/ouvertActif, the parcel wizard offers no full departure (docs/decisions/wizard-departures.md),
 * the weight gauge turns red (src/kit/poidsGauge.ts).
 * @param poidsDisponible kg left on the departure
 */
export function envoiComplet(poidsDisponible: DecimalInput): boolean {
  try {
    return toMilli(poidsDisponible) <= 0n;
  } catch {
    return true;
  }
}

/**
 * A departure's available weight, exact: poids − poidsReel (kg, numeric texts as the database gives them), as the
 * numeric(10,3) text of the weights ('0.300'); what envoi/get answers as poidsDisponible.
 */
export function poidsDisponibleOf(envoi: { poids: DecimalInput; poidsReel: DecimalInput }): string {
  return milliToString(toMilli(envoi.poids) - toMilli(envoi.poidsReel));
}

/** The thousandths of kg a departure would have left once `poids` kg are on it (poidsRestantApres, exact). */
function restantMilli(poidsDisponible: DecimalInput, poids: DecimalInput, dejaSurLeDepart: DecimalInput): bigint {
  return toMilli(poidsDisponible) + toMilli(dejaSurLeDepart) - toMilli(poids);
}

/**
 * Whether `poids` kg fit on a departure with `poidsDisponible` kg left: THE weight rule (spec 000 §4 weight check),
 * exact on thousandths of kg (bigint, no floating point: 0,1 + 0,2 kg fit in 0,3 kg left, 1 g more does not). Used by
 * the registration and the edit (server/colis/registrationPlan.ts checkEnvoi, whose SQL twin is the claim of
 * registrationWrite.ts), a transfer (server/colis/transfert.ts), envoi/checkEnvoiPoids, a departure's edit (its global
 * weight must hold what is registered: server/envoi/service.ts updateEnvoi) and the wizard's warning
 * (src/colis/wizard/PoidsRestantAlert.tsx).
 * @param poidsDisponible kg left on the departure now (poids − poidsReel)
 * @param poids kg asked for (a number, or a numeric or typed text)
 * @param dejaSurLeDepart kg this parcel already holds on the departure (an edit that keeps its departure; else 0)
 * @throws RangeError on an unreadable weight
 */
export function poidsTient(poidsDisponible: DecimalInput, poids: DecimalInput, dejaSurLeDepart: DecimalInput = 0): boolean {
  return restantMilli(poidsDisponible, poids, dejaSurLeDepart) >= 0n;
}

/**
 * The kg a departure would have left once a parcel of `poids` kg is on it, shown live by the parcel wizard's step 2
 * (poidsTient says whether it fits). Exact on thousandths; may be negative.
 * @param poidsDisponible kg left on the departure now (poids − poidsReel)
 * @param poids kg of the parcel as typed (the sum of its nature lines)
 * @param dejaSurLeDepart kg this parcel already holds on the departure (its saved weight, on edit of a parcel that
 *   stays on its departure; else 0)
 * @returns kg, a number with at most 3 decimals
 */
export function poidsRestantApres(poidsDisponible: DecimalInput, poids: DecimalInput, dejaSurLeDepart: DecimalInput = 0): number {
  return milliToNumber(restantMilli(poidsDisponible, poids, dejaSurLeDepart));
}
