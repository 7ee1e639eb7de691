/**
 * The parcel wizard offers only what can take a parcel (src/colis/ColisInputs.tsx, src/colis/wizard/StepEnvoi.tsx,
 * PoidsRestantAlert.tsx; spec 000 §2 CHOIX DU DEPART / INFO COLIS, §4 weight check; docs/decisions/wizard-departures.md):
 * the cards show the kg left and a full departure disabled with 'Complet'; step 2 shows the kg left live and warns
 * above them; a save refused because the departure closed or filled goes back to step 1 with the departures reloaded,
 * the choice cleared and the server's message; a weight refusal on a departure with room left keeps 'Contacter Admins'
 * and goes back to step 2; a remembered departure now full is not preselected.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { type CreateParams, type GetListParams, type GetOneParams } from 'react-admin';
import { HttpError } from '../../src/providers/httpError';
import ColisCreate from '../../src/colis/ColisCreate';
import { CHOSEN_ENVOI_KEY } from '../../src/colis/model/wizardRules';
import { AGENT_ROLE, renderAdmin, sessionWith, setupUser, typeText, type User } from './renderAdmin';

const OUVERT = '11111111-1111-4111-8111-000000000001';
const PLEIN = '11111111-1111-4111-8111-000000000002';
const CI = '22222222-2222-4222-8222-000000000001';
const FR = '22222222-2222-4222-8222-000000000002';
const ABIDJAN = '33333333-3333-4333-8333-000000000001';
const VETEMENTS = '44444444-4444-4444-8444-000000000001';
const AGENCE_RETRAIT = '55555555-5555-4555-8555-000000000001';
const CLIENT = '66666666-6666-4666-8666-000000000001';

/** A departure France → Côte d'Ivoire with `poidsDisponible` kg left out of 100. */
const departure = (id: string, reference: string, poidsDisponible: number, over: Record<string, unknown> = {}) => ({
  id,
  reference,
  dateDebut: '2099-03-01',
  dateArrive: '2099-03-20',
  dateFin: '2099-02-25',
  poids: 100,
  poidsReel: 100 - poidsDisponible,
  poidsDisponible,
  complet: poidsDisponible <= 0,
  devise: 'EUR',
  modeEnvoiID: { id: 'mode-maritime', code: 'MARITIME', libelle: 'Maritime' },
  paysID: { id: CI, libelle: "Côte d'Ivoire" },
  paysEmetteurID: { id: FR, libelle: 'France' },
  statutID: { id: 'statut-ouvert', code: 'OUVERT', libelle: 'Ouvert' },
  ...over,
});

const PAYS: Record<string, Record<string, unknown>> = {
  [CI]: { id: CI, libelle: "Côte d'Ivoire", indicatif: '+225', longueurNumero: 10 },
  [FR]: { id: FR, libelle: 'France', indicatif: '+33', longueurNumero: 9 },
};
const LISTS: Record<string, Record<string, unknown>[]> = {
  modeLivraison: [{ id: AGENCE_RETRAIT, libelle: 'Récupération en Agence ' }],
  natureColis: [{ id: VETEMENTS, libelle: 'Vêtements' }],
};

/** The wizard's dataProvider; `answers` are the successive envoi/ouvertActif answers (the last one repeats). */
function wizardProvider(answers: unknown[][], create?: (params: CreateParams) => Promise<unknown>) {
  let call = 0;
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
    getOpenEnvois: vi.fn(async () => answers[Math.min(call++, answers.length - 1)]),
    getVillesByPays: vi.fn(async () => [{ id: ABIDJAN, libelle: 'Abidjan' }]),
    getPrixNature: vi.fn(async () => ({ prixUnitaire: 12, prixExceptionnel: 0 })),
    getModesPaiement: vi.fn(async () => [{ id: '77777777-7777-4777-8777-000000000001', libelle: 'Espèces' }]),
    findClientByPhone: vi.fn(async () => ({ id: CLIENT, nom: 'Traoré', prenoms: 'Issa', telephoneComplet: '+2250701020304' })),
    contactAdminsForEnvoi: vi.fn(async () => 'opération terminée avec succès'),
    create: vi.fn(async (_resource: string, params: CreateParams) =>
      create ? create(params) : { data: { ...params.data, id: 'colis-nouveau' } },
    ),
  };
}

