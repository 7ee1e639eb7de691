/**
 * The dataProvider methods of the dashboard (spec 000 §7 colis/getAllData, colis/colisEnvoyesParMois,
 * colis/circularStatistiques; docs/api-contract.md "Dashboard"). Screens reach them with
 * useDataProvider<DataProvider & DashboardMethods>() (added to the app's dataProvider by src/appDataProvider.ts), so a
 * 401 signs the user out. The figures are the signed-in user's: the path's user id is the spec's and the server does
 * not read it.
 */
import type { DashboardCounts, FinancialStats, MonthCount, StatutCount } from '../../common/dashboard';
import { httpRequest, type CallOptions } from '../providers/http';

/** An agency of the answers (ADMIN's per-agency entries). */
export interface DashboardAgence {
  id: string;
  code: string;
  libelle: string;
  paysID: string;
}

/** colis/getAllData: the user's counts and, for ADMIN, each agency's; for a one-agency role, what its figures cover. */
export interface DashboardCountsAnswer {
  data: DashboardCounts;
  byAgence: { agence: DashboardAgence; stats: DashboardCounts }[];
  /** Its agency and that agency's country (absent for a role that sees every agency). */
  portee?: { agence: { id: string; libelle: string }; pays: { id: string; libelle: string } };
}

/** colis/colisEnvoyesParMois: twelve months, oldest first, and for ADMIN each agency's. */
export interface ColisParMoisAnswer {
  data: MonthCount[];
  byAgence: (DashboardAgence & { monthlyData: MonthCount[] })[];
}

/** The payment states and statuses of some parcels. */
export interface CircularStats {
  financialStats: FinancialStats;
  nbreColisByStatut: StatutCount[];
}

/** colis/circularStatistiques's data: the user's and, for ADMIN, each agency's. */
export interface CircularStatsAnswer extends CircularStats {
  statsByAgence: ({ agence: DashboardAgence } & CircularStats)[];
}

/** The dashboard methods of AppDataProvider. */
export interface DashboardMethods {
  /** GET colis/getAllData/{userId}: tiles and status cards. */
  getDashboardCounts(userId: string, options?: CallOptions): Promise<DashboardCountsAnswer>;
  /** GET colis/colisEnvoyesParMois/{userId}: the bar chart. */
  getColisParMois(userId: string, options?: CallOptions): Promise<ColisParMoisAnswer>;
  /** GET colis/circularStatistiques/{userId}: the two donuts. */
  getCircularStats(userId: string, options?: CallOptions): Promise<CircularStatsAnswer>;
}

const enc = encodeURIComponent;
const list = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/** The implementation of DashboardMethods. */
export const dashboardMethods: DashboardMethods = {
  async getDashboardCounts(userId, { signal } = {}) {
    const json = await httpRequest(`colis/getAllData/${enc(userId)}`, { signal });
    const portee = json.portee as DashboardCountsAnswer['portee'];
    return { data: json.data as DashboardCounts, byAgence: list(json.byAgence), ...(portee ? { portee } : {}) };
  },

  async getColisParMois(userId, { signal } = {}) {
    const json = await httpRequest(`colis/colisEnvoyesParMois/${enc(userId)}`, { signal });
    return { data: list(json.data), byAgence: list(json.byAgence) };
  },

  async getCircularStats(userId, { signal } = {}) {
    const json = await httpRequest(`colis/circularStatistiques/${enc(userId)}`, { signal });
    const data = json.data as CircularStatsAnswer;
    return { ...data, statsByAgence: list(data?.statsByAgence) };
  },
};
