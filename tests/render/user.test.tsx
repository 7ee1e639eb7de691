/**
 * The user add and edit forms (src/user/UserCreate.tsx, UserEdit.tsx around src/user/UserInputs.tsx; spec 001 §2
 * 'AJOUTER UN UTILISATEUR' / 'MODIFIER UTILISATEUR', §4 active choices and the agencies of the chosen country, §5 the
 * rules, §7 user/create and user/update): the inputs shown, the role choices of the signed-in user, a required field
 * left empty, and the exact body sent to dataProvider.create / update.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { CreateParams, GetListParams, GetManyParams, GetOneParams, UpdateParams } from 'react-admin';
import UserCreate from '../../src/user/UserCreate';
import UserEdit from '../../src/user/UserEdit';
import { ADMIN_ROLE, renderAdmin, sessionWith, setupUser, typeText, type User } from './renderAdmin';

// Ids are UUIDs, as the API's are (the form's schema checks them).
const CI = 'a1111111-1111-4111-8111-000000000001';
const FR = 'a1111111-1111-4111-8111-000000000002';
const ABIDJAN = 'b2222222-2222-4222-8222-000000000001';
const BOUAKE = 'b2222222-2222-4222-8222-000000000002';
const PARIS = 'b2222222-2222-4222-8222-000000000003';
const R_SUPER = 'c3333333-3333-4333-8333-000000000001';
const R_ADMIN = 'c3333333-3333-4333-8333-000000000002';
const R_AGENT = 'c3333333-3333-4333-8333-000000000003';
const R_CLIENT = 'c3333333-3333-4333-8333-000000000004';
const R_CAISSE = 'c3333333-3333-4333-8333-000000000005';
const T_ADMIN = 'd4444444-4444-4444-8444-000000000001';
const T_CLIENT = 'd4444444-4444-4444-8444-000000000002';
const USER_ID = 'e5555555-5555-4555-8555-000000000001';

const RECORDS: Record<string, Record<string, unknown>[]> = {
  pays: [
    { id: FR, libelle: 'France', indicatif: '+33', longueurNumero: 9, isActive: true },
    { id: CI, libelle: "Côte d'Ivoire", indicatif: '+225', longueurNumero: 10, isActive: true },
  ],
  agence: [
    { id: ABIDJAN, libelle: 'Abidjan Plateau', paysID: CI, isActive: true },
    { id: BOUAKE, libelle: 'Bouaké Centre', paysID: CI, isActive: true },
    { id: PARIS, libelle: 'Paris Nord', paysID: FR, isActive: true },
  ],
  role: [
    { id: R_ADMIN, code: 'ADMIN', libelle: 'Administrateur', systeme: 'ADMIN', toutesAgences: true, isActive: true },
    { id: R_AGENT, code: 'AGENT', libelle: 'Agent', systeme: 'AGENT', toutesAgences: false, isActive: true },
    { id: R_CAISSE, code: 'CAISSE', libelle: 'Caissier', systeme: null, toutesAgences: false, isActive: true },
    { id: R_CLIENT, code: 'CLIENT', libelle: 'Client', systeme: 'CLIENT', toutesAgences: false, isActive: true },
    { id: R_SUPER, code: 'SUPERADMIN', libelle: 'Super administrateur', systeme: 'SUPERADMIN', toutesAgences: true, isActive: true },
  ],
};

/** The user being edited, as user/getBy answers it (references populated). */
const EDITED = {
  id: USER_ID,
  nom: 'Yao',
  prenoms: 'Konan',
  email: 'konan.yao@example.com',
  telephone: '0701020304',
  telephoneComplet: '+2250701020304',
  adresse: 'Cocody, Abidjan',
  isActive: true,
  paysID: { id: CI, libelle: "Côte d'Ivoire" },
  agenceID: { id: ABIDJAN, libelle: 'Abidjan Plateau' },
  roleID: { id: R_AGENT, code: 'AGENT', libelle: 'Agent' },
  typeUserID: { id: T_ADMIN, code: 'ADMIN', libelle: 'Administrateur' },
};

const byId = (resource: string, id: unknown) => (RECORDS[resource] ?? []).find((r) => r.id === id);

