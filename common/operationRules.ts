/**
 * Rules of the cash operations (entrées & sorties outside parcels), shared by the server and the UI (spec 001 §2
 * 'Tableau de bord administratif', §3 Operation, §4 "Dashboard period filter: week = last 7 days, month = since the
 * first of the current month, year = all data", §5 Operation add, §8 texts, §9 "operation amount minimum 1").
 * Dates are calendar dates 'yyyy-MM-dd' in the business time zone (common/dates.ts).
 */
import { addDays, todayIso } from './dates';

/** The direction of an operation, as stored and sent (spec 001 §3: 'entrée' or 'sortie', shown ENTREE/SORTIE). */
export const OPERATION_TYPES = ['entrée', 'sortie'] as const;
export type OperationType = (typeof OPERATION_TYPES)[number];

/** The periods of the dashboard (spec 001 §9: Semaine, Mois, Année — the default). */
export const OPERATION_PERIODS = ['semaine', 'mois', 'annee'] as const;
export type OperationPeriod = (typeof OPERATION_PERIODS)[number];
export const DEFAULT_OPERATION_PERIOD: OperationPeriod = 'annee';

/** Smallest amount of an operation, in its own currency (spec 001 §5, §9; docs/decisions/currencies.md). */
export const OPERATION_MONTANT_MIN = 1;

/**
 * The French texts of the operation rules: one home for the body and form schema (common/schemas/operation.ts) and the
 * server's other refusals (server/operation/service.ts).
 */
export const OPERATION_MESSAGES = {
  dateRequired: 'La date est obligatoire.',
  dateInvalid: 'Date invalide (format attendu : AAAA-MM-JJ).',
  dateFuture: "La date ne peut pas être postérieure à aujourd'hui.",
  montantMin: `Le montant doit être d'au moins ${OPERATION_MONTANT_MIN}.`,
  motifRequired: 'Le motif est obligatoire.',
  motifInactive: "Le motif doit être un type d'opération actif.",
  typeInvalid: 'Le type doit être « entrée » ou « sortie ».',
  userRequired: "L'utilisateur est obligatoire.",
  userInvalid: "L'utilisateur doit être un membre actif du personnel.",
  userOtherAgence: 'Cet utilisateur appartient à une autre agence.',
  descriptionRequired: 'La description est obligatoire.',
  notFound: 'Opération introuvable.',
  otherAgence: 'Cette opération appartient à une autre agence.',
  updateFailure: 'Erreur lors de la mise à jour',
} as const;

/** The success text of an addition (spec 001 §8 '{Entrée|Sortie} ajouté avec succès !', kept as the spec writes it). */
export function operationCreatedMessage(type: OperationType): string {
  return `${type === 'entrée' ? 'Entrée' : 'Sortie'} ajouté avec succès !`;
}

/** How the table shows a type (spec 001 §3: ENTREE / SORTIE). */
export function operationTypeLabel(type: string | null | undefined): string {
  if (type === 'entrée') return 'ENTREE';
  if (type === 'sortie') return 'SORTIE';
  return type ?? '--';
}

/**
 * Reads a type as a client may send it: 'entrée', 'entree', 'ENTREE', 'Entrée' (and the same for sortie).
 * @returns the stored value, or undefined when it is neither
 */
export function parseOperationType(value: unknown): OperationType | undefined {
  if (typeof value !== 'string') return undefined;
  const plain = value
    .trim()
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
  if (plain === 'entree') return 'entrée';
  if (plain === 'sortie') return 'sortie';
  return undefined;
}

/** Whether a value is one of the periods. */
export function isOperationPeriod(value: unknown): value is OperationPeriod {
  return typeof value === 'string' && (OPERATION_PERIODS as readonly string[]).includes(value);
}

/**
 * The first calendar day a period covers (spec 001 §4): Semaine the last 7 days (today and the 6 before), Mois since
 * the 1st of the current month, Année every operation (no bound).
 * @param today today's date 'yyyy-MM-dd' in the business time zone (default todayIso())
 * @returns 'yyyy-MM-dd', or null for Année
 */
export function operationPeriodStart(period: OperationPeriod, today: string = todayIso()): string | null {
  if (period === 'semaine') return addDays(today, -6);
  if (period === 'mois') return `${today.slice(0, 8)}01`;
  return null;
}

/** Whether a calendar date 'yyyy-MM-dd' is after today (an operation is recorded on or before the day it happened). */
export function isFutureDate(isoDate: string, today: string = todayIso()): boolean {
  return isoDate.slice(0, 10) > today;
}
