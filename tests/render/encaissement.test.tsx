/**
 * The make-payment dialog (src/encaissements/MakeEncaissementDialog.tsx; spec 000 §2 "Payment dialogs", §4 "Parcel
 * payment", §5 "Make payment", §8): the parcel's total, settled and remaining amounts in its currency, the amount
 * (the remaining by default, lowered for a partial payment), the currency tendered with its equivalent shown live
 * (docs/decisions/currencies.md "Payments in another currency"), the required payment mode and the call it makes
 * (dataProvider.createEncaissement → POST encaissement/create); and the receipt (src/colis/receipt.ts,
 * src/colis/ReceiptButton.tsx): amounts in the parcel's currency, a payment tendered in another with its rate.
 */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError } from '../../src/providers/httpError';
import { MakeEncaissementDialog, type PayableColis } from '../../src/encaissements/MakeEncaissementDialog';
import type { EquivalentEncaissement } from '../../src/encaissements/encaissementMethods';
import { ReceiptButton } from '../../src/colis/ReceiptButton';
import { FinishColisButton } from '../../src/colis/FinishColisButton';
import * as receipt from '../../src/colis/receipt';
import type { ColisRecord } from '../../src/colis/model/types';
import { renderAdmin, sessionWith, setupUser, typeText, waitForAuth, type User } from './renderAdmin';
import { drawSignature, SIGNATURE_DATA_URL, stubCanvas } from './signaturePad';

vi.mock('../../src/colis/receipt', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/colis/receipt')>()),
  downloadReceipt: vi.fn(),
}));

// Ids are UUIDs, as the API's are (the dialog's schema checks them).
const COLIS_ID = '6f1c2a4e-7b3d-4c5e-9a8f-0b1c2d3e4f70';
const VIREMENT = '0a9e7c1d-2b3f-4a5b-8c6d-7e8f9a0b1c21';
const ESPECES = '0a9e7c1d-2b3f-4a5b-8c6d-7e8f9a0b1c22';

const COLIS: PayableColis = { id: COLIS_ID, reference: 'COL-2025-0007', montantTotal: 1234.5, reglement: '200', resteAPayer: '1034.50' };
/** A parcel of a Dakar departure, in F CFA, 6 560 F left to pay. */
const COLIS_XOF: PayableColis = {
  id: COLIS_ID,
  reference: 'DKR1-2611-000042',
  montantTotal: 10000,
  reglement: 3440,
  resteAPayer: 6560,
  devise: 'XOF',
};

const MODES = [
  { id: VIREMENT, libelle: 'Virement' },
  { id: ESPECES, libelle: 'Espèces' },
];

/** encaissement/equivalent for 6 560 F left, tendered in euros (655,957 F for 1 €): 10 € is worth 6 560 F. */
const EQUIVALENT_EUR: EquivalentEncaissement = { tauxTendu: '1', tauxColis: '655.957000', resteTendu: 10 };

/** Renders the open dialog on `colis` with the payment modes, the currencies offered and the calls; returns the spies. */
function renderDialog(
  opts: {
    colis?: PayableColis;
    createEncaissement?: (...args: unknown[]) => Promise<{ message: string }>;
    devises?: string[];
    getEquivalentEncaissement?: (...args: unknown[]) => Promise<EquivalentEncaissement>;
  } = {},
) {
  const colis = opts.colis ?? COLIS;
  const onPaid = vi.fn();
  const onClose = vi.fn();
  const createEncaissement = vi.fn(opts.createEncaissement ?? (async () => ({ message: 'encaissement effectué avec succès' })));
  const getModesPaiement = vi.fn(async () => MODES);
  const getEncaissementDevises = vi.fn(async () => ({ devise: colis.devise ?? 'EUR', devises: opts.devises ?? [colis.devise ?? 'EUR'] }));
  const getEquivalentEncaissement = vi.fn(opts.getEquivalentEncaissement ?? (async () => EQUIVALENT_EUR));
  renderAdmin(<MakeEncaissementDialog colis={colis} onClose={onClose} onPaid={onPaid} />, {
    session: sessionWith(['encaissementMake']),
    dataProvider: { getModesPaiement, createEncaissement, getEncaissementDevises, getEquivalentEncaissement },
  });
  return { onPaid, onClose, createEncaissement, getModesPaiement, getEncaissementDevises, getEquivalentEncaissement };
}