/** The users' dataProvider: the references (filtered as the server does), the user types, and the writes as spies. */
function userProvider() {
  return {
    getList: vi.fn(async (resource: string, params: GetListParams) => {
      const filter = params.filter ?? {};
      const data = (RECORDS[resource] ?? []).filter((r) => !filter.paysID || r.paysID === filter.paysID);
      return { data, total: data.length };
    }),
    getMany: vi.fn(async (resource: string, params: GetManyParams) => ({
      data: params.ids.map((id) => byId(resource, id)).filter(Boolean),
    })),
    getOne: vi.fn(async (resource: string, params: GetOneParams) => {
      if (resource === 'user' && params.id === USER_ID) return { data: EDITED };
      const found = byId(resource, params.id);
      if (!found) throw new Error(`getOne ${resource} ${params.id}`);
      return { data: found };
    }),
    getTypeUsers: vi.fn(async () => [
      { id: T_CLIENT, code: 'CLIENT', libelle: 'Client', isActive: true },
      { id: T_ADMIN, code: 'ADMIN', libelle: 'Administrateur', isActive: true },
    ]),
    getUserHistory: vi.fn(async () => []),
    create: vi.fn(async (_resource: string, params: CreateParams) => ({ data: { ...params.data, id: 'nouveau' } })),
    update: vi.fn(async (_resource: string, params: UpdateParams) => ({ data: { ...params.previousData, ...params.data, id: params.id } })),
  };
}

/** An ADMIN (every agency, not SUPERADMIN) holding the user keys. */
const admin = () => sessionWith(['user', 'addUser', 'userUpdate'], ADMIN_ROLE);

/** Renders the add page; waits for its inputs. */
async function renderCreate() {
  const provider = userProvider();
  const view = renderAdmin(<UserCreate />, { session: admin(), dataProvider: provider, resource: 'user', path: '/user/create' });
  await screen.findByRole('textbox', { name: /^Nom/ });
  return { ...view, provider, user: setupUser() };
}

const field = (name: RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const select = (name: RegExp) => screen.getByRole('combobox', { name });

/** Picks `option` in the select labelled `label`. */
async function choose(user: User, label: RegExp, option: string) {
  await waitFor(() => expect(select(label).getAttribute('aria-disabled')).not.toBe('true'));
  await user.click(select(label));
  await user.click(await screen.findByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}

/** The helper text under an input (its error once refused). */
const helperOf = (input: HTMLElement) => input.closest('.MuiFormControl-root')?.querySelector('.MuiFormHelperText-root')?.textContent ?? '';

describe('UserCreate (spec 001 §2 AJOUTER UN UTILISATEUR, §5)', () => {
  it('shows the inputs, the password notice, and the agency waiting for a country', async () => {
    await renderCreate();
    for (const name of [/^Nom/, /^Prénoms/, /^Email/, /^Téléphone/, /^Adresse/]) expect(field(name)).toBeTruthy();
    for (const name of [/^Pays/, /^Agence/, /^Rôle/]) expect(select(name)).toBeTruthy();
    expect(screen.getByText(/Le mot de passe est généré automatiquement/)).toBeTruthy();
    expect(helperOf(select(/^Agence/))).toBe("Choisissez d'abord le pays");
  });

  it('offers the active roles: SUPERADMIN left out, CLIENT and ADMIN shown disabled for an ADMIN (spec 001 §5)', async () => {
    const { user } = await renderCreate();
    await waitFor(() => expect(select(/^Rôle/).getAttribute('aria-disabled')).not.toBe('true'));
    await user.click(select(/^Rôle/));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    const shown = options.filter((o) => o.textContent).map((o) => [o.textContent, o.getAttribute('aria-disabled') === 'true']);
    expect(shown).toEqual([
      ['Administrateur', true],
      ['Agent', false],
      ['Caissier', false],
      ['Client', true],
    ]);
  });

  it('the agencies offered are those of the chosen country', async () => {
    const { user } = await renderCreate();
    await choose(user, /^Pays/, "Côte d'Ivoire");
    await waitFor(() => expect(select(/^Agence/).getAttribute('aria-disabled')).not.toBe('true'));
    await user.click(select(/^Agence/));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent).filter(Boolean)).toEqual(['Abidjan Plateau', 'Bouaké Centre']);
  });

  it('Enregistrer, disabled on the untouched form, sends nothing while required fields are empty and marks them', async () => {
    const { user, provider } = await renderCreate();
    const save = () => screen.getByRole('button', { name: 'Enregistrer' }) as HTMLButtonElement;
    expect(save().disabled).toBe(true);
    await typeText(user, field(/^Prénoms/), 'Aïcha');
    await waitFor(() => expect(save().disabled).toBe(false));
    await user.click(save());
    await waitFor(() => expect(field(/^Nom/).getAttribute('aria-invalid')).toBe('true'));
    for (const name of [/^Nom/, /^Email/, /^Adresse/, /^Téléphone/]) {
      expect(field(name).getAttribute('aria-invalid')).toBe('true');
      expect(helperOf(field(name))).toMatch(/obligatoire|requis/i);
    }
    expect(field(/^Prénoms/).getAttribute('aria-invalid')).toBe('false');
    expect(helperOf(select(/^Pays/))).toMatch(/obligatoire|requis/i);
    expect(provider.create).not.toHaveBeenCalled();
  });

  it('a phone that does not fit the chosen country is refused under the field', async () => {
    const { user, provider } = await renderCreate();
    await choose(user, /^Pays/, "Côte d'Ivoire");
    await typeText(user, field(/^Téléphone/), '0612');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(field(/^Téléphone/).getAttribute('aria-invalid')).toBe('true'));
    expect(helperOf(field(/^Téléphone/))).toMatch(/Numéro de téléphone invalide/);
    expect(provider.create).not.toHaveBeenCalled();
  });

  it('sends dataProvider.create(user) with the body of user/create (no password, the staff user type), then goes to the list', async () => {
    const { user, provider, location } = await renderCreate();
    await choose(user, /^Pays/, "Côte d'Ivoire");
    await choose(user, /^Agence/, 'Bouaké Centre');
    await choose(user, /^Rôle/, 'Caissier');
    await typeText(user, field(/^Nom/), ' Bamba ');
    await typeText(user, field(/^Prénoms/), 'Aïcha');
    await typeText(user, field(/^Email/), 'aicha.bamba@example.com');
    await typeText(user, field(/^Téléphone/), '0705060708');
    await typeText(user, field(/^Adresse/), 'Bouaké, quartier Commerce');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(provider.create).toHaveBeenCalledTimes(1));
    const [resource, params] = provider.create.mock.calls[0];
    expect(resource).toBe('user');
    expect(params.data).toEqual({
      nom: 'Bamba',
      prenoms: 'Aïcha',
      email: 'aicha.bamba@example.com',
      adresse: 'Bouaké, quartier Commerce',
      telephone: '0705060708',
      paysID: CI,
      roleID: R_CAISSE,
      typeUserID: T_ADMIN,
      agenceID: BOUAKE,
    });
    await waitFor(() => expect(location()).toBe('/user'));
  });
});

