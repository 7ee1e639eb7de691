/**
 * The make-payment dialog (src/encaissements/MakeEncaissementDialog.tsx; spec 000 §2 "Payment dialogs", §4 "Parcel
 * payment", §5 "Make payment", §8): the parcel's total, settled and remaining amounts, the required payment mode and
 * the call it makes (dataProvider.createEncaissement → POST encaissement/create).
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { MakeEncaissementDialog, type PayableColis } from '../../src/encaissements/MakeEncaissementDialog';
import { renderAdmin, sessionWith, setupUser, type User } from './renderAdmin';

// Ids are UUIDs, as the API's are (the dialog's schema checks them).
const COLIS_ID = '6f1c2a4e-7b3d-4c5e-9a8f-0b1c2d3e4f70';
const VIREMENT = '0a9e7c1d-2b3f-4a5b-8c6d-7e8f9a0b1c21';
const ESPECES = '0a9e7c1d-2b3f-4a5b-8c6d-7e8f9a0b1c22';

const COLIS: PayableColis = { id: COLIS_ID, reference: 'COL-2025-0007', montantTotal: 1234.5, reglement: '200', resteAPayer: '1034.50' };

const MODES = [
  { id: VIREMENT, libelle: 'Virement' },
  { id: ESPECES, libelle: 'Espèces' },
];

/** Renders the open dialog with the payment modes and `createEncaissement`; returns the spies. */
function renderDialog(createEncaissement = vi.fn(async () => ({ message: 'encaissement effectué avec succès' }))) {
  const onPaid = vi.fn();
  const onClose = vi.fn();
  const getModesPaiement = vi.fn(async () => MODES);
  renderAdmin(<MakeEncaissementDialog colis={COLIS} open onClose={onClose} onPaid={onPaid} />, {
    session: sessionWith(['encaissementMake']),
    dataProvider: { getModesPaiement, createEncaissement },
  });
  return { onPaid, onClose, createEncaissement, getModesPaiement };
}

/** The value shown in the read-only field labelled `label` (no-break spaces made plain). */
const amount = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value.replace(/\s/g, ' ');

/** Picks a payment mode in the select. */
async function chooseMode(user: User, libelle: string) {
  await user.click(screen.getByRole('combobox', { name: /Mode de paiement/ }));
  await user.click(await screen.findByRole('option', { name: libelle }));
}

describe('MakeEncaissementDialog (spec 000 §5 "Make payment")', () => {
  it("shows the parcel's reference and its total, settled and remaining amounts in euros, read-only", async () => {
    renderDialog();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Faire un encaissement — COL-2025-0007/)).toBeTruthy();
    expect(amount('Montant total')).toBe('1 234,50 €');
    expect(amount('Montant réglé')).toBe('200,00 €');
    expect(amount('Reste à payer')).toBe('1 034,50 €');
    for (const label of ['Montant total', 'Montant réglé', 'Reste à payer']) {
      expect((screen.getByLabelText(label) as HTMLInputElement).readOnly).toBe(true);
    }
  });

  it('offers the payment modes getModesPaiement answers, in its order', async () => {
    renderDialog();
    const user = setupUser();
    await screen.findByRole('dialog');
    await user.click(screen.getByRole('combobox', { name: /Mode de paiement/ }));
    const options = await screen.findAllByRole('option');
    // The modes come sorted from the server (getModesPaiement asks modePaiement/liste sorted by libelle).
    expect(options.map((o) => o.textContent)).toEqual(['Virement', 'Espèces']);
  });

  it('without a payment mode, Encaisser sends nothing and the mode shows its error', async () => {
    const { createEncaissement, onPaid } = renderDialog();
    const user = setupUser();
    await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: 'Encaisser' }));
    const mode = screen.getByRole('combobox', { name: /Mode de paiement/ });
    await waitFor(() => expect(mode.getAttribute('aria-invalid')).toBe('true'));
    const helper = document.getElementById(String(mode.getAttribute('aria-describedby')).split(' ')[0]);
    expect(helper?.textContent).toMatch(/obligatoire|requis/i);
    expect(createEncaissement).not.toHaveBeenCalled();
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('with a mode, collects the remaining amount: createEncaissement(colis id, mode id), the success text, then onPaid', async () => {
    const { createEncaissement, onPaid } = renderDialog();
    const user = setupUser();
    await screen.findByRole('dialog');
    await chooseMode(user, 'Espèces');
    await user.click(screen.getByRole('button', { name: 'Encaisser' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    expect(createEncaissement).toHaveBeenCalledTimes(1);
    expect(createEncaissement).toHaveBeenCalledWith(COLIS_ID, ESPECES);
    expect(await screen.findByText('encaissement effectué avec succès')).toBeTruthy();
  });

  it("a refusal shows the server's message and does not call onPaid", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {}); // react-admin's dataProvider logs the refusal
    const message = 'Ce colis est déjà soldé';
    const createEncaissement = vi.fn(async (): Promise<{ message: string }> => {
      throw new HttpError(message, 409, { message });
    });
    const { onPaid } = renderDialog(createEncaissement);
    const user = setupUser();
    await screen.findByRole('dialog');
    await chooseMode(user, 'Virement');
    await user.click(screen.getByRole('button', { name: 'Encaisser' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(createEncaissement).toHaveBeenCalledWith(COLIS_ID, VIREMENT);
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('Annuler closes without collecting', async () => {
    const { createEncaissement, onClose } = renderDialog();
    const user = setupUser();
    await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(createEncaissement).not.toHaveBeenCalled();
  });
});
