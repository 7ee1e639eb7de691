/**
 * Dashboard statistics (spec 000 §2 Dashboard, §3 "Dashboard statistics", §7; docs/decisions/dashboard-figures.md): the
 * figures of colis/getAllData, colis/colisEnvoyesParMois and colis/circularStatistiques, computed in SQL. Definitions
 * are in docs/api-contract.md "Dashboard" and common/dashboard.ts.
 *
 * Parcel figures come from one of two sources that answer the same:
 * - 'counters' (the routes): the counter tables of migration 0003 (colis_stats, colis_stats_agence_clients,
 *   colis_stats_type_users), kept by triggers in the transaction of every change of a parcel (or a user); since
 *   migration 0012 they are insert-only (delta rows, no hot row: docs/decisions/registration-write.md) and folded by
 *   compactStats; a read sums a few hundred rows, whatever the number of parcels (bench/README.md "Dashboard");
 * - 'parcels' (the no-drift test and the bench's baseline): aggregates over the parcel table itself, with the parcel
 *   list's own scope (access/scopes.ts colisScope) and the clients list's (clientScope).
 *   These are the TypeScript twins of the counters' SQL (server/db/fast/README.md): the month and payment state of
 *   migration 0003's colis_mois and colis_paiement, the keys of colis_stats_trigger and colis_stats_users_trigger;
 *   tests/server/dashboard.test.ts compares both sources for every user.
 * Departures are few: they are always counted from their table, with the departure list's scope (envoiScope).
 *
 * Scope: a role that sees every agency gets every parcel plus one entry per agency (`byAgence`: the parcels the agency
 * registered, the departures leaving its country, the clients its agents see); any other role gets exactly what its
 * lists show (parcels registered by its agency or travelling to its country, departures leaving or reaching its
 * country, the clients of those parcels) and no `byAgence`.
 */
import { and, eq, sql } from 'drizzle-orm';
import {
  COLIS_STAT_KEYS,
  ENVOI_STAT_KEYS,
  lastTwelveMonths,
  PAIEMENT_STATES,
  type DashboardCounts,
  type FinancialStats,
  type FinancialParDevise,
  type MonthCount,
  type PaiementState,
  type StatutCount,
} from '../../common/dashboard';
import { COLIS_STATUT_CODES } from '../../common/colisRules';
import { DEVISE_COMPTABLE, convertir } from '../../common/devises';
import { centsToNumber, centsToString, toCents } from '../../common/money';
import type { StatutCode } from '../../common/statuts';
import type { CurrentUser } from '../auth/currentUser';
import { clientRecountScope, colisScope, countersScope, envoiScope } from '../access/scopes';
import { clientTypeId } from '../user/service';
import type { Db } from '../db/client';
import { fastSwitches } from '../db/fast/switches';
import { colis, envois, tauxChange, users } from '../db/schema';
import { statutsByCode } from '../statut/query';

/** Where the parcel figures come from: the counter tables (the API) or a recount over the parcels (tests, bench). */
export type StatsSource = 'counters' | 'parcels';

/** The routes' source: the counters, or a recount when FAST_DASHBOARD=0 (server/config.ts; seconds at a million parcels). */
const routesSource = (): StatsSource => (fastSwitches().dashboardCounters ? 'counters' : 'parcels');

/** An agency as the answers name it. */
export interface AgenceRef {
  id: string;
  code: string;
  libelle: string;
  /** The agency's country: the origin of its departures (byAgence's `envois`). */
  paysID: string;
}

/**
 * One group of parcels: its registering agency and currency, and the status / month / payment state asked for. Amounts
 * in cents of the currency (colis.devise, whatever its minor unit: the columns hold 2 decimals).
 */
interface Cell {
  agence: string;
  statut: string;
  mois: string;
  paiement: PaiementState;
  devise: string;
  nb: number;
  montantTotal: bigint;
  reglement: bigint;
  resteAPayer: bigint;
}

