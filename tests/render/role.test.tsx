/**
 * The role form's Statut (spec 001 §2 "Roles form fields: Code, Libelle, Statut", docs/decisions/role-statut.md):
 * shown on add and edit, 'Actif' by default, sent with the form to dataProvider.create / update; disabled with the
 * spec's sentence without roleUpdateStatut, and for a system role.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { CreateParams, UpdateParams } from 'react-admin';
import RoleCreate from '../../src/role/RoleCreate';
import RoleEdit from '../../src/role/RoleEdit';
import { ADMIN_ROLE, renderAdmin, sessionWith, setupUser, typeText } from './renderAdmin';

const ROLE_ID = 'c3333333-3333-4333-8333-000000000005';
const SYSTEM_ID = 'c3333333-3333-4333-8333-000000000002';
const ROLES: Record<string, Record<string, unknown>> = {
  [ROLE_ID]: {
    id: ROLE_ID,
    code: 'CAISSE',
    libelle: 'Caissier',
    description: 'Encaisse',
    systeme: null,
    toutesAgences: false,
    isActive: true,
  },
  [SYSTEM_ID]: {
    id: SYSTEM_ID,
    code: 'ADMIN',
    libelle: 'Administrateur',
    description: 'Tout',
    systeme: 'ADMIN',
    toutesAgences: true,
    isActive: true,
  },
};

/** The roles' dataProvider: getOne of ROLES, create and update as spies. */
function roleProvider() {
  return {
    getOne: vi.fn(async (_resource: string, params: { id: string }) => ({ data: ROLES[params.id] })),
    create: vi.fn(async (_resource: string, params: CreateParams) => ({ data: { ...params.data, id: 'nouveau' } })),
    update: vi.fn(async (_resource: string, params: UpdateParams) => ({ data: { ...params.previousData, ...params.data, id: params.id } })),
  };
}

const statutSwitch = () => screen.getByRole('switch', { name: /^(Actif|Inactif)$/ }) as HTMLInputElement;

/** Renders the edit page of role `id` with the given keys; waits for the loaded libellé. */
async function renderEdit(id: string, keys: Parameters<typeof sessionWith>[0]) {
  const provider = roleProvider();
  const view = renderAdmin(
    <Routes>
      <Route path="/role/:id" element={<RoleEdit />} />
    </Routes>,
    { session: sessionWith(keys, ADMIN_ROLE), dataProvider: provider, resource: 'role', path: `/role/${id}` },
  );
  await waitFor(() => expect((screen.getByRole('textbox', { name: /^Libellé/ }) as HTMLInputElement).value).toBe(ROLES[id].libelle));
  return { ...view, provider, user: setupUser() };
}

describe('Role form Statut (spec 001 §2)', () => {
  it('add: Statut is shown, Actif by default, and an inactive role is sent with isActive false', async () => {
    const provider = roleProvider();
    renderAdmin(<RoleCreate />, {
      session: sessionWith(['role', 'addRole', 'roleUpdateStatut'], ADMIN_ROLE),
      dataProvider: provider,
      resource: 'role',
      path: '/role/create',
    });
    await screen.findByRole('textbox', { name: /^Code/ });
    expect(screen.getByText('Statut')).toBeTruthy();
    await waitFor(() => expect(statutSwitch().checked).toBe(true));
    expect(screen.getByText('Actif')).toBeTruthy();
    const user = setupUser();
    await typeText(user, screen.getByRole('textbox', { name: /^Code/ }), 'compta');
    await typeText(user, screen.getByRole('textbox', { name: /^Libellé/ }), 'Comptable');
    await typeText(user, screen.getByRole('textbox', { name: /^Description/ }), 'Tient les comptes');
    await user.click(statutSwitch());
    await waitFor(() => expect(screen.getByText('Inactif')).toBeTruthy());
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(provider.create).toHaveBeenCalledTimes(1));
    expect(provider.create.mock.calls[0][1].data).toMatchObject({ code: 'compta', libelle: 'Comptable', isActive: false });
  });

  it('edit: the loaded Statut is shown and changed with the rest of the form', async () => {
    const { provider, user } = await renderEdit(ROLE_ID, ['role', 'roleUpdate', 'roleUpdateStatut']);
    expect(statutSwitch().checked).toBe(true);
    expect(statutSwitch().disabled).toBe(false);
    await user.click(statutSwitch());
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(provider.update).toHaveBeenCalledTimes(1));
    expect(provider.update.mock.calls[0][1].data).toMatchObject({ id: ROLE_ID, code: 'CAISSE', isActive: false });
  });

  it('without roleUpdateStatut the Statut is disabled with the spec sentence; a system role’s too', async () => {
    await renderEdit(ROLE_ID, ['role', 'roleUpdate']);
    expect(statutSwitch().disabled).toBe(true);
    expect(screen.getByText("Vous n'avez pas la permission de modifier le statut.")).toBeTruthy();
  });

  it('a system role’s Statut is disabled even with the key', async () => {
    await renderEdit(SYSTEM_ID, ['role', 'roleUpdate', 'roleUpdateStatut']);
    expect(statutSwitch().disabled).toBe(true);
    expect(screen.getByText('Un rôle système reste actif.')).toBeTruthy();
  });
});
