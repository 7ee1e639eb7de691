/**
 * The parcel's status history card (src/colis/show/ColisHistoriqueCard.tsx; spec 000 §2 Parcel details; audit 000 B2,
 * docs/decisions/payment-history.md): a status change shows its two statuses; an entry a payment or a refund wrote
 * shows its line ('Encaissement de 20,00 €') across the two status columns, never 'Réceptionné → Réceptionné'.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ColisHistoriqueCard } from '../../src/colis/show/ColisHistoriqueCard';
import type { HistoriqueEntry } from '../../src/colis/model/types';
import { renderAdmin } from './renderAdmin';

const RECU = { id: 's-recu', _id: 's-recu', code: 'RECEPTIONNE', libelle: 'Réceptionné' };
const ATTENTE = { id: 's-attente', _id: 's-attente', code: 'EN_ATTENTE', libelle: 'En attente' };
const author = { id: 'u-ndiaye', _id: 'u-ndiaye', nom: 'Ndiaye', prenoms: 'Moussa' };

/** The history as the API answers it, newest first: a refund, a payment, then the reception. */
const HISTORY: HistoriqueEntry[] = [
  {
    id: 'h3',
    _id: 'h3',
    dateAction: '2026-11-26T10:05:00Z',
    statutAvantID: RECU,
    statutApresID: RECU,
    auteurID: author,
    paiement: { type: 'remboursement', montant: 5.5, devise: 'EUR', annule: false },
    libelle: 'Remboursement de 5,50 €',
  },
  {
    id: 'h2',
    _id: 'h2',
    dateAction: '2026-11-26T10:00:00Z',
    statutAvantID: RECU,
    statutApresID: RECU,
    auteurID: author,
    paiement: { type: 'encaissement', montant: 20, devise: 'EUR', annule: false },
    libelle: 'Encaissement de 20,00 €',
  },
  { id: 'h1', _id: 'h1', dateAction: '2026-11-25T09:00:00Z', statutAvantID: ATTENTE, statutApresID: RECU, auteurID: author },
];

describe('ColisHistoriqueCard (audit 000 B2)', () => {
  it('shows payments as payments and status changes as status changes', async () => {
    const getColisHistorique = vi.fn().mockResolvedValue(HISTORY);
    renderAdmin(<ColisHistoriqueCard reference="PAR1-2611-000568" />, { dataProvider: { getColisHistorique } });
    const table = await screen.findByRole('table', { name: 'Historique des statuts' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(getColisHistorique).toHaveBeenCalledWith('PAR1-2611-000568', expect.anything());
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells(rows[0]).slice(1)).toEqual(['Remboursement de 5,50 €', 'Ndiaye Moussa']);
    expect(cells(rows[1]).slice(1)).toEqual(['Encaissement de 20,00 €', 'Ndiaye Moussa']);
    expect(cells(rows[2]).slice(1)).toEqual(['En attente', 'Réceptionné', 'Ndiaye Moussa']);
    // 'Réceptionné' appears once: in the real status change only.
    expect(within(table).getAllByText('Réceptionné')).toHaveLength(1);
  });
});