type Dim = 'statut' | 'mois' | 'paiement';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Parcels grouped by registering agency, currency and the given dimensions, within the user's scope.
 * @param opts.fromMonth only the months from this one ('yyyy-MM') on
 * @param opts.money also sum the amounts (cents)
 */
async function loadCells(
  db: Db,
  user: CurrentUser,
  source: StatsSource,
  dims: Dim[],
  opts: { fromMonth?: string; money?: boolean } = {},
): Promise<Cell[]> {
  const counters = source === 'counters';
  const e = counters
    ? {
        agence: sql`cs.agence_id`,
        statut: sql`cs.statut_id`,
        mois: sql`cs.mois`,
        paiement: sql`cs.paiement`,
        devise: sql`cs.devise`,
        nb: sql`sum(cs.nb)`,
        montantTotal: sql`sum(cs.montant_total)`,
        reglement: sql`sum(cs.reglement)`,
        resteAPayer: sql`sum(cs.reste_a_payer)`,
      }
    : {
        agence: sql`${colis.agenceID}`,
        statut: sql`${colis.statutID}`,
        mois: sql`colis_mois(${colis.createdAt})`,
        paiement: sql`colis_paiement(${colis.resteAPayer}, ${colis.reglement})`,
        devise: sql`${colis.devise}`,
        nb: sql`count(*)`,
        montantTotal: sql`sum(${colis.montantTotal})`,
        reglement: sql`sum(${colis.reglement})`,
        resteAPayer: sql`sum(${colis.resteAPayer})`,
      };
  const from = counters ? sql`colis_stats cs` : sql`${colis}`;
  const conds = [counters ? countersScope(user) : (colisScope(user) ?? sql`true`)];
  if (opts.fromMonth) conds.push(sql`${e.mois} >= ${`${opts.fromMonth}-01`}::date`);
  const has = (d: Dim) => dims.includes(d);
  const zero = sql`'0'`;
  const result = await db.execute(sql`
    SELECT ${e.agence} AS agence,
           ${e.devise} AS devise,
           ${has('statut') ? e.statut : sql`NULL`} AS statut,
           ${has('mois') ? sql`to_char(${e.mois}, 'YYYY-MM')` : sql`NULL`} AS mois,
           ${has('paiement') ? e.paiement : sql`NULL`} AS paiement,
           ${e.nb}::bigint::text AS nb,
           ${opts.money ? e.montantTotal : zero}::text AS montant_total,
           ${opts.money ? e.reglement : zero}::text AS reglement,
           ${opts.money ? e.resteAPayer : zero}::text AS reste_a_payer
      FROM ${from}
     WHERE ${sql.join(conds, sql` AND `)}
     GROUP BY ${sql.join([e.agence, e.devise, ...dims.map((d) => e[d])], sql`, `)}`);
  const codeOf = new Map([...(await statutsByCode(db)).values()].map((s) => [s.id, s.code]));
  return rowsOf<Record<string, string | null>>(result).map((r) => ({
    agence: r.agence!,
    statut: r.statut ? (codeOf.get(r.statut) ?? r.statut) : '',
    mois: r.mois ?? '',
    paiement: (r.paiement ?? 'ATTENTE') as PaiementState,
    devise: r.devise ?? DEVISE_COMPTABLE,
    nb: Number(r.nb),
    montantTotal: toCents(r.montant_total ?? '0'),
    reglement: toCents(r.reglement ?? '0'),
    resteAPayer: toCents(r.reste_a_payer ?? '0'),
  }));
}

/** Every agency (for byAgence), by name. */
async function loadAgences(db: Db): Promise<AgenceRef[]> {
  const result = await db.execute(sql`SELECT id, code, libelle, pays_id FROM agences ORDER BY libelle, code`);
  return rowsOf<{ id: string; code: string; libelle: string; pays_id: string }>(result).map((r) => ({
    id: r.id,
    code: r.code,
    libelle: r.libelle,
    paysID: r.pays_id,
  }));
}

