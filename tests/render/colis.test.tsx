/**
 * The parcel wizard's inputs (src/colis/ColisCreate.tsx → ColisInputs, its step INFO COLIS src/colis/wizard/
 * StepColisInfo.tsx and the nature lines src/colis/wizard/ColisNaturesInput.tsx; spec 000 §2 Add parcel, §5 "Parcel
 * creation", §9 pricing): the departure cards, the inputs of step 2, a nature line's price and amount, a required
 * field left empty, and the exact body the wizard sends to dataProvider.create('colis') (POST colis/create).
 */
import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { CreateParams, GetListParams, GetOneParams } from 'react-admin';
import ColisCreate from '../../src/colis/ColisCreate';
import { AGENT_ROLE, renderAdmin, sessionWith, setupUser, typeText, type User } from './renderAdmin';

// Ids are UUIDs, as the API's are (the wizard's schema checks them).
const ENVOI = '11111111-1111-4111-8111-000000000001';
const CI = '22222222-2222-4222-8222-000000000001';
const FR = '22222222-2222-4222-8222-000000000002';
const ABIDJAN = '33333333-3333-4333-8333-000000000001';
const BOUAKE = '33333333-3333-4333-8333-000000000002';
const VETEMENTS = '44444444-4444-4444-8444-000000000001';
const ELECTRONIQUE = '44444444-4444-4444-8444-000000000002';
const AGENCE_RETRAIT = '55555555-5555-4555-8555-000000000001';
const DOMICILE = '55555555-5555-4555-8555-000000000002';
const CLIENT = '66666666-6666-4666-8666-000000000001';

const envoi = {
  id: ENVOI,
  reference: 'DEP-2025-014',
  dateDebut: '2099-03-01',
  dateArrive: '2099-03-20',
  dateFin: '2099-02-25',
  poids: 1000,
  poidsReel: 250,
  poidsDisponible: 750,
  modeEnvoiID: { id: 'mode-maritime', code: 'MARITIME', libelle: 'Maritime' },
  paysID: { id: CI, libelle: "Côte d'Ivoire" },
  paysEmetteurID: { id: FR, libelle: 'France' },
  statutID: { id: 'statut-ouvert', code: 'OUVERT', libelle: 'Ouvert' },
};

const PAYS: Record<string, Record<string, unknown>> = {
  [CI]: { id: CI, libelle: "Côte d'Ivoire", indicatif: '+225', longueurNumero: 10 },
  [FR]: { id: FR, libelle: 'France', indicatif: '+33', longueurNumero: 9 },
};

const LISTS: Record<string, Record<string, unknown>[]> = {
  modeLivraison: [
    { id: AGENCE_RETRAIT, libelle: 'Récupération en Agence ' },
    { id: DOMICILE, libelle: 'Livraison à domicile' },
  ],
  natureColis: [
    { id: ELECTRONIQUE, libelle: 'Électronique' },
    { id: VETEMENTS, libelle: 'Vêtements' },
  ],
};

/** The prices of the route: 12 €/kg for clothes, 20 €/kg (exceptional price) for electronics. */
const PRIX: Record<string, { prixUnitaire: number; prixExceptionnel: number }> = {
  [VETEMENTS]: { prixUnitaire: 12, prixExceptionnel: 0 },
  [ELECTRONIQUE]: { prixUnitaire: 15, prixExceptionnel: 20 },
};

/** The wizard's dataProvider: react-admin's reads of the references, the named calls of the wizard, and `create`. */
function wizardProvider() {
  return {
    getList: vi.fn(async (resource: string, _params: GetListParams) => {
      const data = LISTS[resource] ?? [];
      return { data, total: data.length };
    }),
    getOne: vi.fn(async (resource: string, params: GetOneParams) => {
      if (resource === 'pays' && PAYS[params.id]) return { data: PAYS[params.id] };
      throw new Error(`getOne ${resource} ${params.id}`);
    }),
    getMany: vi.fn(async () => ({ data: [] })),
    getOpenEnvois: vi.fn(async () => [envoi]),
    getVillesByPays: vi.fn(async (paysId: string) =>
      paysId === CI
        ? [
            { id: ABIDJAN, libelle: 'Abidjan' },
            { id: BOUAKE, libelle: 'Bouaké' },
          ]
        : [],
    ),
    getPrixNature: vi.fn(async ({ natureColisID }: { natureColisID: string }) => PRIX[natureColisID]),
    getModesPaiement: vi.fn(async () => [{ id: '77777777-7777-4777-8777-000000000001', libelle: 'Espèces' }]),
    findClientByPhone: vi.fn(async () => ({ id: CLIENT, nom: 'Traoré', prenoms: 'Issa', telephoneComplet: '+2250701020304' })),
    create: vi.fn(async (_resource: string, params: CreateParams) => ({ data: { ...params.data, id: 'colis-nouveau' } })),
  };
}