/** Renders the add page for an agent (no agency to choose). */
function renderWizard(provider: ReturnType<typeof wizardProvider>) {
  const view = renderAdmin(<ColisCreate />, {
    session: sessionWith(['colis', 'addColis'], AGENT_ROLE),
    dataProvider: provider,
    resource: 'colis',
    path: '/colis/create',
  });
  return { ...view, user: setupUser() };
}

afterEach(() => localStorage.removeItem(CHOSEN_ENVOI_KEY));
// Three steps filled key by key: tens of seconds on a machine shared with other test runs.
vi.setConfig({ testTimeout: 120_000 });

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const cardOf = (reference: string) =>
  screen.getAllByTestId('depart-card').find((c) => within(c).queryByText(reference)) ?? expect.fail(`no card ${reference}`);
const cardButton = (reference: string) => screen.getByRole('button', { name: new RegExp(`France → Côte d'Ivoire ${reference}`) });

async function choose(user: User, label: RegExp, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** Step 1: the open departure, then Suivant. */
async function chooseOpen(user: User, reference = 'DEP-OUVERT') {
  await user.click(await screen.findByRole('button', { name: new RegExp(reference) }));
  await waitFor(() => expect(button('Suivant').disabled).toBe(false));
  await user.click(button('Suivant'));
  await screen.findByRole('textbox', { name: /^Contenu/ });
}

/** Step 2 filled with one line of `poids` kg of clothes, then step 3 (recipient found, sender typed), then Enregistrer. */
async function fillAndSave(user: User, poids: string) {
  await typeText(user, screen.getByRole('textbox', { name: /^Contenu/ }), 'Habits');
  await choose(user, /^Ville de destination/, 'Abidjan');
  await choose(user, /^Nature/, 'Vêtements');
  await typeText(user, screen.getByRole('textbox', { name: /^Poids/ }), poids);
  await choose(user, /^Mode de récupération/, 'Récupération en Agence');
  await waitFor(() => expect(button('Suivant').disabled).toBe(false));
  await user.click(button('Suivant'));
  await typeText(user, await screen.findByRole('textbox', { name: /^Téléphone du destinataire/ }), '0701020304');
  await user.click(screen.getByRole('button', { name: 'Rechercher' }));
  await screen.findByTestId('destinataire-found');
  await user.click(screen.getByRole('radio', { name: "Saisir l'expéditeur" }));
  await typeText(user, screen.getByRole('textbox', { name: /^Nom de l'expéditeur/ }), 'Martin');
  await typeText(user, screen.getByRole('textbox', { name: /^Prénoms de l'expéditeur/ }), 'Claire');
  await typeText(user, screen.getByRole('textbox', { name: /^Téléphone de l'expéditeur/ }), '612345678');
  await waitFor(() => expect(button('Enregistrer').disabled).toBe(false));
  await user.click(button('Enregistrer'));
}

const text = (el: HTMLElement) => (el.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe('Step 1: the departures that can take a parcel', () => {
  it('shows the kg left on each card, and a full departure disabled with Complet: clicking it chooses nothing', async () => {
    const provider = wizardProvider([[departure(OUVERT, 'DEP-OUVERT', 12.5), departure(PLEIN, 'DEP-PLEIN', 0)]]);
    const { user } = renderWizard(provider);
    await screen.findByRole('button', { name: /DEP-OUVERT/ });
    expect(text(cardOf('DEP-OUVERT'))).toContain('Poids disponible12,5 kg');
    expect(text(cardOf('DEP-PLEIN'))).toContain('Poids disponible0 kg');
    expect(within(cardOf('DEP-PLEIN')).getByText('Complet')).toBeTruthy();
    expect(within(cardOf('DEP-OUVERT')).queryByText('Complet')).toBeNull();
    expect(cardOf('DEP-PLEIN').getAttribute('data-unavailable')).toBe('true');

    const full = cardButton('DEP-PLEIN');
    expect(full.getAttribute('aria-disabled')).toBe('true');
    await user.click(full);
    expect(cardOf('DEP-PLEIN').getAttribute('data-selected')).toBe('false');
    expect(button('Suivant').disabled).toBe(true);
    expect(localStorage.getItem(CHOSEN_ENVOI_KEY)).toBeNull();

    await user.click(cardButton('DEP-OUVERT'));
    await waitFor(() => expect(button('Suivant').disabled).toBe(false));
    expect(cardOf('DEP-OUVERT').getAttribute('data-selected')).toBe('true');
  });

  it('does not start on a remembered departure that is now full', async () => {
    localStorage.setItem(CHOSEN_ENVOI_KEY, PLEIN);
    const provider = wizardProvider([[departure(OUVERT, 'DEP-OUVERT', 12.5), departure(PLEIN, 'DEP-PLEIN', 0)]]);
    renderWizard(provider);
    await screen.findByRole('button', { name: /DEP-PLEIN/ });
    await waitFor(() => expect(screen.getByTestId('wizard-missing').textContent).toBe('À compléter : le départ'));
    expect(cardOf('DEP-PLEIN').getAttribute('data-selected')).toBe('false');
    expect(button('Suivant').disabled).toBe(true);
  });
});

describe('Step 2: the remaining weight, live', () => {
  it('shows what is left minus what is typed, and warns above it without blocking Suivant', async () => {
    const provider = wizardProvider([[departure(OUVERT, 'DEP-OUVERT', 12.5)]]);
    const { user } = renderWizard(provider);
    await chooseOpen(user);
    const alert = () => screen.getByTestId('poids-restant');
    expect(text(alert())).toContain('Poids disponible sur le départ DEP-OUVERT : 12,5 kg');
    expect(text(alert())).toContain('Il restera 12,5 kg sur le départ.');
    expect(alert().getAttribute('data-over')).toBe('false');

    await typeText(user, screen.getByRole('textbox', { name: /^Contenu/ }), 'Habits');
    await choose(user, /^Ville de destination/, 'Abidjan');
    await choose(user, /^Nature/, 'Vêtements');
    const poids = screen.getByRole('textbox', { name: /^Poids/ });
    await typeText(user, poids, '2.5');
    await waitFor(() => expect(text(alert())).toContain('Poids saisi : 2,5 kg. Il restera 10 kg sur le départ.'));
    expect(alert().className).toMatch(/Info/);

    await user.clear(poids);
    await typeText(user, poids, '15');
    await waitFor(() => expect(alert().getAttribute('data-over')).toBe('true'));
    expect(alert().className).toMatch(/Warning/);
    expect(text(alert())).toContain('Le poids saisi (15 kg) dépasse de 2,5 kg le poids disponible');
    await choose(user, /^Mode de récupération/, 'Récupération en Agence');
    // The server judges the save: Suivant stays enabled.
    await waitFor(() => expect(button('Suivant').disabled).toBe(false));

    await user.clear(poids);
    await typeText(user, poids, '12.5');
    await waitFor(() => expect(alert().getAttribute('data-over')).toBe('false'));
    expect(text(alert())).toContain('Il restera 0 kg sur le départ.');
  });
});

describe('A save refused because the departure closed or filled meanwhile', () => {
  it('closed (409 on envoiID): back to step 1, departures reloaded, choice cleared, the server message shown', async () => {
    const message = "Le départ DEP-OUVERT n'est plus ouvert aux enregistrements.";
    const provider = wizardProvider(
      [[departure(OUVERT, 'DEP-OUVERT', 50), departure(PLEIN, 'DEP-AUTRE', 30)], [departure(PLEIN, 'DEP-AUTRE', 30)]],
      async () => {
        throw new HttpError(message, 409, { success: false, message, errors: { envoiID: 'Départ fermé' } });
      },
    );
    const { user, location } = renderWizard(provider);
    await chooseOpen(user);
    expect(localStorage.getItem(CHOSEN_ENVOI_KEY)).toBe(OUVERT);
    await fillAndSave(user, '2');

    await waitFor(() => expect(provider.create).toHaveBeenCalledTimes(1));
    expect(text(await screen.findByTestId('depart-refused'))).toContain(message);
    await waitFor(() => expect(provider.getOpenEnvois).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.queryByRole('button', { name: /DEP-OUVERT/ })).toBeNull());
    expect(cardOf('DEP-AUTRE').getAttribute('data-selected')).toBe('false');
    expect(screen.getByTestId('wizard-missing').textContent).toBe('À compléter : le départ');
    expect(button('Suivant').disabled).toBe(true);
    expect(localStorage.getItem(CHOSEN_ENVOI_KEY)).toBeNull();
    expect(location()).toBe('/colis/create');

    // A new choice replaces the message.
    await user.click(cardButton('DEP-AUTRE'));
    await waitFor(() => expect(screen.queryByTestId('depart-refused')).toBeNull());
  });

  it('filled (409 weight, now full): the Contacter Admins dialog, then step 1 with the departure shown Complet and not chosen', async () => {
    const message =
      'Le poids disponible sur le départ DEP-OUVERT est insuffisant : 0 kg disponibles, 2 kg demandés. Contactez les administrateurs pour augmenter la capacité.';
    const provider = wizardProvider([[departure(OUVERT, 'DEP-OUVERT', 5)], [departure(OUVERT, 'DEP-OUVERT', 0)]], async () => {
      throw new HttpError(message, 409, { success: false, message, errors: { poids: 'Poids disponible insuffisant' } });
    });
    const { user } = renderWizard(provider);
    await chooseOpen(user);
    await fillAndSave(user, '2');

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(message)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Contacter Admins' })).toBeTruthy();
    await waitFor(() => expect(provider.getOpenEnvois).toHaveBeenCalledTimes(2));
    await user.click(within(dialog).getByRole('button', { name: 'Contacter Admins' }));
    await waitFor(() => expect(provider.contactAdminsForEnvoi).toHaveBeenCalledWith(OUVERT));

    expect(text(await screen.findByTestId('depart-refused'))).toContain(message);
    expect(within(cardOf('DEP-OUVERT')).getByText('Complet')).toBeTruthy();
    expect(cardOf('DEP-OUVERT').getAttribute('data-selected')).toBe('false');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(cardButton('DEP-OUVERT').getAttribute('aria-disabled')).toBe('true');
    expect(button('Suivant').disabled).toBe(true);
  });

  it('overweight on a departure with room left: the dialog, then Fermer goes back to step 2 with the warning', async () => {
    const message =
      'Le poids disponible sur le départ DEP-OUVERT est insuffisant : 3 kg disponibles, 4 kg demandés. Contactez les administrateurs pour augmenter la capacité.';
    const provider = wizardProvider([[departure(OUVERT, 'DEP-OUVERT', 5)], [departure(OUVERT, 'DEP-OUVERT', 3)]], async () => {
      throw new HttpError(message, 409, { success: false, message, errors: { poids: 'Poids disponible insuffisant' } });
    });
    const { user } = renderWizard(provider);
    await chooseOpen(user);
    await fillAndSave(user, '4');

    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(provider.getOpenEnvois).toHaveBeenCalledTimes(2));
    await user.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    const alert = await screen.findByTestId('poids-restant');
    expect(alert.getAttribute('data-over')).toBe('true');
    expect(text(alert)).toContain('Poids disponible sur le départ DEP-OUVERT : 3 kg');
    expect(screen.queryByTestId('depart-refused')).toBeNull();
  });
});