/** Departures within the user's scope (the departure list's), by origin country and status. */
async function loadEnvoiCounts(db: Db, user: CurrentUser): Promise<{ paysEmetteur: string; statut: string; n: number }[]> {
  const result = await db.execute(sql`
    SELECT ${envois.paysEmetteurID} AS pays, ${envois.statutID} AS statut, count(*)::int AS n
      FROM ${envois} WHERE ${envoiScope(user) ?? sql`true`} GROUP BY 1, 2`);
  const codeOf = new Map([...(await statutsByCode(db)).values()].map((s) => [s.id, s.code]));
  return rowsOf<{ pays: string; statut: string; n: number }>(result).map((r) => ({
    paysEmetteur: r.pays,
    statut: codeOf.get(r.statut) ?? r.statut,
    n: Number(r.n),
  }));
}

/** A stand-in user of one agency: what that agency's agents see. */
const agenceUser = (user: CurrentUser, a: { id: string; paysID: string }): CurrentUser => ({
  ...user,
  allAgences: false,
  agenceID: a.id,
  agencePaysID: a.paysID,
});

/**
 * Clients the user's clients list counts (user/listeClients' total) and, for a role seeing every agency, per agency.
 * The recount is access/scopes.ts clientRecountScope (the senders and recipients of the parcels colisScope lets
 * through), the set the counters hold.
 */
async function loadClients(
  db: Db,
  user: CurrentUser,
  source: StatsSource,
  agences: { id: string; paysID: string }[],
): Promise<{ total: number; byAgence: Map<string, number> }> {
  const typeId = await clientTypeId(db);
  const countClients = async (u: CurrentUser | undefined) => {
    const result = await db.execute(
      sql`SELECT count(*)::int AS n FROM ${users} WHERE ${and(eq(users.typeUserID, typeId), u ? clientRecountScope(u) : undefined)}`,
    );
    return Number(rowsOf<{ n: number }>(result)[0].n);
  };
  const perAgence = async (ids: string[]) => {
    const result = await db.execute(sql`SELECT agence_id, sum(nb)::int AS nb FROM colis_stats_agence_clients GROUP BY agence_id`);
    const all = new Map(rowsOf<{ agence_id: string; nb: number }>(result).map((r) => [r.agence_id, Number(r.nb)]));
    return new Map(ids.map((id) => [id, all.get(id) ?? 0]));
  };
  if (user.allAgences) {
    if (source === 'counters') {
      const [counted, byAgence] = await Promise.all([
        db.execute(sql`SELECT coalesce(sum(nb), 0)::int AS n FROM colis_stats_type_users WHERE type_user_id = ${typeId}`),
        perAgence(agences.map((a) => a.id)),
      ]);
      return { total: Number(rowsOf<{ n: number }>(counted)[0].n), byAgence };
    }
    const total = await countClients(undefined);
    const byAgence = new Map<string, number>();
    for (const a of agences) byAgence.set(a.id, await countClients(agenceUser(user, a)));
    return { total, byAgence };
  }
  if (!user.agenceID) return { total: 0, byAgence: new Map() };
  if (source === 'parcels') return { total: await countClients(user), byAgence: new Map() };
  return { total: (await perAgence([user.agenceID])).get(user.agenceID) ?? 0, byAgence: new Map() };
}

/** Counts with every key at 0. */
function emptyCounts(): DashboardCounts {
  const counts = { colis: 0, envois: 0, clients: 0 } as DashboardCounts;
  for (const key of Object.values(COLIS_STAT_KEYS)) counts[key] = 0;
  for (const key of Object.values(ENVOI_STAT_KEYS)) counts[key] = 0;
  return counts;
}

function addColis(counts: DashboardCounts, statut: string, n: number) {
  counts.colis += n;
  const key = COLIS_STAT_KEYS[statut as keyof typeof COLIS_STAT_KEYS];
  if (key) counts[key] += n;
}

function addEnvois(counts: DashboardCounts, statut: string, n: number) {
  counts.envois += n;
  const key = ENVOI_STAT_KEYS[statut as keyof typeof ENVOI_STAT_KEYS];
  if (key) counts[key] += n;
}