describe('UserEdit (spec 001 §2 MODIFIER UTILISATEUR, §5)', () => {
  /** Renders the edit page of EDITED at /user/{id}; waits for the loaded values. */
  async function renderEdit() {
    const provider = userProvider();
    const view = renderAdmin(
      <Routes>
        <Route path="/user/:id" element={<UserEdit />} />
      </Routes>,
      { session: admin(), dataProvider: provider, resource: 'user', path: `/user/${USER_ID}` },
    );
    await waitFor(() => expect(field(/^Nom/).value).toBe('Yao'));
    return { ...view, provider, user: setupUser() };
  }

  it('shows the loaded user; email and telephone are read-only', async () => {
    await renderEdit();
    expect(field(/^Prénoms/).value).toBe('Konan');
    expect(field(/^Email/).value).toBe('konan.yao@example.com');
    expect(field(/^Email/).readOnly).toBe(true);
    expect(field(/^Téléphone/).value).toBe('+2250701020304');
    expect(field(/^Téléphone/).readOnly).toBe(true);
    await waitFor(() => expect(select(/^Rôle/).textContent).toBe('Agent'));
  });

  it('Enregistrer is disabled while a required text is empty (spec 001 §5)', async () => {
    const { user } = await renderEdit();
    const save = () => screen.getByRole('button', { name: 'Enregistrer' }) as HTMLButtonElement;
    await user.clear(field(/^Nom/));
    await waitFor(() => expect(save().disabled).toBe(true));
    await typeText(user, field(/^Nom/), 'Yao-Kouassi');
    await waitFor(() => expect(save().disabled).toBe(false));
  });

  it('sends dataProvider.update(user) with the full body of user/update, without email nor telephone', async () => {
    const { user, provider, location } = await renderEdit();
    await user.clear(field(/^Adresse/));
    await typeText(user, field(/^Adresse/), 'Yopougon, Abidjan ');
    await choose(user, /^Rôle/, 'Caissier');
    const save = screen.getByRole('button', { name: 'Enregistrer' }) as HTMLButtonElement;
    await waitFor(() => expect(save.disabled).toBe(false));
    await user.click(save);
    await waitFor(() => expect(provider.update).toHaveBeenCalledTimes(1));
    const [resource, params] = provider.update.mock.calls[0];
    expect(resource).toBe('user');
    expect(params.id).toBe(USER_ID);
    expect(params.data).toEqual({
      nom: 'Yao',
      prenoms: 'Konan',
      adresse: 'Yopougon, Abidjan',
      paysID: CI,
      roleID: R_CAISSE,
      typeUserID: T_ADMIN,
      agenceID: ABIDJAN,
    });
    await waitFor(() => expect(location()).toBe('/user'));
  });
});
