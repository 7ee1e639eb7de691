/**
 * The 'Caisse' screen (src/caisse/CaissePage.tsx; docs/decisions/refunds-and-cash.md): the expected lines of an agent's
 * day in their currencies, the difference shown as the counted amount is typed (red when not zero), the required
 * amounts (the shared schema's message), the confirmation and the exact body of the closing call; the amounts typed
 * kept on their lines when the expected amounts are read again; a closed day's stored lines read-only; the history's
 * 'Rouvrir' for the key caisseRouvrir, which asks for the reason.
 */
import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { focusManager } from '@tanstack/react-query';
import CaissePage from '../../src/caisse/CaissePage';
import type { CaisseAttendu, CaisseCloture, CaisseClotureDetail } from '../../src/caisse/types';
import { todayIso } from '../../common/dates';
import { CAISSE_MESSAGES } from '../../common/schemas/caisse';
import { AGENT_ROLE, renderAdmin, sessionWith, setupUser, typeText, waitForAuth } from './renderAdmin';

/** Spaces Intl puts in French numbers (no-break and narrow no-break) as plain spaces. */
const plain = (s: string | null | undefined) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

const ESPECES = '0a9e7c1d-2b3f-4a5b-8c6d-7e8f9a0b1c22';
const WAVE = '0a9e7c1d-2b3f-4a5b-8c6d-7e8f9a0b1c23';
const AGENCE = { id: 'agence-1', _id: 'agence-1', code: 'DKR1', libelle: 'Agence Dakar Plateau' };
const today = todayIso();

/** Dakar's day: cash in F CFA and in euros, Wave in F CFA, and the cash operations in F CFA. */
const ATTENDU: CaisseAttendu = {
  agence: AGENCE,
  date: today,
  lignes: [
    {
      modePaiementID: ESPECES,
      modePaiement: { id: ESPECES, _id: ESPECES, code: 'ESPECES', libelle: 'Espèces' },
      libelle: 'Espèces',
      devise: 'EUR',
      attendu: '20.00',
    },
    {
      modePaiementID: ESPECES,
      modePaiement: { id: ESPECES, _id: ESPECES, code: 'ESPECES', libelle: 'Espèces' },
      libelle: 'Espèces',
      devise: 'XOF',
      attendu: '3000',
    },
    {
      modePaiementID: WAVE,
      modePaiement: { id: WAVE, _id: WAVE, code: 'WAVE', libelle: 'Wave' },
      libelle: 'Wave',
      devise: 'XOF',
      attendu: '1500',
    },
    { modePaiementID: null, modePaiement: null, libelle: CAISSE_MESSAGES.operations, devise: 'XOF', attendu: '-2500' },
  ],
  ecartsConversion: [],
  cloture: null,
};

const CLOTURE: CaisseClotureDetail = {
  id: 'cloture-1',
  _id: 'cloture-1',
  jour: today,
  commentaire: 'Manque 50 F',
  createdAt: '2026-11-26T17:30:00.000Z',
  agenceID: AGENCE,
  auteur: { id: 'user-moi', _id: 'user-moi', nom: 'Koné', prenoms: 'Awa' },
  rouverte: false,
  rouverteAt: null,
  rouvertePar: null,
  motifReouverture: null,
  ecarts: [
    { devise: 'EUR', ecart: '0.00' },
    { devise: 'XOF', ecart: '-50' },
  ],
  ecartsConversion: [],
  comptes: [
    { id: 'c1', _id: 'c1', ...ATTENDU.lignes[0], compte: '20.00', ecart: '0.00' },
    { id: 'c2', _id: 'c2', ...ATTENDU.lignes[1], compte: '2950', ecart: '-50' },
  ],
};

/** Renders the page for an agent of Dakar holding `keys`, with the calls given; returns the spies. */
function renderPage(opts: { attendu?: CaisseAttendu; liste?: CaisseCloture[]; keys?: ('caisse' | 'caisseRouvrir')[] } = {}) {
  const getCaisseAttendu = vi.fn(async () => opts.attendu ?? ATTENDU);
  const cloturerCaisse = vi.fn(async () => ({ message: 'Caisse clôturée avec succès !', data: CLOTURE }));
  const getCaisseListe = vi.fn(async () => ({ datas: opts.liste ?? [], total: opts.liste?.length ?? 0 }));
  const rouvrirCaisse = vi.fn(async () => ({ message: 'Caisse rouverte avec succès !', data: { ...CLOTURE, rouverte: true } }));
  const getCaisseCloture = vi.fn(async () => CLOTURE);
  renderAdmin(<CaissePage />, {
    session: sessionWith(opts.keys ?? ['caisse'], AGENT_ROLE, { agenceID: { id: AGENCE.id, code: AGENCE.code, libelle: AGENCE.libelle } }),
    dataProvider: { getCaisseAttendu, cloturerCaisse, getCaisseListe, rouvrirCaisse, getCaisseCloture },
    resource: 'caisse',
  });
  return { getCaisseAttendu, cloturerCaisse, getCaisseListe, rouvrirCaisse };
}

