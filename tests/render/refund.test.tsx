/**
 * Refunds in the UI (docs/decisions/refunds-and-cash.md): 'Rembourser' on a payment of the collections list
 * (src/encaissements/RembourserButton.tsx, key encaissementRembourser, only on a payment with something left to give
 * back) and its dialog (src/encaissements/RembourserDialog.tsx): the amount defaults to what is left refundable, the
 * mode and the reason are required, an amount above what is left is refused with the server's text, and the exact call
 * (dataProvider.rembourserEncaissement → POST encaissement/rembourser/{id}); a server refusal is shown. And the parcel
 * deletion's confirmation (src/colis/show/ColisDeleteButton.tsx): 'Encaissé : X' for a paid parcel, the server's
 * refusal shown.
 */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError } from '../../src/providers/httpError';
import { RembourserButton } from '../../src/encaissements/RembourserButton';
import type { Encaissement } from '../../src/encaissements/types';
import { paymentFixture } from './paymentFixture';
import { ColisDeleteButton } from '../../src/colis/show/ColisDeleteButton';
import { renderAdmin, sessionWith, setupUser, typeText, waitForAuth, type User } from './renderAdmin';

const PAYMENT_ID = '6f1c2a4e-7b3d-4c5e-9a8f-0b1c2d3e4f71';
const VIREMENT = '0a9e7c1d-2b3f-4a5b-8c6d-7e8f9a0b1c21';
const ESPECES = '0a9e7c1d-2b3f-4a5b-8c6d-7e8f9a0b1c22';
const MODES = [
  { id: VIREMENT, libelle: 'Virement' },
  { id: ESPECES, libelle: 'Espèces' },
];

/** A payment of 40 € of which 10,01 € were already given back: 29,99 € left refundable. */
const PAYMENT = paymentFixture(PAYMENT_ID, 'PAR1-2611-000042', { montantRembourse: 10.01 });

/** Renders 'Rembourser' on `record` with the calls; returns the spies. */
function renderButton(
  opts: { record?: Encaissement; keys?: 'none'; rembourser?: (...args: unknown[]) => Promise<{ message: string }> } = {},
) {
  const rembourserEncaissement = vi.fn(opts.rembourser ?? (async () => ({ message: 'Remboursement enregistré.' })));
  const getModesPaiement = vi.fn(async () => MODES);
  renderAdmin(<RembourserButton />, {
    session: sessionWith(opts.keys === 'none' ? ['encaissements'] : ['encaissements', 'encaissementRembourser']),
    record: opts.record ?? PAYMENT,
    resource: 'encaissements',
    dataProvider: { rembourserEncaissement, getModesPaiement },
  });
  return { rembourserEncaissement };
}

/** Opens the dialog from the row's button. */
async function open(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Rembourser' }));
  return screen.findByRole('dialog');
}

/** The value shown in the field labelled `label` (no-break spaces made plain). */
const value = (dialog: HTMLElement, label: string | RegExp) =>
  (within(dialog).getByLabelText(label) as HTMLInputElement).value.replace(/\s/g, ' ');

/** The text under a field (its helper). */
const helperOf = (input: HTMLElement) =>
  document.getElementById(String(input.getAttribute('aria-describedby')).split(' ')[0])?.textContent?.replace(/\s/g, ' ');

/** Picks a payment mode and types a reason. */
async function fill(user: User, dialog: HTMLElement, motif: string) {
  await user.click(within(dialog).getByRole('combobox', { name: /Mode de paiement/ }));
  await user.click(await screen.findByRole('option', { name: 'Virement' }));
  if (motif) await typeText(user, within(dialog).getByRole('textbox', { name: /Motif du remboursement/ }), motif);
}

