/**
 * Amounts and weights typed the French way in every form (docs/decisions/money-input.md, audit 001 B4): '150,50',
 * '1 250,5' and '1 250,50 €' (no-break or narrow no-break spaces) are read by the one parse (common/money.ts
 * parseDecimalFr) through the one input (src/kit/MontantInput.tsx), and the exact number reaches the dataProvider;
 * the field shows it back the French way on blur. The forms: the operation, the unit price, the departure, the
 * payment and the refund dialogs (the parcel wizard's are in tests/render/colis.test.tsx).
 */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { CreateParams, GetListParams, GetOneParams, UpdateParams } from 'react-admin';
import { addDays, todayIso } from '../../common/dates';
import OperationCreate from '../../src/operation/OperationCreate';
import ParamNatureModeEdit from '../../src/paramNatureMode/ParamNatureModeEdit';
import DepartEdit from '../../src/departs/DepartEdit';
import { MakeEncaissementDialog, type PayableColis } from '../../src/encaissements/MakeEncaissementDialog';
import { RembourserButton } from '../../src/encaissements/RembourserButton';
import { paymentFixture } from './paymentFixture';
import { ADMIN_ROLE, renderAdmin, sessionWith, setupUser, typeText, type User } from './renderAdmin';

/** The input labelled `label` (a text box once typed French; it was a spin button under type=number). */
const input = (label: RegExp, scope: HTMLElement = document.body) => within(scope).getByLabelText(label) as HTMLInputElement;

/** Replaces what the input holds with `text`, as a paste does, then leaves the field. */
async function retype(user: User, field: HTMLInputElement, text: string) {
  fireEvent.change(field, { target: { value: '' } });
  await typeText(user, field, text);
  await user.tab();
}

