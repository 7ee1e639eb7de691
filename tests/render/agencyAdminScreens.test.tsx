/**
 * What an agency administrator's screens offer (security probe 2026-12-01 F1, F3, F5; docs/decisions/role-identity.md,
 * reference-scope.md, staff-accounts.md): the rows and buttons the server would refuse are not shown — another
 * agency's record, a role used in another agency, a user whose role sees every agency, the add and status buttons of
 * the data every agency shares — while the ADMIN keeps them all.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import AgenceList from '../../src/agence/AgenceList';
import PaysList from '../../src/pays/PaysList';
import RoleList from '../../src/role/RoleList';
import UserList from '../../src/user/UserList';
import type { PermissionKey } from '../../common/permissions';
import { ADMIN_ROLE, renderAdmin, sessionWith, waitForAuth, type SessionRole } from './renderAdmin';

/** An administrator role bound to the session's agency (agence-1). */
const CHEF_ROLE: SessionRole = { id: 'role-chef', code: 'CHEF', libelle: 'Chef d’agence', systeme: null, toutesAgences: false };

const KEYS: PermissionKey[] = [
  ...(['agence', 'addAgence', 'agenceUpdate', 'agenceDelete', 'agenceUpdateStatut'] as const),
  ...(['pays', 'addPays', 'paysUpdate', 'paysDelete', 'paysUpdateStatut'] as const),
  ...(['role', 'addRole', 'roleUpdate', 'roleDelete', 'roleUpdateStatut'] as const),
  ...(['user', 'addUser', 'userUpdate', 'userDelete', 'userUpdateStatut'] as const),
];

/** A getList answering `rows` for `resource`. */
const listOf = (resource: string, rows: Record<string, unknown>[]) =>
  vi.fn(async (name: string) => (name === resource ? { data: rows, total: rows.length } : { data: [], total: 0 }));

/** The table row showing `text`. */
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const hasEdit = (row: HTMLElement) => within(row).queryByRole('link', { name: 'Modifier' }) !== null;
const hasDelete = (row: HTMLElement) => within(row).queryByRole('button', { name: 'Supprimer' }) !== null;

describe("an agency administrator's screens hide what the server refuses", () => {
  it('agencies: its own agency is editable, another one is not; no add button; the ADMIN edits both', async () => {
    const rows = [
      { id: 'agence-1', code: 'ABJ1', libelle: 'Abidjan Plateau', isActive: true },
      { id: 'agence-2', code: 'DKR1', libelle: 'Dakar Plateau', isActive: true },
    ];
    const view = renderAdmin(<AgenceList />, {
      session: sessionWith(KEYS, CHEF_ROLE),
      resource: 'agence',
      path: '/agence',
      dataProvider: { getList: listOf('agence', rows), getMany: async () => ({ data: [] }) },
    });
    await screen.findByText('Dakar Plateau');
    await waitForAuth();
    expect(hasEdit(rowOf('Abidjan Plateau'))).toBe(true);
    expect(hasEdit(rowOf('Dakar Plateau'))).toBe(false);
    expect(hasDelete(rowOf('Abidjan Plateau'))).toBe(false);
    expect(screen.queryByRole('link', { name: /Ajouter/ })).toBeNull();
    view.unmount();

    renderAdmin(<AgenceList />, {
      session: sessionWith(KEYS, ADMIN_ROLE),
      resource: 'agence',
      path: '/agence',
      dataProvider: { getList: listOf('agence', rows), getMany: async () => ({ data: [] }) },
    });
    await screen.findByText('Dakar Plateau');
    await waitForAuth();
    expect(hasEdit(rowOf('Dakar Plateau'))).toBe(true);
    expect(hasDelete(rowOf('Dakar Plateau'))).toBe(true);
  });

  it('countries (shared by every agency): listed, with no add, edit or delete button', async () => {
    renderAdmin(<PaysList />, {
      session: sessionWith(KEYS, CHEF_ROLE),
      resource: 'pays',
      path: '/pays',
      dataProvider: { getList: listOf('pays', [{ id: 'pays-1', code: 'SN', libelle: 'Sénégal', devise: 'XOF', isActive: true }]) },
    });
    await screen.findByText('Sénégal');
    await waitForAuth();
    expect(hasEdit(rowOf('Sénégal'))).toBe(false);
    expect(hasDelete(rowOf('Sénégal'))).toBe(false);
    expect(screen.queryByRole('link', { name: /Ajouter/ })).toBeNull();
  });

  it('roles: a role used only in its agency is editable; one used in another agency, its own and a system role are not', async () => {
    const role = (id: string, code: string, agencesUtilisateurs: string[], systeme: string | null = null) => ({
      id,
      code,
      libelle: `Rôle ${code.toLowerCase()}`,
      description: 'x',
      systeme,
      toutesAgences: false,
      isActive: true,
      agencesUtilisateurs,
    });
    renderAdmin(<RoleList />, {
      session: sessionWith(KEYS, CHEF_ROLE),
      resource: 'role',
      path: '/role',
      dataProvider: {
        getList: listOf('role', [
          role('r-caisse', 'CAISSE', ['agence-1']),
          role('r-consultant', 'CONSULTANT', ['agence-2']),
          role('role-chef', 'CHEF', ['agence-1']),
          role('r-agent', 'AGENT', ['agence-1', 'agence-2'], 'AGENT'),
        ]),
      },
    });
    await screen.findByText('CONSULTANT');
    await waitForAuth();
    expect(hasEdit(rowOf('CAISSE'))).toBe(true);
    expect(hasDelete(rowOf('CAISSE'))).toBe(true);
    for (const code of ['CONSULTANT', 'CHEF', 'AGENT']) {
      expect(hasEdit(rowOf(code)), code).toBe(false);
      expect(hasDelete(rowOf(code)), code).toBe(false);
    }
  });

  it('users: a user whose role sees every agency shows no edit or delete button; an agent does', async () => {
    const user = (id: string, nom: string, roleID: Record<string, unknown>) => ({
      id,
      nom,
      prenoms: 'Test',
      email: `${id}@test.local`,
      isActive: true,
      roleID,
      agenceID: { id: 'agence-1', libelle: 'Abidjan Plateau' },
    });
    renderAdmin(<UserList />, {
      session: sessionWith(KEYS, CHEF_ROLE),
      resource: 'user',
      path: '/user',
      dataProvider: {
        getList: listOf('user', [
          user('u-dir', 'Diallo', { id: 'r-dir', libelle: 'Direction', systeme: null, toutesAgences: true }),
          user('u-agent', 'Sarr', { id: 'role-agent', libelle: 'Agent', systeme: 'AGENT', toutesAgences: false }),
        ]),
      },
    });
    await screen.findByText('Diallo');
    await waitForAuth();
    expect(hasEdit(rowOf('Diallo'))).toBe(false);
    expect(hasDelete(rowOf('Diallo'))).toBe(false);
    expect(hasEdit(rowOf('Sarr'))).toBe(true);
  });
});
