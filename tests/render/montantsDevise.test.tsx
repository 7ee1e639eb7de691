/**
 * Every amount of a parcel or a payment shown in its own currency (docs/decisions/currencies.md): the parcel details'
 * cards (src/colis/show/ColisSummaryCard.tsx, ColisNaturesCard.tsx) and the payment details
 * (src/encaissements/EncaissementDetailsDialog.tsx): a parcel of a Dakar departure in F CFA, never in euros; a payment
 * tendered in euros shows what was handed over.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { ColisNaturesCard } from '../../src/colis/show/ColisNaturesCard';
import { ColisSummaryCard } from '../../src/colis/show/ColisSummaryCard';
import { EncaissementDetailsDialog } from '../../src/encaissements/EncaissementDetailsDialog';
import type { ColisRecord } from '../../src/colis/model/types';
import { renderAdmin } from './renderAdmin';

/** Spaces Intl puts in French numbers (no-break and narrow no-break) as plain spaces. */
const plain = (s: string | null | undefined) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

const DAKAR: ColisRecord = {
  id: '6f1c2a4e-7b3d-4c5e-9a8f-0b1c2d3e4f70',
  reference: 'DKR1-2611-000001',
  poids: 2,
  unite: 'KG',
  montant: 13120,
  montantLivraison: 1500,
  montantExpedition: 0,
  montantComplementaire: '250.5',
  montantTotal: 14871,
  reglement: 5000,
  resteAPayer: 9871,
  devise: 'XOF',
  statutID: { id: 's', code: 'RECEPTIONNE', libelle: 'Réceptionné' },
};

describe('amounts in their currency', () => {
  it('the parcel details: every amount of a Dakar parcel in F CFA, rounded to the franc', async () => {
    const getColisByReference = vi.fn(async () => ({
      colis: DAKAR,
      natures: [
        {
          id: 'l1',
          poids: 2,
          unitePoid: 'KG',
          prixUnitaire: 6560,
          prixExceptionnel: 0,
          prixTotal: 13120,
          natureColisID: { libelle: 'Cartons' },
        },
      ],
    }));
    const { container } = renderAdmin(
      <>
        <ColisSummaryCard colis={DAKAR} />
        <ColisNaturesCard colis={DAKAR} />
      </>,
      { dataProvider: { getColisByReference }, resource: 'colis', record: DAKAR },
    );
    expect(plain((await screen.findByTestId('details-total')).textContent)).toBe('14 871 F CFA');
    expect(plain(screen.getByTestId('details-reglement').textContent)).toBe('5 000 F CFA');
    expect(plain(screen.getByTestId('details-reste').textContent)).toBe('9 871 F CFA');
    await waitFor(() => expect(plain(container.textContent)).toContain('6 560 F CFA'));
    const text = plain(container.textContent);
    expect(text).toContain('13 120 F CFA');
    expect(text).toContain('1 500 F CFA');
    expect(text).toContain('251 F CFA'); // 250,5 F rounded half away from zero
    expect(text).not.toContain('€');
  });

  it('the payment details: the parcel and its payments in F CFA, and what was handed over in euros', async () => {
    const getEncaissementsOfColis = vi.fn(async () => ({
      colis: { reference: DAKAR.reference, montantTotal: 14871, reglement: 5000, resteAPayer: 9871, devise: 'XOF' },
      encaissements: [
        {
          id: 'e1',
          createdAt: '2026-11-20T10:00:00.000Z',
          paymentby: 'expediteur',
          montantEncaisse: 5000,
          montantRestant: 9871,
          devise: 'XOF',
          montantTendu: 7.62,
          deviseTendue: 'EUR',
          modePaiementID: { id: 'm', libelle: 'Espèces' },
        },
      ],
    }));
    renderAdmin(<EncaissementDetailsDialog colisId={DAKAR.id} reference={DAKAR.reference} open onClose={() => {}} />, {
      dataProvider: { getEncaissementsOfColis },
    });
    const row = await screen.findByText((_, el) => el?.tagName === 'TD' && plain(el.textContent).startsWith('5 000 F CFA'));
    expect(plain(row.textContent)).toBe('5 000 F CFAremis : 7,62 €');
    const dialog = plain(screen.getByRole('dialog').textContent);
    expect(dialog).toContain('14 871 F CFA');
    expect(dialog).toContain('9 871 F CFA');
  });
});
