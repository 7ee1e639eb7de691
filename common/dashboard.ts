/**
 * The dashboard's figures (spec 000 §2 Dashboard, §3 "Dashboard statistics", §7 colis/getAllData,
 * colis/colisEnvoyesParMois, colis/circularStatistiques; docs/api-contract.md "Dashboard"), shared by the server,
 * which computes them, and the UI, which shows them and links each to the list it counts: which answer key counts
 * which status, the payment states, and the twelve months of the chart.
 */
import { todayIso } from './dates';
import type { StatutCode } from './statuts';

/** Key of colis/getAllData's `data` counting the parcels of each status (colisLivres: an extension, LIVRE). */
export const COLIS_STAT_KEYS = {
  EN_ATTENTE: 'colisEnAttente',
  RECEPTIONNE: 'colisReceptionnes',
  EN_COURS_ENVOI: 'colisEnCoursDenvoi',
  EXPEDIE: 'colisExpedies',
  RETIRE: 'colisRetires',
  LIVRE: 'colisLivres',
} as const satisfies Partial<Record<StatutCode, string>>;

/** Key of colis/getAllData's `data` counting the departures of each status (envoiEnAttente: an extension). */
export const ENVOI_STAT_KEYS = {
  EN_ATTENTE: 'envoiEnAttente',
  OUVERT: 'envoiOuverts',
  EN_COURS_ENVOI: 'envoiEnCoursDenvoi',
  ARRIVE: 'envoiArrive',
  CLOTURE: 'envoiCloture',
} as const satisfies Partial<Record<StatutCode, string>>;

type ColisStatKey = (typeof COLIS_STAT_KEYS)[keyof typeof COLIS_STAT_KEYS];
type EnvoiStatKey = (typeof ENVOI_STAT_KEYS)[keyof typeof ENVOI_STAT_KEYS];

/** colis/getAllData's `data` (and each `byAgence[].stats`): totals and the count of each status. */
export type DashboardCounts = { colis: number; envois: number; clients: number } & Record<ColisStatKey | EnvoiStatKey, number>;

/**
 * Payment state of a parcel, a partition of the parcels: SOLDE when nothing remains to pay (resteAPayer = 0),
 * ATTENTE when nothing was settled (reglement = 0 and money remains), PARTIEL otherwise (0 < reglement < montantTotal).
 * The database computes the same (function colis_paiement, migration 0003).
 */
export type PaiementState = 'SOLDE' | 'PARTIEL' | 'ATTENTE';
export const PAIEMENT_STATES: readonly PaiementState[] = ['SOLDE', 'PARTIEL', 'ATTENTE'];

/** One currency of `financialStats.parDevise`: the amounts of its parcels in that currency, unconverted. */
export interface FinancialParDevise {
  /** ISO 4217 code (colis.devise). */
  devise: string;
  totalMontantPaye: number;
  totalPartiellementPayes: number;
  totalMontantNonPaye: number;
  totalMontant: number;
  partielEncaisse: number;
  partielReste: number;
}

/**
 * circularStatistiques' `financialStats`: counts by payment state and amounts in euros (2 decimals), each currency
 * converted month by month at the rate in force on the month's first day (docs/decisions/dashboard-figures.md
 * "Currencies"), and the same amounts per currency.
 */
export interface FinancialStats {
  quantify: { colisSoldes: number; colisPartiellementPayes: number; colisEnAttente: number };
  money: {
    /** Σ montantTotal of the SOLDE parcels. */
    totalMontantPaye: number;
    /** Σ montantTotal of the PARTIEL parcels (= partielEncaisse + partielReste). */
    totalPartiellementPayes: number;
    /** Σ montantTotal of the ATTENTE parcels. */
    totalMontantNonPaye: number;
    /** Σ montantTotal of every parcel (= the three above). */
    totalMontant: number;
    /** Σ reglement of every parcel: the money received. */
    totalEncaisse: number;
    /** Σ resteAPayer of every parcel: the money still due (totalEncaisse + totalResteAPayer = totalMontant). */
    totalResteAPayer: number;
    /** Σ reglement of the PARTIEL parcels. */
    partielEncaisse: number;
    /** Σ resteAPayer of the PARTIEL parcels. */
    partielReste: number;
  };
  /** The same amounts in each currency of the parcels, unconverted, by code (absent from answers before migration 0023). */
  parDevise?: FinancialParDevise[];
  /** (currency, month) pairs without an exchange rate: their amounts are left out of `money` (never counted 1:1). */
  horsTaux?: number;
}

/** One status of circularStatistiques' `nbreColisByStatut`. */
export interface StatutCount {
  statut: StatutCode;
  libelle: string;
  count: number;
}

/** One month of colisEnvoyesParMois: 'yyyy-MM' and the parcels registered in it. */
export interface MonthCount {
  month: string;
  count: number;
}

/**
 * The twelve months of the chart, oldest first, ending with the current month in Europe/Paris, as 'yyyy-MM'.
 * @param today a calendar date 'yyyy-MM-dd' (default: today in Paris), e.g. '2026-11-21' → ['2025-12', …, '2026-11']
 */
export function lastTwelveMonths(today: string = todayIso()): string[] {
  const [y, m] = today.split('-').map(Number);
  const months: string[] = [];
  for (let i = 11; i >= 0; i -= 1) {
    const d = new Date(Date.UTC(y, m - 1 - i, 1));
    months.push(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  return months;
}

const monthFormat = new Intl.DateTimeFormat('fr-FR', { month: 'short', timeZone: 'UTC' });
const monthYearFormat = new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** French abbreviation of a month 'yyyy-MM', e.g. '2026-02' → 'févr.' (the chart's axis). */
export function monthAbbrFr(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return monthFormat.format(new Date(Date.UTC(y, m - 1, 15)));
}

/** French name and year of a month 'yyyy-MM', e.g. '2026-02' → 'février 2026' (the chart's tooltip). */
export function monthLongFr(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return monthYearFormat.format(new Date(Date.UTC(y, m - 1, 15)));
}