/** colis/getAllData: `data` (the user's scope) and, for a role seeing every agency, `byAgence`. */
export async function dashboardCounts(
  db: Db,
  user: CurrentUser,
  source: StatsSource = routesSource(),
): Promise<{ data: DashboardCounts; byAgence: { agence: AgenceRef; stats: DashboardCounts }[] }> {
  const agences = user.allAgences ? await loadAgences(db) : [];
  const [cells, envoiRows, clients] = await Promise.all([
    loadCells(db, user, source, ['statut']),
    loadEnvoiCounts(db, user),
    loadClients(db, user, source, agences),
  ]);
  const data = emptyCounts();
  for (const c of cells) addColis(data, c.statut, c.nb);
  for (const r of envoiRows) addEnvois(data, r.statut, r.n);
  data.clients = clients.total;
  const byAgence = agences.map((a) => {
    const stats = emptyCounts();
    for (const c of cells) if (c.agence === a.id) addColis(stats, c.statut, c.nb);
    for (const r of envoiRows) if (r.paysEmetteur === a.paysID) addEnvois(stats, r.statut, r.n);
    stats.clients = clients.byAgence.get(a.id) ?? 0;
    return { agence: a, stats };
  });
  return { data, byAgence };
}

/**
 * What the figures of a role limited to one agency cover (colis/getAllData `portee`, docs/decisions/dashboard-figures.md
 * "Scope shown"): its agency and that agency's country (its parcels are the agency's and those travelling to the
 * country; its departures those leaving or reaching it). Undefined for a role that sees every agency, or without agency.
 */
export async function dashboardPortee(
  db: Db,
  user: CurrentUser,
): Promise<{ agence: { id: string; libelle: string }; pays: { id: string; libelle: string } } | undefined> {
  if (user.allAgences || !user.agenceID) return undefined;
  const result = await db.execute(sql`
    SELECT a.id AS agence_id, a.libelle AS agence, p.id AS pays_id, p.libelle AS pays
      FROM agences a JOIN pays p ON p.id = a.pays_id WHERE a.id = ${user.agenceID}`);
  const [row] = rowsOf<{ agence_id: string; agence: string; pays_id: string; pays: string }>(result);
  return row ? { agence: { id: row.agence_id, libelle: row.agence }, pays: { id: row.pays_id, libelle: row.pays } } : undefined;
}

/** colis/colisEnvoyesParMois: parcels registered in each of the last twelve months (Europe/Paris), oldest first. */
export async function colisParMois(
  db: Db,
  user: CurrentUser,
  source: StatsSource = routesSource(),
  today?: string,
): Promise<{ data: MonthCount[]; byAgence: (AgenceRef & { monthlyData: MonthCount[] })[] }> {
  const months = lastTwelveMonths(today);
  const [agences, cells] = await Promise.all([
    user.allAgences ? loadAgences(db) : Promise.resolve([]),
    loadCells(db, user, source, ['mois'], { fromMonth: months[0] }),
  ]);
  const series = (keep: (c: Cell) => boolean): MonthCount[] =>
    months.map((month) => ({ month, count: cells.reduce((n, c) => (c.mois === month && keep(c) ? n + c.nb : n), 0) }));
  return {
    data: series(() => true),
    byAgence: agences.map((a) => ({ ...a, monthlyData: series((c) => c.agence === a.id) })),
  };
}

/**
 * The rate of a currency in force on the first day of a month: units for 1 € ('655.957000'), '1' for the euro,
 * undefined without a rate. The SQL-free twin of server/tauxChange/rates.ts tauxEnVigueur (the latest rate of the
 * currency starting on or before the day), over the whole history read once.
 */
type TauxDuMois = (devise: string, mois: string) => string | undefined;

