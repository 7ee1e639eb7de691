/**
 * Pure rules of the dashboard screen (spec 000 §2 Dashboard, §6 "Dashboard tiles link to lists only with the list
 * permission"): which figures a view shows (the user's own, or one agency's for ADMIN's 'Par Agence'), and the list
 * each figure opens, filtered so that the list's total is the figure (docs/api-contract.md "Dashboard").
 */
import type { DashboardCounts, FinancialParDevise, MonthCount } from '../../common/dashboard';
import { DEVISE_COMPTABLE } from '../../common/devises';
import { formatMontant } from '../../common/format';
import type { CircularStats, CircularStatsAnswer, ColisParMoisAnswer, DashboardAgence, DashboardCountsAnswer } from './dashboardMethods';

/** What the screen shows: every figure of the user's scope, or of one agency ('Par Agence'). */
export type DashboardScope = { kind: 'global' } | { kind: 'agence'; agenceId: string };

/** The figures of one view; a part is undefined while its call loads (or when it failed). */
export interface DashboardView {
  counts?: DashboardCounts;
  monthly?: MonthCount[];
  circular?: CircularStats;
  /** The agency of a 'Par Agence' view. */
  agence?: DashboardAgence;
}

/** Picks the figures of a scope from the three answers; an agency absent from them gives an empty view. */
export function selectView(
  scope: DashboardScope,
  answers: { counts?: DashboardCountsAnswer; monthly?: ColisParMoisAnswer; circular?: CircularStatsAnswer },
): DashboardView {
  if (scope.kind === 'global') {
    return { counts: answers.counts?.data, monthly: answers.monthly?.data, circular: answers.circular };
  }
  const entry = answers.counts?.byAgence.find((a) => a.agence.id === scope.agenceId);
  const monthly = answers.monthly?.byAgence.find((a) => a.id === scope.agenceId);
  const circular = answers.circular?.statsByAgence.find((a) => a.agence.id === scope.agenceId);
  return {
    counts: entry?.stats,
    monthly: monthly?.monthlyData,
    circular: circular && { financialStats: circular.financialStats, nbreColisByStatut: circular.nbreColisByStatut },
    agence: entry?.agence,
  };
}

/**
 * A react-admin list path with its filter in the URL, e.g. /colis?filter={"statut":"EN_ATTENTE"}; always explicit,
 * `filter={}` for the whole list: without it react-admin would bring back the list's last filter from its store, and
 * the list would no longer count the figure.
 */
function listPath(base: string, filter: Record<string, string | undefined>): string {
  const kept = Object.fromEntries(Object.entries(filter).filter(([, v]) => !!v));
  return `${base}?filter=${encodeURIComponent(JSON.stringify(kept))}`;
}

/**
 * The parcel list counted by a figure: filtered on the status (when given) and, in a 'Par Agence' view, on the agency
 * (the list's ADMIN agency filter: parcels the agency registered).
 */
export function colisListPath(statut?: string, agence?: DashboardAgence): string {
  return listPath('/colis', { agenceID: agence?.id, statut });
}

/**
 * The departure list counted by a figure: filtered on the status (when given) and, in a 'Par Agence' view, on the
 * agency's country as origin (the departures the agency registers parcels on).
 */
export function departListPath(statut?: string, agence?: DashboardAgence): string {
  return listPath('/depart', { paysEmetteurID: agence?.paysID, statut });
}

/** Whether ADMIN's chosen agency has no parcel at all (the toast 'Aucun colis enregistré cette agence.'). */
export function agenceHasNoColis(counts: DashboardCountsAnswer | undefined, agenceId: string): boolean {
  const entry = counts?.byAgence.find((a) => a.agence.id === agenceId);
  return !!counts && (!entry || entry.stats.colis === 0);
}

/** A count the French way, e.g. 1000000 → '1 000 000' (narrow no-break spaces). */
export function formatCount(n: number | undefined): string {
  return new Intl.NumberFormat('fr-FR').format(n ?? 0);
}

/**
 * The lines under the payments donut (docs/decisions/dashboard-figures.md "Currencies"): one per currency other than
 * the euro holding an amount, its total and its three payment states in that currency, e.g. total '701 318 F CFA'.
 * @param parDevise circularStatistiques' `financialStats.parDevise` (absent from an older answer: no line)
 * @returns per currency, its code and its amounts written with common/format.ts formatMontant
 */
export function autresDevises(
  parDevise: FinancialParDevise[] | undefined,
): { devise: string; total: string; paye: string; partiel: string; attente: string }[] {
  return (parDevise ?? [])
    .filter((d) => d.devise !== DEVISE_COMPTABLE && d.totalMontant !== 0)
    .map((d) => ({
      devise: d.devise,
      total: formatMontant(d.totalMontant, d.devise),
      paye: formatMontant(d.totalMontantPaye, d.devise),
      partiel: formatMontant(d.totalPartiellementPayes, d.devise),
      attente: formatMontant(d.totalMontantNonPaye, d.devise),
    }));
}