describe('the open day', () => {
  it('shows the expected lines of the agent’s own agency, each in its currency', async () => {
    const { getCaisseAttendu } = renderPage();
    await screen.findByTestId('caisse-lignes');
    expect(getCaisseAttendu).toHaveBeenCalledWith({ agenceID: undefined, date: today }, expect.anything());
    expect(plain(screen.getByTestId('agence-fixe').textContent)).toContain('Agence Dakar Plateau');
    expect([0, 1, 2, 3].map((i) => plain(screen.getByTestId(`attendu-${i}`).textContent))).toEqual([
      '20,00 €',
      '3 000 F CFA',
      '1 500 F CFA',
      '-2 500 F CFA',
    ]);
    expect(plain(screen.getByTestId('ligne-3').textContent)).toContain(CAISSE_MESSAGES.operations);
    expect(screen.getByTestId('ecart-0').textContent).toBe('—');
  });

  it('shows the difference as the amount is typed, in red when not zero, exact in the currency', async () => {
    renderPage();
    const user = setupUser();
    await typeText(user, await screen.findByTestId('compte-1'), '2 950,4');
    await waitFor(() => expect(plain(screen.getByTestId('ecart-1').textContent)).toBe('-50 F CFA'));
    const red = getComputedStyle(screen.getByTestId('ecart-1')).color;
    await typeText(user, screen.getByTestId('compte-0'), '20');
    await waitFor(() => expect(plain(screen.getByTestId('ecart-0').textContent)).toBe('0,00 €'));
    expect(getComputedStyle(screen.getByTestId('ecart-0')).color).not.toBe(red);
    await typeText(user, screen.getByTestId('compte-2'), '1600');
    await waitFor(() => expect(plain(screen.getByTestId('ecart-2').textContent)).toBe('+100 F CFA'));
    expect(getComputedStyle(screen.getByTestId('ecart-2')).color).toBe(red);
    expect(red).toMatch(/rgb\(211, 47, 47\)|#d32f2f/i);
  });

  it('requires every counted amount (the shared schema’s message) and sends nothing', async () => {
    const { cloturerCaisse } = renderPage();
    const user = setupUser();
    await typeText(user, await screen.findByTestId('compte-0'), '20');
    await user.click(screen.getByRole('button', { name: 'Clôturer la caisse' }));
    expect(await screen.findAllByText('Le montant compté est obligatoire')).toHaveLength(3);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(cloturerCaisse).not.toHaveBeenCalled();
  });

  it('asks for confirmation, then sends the counted amounts rounded to their currency and the comment', async () => {
    const { cloturerCaisse, getCaisseAttendu } = renderPage();
    const user = setupUser();
    await typeText(user, await screen.findByTestId('compte-0'), '20,004');
    await typeText(user, screen.getByTestId('compte-1'), '2 950,5');
    await typeText(user, screen.getByTestId('compte-2'), '1500');
    await typeText(user, screen.getByTestId('compte-3'), '-2500');
    await typeText(user, screen.getByTestId('commentaire'), 'Manque 49 F');
    await user.click(screen.getByRole('button', { name: 'Clôturer la caisse' }));
    const dialog = await screen.findByRole('dialog');
    expect(plain(dialog.textContent)).toContain(`du ${today.split('-').reverse().join('/')} pour « Agence Dakar Plateau »`);
    expect(plain(within(dialog).getByTestId('confirm-ecarts').textContent)).toBe('Écarts : 0,00 € · -49 F CFA.');
    expect(cloturerCaisse).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Clôturer la caisse' }));
    await waitFor(() => expect(cloturerCaisse).toHaveBeenCalledTimes(1));
    expect(cloturerCaisse).toHaveBeenCalledWith({
      date: today,
      comptes: [
        { modePaiementID: ESPECES, devise: 'EUR', montant: 20 },
        { modePaiementID: ESPECES, devise: 'XOF', montant: 2951 },
        { modePaiementID: WAVE, devise: 'XOF', montant: 1500 },
        { modePaiementID: null, devise: 'XOF', montant: -2500 },
      ],
      commentaire: 'Manque 49 F',
    });
    expect(await screen.findByText('Caisse clôturée avec succès !')).toBeTruthy();
    // The day is read again (now closed).
    await waitFor(() => expect(getCaisseAttendu.mock.calls.length).toBeGreaterThan(1));
  });
});

describe('the conversion differences of the day (docs/decisions/currencies.md "The last minor units")', () => {
  it('are shown under the lines, per parcel currency, counted in no line; none shown when there are none', async () => {
    renderPage({ attendu: { ...ATTENDU, ecartsConversion: [{ devise: 'GNF', ecart: '23' }] } });
    await screen.findByTestId('caisse-lignes');
    const shown = plain(screen.getByTestId('ecarts-conversion').textContent);
    expect(shown).toContain('Arrondis de conversion des soldes : +23 GNF');
    expect(screen.getAllByTestId(/^compte-/)).toHaveLength(ATTENDU.lignes.length);
  });

  it('a closed day shows those the closing stored', async () => {
    renderPage({ attendu: { ...ATTENDU, cloture: { ...CLOTURE, ecartsConversion: [{ devise: 'XOF', ecart: '-3' }] } } });
    await screen.findByTestId('caisse-cloturee');
    expect(plain(screen.getByTestId('ecarts-conversion').textContent)).toContain('-3 F CFA');
  });

  it('nothing when the day has none', async () => {
    renderPage();
    await screen.findByTestId('caisse-lignes');
    expect(screen.queryByTestId('ecarts-conversion')).toBeNull();
  });
});

describe('the expected amounts read again while counting', () => {
  it('keeps every amount typed, and the comment, on its line when the window regains focus', async () => {
    const { getCaisseAttendu } = renderPage();
    const user = setupUser();
    await typeText(user, await screen.findByTestId('compte-1'), '2 950');
    await typeText(user, screen.getByTestId('commentaire'), 'Manque 50 F');
    // Meanwhile a card payment in euros came in (a new line before the cash in F CFA) and the cash expected grew.
    const CARTE = '0a9e7c1d-2b3f-4a5b-8c6d-7e8f9a0b1c24';
    const [euros, francs, ...rest] = ATTENDU.lignes;
    const carte = {
      modePaiementID: CARTE,
      modePaiement: { id: CARTE, _id: CARTE, code: 'CARTE', libelle: 'Carte' },
      libelle: 'Carte',
      devise: 'EUR',
      attendu: '35.00',
    };
    getCaisseAttendu.mockImplementation(async () => ({ ...ATTENDU, lignes: [euros, carte, { ...francs, attendu: '4000' }, ...rest] }));
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => expect(screen.getByTestId('ligne-4')).toBeTruthy());
    expect(plain(screen.getByTestId('ligne-1').textContent)).toContain('Carte');
    expect((screen.getByTestId('compte-1') as HTMLInputElement).value).toBe('');
    expect((screen.getByTestId('compte-2') as HTMLInputElement).value).toBe('2 950');
    expect(plain(screen.getByTestId('attendu-2').textContent)).toBe('4 000 F CFA');
    await waitFor(() => expect(plain(screen.getByTestId('ecart-2').textContent)).toBe('-1 050 F CFA'));
    expect((screen.getByTestId('commentaire') as HTMLTextAreaElement).value).toBe('Manque 50 F');
    focusManager.setFocused(undefined);
  });
});

