/**
 * 'Remise du colis' of the parcel details (src/colis/show/RemiseCard.tsx, docs/decisions/release-proof.md): once the
 * parcel is handed over, when, by whom, how the person was identified (never the document's number), and the
 * signature shown from its blob; a release without proof says so; nothing before the release nor outside the
 * destination agency (404).
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpError } from '../../src/providers/httpError';
import { RemiseCard } from '../../src/colis/show/RemiseCard';
import { renderAdmin, sessionWith } from './renderAdmin';

const COLIS_ID = '01a21416-aca4-767e-aa5c-0000000000c2';

/** A release record as GET colis/remise answers it. */
const record = (over: Record<string, unknown>) => ({
  statut: 'RETIRE',
  remisLe: '2026-12-06T14:05:00.000Z',
  methode: 'PIECE',
  pieceType: 'PASSEPORT',
  pieceDernier4: '4567',
  remisPar: 'Ndiaye Moussa',
  agence: 'Agence Dakar Plateau',
  mandataireID: null,
  mandataire: null,
  signature: true,
  photo: false,
  ...over,
});

function renderCard(methods: Record<string, unknown>, remis = true) {
  renderAdmin(<RemiseCard colisId={COLIS_ID} remis={remis} />, { session: sessionWith(['retraitColis']), dataProvider: methods });
}

describe('the release record card', () => {
  it("a parcel released on the recipient's passport: who, when, the document's last 4, the signature", async () => {
    const getRemiseImage = vi.fn(async () => new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }));
    renderCard({ getRemise: async () => record({}), getRemiseImage });
    const card = await screen.findByTestId('colis-remise');
    expect(card.textContent).toMatch(/Remis le06\/12\/2026 \d\d:05/);
    expect(card.textContent).toContain('ParNdiaye Moussa');
    expect(card.textContent).toContain('Identification' + "Pièce d'identité du destinataire");
    expect(card.textContent).toContain('Passeport …4567');
    const img = await within(card).findByRole('img', { name: 'Signature' });
    expect(img.getAttribute('src')).toMatch(/^blob:/);
    expect(getRemiseImage).toHaveBeenCalledWith(COLIS_ID, 'signature', expect.anything());
    expect(within(card).queryByRole('img', { name: 'Photo' })).toBeNull();
  });

  it('a proxy is named with their phone', async () => {
    const mandataire = {
      id: 'm1',
      nom: 'Sy',
      prenoms: 'Oumar',
      telephone: '+221771234567',
      pieceType: 'CNI',
      pieceDernier4: '0123',
      createdAt: '2026-12-05T10:00:00.000Z',
    };
    renderCard({
      getRemise: async () =>
        record({ methode: 'MANDATAIRE', pieceType: 'CNI', pieceDernier4: '0123', mandataireID: 'm1', mandataire, signature: false }),
    });
    const card = await screen.findByTestId('colis-remise');
    expect(card.textContent).toContain('IdentificationMandataire autorisé');
    expect(card.textContent).toContain('MandataireSy Oumar +221771234567');
    expect(card.textContent).toContain("Carte nationale d'identité …0123");
  });

  it('a release without proof says so', async () => {
    renderCard({
      getRemise: async () => record({ methode: null, pieceType: null, pieceDernier4: null, signature: false }),
    });
    const card = await screen.findByTestId('colis-remise');
    expect(card.textContent).toContain("Remis sans code ni pièce d'identité");
    expect(card.textContent).toContain('IdentificationAucune');
  });

  it('nothing before the release, nor for another agency (404)', async () => {
    const before = vi.fn(async () => record({}));
    renderCard({ getRemise: before }, false);
    await new Promise((r) => setTimeout(r, 50));
    expect(before).not.toHaveBeenCalled();
    const other = vi.fn(async () => {
      throw new HttpError('Aucun colis trouvé', 404, { success: false, message: 'Aucun colis trouvé' });
    });
    renderCard({ getRemise: other });
    await waitFor(() => expect(other).toHaveBeenCalled());
    expect(screen.queryByTestId('colis-remise')).toBeNull();
  });
});
