/**
 * Pure rules of the dashboard (spec 000 §2 Dashboard, §6, §9; docs/decisions/dashboard-figures.md): the twelve months
 * and their French names, the view of a scope (global or one agency), the filtered list each figure opens, the toast
 * rule, the French texts, and the dataProvider methods over the three calls.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lastTwelveMonths, monthAbbrFr, monthLongFr } from '../../common/dashboard';
import { agenceHasNoColis, autresDevises, colisListPath, departListPath, formatCount, selectView } from '../../src/dashboard/dashboardView';
import type { CircularStatsAnswer, ColisParMoisAnswer, DashboardCountsAnswer } from '../../src/dashboard/dashboardMethods';
import { byClosingDateDesc } from '../../src/dashboard/OpenEnvois';
import { frenchAppMessages } from '../../src/i18n/fr';
import { dataProvider } from '../../src/appDataProvider';
import { installBrowserStubs, installFetch } from './helpers';

afterEach(() => vi.unstubAllGlobals());

const agence = { id: 'a1', code: 'PAR1', libelle: 'Agence Paris', paysID: 'fr' };
const counts = (colis: number) => ({ colis, envois: 1, clients: 2, colisEnAttente: colis }) as unknown as DashboardCountsAnswer['data'];

describe('months of the chart', () => {
  it('are the twelve months ending with the current one, oldest first, across a new year', () => {
    expect(lastTwelveMonths('2026-11-21')).toEqual([
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    expect(lastTwelveMonths('2027-01-01')[0]).toBe('2026-02');
    expect(lastTwelveMonths('2027-01-01')[11]).toBe('2027-01');
  });

  it('are named in French', () => {
    expect(['2026-01', '2026-02', '2026-06', '2026-08', '2026-12'].map(monthAbbrFr)).toEqual(['janv.', 'févr.', 'juin', 'août', 'déc.']);
    expect(monthLongFr('2026-02')).toBe('février 2026');
  });
});

describe('dashboard view', () => {
  const answers = {
    counts: { data: counts(10), byAgence: [{ agence, stats: counts(4) }] },
    monthly: { data: [{ month: '2026-11', count: 10 }], byAgence: [{ ...agence, monthlyData: [{ month: '2026-11', count: 4 }] }] },
    circular: {
      financialStats: { quantify: { colisSoldes: 10 } },
      nbreColisByStatut: [],
      statsByAgence: [{ agence, financialStats: { quantify: { colisSoldes: 4 } }, nbreColisByStatut: [] }],
    },
  } as unknown as { counts: DashboardCountsAnswer; monthly: ColisParMoisAnswer; circular: CircularStatsAnswer };

  it('shows the user figures globally, and one agency figures per agency', () => {
    expect(selectView({ kind: 'global' }, answers).counts?.colis).toBe(10);
    const one = selectView({ kind: 'agence', agenceId: 'a1' }, answers);
    expect(one).toMatchObject({
      agence,
      counts: { colis: 4 },
      monthly: [{ count: 4 }],
      circular: { financialStats: { quantify: { colisSoldes: 4 } } },
    });
    expect(selectView({ kind: 'agence', agenceId: 'unknown' }, answers)).toEqual({
      counts: undefined,
      monthly: undefined,
      circular: undefined,
      agence: undefined,
    });
  });

  it('opens the lists filtered so that their total is the figure (an explicit empty filter for the whole list)', () => {
    expect(colisListPath('EN_ATTENTE')).toBe(`/colis?filter=${encodeURIComponent('{"statut":"EN_ATTENTE"}')}`);
    expect(colisListPath('EXPEDIE', agence)).toBe(`/colis?filter=${encodeURIComponent('{"agenceID":"a1","statut":"EXPEDIE"}')}`);
    expect(colisListPath()).toBe(`/colis?filter=${encodeURIComponent('{}')}`);
    expect(departListPath('OUVERT', agence)).toBe(`/depart?filter=${encodeURIComponent('{"paysEmetteurID":"fr","statut":"OUVERT"}')}`);
    expect(departListPath()).toBe(`/depart?filter=${encodeURIComponent('{}')}`);
  });

  it('toasts only for an agency without any parcel', () => {
    const data = {
      data: counts(4),
      byAgence: [
        { agence, stats: counts(0) },
        { agence: { ...agence, id: 'a2' }, stats: counts(3) },
      ],
    };
    expect(agenceHasNoColis(data, 'a1')).toBe(true);
    expect(agenceHasNoColis(data, 'a2')).toBe(false);
    expect(agenceHasNoColis(undefined, 'a1')).toBe(false);
  });

  it('writes counts the French way and sorts departures latest closing first', () => {
    expect(formatCount(1000000)).toBe('1\u202f000\u202f000');
    const d = (reference: string, dateFin: string) => ({ id: reference, reference, dateFin });
    expect([d('A', '2026-01-02'), d('B', '2026-03-01'), d('C', '2026-03-01')].sort(byClosingDateDesc).map((x) => x.reference)).toEqual([
      'B',
      'C',
      'A',
    ]);
  });

  it('has the spec texts', () => {
    const fr = frenchAppMessages as unknown as { dashboard: Record<string, Record<string, string> & string> };
    expect(fr.dashboard.no_colis_agence).toBe('Aucun colis enregistré cette agence.');
    expect(fr.dashboard.colis_status.title).toBe('Statut des Colis');
    expect(fr.dashboard.envoi_status.title).toBe('Statut des Départs');
    expect(fr.dashboard.open_departures.title).toBe('Départs Ouverts');
    expect(fr.dashboard.monthly.title).toBe('Nombre de Colis envoyés par mois');
    expect([fr.dashboard.scope.global, fr.dashboard.scope.agence]).toEqual(['Globales', 'Par Agence']);
  });
});

describe('payments in other currencies', () => {
  const line = (devise: string, totalMontant: number, over: Record<string, number> = {}) => ({
    devise,
    totalMontant,
    totalMontantPaye: 0,
    totalPartiellementPayes: 0,
    totalMontantNonPaye: totalMontant,
    partielEncaisse: 0,
    partielReste: 0,
    ...over,
  });

  it('one line per currency other than the euro holding an amount, written in that currency', () => {
    const lines = autresDevises([
      line('EUR', 1234.5),
      line('XAF', 0),
      line('XOF', 701318, { totalMontantPaye: 500000, totalMontantNonPaye: 201318 }),
    ]);
    const nbsp = /[\u00a0\u202f]/g;
    expect(lines.map((l) => ({ ...l, total: l.total.replace(nbsp, ' '), paye: l.paye.replace(nbsp, ' ') }))).toEqual([
      { devise: 'XOF', total: '701 318 F CFA', paye: '500 000 F CFA', partiel: expect.any(String), attente: expect.any(String) },
    ]);
    expect(lines[0].attente.replace(nbsp, ' ')).toBe('201 318 F CFA');
    const fr = frenchAppMessages as unknown as { dashboard: { payments: Record<string, string> } };
    expect(fr.dashboard.payments.devise).toMatch(/^dont %\{total\}/);
    expect(fr.dashboard.payments.hors_taux).toContain('|||| %{smart_count}');
  });

  it('none for an answer without parDevise (older server) or in euros only', () => {
    expect(autresDevises(undefined)).toEqual([]);
    expect(autresDevises([line('EUR', 10)])).toEqual([]);
  });
});

describe('dashboard dataProvider methods', () => {
  it('call the three statistics calls with the user id', async () => {
    installBrowserStubs();
    const calls = installFetch({
      'GET colis/getAllData/u%201': { body: { success: true, data: counts(3), byAgence: [] } },
      'GET colis/colisEnvoyesParMois/u%201': { body: { success: true, data: [{ month: '2026-11', count: 3 }] } },
      'GET colis/circularStatistiques/u%201': {
        body: { success: true, data: { financialStats: {}, nbreColisByStatut: [], statsByAgence: [{ agence }] } },
      },
    });
    expect(await dataProvider.getDashboardCounts('u 1')).toEqual({ data: counts(3), byAgence: [] });
    expect(await dataProvider.getColisParMois('u 1')).toEqual({ data: [{ month: '2026-11', count: 3 }], byAgence: [] });
    expect((await dataProvider.getCircularStats('u 1')).statsByAgence).toEqual([{ agence }]);
    expect(calls.map((c) => c.url.pathname)).toEqual([
      '/api/colis/getAllData/u%201',
      '/api/colis/colisEnvoyesParMois/u%201',
      '/api/colis/circularStatistiques/u%201',
    ]);
  });
});