/** The value shown in the field labelled `label` (no-break spaces made plain). */
const value = (label: string | RegExp) => (screen.getByLabelText(label) as HTMLInputElement).value.replace(/\s/g, ' ');

/** The amount input. */
const montantInput = () => screen.getByRole('textbox', { name: /Montant encaissé/ }) as HTMLInputElement;

/** Picks a payment mode in the select. */
async function chooseMode(user: User, libelle: string) {
  await user.click(screen.getByRole('combobox', { name: /Mode de paiement/ }));
  await user.click(await screen.findByRole('option', { name: libelle }));
}

/** Picks the currency tendered. */
async function chooseDevise(user: User, name: RegExp) {
  await user.click(screen.getByRole('combobox', { name: /Devise/ }));
  await user.click(await screen.findByRole('option', { name }));
}

/** Replaces the amount typed. */
async function typeMontant(user: User, text: string) {
  fireEvent.change(montantInput(), { target: { value: '' } });
  await typeText(user, montantInput(), text);
}

describe('MakeEncaissementDialog (spec 000 §5 "Make payment")', () => {
  it("shows the parcel's reference and its total, settled and remaining amounts in euros, read-only", async () => {
    renderDialog();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Faire un encaissement — COL-2025-0007/)).toBeTruthy();
    expect(value('Montant total')).toBe('1 234,50 €');
    expect(value('Montant réglé')).toBe('200,00 €');
    expect(value('Reste à payer')).toBe('1 034,50 €');
    for (const label of ['Montant total', 'Montant réglé', 'Reste à payer']) {
      expect((screen.getByLabelText(label) as HTMLInputElement).readOnly).toBe(true);
    }
  });

  it('shows the amounts of a parcel in F CFA in its currency', async () => {
    renderDialog({ colis: COLIS_XOF });
    await screen.findByRole('dialog');
    expect(value('Montant total')).toBe('10 000 F CFA');
    expect(value('Reste à payer')).toBe('6 560 F CFA');
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

  it('without a payment mode, Encaisser sends nothing and the mode shows the spec text', async () => {
    const { createEncaissement, onPaid } = renderDialog();
    const user = setupUser();
    await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: 'Encaisser' }));
    const mode = screen.getByRole('combobox', { name: /Mode de paiement/ });
    await waitFor(() => expect(mode.getAttribute('aria-invalid')).toBe('true'));
    const helper = document.getElementById(String(mode.getAttribute('aria-describedby')).split(' ')[0]);
    expect(helper?.textContent).toBe('Veuillez remplir tous les champs obligatoire.');
    // and as a warning
    await waitFor(() => expect(screen.getAllByText('Veuillez remplir tous les champs obligatoire.')).toHaveLength(2));
    expect(createEncaissement).not.toHaveBeenCalled();
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('the amount defaults to the remaining: sent as montantEncaisse, the success text, then onPaid', async () => {
    const { createEncaissement, onPaid } = renderDialog();
    const user = setupUser();
    await screen.findByRole('dialog');
    expect(montantInput().value).toBe('1\u202f034,50');
    await chooseMode(user, 'Espèces');
    await user.click(screen.getByRole('button', { name: 'Encaisser' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    expect(createEncaissement).toHaveBeenCalledTimes(1);
    expect(createEncaissement).toHaveBeenCalledWith(COLIS_ID, ESPECES, { paymentby: 'destinateur', montantEncaisse: 1034.5 });
    expect(await screen.findByText('encaissement effectué avec succès')).toBeTruthy();
  });

  it('a lowered amount is sent (a partial payment), rounded to the cent', async () => {
    const { createEncaissement, onPaid } = renderDialog();
    const user = setupUser();
    await screen.findByRole('dialog');
    await typeMontant(user, '500,005');
    await chooseMode(user, 'Virement');
    await user.click(screen.getByRole('button', { name: 'Encaisser' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    expect(createEncaissement).toHaveBeenCalledWith(COLIS_ID, VIREMENT, { paymentby: 'destinateur', montantEncaisse: 500.01 });
  });

  it('an amount above the remaining is refused under the field with the server text, and nothing is sent', async () => {
    const { createEncaissement } = renderDialog();
    const user = setupUser();
    await screen.findByRole('dialog');
    await typeMontant(user, '1034,51');
    await chooseMode(user, 'Espèces');
    await user.click(screen.getByRole('button', { name: 'Encaisser' }));
    await waitFor(() => expect(montantInput().getAttribute('aria-invalid')).toBe('true'));
    const helper = document.getElementById(String(montantInput().getAttribute('aria-describedby')).split(' ')[0]);
    expect(helper?.textContent?.replace(/\s/g, ' ')).toBe('Le montant dépasse le reste à payer (1 034,50 €).');
    expect(createEncaissement).not.toHaveBeenCalled();
  });

  it('another currency: the remaining in it becomes the amount, the equivalent shows live, montantTendu is sent', async () => {
    const { createEncaissement, getEquivalentEncaissement, onPaid } = renderDialog({ colis: COLIS_XOF, devises: ['XOF', 'EUR'] });
    const user = setupUser();
    await screen.findByRole('dialog');
    expect(montantInput().value).toBe('6\u202f560');
    expect(screen.queryByTestId('encaissement-equivalent')).toBeNull();
    await chooseDevise(user, /^EUR/);
    expect(getEquivalentEncaissement).toHaveBeenCalledWith(COLIS_ID, 'EUR', expect.objectContaining({ signal: expect.any(AbortSignal) }));
    await waitFor(() => expect(montantInput().value).toBe('10,00'));
    const equivalent = () => screen.getByTestId('encaissement-equivalent').textContent?.replace(/\s/g, ' ');
    expect(equivalent()).toBe('Équivalent : 6 560 F CFA (1 EUR = 655,957 XOF)');
    await typeMontant(user, '5');
    await waitFor(() => expect(equivalent()).toBe('Équivalent : 3 280 F CFA (1 EUR = 655,957 XOF)'));
    await chooseMode(user, 'Espèces');
    await user.click(screen.getByRole('button', { name: 'Encaisser' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    expect(createEncaissement).toHaveBeenCalledWith(COLIS_ID, ESPECES, { paymentby: 'destinateur', montantTendu: 5, deviseTendue: 'EUR' });
  });

  it('another currency: an equivalent above the remaining is refused before sending', async () => {
    const { createEncaissement } = renderDialog({ colis: COLIS_XOF, devises: ['XOF', 'EUR'] });
    const user = setupUser();
    await screen.findByRole('dialog');
    await chooseDevise(user, /^EUR/);
    await waitFor(() => expect(montantInput().value).toBe('10,00'));
    await typeMontant(user, '10,01'); // 6 566 F
    await chooseMode(user, 'Espèces');
    await user.click(screen.getByRole('button', { name: 'Encaisser' }));
    await waitFor(() => expect(montantInput().getAttribute('aria-invalid')).toBe('true'));
    expect(createEncaissement).not.toHaveBeenCalled();
  });

  it("back to the parcel's currency before the other's answer: that late answer does not change the amount", async () => {
    let answer: (value: EquivalentEncaissement) => void = () => {};
    renderDialog({
      colis: COLIS_XOF,
      devises: ['XOF', 'EUR'],
      getEquivalentEncaissement: () => new Promise((resolve) => (answer = resolve)),
    });
    const user = setupUser();
    await screen.findByRole('dialog');
    await chooseDevise(user, /^EUR/);
    await chooseDevise(user, /^XOF/);
    expect(montantInput().value).toBe('6\u202f560');
    answer(EQUIVALENT_EUR);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(montantInput().value).toBe('6\u202f560');
    expect(screen.queryByTestId('encaissement-equivalent')).toBeNull();
  });

  it("a currency without a rate shows the server's message under the currency", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const message = 'Aucun taux de change pour EUR au 01/12/2026 : saisissez-le dans « Taux de change ».';
    renderDialog({
      colis: COLIS_XOF,
      devises: ['XOF', 'EUR'],
      getEquivalentEncaissement: async () => {
        throw new HttpError(message, 409, { message });
      },
    });
    const user = setupUser();
    await screen.findByRole('dialog');
    await chooseDevise(user, /^EUR/);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByTestId('encaissement-equivalent')).toBeNull();
  });

  it("a refusal shows the server's message and does not call onPaid", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {}); // react-admin's dataProvider logs the refusal
    const message = "Ce colis vient d'être soldé par un autre encaissement.";
    const { onPaid, createEncaissement } = renderDialog({
      createEncaissement: async () => {
        throw new HttpError(message, 409, { message });
      },
    });
    const user = setupUser();
    await screen.findByRole('dialog');
    await chooseMode(user, 'Virement');
    await user.click(screen.getByRole('button', { name: 'Encaisser' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(createEncaissement).toHaveBeenCalledWith(COLIS_ID, VIREMENT, { paymentby: 'destinateur', montantEncaisse: 1034.5 });
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('who pays is chosen: the sender paying later is recorded as the sender (spec 000 §3 paymentby)', async () => {
    const { createEncaissement, onPaid } = renderDialog();
    const user = setupUser();
    await screen.findByRole('dialog');
    const payer = screen.getByRole('combobox', { name: /Payé par/ });
    expect(payer.textContent).toBe('Destinataire');
    await user.click(payer);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Expéditeur', 'Destinataire']);
    await user.click(screen.getByRole('option', { name: 'Expéditeur' }));
    await chooseMode(user, 'Espèces');
    await user.click(screen.getByRole('button', { name: 'Encaisser' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    expect(createEncaissement).toHaveBeenCalledWith(COLIS_ID, ESPECES, { paymentby: 'expediteur', montantEncaisse: 1034.5 });
  });

  it('a GNF parcel settled in euros: the settling amount, its equivalent the remainder and the rounding said', async () => {
    const colis: PayableColis = {
      id: COLIS_ID,
      reference: 'CKY1-2612-000601',
      montantTotal: 260375,
      reglement: 0,
      resteAPayer: 260375,
      devise: 'GNF',
    };
    const { createEncaissement, onPaid } = renderDialog({
      colis,
      devises: ['GNF', 'EUR'],
      getEquivalentEncaissement: async () => ({ tauxTendu: '1', tauxColis: '9350.000000', resteTendu: 27.85 }),
    });
    const user = setupUser();
    await screen.findByRole('dialog');
    await chooseDevise(user, /^EUR/);
    await waitFor(() => expect(montantInput().value).toBe('27,85'));
    const equivalent = () => screen.getByTestId('encaissement-equivalent').textContent?.replace(/\s/g, ' ');
    expect(equivalent()).toBe('Équivalent : 260 375 GNF (1 EUR = 9 350 GNF) — solde du colis, arrondi de conversion : +23 GNF');
    await typeMontant(user, '27,84');
    await waitFor(() => expect(equivalent()).toBe('Équivalent : 260 304 GNF (1 EUR = 9 350 GNF)'));
    await user.clear(montantInput());
    await typeText(user, montantInput(), '27,85');
    await waitFor(() => expect(montantInput().value).toBe('27,85'));
    await chooseMode(user, 'Espèces');
    await user.click(screen.getByRole('button', { name: 'Encaisser' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    expect(createEncaissement).toHaveBeenCalledWith(COLIS_ID, ESPECES, {
      paymentby: 'destinateur',
      montantTendu: 27.85,
      deviseTendue: 'EUR',
    });
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

/** The proof the hand-over tests give (docs/decisions/release-proof.md): the release code and a signature. */
const PROOF = { codeRetrait: '123456', signature: SIGNATURE_DATA_URL };

/** Types the release code and draws the signature in the hand-over dialog. */
async function prove(user: User, dialog: HTMLElement) {
  await user.type(within(dialog).getByRole('textbox', { name: 'Code de retrait' }), PROOF.codeRetrait);
  drawSignature(within(dialog).getByTestId('signature-pad'));
}

describe("the hand-over of a parcel that still owes money (src/colis/FinishColisButton.tsx, 'Retiré' / 'Livré')", () => {
  /**
   * Renders 'Retiré' or 'Livré' on a parcel of which `resteAPayer` remain in `devise` (the euro), the counter offered
   * `devises`; returns the spies of finishColis and getEncaissementDevises.
   */
  function renderFinish(to: 'retirer' | 'livrer', resteAPayer: number, devise = 'EUR', devises = [devise]) {
    stubCanvas();
    const finishColis = vi.fn(async () => 'Colis marqué retiré');
    const getEncaissementDevises = vi.fn(async () => ({ devise, devises }));
    // 29 358 F CFA: 44,76 € settle them (44,756 €), at 655,957 F for 1 €.
    const getEquivalentEncaissement = vi.fn(async () => ({ tauxTendu: '1', tauxColis: '655.957000', resteTendu: 44.76 }));
    const colis = { id: COLIS_ID, reference: 'COL-2025-0007', resteAPayer, devise } as ColisRecord;
    renderAdmin(<FinishColisButton colis={colis} to={to} />, {
      session: sessionWith(['retraitColis', 'livraisonColis']),
      dataProvider: { finishColis, getModesPaiement: async () => MODES, getEncaissementDevises, getEquivalentEncaissement },
    });
    return { finishColis, getEncaissementDevises };
  }

  it('says what remains, requires a payment mode, then collects it in the same step', async () => {
    const { finishColis } = renderFinish('retirer', 25.75);
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Retiré' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Colis retiré/)).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent?.replace(/\s/g, ' ')).toBe(
      'Reste à payer : 25,75 €. Il sera encaissé dans la même opération.',
    );
    await prove(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Oui' }));
    const mode = within(dialog).getByRole('combobox', { name: /Mode de paiement/ });
    await waitFor(() => expect(mode.getAttribute('aria-invalid')).toBe('true'));
    // under the field and as a warning
    await waitFor(() => expect(screen.getAllByText('Veuillez remplir tous les champs obligatoire.')).toHaveLength(2));
    expect(finishColis).not.toHaveBeenCalled();
    await chooseMode(user, 'Espèces');
    await user.click(within(dialog).getByRole('button', { name: 'Oui' }));
    await waitFor(() =>
      expect(finishColis).toHaveBeenCalledWith(COLIS_ID, 'retirer', { ...PROOF, modePaiementID: ESPECES, paymentby: 'destinateur' }),
    );
    expect(await screen.findByText('Colis marqué retiré')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a parcel paid in full: no mode asked, Oui sends none', async () => {
    const { finishColis, getEncaissementDevises } = renderFinish('livrer', 0);
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Livré' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('combobox', { name: /Mode de paiement/ })).toBeNull();
    await prove(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Oui' }));
    await waitFor(() => expect(finishColis).toHaveBeenCalledWith(COLIS_ID, 'livrer', PROOF));
    expect(getEncaissementDevises).not.toHaveBeenCalled();
  });

  it("the recipient's release code goes with Oui; a malformed one is refused on the field (release-code.md)", async () => {
    const { finishColis } = renderFinish('retirer', 0);
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Retiré' }));
    const dialog = await screen.findByRole('dialog');
    const code = within(dialog).getByRole('textbox', { name: 'Code de retrait' });
    await user.type(code, '12a45');
    await user.click(within(dialog).getByRole('button', { name: 'Oui' }));
    expect(await within(dialog).findByText('Le code de retrait contient 6 chiffres')).toBeTruthy();
    expect(finishColis).not.toHaveBeenCalled();
    await user.clear(code);
    await user.type(code, ' 042917 ');
    // Without the signature: refused on the pad.
    await user.click(within(dialog).getByRole('button', { name: 'Oui' }));
    expect(await within(dialog).findByText('La signature de la personne qui retire le colis est obligatoire.')).toBeTruthy();
    expect(finishColis).not.toHaveBeenCalled();
    drawSignature(within(dialog).getByTestId('signature-pad'));
    await user.click(within(dialog).getByRole('button', { name: 'Oui' }));
    await waitFor(() =>
      expect(finishColis).toHaveBeenCalledWith(COLIS_ID, 'retirer', { codeRetrait: '042917', signature: SIGNATURE_DATA_URL }),
    );
  });

  it("the recipient's document instead of the code: its type and number, normalised; nothing without one", async () => {
    const { finishColis } = renderFinish('retirer', 0);
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Retiré' }));
    const dialog = await screen.findByRole('dialog');
    drawSignature(within(dialog).getByTestId('signature-pad'));
    await user.click(within(dialog).getByRole('button', { name: 'Oui' }));
    expect(await within(dialog).findAllByText(/Identifiez la personne qui retire le colis/)).not.toHaveLength(0);
    await user.click(within(dialog).getByRole('radio', { name: "Pièce d'identité" }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Type de pièce' }));
    await user.click(await screen.findByRole('option', { name: 'Passeport' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Numéro de la pièce' }), 'ab 12-34 567');
    await user.click(within(dialog).getByRole('button', { name: 'Oui' }));
    await waitFor(() =>
      expect(finishColis).toHaveBeenCalledWith(COLIS_ID, 'retirer', {
        pieceType: 'PASSEPORT',
        pieceNumero: 'AB1234567',
        signature: SIGNATURE_DATA_URL,
      }),
    );
  });

  it('a F CFA parcel handed over at a euro counter: the remainder collected in euros, by whom is chosen', async () => {
    const { finishColis } = renderFinish('retirer', 29358, 'XOF', ['XOF', 'EUR']);
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Retiré' }));
    const dialog = await screen.findByRole('dialog');
    const shown = () => (within(dialog).getByTestId('montant-solde') as HTMLInputElement).value.replace(/\s/g, ' ');
    expect(shown()).toBe('29 358 F CFA');
    await chooseDevise(user, /^EUR/);
    await waitFor(() => expect(shown()).toBe('44,76 €'));
    expect(within(dialog).getByTestId('encaissement-equivalent').textContent?.replace(/\s/g, ' ')).toBe(
      'Équivalent : 29 358 F CFA (1 EUR = 655,957 XOF) — solde du colis, arrondi de conversion : +3 F CFA',
    );
    await chooseMode(user, 'Espèces');
    await user.click(within(dialog).getByRole('combobox', { name: /Payé par/ }));
    await user.click(await screen.findByRole('option', { name: 'Expéditeur' }));
    await prove(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Oui' }));
    await waitFor(() =>
      expect(finishColis).toHaveBeenCalledWith(COLIS_ID, 'retirer', {
        ...PROOF,
        modePaiementID: ESPECES,
        paymentby: 'expediteur',
        deviseTendue: 'EUR',
        montantTendu: 44.76,
      }),
    );
  });
});

describe('receipt of a parcel in F CFA paid partly in euros (spec 000 §2 Receipt PDF)', () => {
  const colis: ColisRecord = {
    id: COLIS_ID,
    reference: 'DKR1-2611-000042',
    dateDepot: '2026-11-21T10:00:00.000Z',
    unite: 'KG',
    montantTotal: 10000,
    reglement: 9560,
    resteAPayer: 440,
    devise: 'XOF',
    agenceID: { id: 'a', libelle: 'Agence Dakar Plateau' },
    expediteurID: { id: 'x', nom: 'Ndiaye', prenoms: 'Moussa', telephoneComplet: '+221770000002' },
    nomDestinataire: 'Martin',
    prenomsDestinataire: 'Paul',
    telephoneDestinataire: '+33611223344',
  };
  const natures = [{ poids: '4.000', prixTotal: 10000, natureColisID: { libelle: 'Pagnes et tissus' } }];
  const especes = { id: 'm', _id: 'm', libelle: 'Espèces' };
  const payments = [
    {
      createdAt: '2026-11-21T10:00:00.000Z',
      montantEncaisse: 3000,
      devise: 'XOF',
      montantTendu: null,
      deviseTendue: null,
      tauxTendu: null,
      tauxColis: null,
      ecartConversion: 0,
      rembourseID: null,
      motif: null,
      modePaiementID: especes,
    },
    {
      createdAt: '2026-11-24T10:00:00.000Z',
      montantEncaisse: 6560,
      devise: 'XOF',
      montantTendu: 10,
      deviseTendue: 'EUR',
      tauxTendu: '1.000000',
      tauxColis: '655.957000',
      ecartConversion: 0,
      rembourseID: null,
      motif: null,
      modePaiementID: especes,
    },
  ];

  it('prints every amount in F CFA, and the tendered payment with its rate and equivalent', () => {
    const data = receipt.receiptDataFrom(colis, natures, null, payments);
    expect(data.devise).toBe('XOF');
    expect(receipt.receiptTenduText(data.encaissements![0], 'XOF')).toBeUndefined();
    expect(receipt.receiptTenduText(data.encaissements![1], 'XOF')?.replace(/\s/g, ' ')).toBe('Remis 10,00 € à 1 EUR = 655,957 XOF');
    const text = receipt.buildReceiptPdf(data).output();
    for (const part of [
      '10 000 F CFA',
      '9 560 F CFA',
      '440 F CFA',
      '3 000 F CFA',
      '6 560 F CFA',
      '1 EUR = 655,957 XOF',
      'Encaissements',
      '24/11/2026',
    ]) {
      expect(text).toContain(part);
    }
    expect(text).not.toContain('10 000,00');
  });

  it('the receipt button reads the payments when the user may, and builds the receipt with them', async () => {
    const getColisByReference = vi.fn(async () => ({ colis, natures, suiviUrl: undefined }));
    const getEncaissementsOfColis = vi.fn(async () => ({ encaissements: payments, colis: { devise: 'XOF' } }));
    const user = setupUser();
    renderAdmin(<ReceiptButton reference={colis.reference} />, {
      session: sessionWith(['encaissementDetailsColis', 'colisDetail']),
      dataProvider: { getColisByReference, getEncaissementsOfColis },
    });
    await waitForAuth();
    await user.click(await screen.findByRole('button', { name: /reçu/i }));
    await waitFor(() => expect(receipt.downloadReceipt).toHaveBeenCalledTimes(1));
    expect(getEncaissementsOfColis).toHaveBeenCalledWith(COLIS_ID);
    const data = vi.mocked(receipt.downloadReceipt).mock.calls[0][0];
    expect(data.devise).toBe('XOF');
    expect(data.encaissements?.[1]).toMatchObject({ montant: 6560, montantTendu: 10, deviseTendue: 'EUR', tauxColis: '655.957000' });
  });

  it('without a key of the payments, the receipt is built without them', async () => {
    vi.mocked(receipt.downloadReceipt).mockClear();
    const getColisByReference = vi.fn(async () => ({ colis, natures, suiviUrl: undefined }));
    const getEncaissementsOfColis = vi.fn(async () => ({ encaissements: payments }));
    const user = setupUser();
    renderAdmin(<ReceiptButton reference={colis.reference} />, {
      session: sessionWith(['colisDetail']),
      dataProvider: { getColisByReference, getEncaissementsOfColis },
    });
    await waitForAuth();
    await user.click(await screen.findByRole('button', { name: /reçu/i }));
    await waitFor(() => expect(receipt.downloadReceipt).toHaveBeenCalledTimes(1));
    expect(getEncaissementsOfColis).not.toHaveBeenCalled();
    expect(vi.mocked(receipt.downloadReceipt).mock.calls[0][0]).toMatchObject({ devise: 'XOF', encaissements: [] });
  });
});