describe("'Rembourser' on a payment and its dialog", () => {
  it('defaults to what is left refundable, and sends exactly the amount, the mode and the reason', async () => {
    const { rembourserEncaissement } = renderButton();
    const user = setupUser();
    const dialog = await open(user);
    expect(within(dialog).getByText(/Rembourser un encaissement — PAR1-2611-000042/)).toBeTruthy();
    expect(value(dialog, 'Montant encaissé')).toBe('40,00 €');
    expect(value(dialog, 'Reste remboursable')).toBe('29,99 €');
    expect((within(dialog).getByRole('textbox', { name: /Montant remboursé/ }) as HTMLInputElement).value).toBe('29,99');
    await fill(user, dialog, '  Colis abîmé ');
    await user.click(within(dialog).getByRole('button', { name: 'Rembourser' }));
    await waitFor(() => expect(rembourserEncaissement).toHaveBeenCalledTimes(1));
    expect(rembourserEncaissement).toHaveBeenCalledWith(PAYMENT_ID, {
      montant: 29.99,
      deviseTendue: 'EUR',
      modePaiementID: VIREMENT,
      motif: 'Colis abîmé',
    });
    expect(await screen.findByText('Remboursement enregistré.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a lowered amount in F CFA is rounded to the franc', async () => {
    const xof = { ...PAYMENT, montantEncaisse: 6560, montantRembourse: 1000, devise: 'XOF' };
    const { rembourserEncaissement } = renderButton({ record: xof });
    const user = setupUser();
    const dialog = await open(user);
    const montant = within(dialog).getByRole('textbox', { name: /Montant remboursé/ });
    expect((montant as HTMLInputElement).value).toBe('5\u202f560');
    fireEvent.change(montant, { target: { value: '' } });
    await typeText(user, montant, '1 000,4');
    await fill(user, dialog, 'Geste commercial');
    await user.click(within(dialog).getByRole('button', { name: 'Rembourser' }));
    await waitFor(() => expect(rembourserEncaissement).toHaveBeenCalledTimes(1));
    expect(rembourserEncaissement).toHaveBeenCalledWith(PAYMENT_ID, {
      montant: 1000,
      deviseTendue: 'XOF',
      modePaiementID: VIREMENT,
      motif: 'Geste commercial',
    });
  });

  it('a payment received in euros on a GNF parcel is given back in euros by default, or in GNF when chosen', async () => {
    // 27,85 € received for 260 375 GNF at 9 350 GNF for 1 €; 93 500 GNF (10 €) already given back.
    const gnf: Encaissement = {
      ...PAYMENT,
      montantEncaisse: 260375,
      montantRembourse: 93500,
      devise: 'GNF',
      montantTendu: 27.85,
      deviseTendue: 'EUR',
      tauxTendu: '1.000000',
      tauxColis: '9350.000000',
    };
    const { rembourserEncaissement } = renderButton({ record: gnf });
    const user = setupUser();
    const dialog = await open(user);
    const montant = () => within(dialog).getByRole('textbox', { name: /Montant remboursé \(EUR\)/ }) as HTMLInputElement;
    // 166 875 GNF left, 17,85 € in euros (17,8476 €).
    expect(value(dialog, 'Reste remboursable')).toBe('17,85 € (166 875 GNF)');
    expect(montant().value).toBe('17,85');
    fireEvent.change(montant(), { target: { value: '' } });
    await typeText(user, montant(), '10');
    expect(within(dialog).getByTestId('remboursement-equivalent').textContent?.replace(/\s/g, ' ')).toBe('Équivalent : 93 500 GNF');
    await fill(user, dialog, 'Trop perçu');
    await user.click(within(dialog).getByRole('button', { name: 'Rembourser' }));
    await waitFor(() => expect(rembourserEncaissement).toHaveBeenCalledTimes(1));
    expect(rembourserEncaissement).toHaveBeenCalledWith(PAYMENT_ID, {
      montant: 10,
      deviseTendue: 'EUR',
      modePaiementID: VIREMENT,
      motif: 'Trop perçu',
    });
  });

  it('the parcel currency chosen instead: all that is left in it, sent in it', async () => {
    const gnf: Encaissement = {
      ...PAYMENT,
      montantEncaisse: 260375,
      montantRembourse: 0,
      devise: 'GNF',
      montantTendu: 27.85,
      deviseTendue: 'EUR',
      tauxTendu: '1.000000',
      tauxColis: '9350.000000',
    };
    const { rembourserEncaissement } = renderButton({ record: gnf });
    const user = setupUser();
    const dialog = await open(user);
    await user.click(within(dialog).getByRole('combobox', { name: /Devise rendue/ }));
    await user.click(await screen.findByRole('option', { name: /^GNF/ }));
    const montant = within(dialog).getByRole('textbox', { name: /Montant remboursé \(GNF\)/ }) as HTMLInputElement;
    await waitFor(() => expect(montant.value.replace(/\s/g, ' ')).toBe('260 375'));
    expect(value(dialog, 'Reste remboursable')).toBe('260 375 GNF');
    await fill(user, dialog, 'Annulation');
    await user.click(within(dialog).getByRole('button', { name: 'Rembourser' }));
    await waitFor(() => expect(rembourserEncaissement).toHaveBeenCalledTimes(1));
    expect(rembourserEncaissement).toHaveBeenCalledWith(PAYMENT_ID, {
      montant: 260375,
      deviseTendue: 'GNF',
      modePaiementID: VIREMENT,
      motif: 'Annulation',
    });
  });

  it('refuses without a reason, and above what is left with the server text; nothing is sent', async () => {
    const { rembourserEncaissement } = renderButton();
    const user = setupUser();
    const dialog = await open(user);
    await fill(user, dialog, '');
    await user.click(within(dialog).getByRole('button', { name: 'Rembourser' }));
    const motif = within(dialog).getByRole('textbox', { name: /Motif du remboursement/ });
    await waitFor(() => expect(motif.getAttribute('aria-invalid')).toBe('true'));
    expect(helperOf(motif)).toBe('Le motif du remboursement est obligatoire');
    // and as a warning
    await waitFor(() => expect(screen.getAllByText('Le motif du remboursement est obligatoire')).toHaveLength(2));
    await typeText(user, motif, 'Trop perçu');
    const montant = within(dialog).getByRole('textbox', { name: /Montant remboursé/ });
    fireEvent.change(montant, { target: { value: '' } });
    await typeText(user, montant, '30');
    await user.click(within(dialog).getByRole('button', { name: 'Rembourser' }));
    await waitFor(() => expect(montant.getAttribute('aria-invalid')).toBe('true'));
    expect(helperOf(montant)).toBe('Le remboursement dépasse ce qui reste remboursable (29,99 €).');
    expect(rembourserEncaissement).not.toHaveBeenCalled();
  });

  it("shows the server's refusal (a closed cash day)", async () => {
    const message = 'La caisse du 20/11/2026 est clôturée pour cette agence.';
    renderButton({
      rembourser: async () => {
        throw new HttpError(message, 409, { success: false, message });
      },
    });
    const user = setupUser();
    const dialog = await open(user);
    await fill(user, dialog, 'Motif');
    await user.click(within(dialog).getByRole('button', { name: 'Rembourser' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('is not offered without the key, on a refund, or on a payment refunded in full', async () => {
    for (const opts of [
      { keys: 'none' as const },
      { record: { ...PAYMENT, montantEncaisse: -10, rembourseID: 'x', motif: 'Avoir', montantRembourse: 0 } },
      { record: { ...PAYMENT, montantRembourse: 40 } },
    ]) {
      const { unmount } = renderAdmin(<RembourserButton />, {
        session: sessionWith(opts.keys === 'none' ? ['encaissements'] : ['encaissements', 'encaissementRembourser']),
        record: opts.record ?? PAYMENT,
        dataProvider: {},
      });
      await waitForAuth();
      expect(screen.queryByRole('button', { name: 'Rembourser' })).toBeNull();
      unmount();
    }
  });
});

describe('the deletion of a parcel that collected money', () => {
  /** Renders the parcel's delete button on `colis`; deleteColis answers as given. */
  function renderDelete(colis: Record<string, unknown>, deleteColis: (...args: unknown[]) => Promise<unknown>) {
    const spy = vi.fn(deleteColis);
    renderAdmin(<ColisDeleteButton variant="button" />, {
      record: { id: 'colis-1', reference: 'PAR1-2611-000042', ...colis },
      resource: 'colis',
      dataProvider: { deleteColis: spy },
    });
    return spy;
  }

  it("says 'Encaissé : X' in the confirmation, and shows the server's refusal", async () => {
    const message = 'Ce colis a encaissé 30,00 € : remboursez-le avant de le supprimer.';
    const deleteColis = renderDelete({ reglement: 30, devise: 'EUR' }, async () => {
      throw new HttpError(message, 409, { success: false, message, encaisse: 30, devise: 'EUR' });
    });
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Supprimer le colis' }));
    const warning = await screen.findByTestId('colis-delete-encaisse');
    expect(warning.textContent?.replace(/\s/g, ' ')).toBe(
      "Encaissé : 30,00 €Ce colis a encaissé de l'argent : remboursez-le avant de le supprimer.",
    );
    await user.click(screen.getByRole('button', { name: 'Oui' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(deleteColis).toHaveBeenCalledTimes(1);
  });

  it('says nothing of money for a parcel that holds none', async () => {
    renderDelete({ reglement: 0, devise: 'XOF' }, async () => ({ outcome: 'deleted' }));
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Supprimer le colis' }));
    expect(await screen.findByRole('button', { name: 'Oui' })).toBeTruthy();
    expect(screen.queryByTestId('colis-delete-encaisse')).toBeNull();
  });
});