/** Every exchange rate, read once per call (a few rows per currency), as a TauxDuMois. */
async function loadTaux(db: Db): Promise<TauxDuMois> {
  const result = await db.execute(sql`
    SELECT ${tauxChange.devise} AS devise, ${tauxChange.taux}::text AS taux, to_char(${tauxChange.dateDebut}, 'YYYY-MM-DD') AS debut
      FROM ${tauxChange} ORDER BY 1, 3 DESC`);
  const byDevise = new Map<string, { taux: string; debut: string }[]>();
  for (const r of rowsOf<{ devise: string; taux: string; debut: string }>(result)) {
    const list = byDevise.get(r.devise) ?? [];
    list.push({ taux: r.taux, debut: r.debut });
    byDevise.set(r.devise, list);
  }
  return (devise, mois) => {
    if (devise === DEVISE_COMPTABLE) return '1';
    const jour = `${mois}-01`;
    return byDevise.get(devise)?.find((t) => t.debut <= jour)?.taux;
  };
}

/** Cents of a currency converted to euro cents at `taux` (units for 1 €), rounded once, half away from zero. */
const centsEnEuros = (cents: bigint, devise: string, taux: string): bigint =>
  toCents(convertir(centsToString(cents), devise, DEVISE_COMPTABLE, taux, '1'));

type Sums = { nb: number; total: bigint; regle: bigint; reste: bigint };
const emptySums = (): Record<PaiementState, Sums> =>
  Object.fromEntries(PAIEMENT_STATES.map((p) => [p, { nb: 0, total: 0n, regle: 0n, reste: 0n }])) as Record<PaiementState, Sums>;

/**
 * Cells folded by (agency, payment state, month, currency), their statuses summed: what the money figures convert, so
 * that a parcel changing status never moves the euro totals (1 000 F + 1 000 F are 3,05 €, not 1,52 € + 1,52 €).
 */
function moneyCells(cells: Cell[]): Cell[] {
  const folded = new Map<string, Cell>();
  for (const c of cells) {
    const key = `${c.agence} ${c.paiement} ${c.mois} ${c.devise}`;
    const f = folded.get(key);
    if (!f) {
      folded.set(key, { ...c, statut: '' });
      continue;
    }
    f.nb += c.nb;
    f.montantTotal += c.montantTotal;
    f.reglement += c.reglement;
    f.resteAPayer += c.resteAPayer;
  }
  return [...folded.values()];
}

/**
 * Counts and amounts by payment state of some cells (common/dashboard.ts FinancialStats; docs/decisions/
 * dashboard-figures.md "Currencies"). The counts take every parcel. The amounts are in euros: the cells are folded by
 * (agency, payment state, month, currency) whatever their status (moneyCells), and each such cell converted at the
 * rate in force on its month's first day, its total and its paid part each rounded once to the cent and its rest their
 * difference (so the euro figures add up as the currency's do); a cell without a rate is left out of the euros, and
 * `horsTaux` counts the (currency, month) pairs so left out. `parDevise`: the same amounts in each currency,
 * unconverted, by currency code.
 */
