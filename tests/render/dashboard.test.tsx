/**
 * The payments donut of the dashboard across currencies (src/dashboard/Dashboard.tsx; docs/decisions/
 * dashboard-figures.md "Currencies"): the donut in euros, one line under it per other currency in that currency, and a
 * warning when some months of a currency have no exchange rate.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import Dashboard from '../../src/dashboard/Dashboard';
import type { CircularStatsAnswer } from '../../src/dashboard/dashboardMethods';
import { AGENT_ROLE, renderAdmin, sessionWith, setupUser } from './renderAdmin';

/** Spaces Intl puts in French numbers (no-break and narrow no-break) as plain spaces. */
const plain = (s: string | null | undefined) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

const zeros = { totalMontantPaye: 0, totalPartiellementPayes: 0, partielEncaisse: 0, partielReste: 0 };

function circular(horsTaux: number): CircularStatsAnswer {
  return {
    financialStats: {
      quantify: { colisSoldes: 0, colisPartiellementPayes: 0, colisEnAttente: 2 },
      money: {
        ...zeros,
        totalMontantNonPaye: 1123.45,
        totalMontant: 1123.45,
        totalEncaisse: 0,
        totalResteAPayer: 1123.45,
      },
      parDevise: [
        { devise: 'EUR', ...zeros, totalMontantNonPaye: 123.45, totalMontant: 123.45 },
        { devise: 'XOF', ...zeros, totalMontantNonPaye: 655957, totalMontant: 655957 },
      ],
      horsTaux,
    },
    nbreColisByStatut: [],
    statsByAgence: [],
  };
}

const methods = (horsTaux: number) => ({
  getDashboardCounts: vi.fn(async () => ({ data: { colis: 2, envois: 0, clients: 0 }, byAgence: [] })),
  getColisParMois: vi.fn(async () => ({ data: [], byAgence: [] })),
  getCircularStats: vi.fn(async () => circular(horsTaux)),
  getOpenEnvois: vi.fn(async () => []),
});

describe('dashboard payments across currencies', () => {
  it('shows the euros in the donut and the F CFA under it, no warning when every amount has a rate', async () => {
    renderAdmin(<Dashboard />, { dataProvider: methods(0) });
    const line = await screen.findByTestId('payments-devise-XOF');
    expect(plain(line.textContent)).toBe('dont 655 957 F CFA (soldés 0 F CFA, partiellement payés 0 F CFA, en attente 655 957 F CFA)');
    expect(plain(screen.getByTestId('payments-donut').textContent)).toContain('1 123,45 €');
    expect(screen.queryByTestId('payments-devise-EUR')).toBeNull();
    expect(screen.queryByTestId('payments-hors-taux')).toBeNull();
  });

  it('warns when months of a currency have no rate', async () => {
    renderAdmin(<Dashboard />, { dataProvider: methods(2) });
    const warning = await screen.findByTestId('payments-hors-taux');
    expect(warning.textContent).toContain('2 mois de devises sans taux de change');
  });
});

describe('what the figures cover (docs/decisions/dashboard-figures.md "Scope shown")', () => {
  it("an agent's dashboard says its figures are its agency's parcels and those travelling to its country", async () => {
    const agentMethods = {
      ...methods(0),
      getDashboardCounts: vi.fn(async () => ({
        data: { colis: 2, envois: 0, clients: 0 },
        byAgence: [],
        portee: { agence: { id: 'agence-1', libelle: 'Agence Dakar Plateau' }, pays: { id: 'sn', libelle: 'Sénégal' } },
      })),
    };
    renderAdmin(<Dashboard />, {
      dataProvider: agentMethods,
      session: sessionWith(['stats', 'colis'], AGENT_ROLE, { agenceID: { id: 'agence-1', code: 'DKR1', libelle: 'Agence Dakar Plateau' } }),
    });
    expect(await screen.findByRole('heading', { name: 'TABLEAU DE BORD (Agence Dakar Plateau)' })).toBeTruthy();
    const portee = await screen.findByTestId('dashboard-portee');
    expect(portee.textContent).toBe(
      'Chiffres de votre agence et de tous les colis à destination de son pays (Sénégal) ; départs au départ ou à destination de ce pays.',
    );
  });

  it("ADMIN's view of one agency says it counts that agency's own parcels; the global view says nothing more", async () => {
    const adminMethods = {
      ...methods(0),
      getDashboardCounts: vi.fn(async () => ({
        data: { colis: 2, envois: 0, clients: 0 },
        byAgence: [
          { agence: { id: 'a1', code: 'DKR1', libelle: 'Agence Dakar Plateau', paysID: 'sn' }, stats: { colis: 2, envois: 0, clients: 0 } },
        ],
      })),
    };
    const user = setupUser();
    renderAdmin(<Dashboard />, { dataProvider: adminMethods });
    const parAgence = await screen.findByRole('button', { name: 'Par Agence' });
    await waitFor(() => expect((parAgence as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByTestId('dashboard-portee')).toBeNull();
    await user.click(parAgence);
    const portee = await screen.findByTestId('dashboard-portee');
    expect(portee.textContent).toBe('Chiffres des colis enregistrés par cette agence ; départs au départ de son pays.');
  });
});