/** Picks `option` in the select labelled `label`. */
async function choose(user: User, label: RegExp, option: string | RegExp) {
  await user.click(await screen.findByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}

/** Spaces made plain (Intl and the input write narrow no-break spaces between groups). */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

// ---------------------------------------------------------------------------------------------------------------------
// The operation

const MOI = '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e02';
const CARBURANT = { id: '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e01', code: 'CARBURANT', libelle: 'Carburant', isActive: true };

/** Fills and saves 'Ajouter entrée/sortie' with `montant` typed (and the currency `devise` chosen); returns the body. */
async function saveOperation(montant: string, devise?: RegExp) {
  const create = vi.fn(async (_resource: string, params: CreateParams) => ({ data: { ...params.data, id: 'operation-1' } }));
  renderAdmin(<OperationCreate />, {
    session: sessionWith(['operation', 'addOperation'], ADMIN_ROLE, { id: MOI }),
    dataProvider: {
      getStaffUsers: vi.fn(async () => [{ id: MOI, nom: 'Koné', prenoms: 'Awa', agenceID: { id: 'agence-1' } }]),
      getList: vi.fn(async (resource: string, _params: GetListParams) => {
        const data = resource === 'typeOperation' ? [CARBURANT] : [];
        return { data, total: data.length };
      }),
      getMany: vi.fn(async (resource: string) => ({ data: resource === 'typeOperation' ? [CARBURANT] : [] })),
      create,
    },
    resource: 'operation',
    path: '/operation/create',
  });
  const user = setupUser();
  const field = await waitFor(() => input(/^Montant/));
  if (devise) await choose(user, /^Devise/, devise);
  await retype(user, field, montant);
  const shown = field.value;
  await choose(user, /^Motif/, 'Carburant');
  await user.click(screen.getByRole('radio', { name: 'Entrée' }));
  await typeText(user, screen.getByRole('textbox', { name: /^Description/ }), 'Vente de cartons');
  await user.click(screen.getByRole('button', { name: /Enregistrer/ }));
  await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
  return { data: create.mock.calls[0][1].data, shown };
}

describe('the operation amount (audit 001 B4: 150,50 recorded 15 050 €)', () => {
  it("sends 150.5 for '150,50' and shows it back the French way", async () => {
    const { data, shown } = await saveOperation('150,50');
    expect(data.montant).toBe(150.5);
    expect(shown).toBe('150,50');
  });

  it("sends 1250.5 for '1 250,5'", async () => {
    const { data, shown } = await saveOperation('1 250,5');
    expect(data.montant).toBe(1250.5);
    expect(plain(shown)).toBe('1 250,5');
  });

  it("in euros chosen, takes '1 250,50 €' as Intl writes it and shows the cents", async () => {
    const { data, shown } = await saveOperation('1\u202f250,50\u00a0€', /^EUR/);
    expect(data).toMatchObject({ montant: 1250.5, devise: 'EUR' });
    expect(plain(shown)).toBe('1 250,50');
  });
});

// ---------------------------------------------------------------------------------------------------------------------
// The unit price

const PRIX_ID = '8a1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e01';
const PAYS_SN = { id: '8a1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e02', libelle: 'Sénégal', devise: 'XOF', isActive: true };
const PAYS_FR = { id: '8a1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e03', libelle: 'France', devise: 'EUR', isActive: true };
const DAKAR = { id: '8a1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e04', libelle: 'Dakar', paysID: PAYS_SN, isActive: true };
const PARIS = { id: '8a1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e05', libelle: 'Paris', paysID: PAYS_FR, isActive: true };
const GROUPE = { id: '8a1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e06', libelle: 'Vêtements', isActive: true };
const AERIEN = { id: '8a1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e07', libelle: 'Aérien', code: 'AERIEN', isActive: true };
const REFS: Record<string, Record<string, unknown>[]> = {
  pays: [PAYS_SN, PAYS_FR],
  villes: [DAKAR, PARIS],
  groupeNatureColis: [GROUPE],
  modeEnvoi: [AERIEN],
};
const byId = (resource: string, id: unknown) => (REFS[resource] ?? []).find((r) => r.id === id);

/** Renders the edit page of a unit price `record` (its cities, group and mode among REFS); returns the update spy. */
function renderPrix(record: Record<string, unknown>) {
  const update = vi.fn(async (_resource: string, params: UpdateParams) => ({ data: { ...params.data, id: PRIX_ID } }));
  renderAdmin(
    <Routes>
      <Route path="/paramNatureMode/:id" element={<ParamNatureModeEdit />} />
    </Routes>,
    {
      resource: 'paramNatureMode',
      path: `/paramNatureMode/${PRIX_ID}`,
      dataProvider: {
        getOne: vi.fn(async (resource: string, params: GetOneParams) => {
          if (resource === 'paramNatureMode') return { data: record };
          const found = byId(resource, params.id);
          if (!found) throw new Error(`getOne ${resource} ${params.id}`);
          return { data: found };
        }),
        getList: vi.fn(async (resource: string) => ({ data: REFS[resource] ?? [], total: (REFS[resource] ?? []).length })),
        getMany: vi.fn(async (resource: string, params: { ids: unknown[] }) => ({
          data: params.ids.map((id) => byId(resource, id)).filter(Boolean),
        })),
        update,
      },
    },
  );
  return update;
}

const prixRecord = (over: Record<string, unknown>) => ({
  id: PRIX_ID,
  libelle: 'Vêtements Dakar → Paris Aérien',
  prixUnitaire: '5000',
  montantMinimum: null,
  villeOrigineID: DAKAR,
  villeDestinationID: PARIS,
  groupeNatureColisID: GROUPE,
  modeEnvoiID: AERIEN,
  ...over,
});

describe('the unit price and minimum charge, in the origin country’s currency', () => {
  it("sends 1250.5 and 150.5 for '1 250,5' and '150,50 F CFA' on a Dakar price", async () => {
    const update = renderPrix(prixRecord({}));
    const user = setupUser();
    const prix = await waitFor(() => input(/^Prix unitaire/i));
    await waitFor(() => expect(plain(prix.value)).toBe('5 000'));
    await retype(user, prix, '1 250,5');
    expect(plain(prix.value)).toBe('1 250,5');
    await retype(user, input(/^Montant minimum/), '150,50 F CFA');
    expect(input(/^Montant minimum/).value).toBe('150,50');
    await user.click(screen.getByRole('button', { name: /Enregistrer/ }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update.mock.calls[0][1].data).toMatchObject({ prixUnitaire: 1250.5, montantMinimum: 150.5 });
  });

  it('shows a price in euros with its cents once its country is loaded: 9 is 9,00', async () => {
    renderPrix(
      prixRecord({ prixUnitaire: 9, villeOrigineID: PARIS, villeDestinationID: DAKAR, libelle: 'Vêtements Paris → Dakar Aérien' }),
    );
    const prix = await waitFor(() => input(/^Prix unitaire/i));
    await waitFor(() => expect(prix.value).toBe('9,00'));
  });
});

// ---------------------------------------------------------------------------------------------------------------------
// The departure's weight

describe('the departure’s weight (kg)', () => {
  it("sends 1250.5 for '1 250,5 kg'", async () => {
    const ENVOI_ID = '9a1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e01';
    const update = vi.fn(async (_resource: string, params: UpdateParams) => ({ data: { ...params.data, id: ENVOI_ID } }));
    const record = {
      id: ENVOI_ID,
      reference: 'DEP-2612-001',
      modeEnvoiID: AERIEN,
      paysEmetteurID: PAYS_FR,
      paysID: PAYS_SN,
      dateFin: addDays(todayIso(), 10),
      dateDebut: addDays(todayIso(), 11),
      dateArrive: addDays(todayIso(), 12),
      contenu: 'Divers',
      poids: '800.000',
      poidsReel: '0',
    };
    renderAdmin(
      <Routes>
        <Route path="/depart/:id" element={<DepartEdit />} />
      </Routes>,
      {
        resource: 'depart',
        path: `/depart/${ENVOI_ID}`,
        dataProvider: {
          getOne: vi.fn(async () => ({ data: record })),
          getList: vi.fn(async (resource: string) => ({ data: REFS[resource] ?? [], total: (REFS[resource] ?? []).length })),
          getMany: vi.fn(async (resource: string, params: { ids: unknown[] }) => ({
            data: params.ids.map((id) => byId(resource, id)).filter(Boolean),
          })),
          update,
        },
      },
    );
    const user = setupUser();
    const poids = await waitFor(() => input(/^Poids/));
    await waitFor(() => expect(poids.value).toBe('800'));
    await retype(user, poids, '1 250,5 kg');
    expect(plain(poids.value)).toBe('1 250,5');
    await user.click(screen.getByRole('button', { name: /Enregistrer/ }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update.mock.calls[0][1].data).toMatchObject({ poids: 1250.5 });
  });
});

// ---------------------------------------------------------------------------------------------------------------------
// The payment and refund dialogs

const COLIS_ID = '6f1c2a4e-7b3d-4c5e-9a8f-0b1c2d3e4f70';
const ESPECES = '0a9e7c1d-2b3f-4a5b-8c6d-7e8f9a0b1c22';
const MODES = [{ id: ESPECES, libelle: 'Espèces' }];

describe('the payment dialog’s amount', () => {
  const COLIS: PayableColis = { id: COLIS_ID, reference: 'COL-2025-0007', montantTotal: 2000, reglement: 0, resteAPayer: '2000.00' };

  for (const [typed, sent] of [
    ['150,50', 150.5],
    ['1 250,5', 1250.5],
    ['1\u00a0250,50\u00a0€', 1250.5],
  ] as const) {
    it(`sends ${sent} for '${typed}'`, async () => {
      const createEncaissement = vi.fn(async () => ({ message: 'encaissement effectué avec succès' }));
      renderAdmin(<MakeEncaissementDialog colis={COLIS} onClose={vi.fn()} onPaid={vi.fn()} />, {
        session: sessionWith(['encaissementMake']),
        dataProvider: {
          getModesPaiement: vi.fn(async () => MODES),
          createEncaissement,
          getEncaissementDevises: vi.fn(async () => ({ devise: 'EUR', devises: ['EUR'] })),
          getEquivalentEncaissement: vi.fn(),
        },
      });
      const user = setupUser();
      const dialog = await screen.findByRole('dialog');
      const montant = input(/^Montant encaissé/, dialog);
      expect(plain(montant.value)).toBe('2 000,00');
      await retype(user, montant, typed);
      await choose(user, /Mode de paiement/, 'Espèces');
      await user.click(within(dialog).getByRole('button', { name: 'Encaisser' }));
      await waitFor(() => expect(createEncaissement).toHaveBeenCalledTimes(1));
      expect(createEncaissement).toHaveBeenCalledWith(COLIS_ID, ESPECES, { montantEncaisse: sent, paymentby: 'destinateur' });
    });
  }
});

describe('the refund dialog’s amount', () => {
  const PAYMENT = paymentFixture('6f1c2a4e-7b3d-4c5e-9a8f-0b1c2d3e4f71', 'DKR1-2611-000042', {
    montantEncaisse: 20000,
    montantRestant: 0,
    devise: 'XOF',
  });

  it("sends 1250 for '1 250 F CFA' on a payment in F CFA, and 151 for '150,50' (rounded to the franc)", async () => {
    for (const [typed, sent] of [
      ['1\u202f250\u00a0F\u202fCFA', 1250],
      ['150,50', 151],
    ] as const) {
      const rembourserEncaissement = vi.fn(async () => ({ message: 'Remboursement enregistré.' }));
      const view = renderAdmin(<RembourserButton />, {
        session: sessionWith(['encaissements', 'encaissementRembourser']),
        record: PAYMENT,
        resource: 'encaissements',
        dataProvider: { rembourserEncaissement, getModesPaiement: vi.fn(async () => MODES) },
      });
      const user = setupUser();
      await user.click(await screen.findByRole('button', { name: 'Rembourser' }));
      const dialog = await screen.findByRole('dialog');
      await retype(user, input(/^Montant remboursé/, dialog), typed);
      await choose(user, /Mode de paiement/, 'Espèces');
      await typeText(user, within(dialog).getByRole('textbox', { name: /Motif du remboursement/ }), 'Geste commercial');
      await user.click(within(dialog).getByRole('button', { name: 'Rembourser' }));
      await waitFor(() => expect(rembourserEncaissement).toHaveBeenCalledTimes(1));
      expect(rembourserEncaissement).toHaveBeenCalledWith(PAYMENT.id, {
        montant: sent,
        deviseTendue: 'XOF',
        modePaiementID: ESPECES,
        motif: 'Geste commercial',
      });
      view.unmount();
    }
  });
});