describe('a closed day and the history', () => {
  it('shows the stored lines read-only with their differences, who closed it, and no closing button', async () => {
    renderPage({ attendu: { ...ATTENDU, cloture: CLOTURE } });
    const closed = await screen.findByTestId('caisse-cloturee');
    expect(plain(closed.textContent)).toContain('par Koné Awa');
    expect(plain(closed.textContent)).toContain('Manque 50 F');
    expect(plain(screen.getByTestId('ecart-stocke-1').textContent)).toBe('-50 F CFA');
    expect(plain(screen.getByTestId('ecart-stocke-0').textContent)).toBe('0,00 €');
    expect(closed.querySelectorAll('input')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Clôturer la caisse' })).toBeNull();
  });

  it('offers Rouvrir with the key caisseRouvrir only, and asks for the reason', async () => {
    const { rouvrirCaisse } = renderPage({ liste: [CLOTURE], keys: ['caisse', 'caisseRouvrir'] });
    const user = setupUser();
    const row = await screen.findByTestId('cloture-cloture-1');
    expect(plain(row.textContent)).toContain('-50 F CFA');
    expect(plain(row.textContent)).toContain('Clôturée');
    await user.click(within(row).getByRole('button', { name: 'Rouvrir' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Rouvrir la caisse' }));
    expect(await within(dialog).findByText(CAISSE_MESSAGES.motifRequis)).toBeTruthy();
    expect(rouvrirCaisse).not.toHaveBeenCalled();
    await typeText(user, within(dialog).getByTestId('motif'), 'Encaissement oublié');
    await user.click(within(dialog).getByRole('button', { name: 'Rouvrir la caisse' }));
    await waitFor(() => expect(rouvrirCaisse).toHaveBeenCalledWith('cloture-1', 'Encaissement oublié'));
  });

  it('hides Rouvrir without caisseRouvrir', async () => {
    renderPage({ liste: [CLOTURE] });
    await waitForAuth();
    const row = await screen.findByTestId('cloture-cloture-1');
    expect(within(row).queryByRole('button', { name: 'Rouvrir' })).toBeNull();
  });
});