function financialStats(cells: Cell[], taux: TauxDuMois): FinancialStats {
  const by = emptySums();
  const parDevise = new Map<string, Record<PaiementState, Sums>>();
  const horsTaux = new Set<string>();
  for (const c of moneyCells(cells)) {
    // Counter rows whose deltas cancel out (before compaction) are no parcel: no currency, no missing rate.
    if (c.nb === 0 && c.montantTotal === 0n && c.reglement === 0n && c.resteAPayer === 0n) continue;
    by[c.paiement].nb += c.nb;
    const own = parDevise.get(c.devise) ?? emptySums();
    parDevise.set(c.devise, own);
    const o = own[c.paiement];
    o.nb += c.nb;
    o.total += c.montantTotal;
    o.regle += c.reglement;
    o.reste += c.resteAPayer;
    const t = taux(c.devise, c.mois);
    if (t === undefined) {
      horsTaux.add(`${c.devise} ${c.mois}`);
      continue;
    }
    const total = c.devise === DEVISE_COMPTABLE ? c.montantTotal : centsEnEuros(c.montantTotal, c.devise, t);
    const regle = c.devise === DEVISE_COMPTABLE ? c.reglement : centsEnEuros(c.reglement, c.devise, t);
    const reste = c.devise === DEVISE_COMPTABLE ? c.resteAPayer : total - regle;
    const s = by[c.paiement];
    s.total += total;
    s.regle += regle;
    s.reste += reste;
  }
  const euros = centsToNumber;
  const units = centsToNumber;
  const { SOLDE, PARTIEL, ATTENTE } = by;
  return {
    quantify: { colisSoldes: SOLDE.nb, colisPartiellementPayes: PARTIEL.nb, colisEnAttente: ATTENTE.nb },
    money: {
      totalMontantPaye: euros(SOLDE.total),
      totalPartiellementPayes: euros(PARTIEL.total),
      totalMontantNonPaye: euros(ATTENTE.total),
      totalMontant: euros(SOLDE.total + PARTIEL.total + ATTENTE.total),
      totalEncaisse: euros(SOLDE.regle + PARTIEL.regle + ATTENTE.regle),
      totalResteAPayer: euros(SOLDE.reste + PARTIEL.reste + ATTENTE.reste),
      partielEncaisse: euros(PARTIEL.regle),
      partielReste: euros(PARTIEL.reste),
    },
    parDevise: [...parDevise.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([devise, d]): FinancialParDevise => ({
        devise,
        totalMontantPaye: units(d.SOLDE.total),
        totalPartiellementPayes: units(d.PARTIEL.total),
        totalMontantNonPaye: units(d.ATTENTE.total),
        totalMontant: units(d.SOLDE.total + d.PARTIEL.total + d.ATTENTE.total),
        partielEncaisse: units(d.PARTIEL.regle),
        partielReste: units(d.PARTIEL.reste),
      })),
    horsTaux: horsTaux.size,
  };
}

/** Parcels of each parcel status (every status, 0 included), in life order. */
function countsByStatut(cells: Cell[], libelles: Map<string, string>): StatutCount[] {
  return COLIS_STATUT_CODES.map((code: StatutCode) => ({
    statut: code,
    libelle: libelles.get(code) ?? code,
    count: cells.reduce((n, c) => (c.statut === code ? n + c.nb : n), 0),
  }));
}

/** colis/circularStatistiques: the payment states and the statuses of the user's parcels, and per agency. */
export async function circularStats(
  db: Db,
  user: CurrentUser,
  source: StatsSource = routesSource(),
): Promise<{
  financialStats: FinancialStats;
  nbreColisByStatut: StatutCount[];
  statsByAgence: { agence: AgenceRef; financialStats: FinancialStats; nbreColisByStatut: StatutCount[] }[];
}> {
  const [agences, cells, statuts, taux] = await Promise.all([
    user.allAgences ? loadAgences(db) : Promise.resolve([]),
    loadCells(db, user, source, ['statut', 'paiement', 'mois'], { money: true }),
    statutsByCode(db),
    loadTaux(db),
  ]);
  const libelles = new Map([...statuts.values()].map((s) => [s.code, s.libelle]));
  return {
    financialStats: financialStats(cells, taux),
    nbreColisByStatut: countsByStatut(cells, libelles),
    statsByAgence: agences.map((a) => {
      const own = cells.filter((c) => c.agence === a.id);
      return {
        agence: a,
        financialStats: financialStats(own, taux),
        nbreColisByStatut: countsByStatut(own, libelles),
      };
    }),
  };
}

/** How often the server folds the counters' delta rows (ms). */
export const STATS_COMPACT_EVERY_MS = 60_000;

/**
 * Folds the delta rows of the counter tables into one row per key (migration 0012 colis_stats_compact, and the payment
 * counters of the payments list's total, migration 0013 encaissements_stats_compact, and the lists' rows per day of
 * deep pages, migration 0014 list_jours_compact): the sums, hence every figure, total and page, are unchanged; reads
 * stay a sum over a few hundred (payments: a few thousand) rows. Safe to run at any time, concurrently with writes and
 * with itself.
 */
export async function compactStats(db: Db): Promise<void> {
  await db.execute(sql`SELECT colis_stats_compact()`);
  await db.execute(sql`SELECT encaissements_stats_compact()`);
  await db.execute(sql`SELECT list_jours_compact()`);
}