/** Renders the add page for an agent of one agency (no agency to choose in step 1). */
function renderWizard() {
  const provider = wizardProvider();
  const view = renderAdmin(<ColisCreate />, {
    session: sessionWith(['colis', 'addColis'], AGENT_ROLE),
    dataProvider: provider,
    resource: 'colis',
    path: '/colis/create',
  });
  return { ...view, provider, user: setupUser() };
}

const missingText = () => screen.getByTestId('wizard-missing').textContent ?? '';
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

/** Picks `option` in the select whose label starts with `label` (within `scope`). */
async function choose(user: User, label: RegExp, option: string, scope: HTMLElement = document.body) {
  await user.click(within(scope).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** Step 1: chooses the departure, then Suivant. */
async function chooseEnvoi(user: User) {
  await user.click(await screen.findByRole('button', { name: /France → Côte d'Ivoire DEP-2025-014/ }));
  await waitFor(() => expect(button('Suivant').disabled).toBe(false));
  await user.click(button('Suivant'));
  await screen.findByRole('textbox', { name: /^Contenu/ });
}

/** Step 2 filled: content, city, one line of clothes (2.5 kg), agency pick-up. */
async function fillInfo(user: User) {
  await typeText(user, screen.getByRole('textbox', { name: /^Contenu/ }), '  Habits et chaussures ');
  await choose(user, /^Ville de destination/, 'Bouaké');
  await choose(user, /^Nature/, 'Vêtements');
  await typeText(user, screen.getByRole('textbox', { name: /^Poids/ }), '2.5');
  await choose(user, /^Mode de récupération/, 'Récupération en Agence');
}

describe('Parcel wizard, step 1 CHOIX DU DEPART (spec 000 §2)', () => {
  it('shows the open departures; Suivant stays disabled until one is chosen', async () => {
    const { user } = renderWizard();
    const card = await screen.findByRole('button', { name: /France → Côte d'Ivoire DEP-2025-014/ });
    expect(button('Suivant').disabled).toBe(true);
    expect(missingText()).toBe('À compléter : le départ');
    await user.click(card);
    await waitFor(() => expect(button('Suivant').disabled).toBe(false));
    expect(card.getAttribute('aria-pressed')).toBe('true');
  });
});

describe('Parcel wizard, step 2 INFO COLIS (spec 000 §2, §5, §9)', () => {
  it('shows the inputs of the step with one empty nature line, and says what is missing', async () => {
    const { user } = renderWizard();
    await chooseEnvoi(user);
    for (const label of [/^Contenu/, /^Observation/]) expect(screen.getByRole('textbox', { name: label })).toBeTruthy();
    for (const label of [/^Ville de destination/, /^Nature/, /^Unité/, /^Mode de récupération/]) {
      expect(screen.getByRole('combobox', { name: label })).toBeTruthy();
    }
    for (const label of [/^Poids/, /^Montant complémentaire/, /^Montant d'expédition/, /^Montant réglé/]) {
      expect(screen.getByRole('textbox', { name: label })).toBeTruthy();
    }
    expect(screen.getAllByRole('combobox', { name: /^Nature/ })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Ajouter une nature' })).toBeTruthy();
    expect(button('Suivant').disabled).toBe(true);
    expect(missingText()).toMatch(/^À compléter : le contenu, au moins une nature, le poids de chaque nature/);
  });

  it("a nature line shows the route's price and the line amount; the exceptional price wins (spec 000 §9)", async () => {
    const { user, provider } = renderWizard();
    await chooseEnvoi(user);
    await choose(user, /^Ville de destination/, 'Abidjan');
    await choose(user, /^Nature/, 'Vêtements');
    await typeText(user, screen.getByRole('textbox', { name: /^Poids/ }), '2.5');
    const prices = () => screen.getAllByTestId('line-price').map((p) => p.textContent?.replace(/\s/g, ' '));
    await waitFor(() => expect(prices()).toEqual(['12,00 € / kg → 30,00 €']));
    expect(provider.getPrixNature).toHaveBeenCalledWith(
      expect.objectContaining({ envoiID: ENVOI, natureColisID: VETEMENTS, villeID: ABIDJAN }),
      expect.anything(),
    );

    await user.click(screen.getByRole('button', { name: 'Ajouter une nature' }));
    const natures = screen.getAllByRole('combobox', { name: /^Nature/ });
    expect(natures).toHaveLength(2);
    await user.click(natures[1]);
    await user.click(await screen.findByRole('option', { name: 'Électronique' }));
    await typeText(user, screen.getAllByRole('textbox', { name: /^Poids/ })[1], '1');
    await waitFor(() => expect(prices()).toEqual(['12,00 € / kg → 30,00 €', '20,00 € / kg → 20,00 €']));
  });

  it('a weight left empty shows its error under the field and keeps Suivant disabled', async () => {
    const { user } = renderWizard();
    await chooseEnvoi(user);
    await fillInfo(user);
    await waitFor(() => expect(button('Suivant').disabled).toBe(false));
    const poids = screen.getByRole('textbox', { name: /^Poids/ });
    await user.clear(poids);
    await user.tab();
    await waitFor(() => expect(poids.getAttribute('aria-invalid')).toBe('true'));
    const helper = poids.closest('.MuiFormControl-root')?.querySelector('.MuiFormHelperText-root');
    expect(helper?.textContent).toMatch(/obligatoire|requis|supérieur à 0|nombre/i);
    expect(button('Suivant').disabled).toBe(true);
    expect(missingText()).toContain('le poids de chaque nature');
  });
});

describe('Parcel wizard, the save (spec 000 §5 "Step 3 save", §7 colis/create)', () => {
  it('sends dataProvider.create(colis) with the body built from the three steps', async () => {
    const { user, provider, location } = renderWizard();
    await chooseEnvoi(user);
    await fillInfo(user);
    await waitFor(() => expect(button('Suivant').disabled).toBe(false));
    await user.click(button('Suivant'));

    // Step 3: the recipient is found by phone (dial code of the destination country), the sender typed.
    const numero = await screen.findByRole('textbox', { name: /^Téléphone du destinataire/ });
    await typeText(user, numero, '0701020304');
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    expect(await screen.findByTestId('destinataire-found')).toBeTruthy();
    expect(provider.findClientByPhone).toHaveBeenCalledWith('+2250701020304');
    await user.click(screen.getByRole('radio', { name: "Saisir l'expéditeur" }));
    await typeText(user, screen.getByRole('textbox', { name: /^Nom de l'expéditeur/ }), 'Martin');
    await typeText(user, screen.getByRole('textbox', { name: /^Prénoms de l'expéditeur/ }), 'Claire');
    await typeText(user, screen.getByRole('textbox', { name: /^Téléphone de l'expéditeur/ }), '612345678');
    await waitFor(() => expect(button('Enregistrer').disabled).toBe(false));
    await user.click(button('Enregistrer'));

    await waitFor(() => expect(provider.create).toHaveBeenCalledTimes(1));
    const [resource, params] = provider.create.mock.calls[0];
    expect(resource).toBe('colis');
    expect(params.data).toEqual({
      envoiID: ENVOI,
      villeID: BOUAKE,
      modeLivraisonID: AGENCE_RETRAIT,
      naturesColis: [{ natureColisID: VETEMENTS, poids: 2.5 }],
      unite: 'KG',
      detailsContenu: 'Habits et chaussures',
      observation: '',
      adresseLivraison: '',
      montantLivraison: 0,
      montantExpedition: 0,
      montantComplementaire: 0,
      reglement: 0,
      expediteurNom: 'Martin',
      expediteurPrenom: 'Claire',
      NumeroSaisi: '+33612345678',
      destinataireID: CLIENT,
    });
    expect(await screen.findByText('colis ajouté avec succès')).toBeTruthy();
    await waitFor(() => expect(location()).toBe('/colis'));
  });
});

describe('Parcel wizard, amounts and weights typed the French way (docs/decisions/money-input.md, audit 001 B4)', () => {
  it("sends 2.5 kg, 1250.5, 150.5, 1000.5 and an advance of 150.5 for '2,5 kg', '1 250,5', '150,50', '1 000,50 €', '150,50'", async () => {
    const { user, provider } = renderWizard();
    await chooseEnvoi(user);
    await typeText(user, screen.getByRole('textbox', { name: /^Contenu/ }), 'Habits');
    await choose(user, /^Ville de destination/, 'Bouaké');
    await choose(user, /^Nature/, 'Vêtements');
    await typeText(user, screen.getByRole('textbox', { name: /^Poids/ }), '2,5 kg');
    await choose(user, /^Mode de récupération/, 'Livraison à domicile');
    await typeText(user, screen.getByRole('textbox', { name: /^Montant complémentaire/ }), '1 250,5');
    await typeText(user, screen.getByRole('textbox', { name: /^Montant d'expédition/ }), '150,50');
    await typeText(user, screen.getByRole('textbox', { name: /^Montant de livraison/ }), '1\u202f000,50\u00a0€');
    const reglement = screen.getByRole('textbox', { name: /^Montant réglé/ }) as HTMLInputElement;
    await typeText(user, reglement, '150,50');
    await user.tab();
    expect(reglement.value).toBe('150,50');
    expect((screen.getByRole('textbox', { name: /^Montant complémentaire/ }) as HTMLInputElement).value).toBe('1\u202f250,50');
    await choose(user, /^Mode de paiement/, 'Espèces');
    await waitFor(() => expect(button('Suivant').disabled).toBe(false));
    await user.click(button('Suivant'));

    await typeText(user, await screen.findByRole('textbox', { name: /^Téléphone du destinataire/ }), '0701020304');
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    expect(await screen.findByTestId('destinataire-found')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: "Saisir l'expéditeur" }));
    await typeText(user, screen.getByRole('textbox', { name: /^Nom de l'expéditeur/ }), 'Martin');
    await typeText(user, screen.getByRole('textbox', { name: /^Prénoms de l'expéditeur/ }), 'Claire');
    await typeText(user, screen.getByRole('textbox', { name: /^Téléphone de l'expéditeur/ }), '612345678');
    await waitFor(() => expect(button('Enregistrer').disabled).toBe(false));
    await user.click(button('Enregistrer'));
    await waitFor(() => expect(provider.create).toHaveBeenCalledTimes(1));
    expect(provider.create.mock.calls[0][1].data).toMatchObject({
      naturesColis: [{ natureColisID: VETEMENTS, poids: 2.5 }],
      montantComplementaire: 1250.5,
      montantExpedition: 150.5,
      montantLivraison: 1000.5,
      reglement: 150.5,
    });
  }, 60_000); // the three steps with five amounts re-render the whole wizard at each change: slow on a shared machine

  it('an advance above the total becomes the total as it is typed, with the hint', async () => {
    const { user } = renderWizard();
    await chooseEnvoi(user);
    await fillInfo(user);
    const reglement = screen.getByRole('textbox', { name: /^Montant réglé/ }) as HTMLInputElement;
    await typeText(user, reglement, '1 250,5');
    // 2,5 kg of clothes at 12 €/kg: 30 €.
    expect(reglement.value).toBe('30,00');
    expect(screen.getByText('montant réglé ne doit pas etre superieur au montant total')).toBeTruthy();
  });
});

describe('Parcel wizard by keyboard (spec 000 §2 "Enter key blocked inside the form"; docs/decisions/accessibility.md)', () => {
  /** Focuses `element` and presses Enter, as a keyboard user does after Tab. */
  async function enterOn(user: User, element: HTMLElement) {
    element.focus();
    await user.keyboard('{Enter}');
  }

  it('Enter activates a focused card or button, never submits from a one-line field, and each step focuses its first field', async () => {
    const { user, provider } = renderWizard();
    const card = await screen.findByRole('button', { name: /France → Côte d'Ivoire DEP-2025-014/ });
    await enterOn(user, card);
    await waitFor(() => expect(button('Suivant').disabled).toBe(false));
    expect(card.getAttribute('aria-pressed')).toBe('true');

    await enterOn(user, button('Suivant'));
    const contenu = await screen.findByRole('textbox', { name: /^Contenu/ });
    await waitFor(() => expect(document.activeElement).toBe(contenu));
    await fillInfo(user);
    // Enter in a one-line field moves nothing and sends nothing.
    await enterOn(user, screen.getByRole('textbox', { name: /^Contenu/ }));
    expect(screen.getByRole('textbox', { name: /^Contenu/ })).toBeTruthy();

    // Précédent by Enter: step 1, the chosen departure's card focused; Suivant twice by Enter: step 3, its first field.
    await enterOn(user, button('Précédent'));
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-pressed')).toBe('true'));
    await enterOn(user, button('Suivant'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /^Contenu/ })));
    await waitFor(() => expect(button('Suivant').disabled).toBe(false));
    await enterOn(user, button('Suivant'));
    const indicatif = await screen.findByRole('textbox', { name: /^Indicatif/ });
    await waitFor(() => expect(document.activeElement).toBe(indicatif));

    await typeText(user, screen.getByRole('textbox', { name: /^Téléphone du destinataire/ }), '0701020304');
    await enterOn(user, screen.getByRole('button', { name: 'Rechercher' }));
    expect(await screen.findByTestId('destinataire-found')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: "Saisir l'expéditeur" }));
    await typeText(user, screen.getByRole('textbox', { name: /^Nom de l'expéditeur/ }), 'Martin');
    await typeText(user, screen.getByRole('textbox', { name: /^Prénoms de l'expéditeur/ }), 'Claire');
    await typeText(user, screen.getByRole('textbox', { name: /^Téléphone de l'expéditeur/ }), '612345678');
    // Enter in the last field sends nothing; Enter on Enregistrer saves once.
    await user.keyboard('{Enter}');
    expect(provider.create).not.toHaveBeenCalled();
    await waitFor(() => expect(button('Enregistrer').disabled).toBe(false));
    await enterOn(user, button('Enregistrer'));
    await waitFor(() => expect(provider.create).toHaveBeenCalledTimes(1));
  });
});

describe('Parcel wizard, ENREGISTRER clicked twice (audit 000 B1)', () => {
  it('registers one parcel for two clicks in the same tick; the button is disabled until the page leaves', async () => {
    const { user, provider, location } = renderWizard();
    let answer!: (value: { data: Record<string, unknown> }) => void;
    provider.create.mockImplementation(
      (_resource: string, params: CreateParams) =>
        new Promise((resolve) => {
          answer = () => resolve({ data: { ...params.data, id: 'colis-nouveau' } });
        }),
    );
    await chooseEnvoi(user);
    await fillInfo(user);
    await waitFor(() => expect(button('Suivant').disabled).toBe(false));
    await user.click(button('Suivant'));
    await typeText(user, await screen.findByRole('textbox', { name: /^Téléphone du destinataire/ }), '0701020304');
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    await screen.findByTestId('destinataire-found');
    await user.click(screen.getByRole('radio', { name: "Saisir l'expéditeur" }));
    await typeText(user, screen.getByRole('textbox', { name: /^Nom de l'expéditeur/ }), 'Martin');
    await typeText(user, screen.getByRole('textbox', { name: /^Prénoms de l'expéditeur/ }), 'Claire');
    await typeText(user, screen.getByRole('textbox', { name: /^Téléphone de l'expéditeur/ }), '612345678');
    const save = button('Enregistrer');
    await waitFor(() => expect(save.disabled).toBe(false));
    // Two clicks before React draws anything between them.
    act(() => {
      save.click();
      save.click();
    });
    await waitFor(() => expect(provider.create).toHaveBeenCalledTimes(1));
    const pending = screen.getByRole('button', { name: 'Enregistrement...' }) as HTMLButtonElement;
    expect(pending.disabled).toBe(true);
    act(() => answer({ data: {} }));
    expect(await screen.findByText('colis ajouté avec succès')).toBeTruthy();
    // Saved, the wizard leaves for the list (here it stays drawn, as while the list loads): nothing saves again.
    expect(pending.disabled).toBe(true);
    act(() => pending.click());
    await waitFor(() => expect(location()).toBe('/colis'));
    expect(pending.disabled).toBe(true);
    expect(provider.create).toHaveBeenCalledTimes(1);
    // The three steps filled by hand: on the shared two cores this takes longer than the 20 s default.
  }, 40_000);
});
