/**
 * The public tracking page and the stock statement show a parcel's amount in its own currency
 * (docs/decisions/currencies.md, public-tracking.md): src/suivi/SuiviColisView.tsx writes the amount still due of a
 * Dakar parcel in F CFA, src/inventaire/InventaireShow.tsx each parcel's total in its currency (F CFA, euros), never
 * a F CFA amount with the euro sign.
 */
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { SuiviColis } from '../../common/suivi';
import InventaireShow from '../../src/inventaire/InventaireShow';
import type { InventaireColis, InventaireDetail } from '../../src/inventaire/types';
import { SuiviColisView } from '../../src/suivi/SuiviColisView';
import { AGENT_ROLE, renderAdmin, sessionWith, waitForAuth } from './renderAdmin';

/** Spaces Intl puts in French numbers (no-break and narrow no-break) as plain spaces. */
const plain = (s: string | null | undefined) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

const SUIVI: SuiviColis = {
  reference: 'DKR1-2611-000001',
  statut: { code: 'RECEPTIONNE', libelle: 'Réceptionné' },
  etapes: [{ date: '2026-11-20T10:00:00.000Z', statut: { code: 'RECEPTIONNE', libelle: 'Réceptionné' } }],
  dateDepart: '2026-11-22',
  dateArriveePrevue: '2026-11-24',
  modeEnvoi: 'Aérien',
  origine: { ville: 'Dakar', pays: 'Sénégal' },
  destination: { ville: 'Paris', pays: 'France' },
  modeLivraison: 'Livraison à domicile',
  agenceRetrait: null,
  resteAPayer: 6560,
  devise: 'XOF',
  expediteur: 'A. D.',
  destinataire: 'M. F.',
  remise: null,
};

describe('the public tracking page', () => {
  it('writes the amount still due of a Dakar parcel in F CFA', () => {
    render(<SuiviColisView colis={SUIVI} />);
    expect(plain(screen.getByTestId('suivi-reste').textContent)).toBe('6 560 F CFA');
  });

  it('a parcel handed over says when and by which agency, nothing of who took it', () => {
    const { unmount } = render(
      <SuiviColisView
        colis={{
          ...SUIVI,
          statut: { code: 'RETIRE', libelle: 'Retiré' },
          remise: { date: '2026-12-07T22:30:00.000Z', statut: 'RETIRE', agence: 'Agence Dakar Plateau' },
        }}
      />,
    );
    // 22:30 UTC is the 7th in Paris (23:30).
    expect(screen.getByTestId('suivi-remise').textContent).toBe("Retiré le 07/12/2026 à l'agence Dakar Plateau");
    unmount();
    render(<SuiviColisView colis={SUIVI} />);
    expect(screen.queryByTestId('suivi-remise')).toBeNull();
  });

  it('writes a parcel from Paris in euros, with cents', () => {
    render(<SuiviColisView colis={{ ...SUIVI, resteAPayer: 12.5, devise: 'EUR' }} />);
    expect(plain(screen.getByTestId('suivi-reste').textContent)).toBe('12,50 €');
  });
});

/** A parcel of a statement. */
const parcel = (id: string, reference: string, montantTotal: number, devise: string): InventaireColis => ({
  id,
  _id: id,
  reference,
  createdAt: '2026-11-20T10:00:00.000Z',
  detailsContenu: '',
  contenu: 'Vêtements',
  poids: 2,
  unite: 'KG',
  montantTotal,
  devise,
  nomDestinataire: 'Fall',
  prenomsDestinataire: 'Moussa',
  telephoneDestinataire: '+221770000000',
  destinataireID: null,
  statutID: { id: 's', _id: 's', code: 'RECEPTIONNE', libelle: 'Réceptionné' },
  attendu: true,
  trouve: true,
});

/** A statement of two parcels, one from Dakar in F CFA, one from Paris in euros, by Koné Awa. */
function twoParcelStatement(): InventaireDetail {
  const dakar = parcel('c1', 'DKR1-2611-000001', 6560, 'XOF');
  const paris = parcel('c2', 'PAR1-2611-000002', 50, 'EUR');
  return {
    id: 'inv-1',
    _id: 'inv-1',
    dateInventaire: '2026-11-20T10:00:00.000Z',
    createdAt: '2026-11-20T10:00:00.000Z',
    auteur: { id: 'u-kone', _id: 'u-kone', nom: 'Koné', prenom: 'Awa', prenoms: 'Awa' },
    agenceID: { id: 'a', _id: 'a', code: 'DKR1', libelle: 'Dakar Plateau' },
    colisId: [dakar, paris],
    colisAttendus: [dakar, paris],
    colisNonTrouve: [],
    referencesInconnues: [],
    referencesHorsAgence: [],
  };
}

/** Renders the statement page for a session holding `keys` (an agent's role), or SUPERADMIN; `over` changes the statement. */
async function showStatement(keys?: Parameters<typeof sessionWith>[0], over: Partial<InventaireDetail> = {}) {
  renderAdmin(
    <Routes>
      <Route path="/inventaire/:id" element={<InventaireShow />} />
    </Routes>,
    {
      dataProvider: { getOne: vi.fn(async () => ({ data: { ...twoParcelStatement(), ...over } })) },
      path: '/inventaire/inv-1',
      ...(keys ? { session: sessionWith(keys, AGENT_ROLE) } : {}),
    },
  );
  await waitForAuth();
  await screen.findByText('DKR1-2611-000001');
}

describe("the statement's author", () => {
  it('is a link to their user form for who may edit users', async () => {
    await showStatement();
    expect((await screen.findByRole('link', { name: 'Koné Awa' })).getAttribute('href')).toBe('/user/u-kone');
  });

  it('is plain text for an agent, who may not open users: no link that leads nowhere', async () => {
    await showStatement(['inventaire']);
    expect(screen.getByText('Koné Awa')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Koné Awa' })).toBeNull();
  });
});

describe('the stock statement', () => {
  it("lists another agency's parcels of the country apart from the unknown references, with their agency and no link", async () => {
    await showStatement(undefined, {
      referencesInconnues: ['ZZZ-0'],
      referencesHorsAgence: [
        { reference: 'LYS1-2612-000599', agence: 'Agence Lyon Guillotière' },
        { reference: 'MRS1-2612-000007', agence: null },
      ],
    });
    const hors = await screen.findByTestId('references-hors-agence');
    expect(plain(hors.textContent)).toContain('Colis hors de votre agence (2)');
    expect(plain(hors.textContent)).toContain('LYS1-2612-000599Agence Lyon Guillotière');
    expect(plain(hors.textContent)).toContain('MRS1-2612-000007Agence désactivée');
    expect(within(hors).queryAllByRole('link')).toHaveLength(0);
    expect(plain(screen.getByTestId('references-inconnues').textContent)).toContain('Références inconnues (1)');
  });

  it("shows each parcel's total in its own currency", async () => {
    await showStatement();
    const table = await screen.findByTestId('colis-trouves');
    const text = plain(table.textContent);
    expect(text).toContain('6 560 F CFA');
    expect(text).toContain('50,00 €');
    expect(text).not.toContain('6 560,00 €');
  });
});
