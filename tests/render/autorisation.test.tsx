/**
 * The role–permission assignment screen (src/autorisation/AutorisationPage.tsx; spec 001 §2 Role-permission
 * assignment, §5 "Role-assignment visibility"; docs/decisions/permission-assignment.md): the role tabs each user
 * sees, the read-only tabs and their reason, the toggles the user may flip, 'Tout accorder' behind its Oui/Non
 * confirmation, and the dataProvider calls each change makes.
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import AutorisationPage from '../../src/autorisation/AutorisationPage';
import type { AssignmentPermission, AssignmentRole, AutorisationLink } from '../../src/autorisation/autorisationMethods';
import type { Session } from '../../src/providers/session';
import { ADMIN_ROLE, renderAdmin, sessionWith, setupUser, SUPERADMIN_ROLE, type SessionRole } from './renderAdmin';

/** The dates every record the server answers carries. */
const DATES = { createdAt: '2026-01-05T10:00:00.000Z', updatedAt: '2026-01-05T10:00:00.000Z' };

/** A role as role/liste answers it: its id, code, label, active flag, identity and reach, no users. */
const role = (
  id: string,
  code: string,
  libelle: string,
  isActive: boolean,
  systeme: AssignmentRole['systeme'],
  toutesAgences: boolean,
) => ({
  ...DATES,
  id,
  _id: id,
  code,
  libelle,
  description: '',
  isActive,
  systeme,
  toutesAgences,
  agencesUtilisateurs: [],
});

const ROLES: AssignmentRole[] = [
  role('role-admin', 'ADMIN', 'Administrateur', true, 'ADMIN', true),
  role('role-agent', 'AGENT', 'Agent', true, 'AGENT', false),
  role('role-caisse', 'CAISSE', 'Caissier', true, null, false),
  role('role-ancien', 'ANCIEN', 'Ancien rôle', false, null, false),
  role('role-superadmin', 'SUPERADMIN', 'Super administrateur', true, 'SUPERADMIN', true),
];

/** A permission as privilege/liste answers it. */
const privilege = (id: string, libelle: string, description: string, groupe: string): AssignmentPermission => ({
  ...DATES,
  id,
  _id: id,
  libelle,
  description,
  groupe,
  isActive: true,
});

const PRIVILEGES: AssignmentPermission[] = [
  privilege('p-arrive', 'arriveDepart', 'Déclarer un départ arrivé', 'depart'),
  privilege('p-cloture', 'clotureDepart', 'Clôturer un départ', 'depart'),
  privilege('p-depart', 'depart', 'Voir la liste des départs', 'depart'),
  privilege('p-colis', 'colis', 'Voir la liste des colis', 'colis'),
];

/** Links of each role: Agent holds 'depart' (active) and had 'clotureDepart' (revoked); Caissier holds nothing. */
const LINKS: Record<string, AutorisationLink[]> = {
  'role-agent': [
    { id: 'lien-depart', privilegeID: 'p-depart', isActive: true },
    { id: 'lien-cloture', privilegeID: 'p-cloture', isActive: false },
  ],
};

/** The screen's dataProvider methods, each a spy; the changes answer without a message (the screen's own texts show). */
function assignmentProvider() {
  return {
    getAssignmentRoles: vi.fn(async () => ROLES),
    getAssignmentPermissions: vi.fn(async () => PRIVILEGES),
    getRoleAutorisations: vi.fn(async (roleId: string) => LINKS[roleId] ?? []),
    getRoleHistory: vi.fn(async () => []),
    grantPermission: vi.fn(async () => undefined),
    setAutorisationActive: vi.fn(async () => undefined),
    setGroupAutorisations: vi.fn(async () => undefined),
    // syncPermissions after a change of the user's own role reloads its privileges through the authProvider, not here.
  };
}

/** Renders the screen for `session`; returns the spies. */
async function renderScreen(session: Session) {
  const provider = assignmentProvider();
  const view = renderAdmin(<AutorisationPage />, { session, dataProvider: provider });
  await screen.findByRole('tablist', { name: 'Rôles' });
  return { ...view, provider };
}

const tabNames = () => screen.getAllByRole('tab').map((t) => t.textContent);

/**
 * Opens a permission group by its title and returns its accordion. The group is found by its title's text, not by
 * role: a role query over the 24 groups costs a second per call in happy-dom.
 */
async function openGroup(title: string) {
  const user = setupUser();
  const accordion = (await screen.findByText(title, { selector: '[data-group] p' })).closest('[data-group]') as HTMLElement;
  await user.click(within(accordion).getByRole('button', { expanded: false }));
  await within(accordion).findAllByRole('switch');
  return { user, group: accordion };
}

const toggle = (group: HTMLElement, key: string) => within(group).getByRole('switch', { name: key }) as HTMLInputElement;

/** A staff user of an agency role 'Chef d'agence' (one agency) holding `autorisation` and 'depart'. */
const CHEF: SessionRole = { id: 'role-chef', code: 'CHEF', libelle: "Chef d'agence", systeme: null, toutesAgences: false };

describe('AutorisationPage: tabs and read-only roles (spec 001 §5)', () => {
  it('SUPERADMIN sees every active role; its own system role is read-only with its reason and no toggle to flip', async () => {
    await renderScreen(sessionWith([], SUPERADMIN_ROLE));
    expect(tabNames()).toEqual(['Administrateur', 'Agent', 'Caissier', 'Super administrateur']);
    const user = setupUser();
    await user.click(screen.getByRole('tab', { name: 'Super administrateur' }));
    expect(await screen.findByText('Le rôle SUPERADMIN ne se modifie pas : il détient toutes les permissions.')).toBeTruthy();
    const { group } = await openGroup('Départs');
    expect(within(group).queryByRole('button', { name: /Tout accorder/ })).toBeNull();
    expect(within(group).queryByRole('button', { name: /Tout retirer/ })).toBeNull();
    for (const s of within(group).getAllByRole('switch')) expect((s as HTMLInputElement).disabled).toBe(true);
  });

  it('an ADMIN sees neither the ADMIN nor the SUPERADMIN tab', async () => {
    await renderScreen(sessionWith(['autorisation', 'depart', 'arriveDepart'], ADMIN_ROLE));
    expect(tabNames()).toEqual(['Agent', 'Caissier']);
    expect(screen.queryByText(/ne se modifie pas|Seul un SUPERADMIN/)).toBeNull();
  });

  it('a user of one agency sees the system role AGENT read-only, with the reason, and its own role read-only', async () => {
    const roles = [...ROLES, role('role-chef', 'CHEF', "Chef d'agence", true, null, false)];
    const provider = { ...assignmentProvider(), getAssignmentRoles: vi.fn(async () => roles) };
    renderAdmin(<AutorisationPage />, { session: sessionWith(['autorisation', 'depart'], CHEF), dataProvider: provider });
    await screen.findByRole('tablist', { name: 'Rôles' });
    expect(tabNames()).toEqual(['Agent', 'Caissier', "Chef d'agence"]);
    // The first tab, Agent, is open.
    expect(
      await screen.findByText(
        'Ce rôle système est commun à toutes les agences : seul un utilisateur qui voit toutes les agences le modifie.',
      ),
    ).toBeTruthy();
    const { user, group } = await openGroup('Départs');
    for (const s of within(group).getAllByRole('switch')) expect((s as HTMLInputElement).disabled).toBe(true);
    expect(within(group).queryByRole('button', { name: /Tout accorder/ })).toBeNull();

    await user.click(screen.getByRole('tab', { name: "Chef d'agence" }));
    expect(await screen.findByText('Vous ne pouvez pas modifier votre propre rôle ni ses autorisations.')).toBeTruthy();

    // Caissier (a role of no other agency) may be changed: no reason shown, and its toggles work.
    await user.click(screen.getByRole('tab', { name: 'Caissier' }));
    const caissier = await openGroup('Départs');
    await waitFor(() => expect(screen.queryByText(/Vous ne pouvez pas modifier|commun à toutes les agences/)).toBeNull());
    // Holding 'depart' itself, the user may grant it; not 'arriveDepart', which it does not hold.
    expect(toggle(caissier.group, 'depart').disabled).toBe(false);
    expect(toggle(caissier.group, 'arriveDepart').disabled).toBe(true);
  });
});

describe('AutorisationPage: changes (spec 001 §2, §7 autorisation/…)', () => {
  it("shows each group's count and each toggle's state from the role's links", async () => {
    await renderScreen(sessionWith([], SUPERADMIN_ROLE));
    const user = setupUser();
    await user.click(screen.getByRole('tab', { name: 'Agent' }));
    const { group } = await openGroup('Départs');
    expect(within(group).getByText('1 / 3 accordées')).toBeTruthy();
    expect(toggle(group, 'depart').checked).toBe(true);
    expect(toggle(group, 'clotureDepart').checked).toBe(false);
    expect(toggle(group, 'arriveDepart').checked).toBe(false);
  });

  it('revokes through the link, re-grants through the link, grants without a link through autorisation/create', async () => {
    const { provider } = await renderScreen(sessionWith([], SUPERADMIN_ROLE));
    const user = setupUser();
    await user.click(screen.getByRole('tab', { name: 'Agent' }));
    const { group } = await openGroup('Départs');

    await user.click(toggle(group, 'depart'));
    expect(await screen.findByText('Permission retirée avec succès !')).toBeTruthy();
    expect(provider.setAutorisationActive).toHaveBeenCalledWith('lien-depart', false);

    await waitFor(() => expect(toggle(group, 'clotureDepart').disabled).toBe(false));
    await user.click(toggle(group, 'clotureDepart'));
    await waitFor(() => expect(provider.setAutorisationActive).toHaveBeenCalledTimes(2));
    expect(provider.setAutorisationActive).toHaveBeenLastCalledWith('lien-cloture', true);

    await waitFor(() => expect(toggle(group, 'arriveDepart').disabled).toBe(false));
    await user.click(toggle(group, 'arriveDepart'));
    await waitFor(() => expect(provider.grantPermission).toHaveBeenCalledWith('role-agent', 'p-arrive'));
    expect(provider.grantPermission).toHaveBeenCalledTimes(1);
    expect(provider.setGroupAutorisations).not.toHaveBeenCalled();
  });

  it("'Tout accorder' asks Oui/Non naming the count, group and role; Non changes nothing, Oui grants the missing ones at once", async () => {
    const { provider } = await renderScreen(sessionWith([], SUPERADMIN_ROLE));
    const user = setupUser();
    await user.click(screen.getByRole('tab', { name: 'Agent' }));
    const { group } = await openGroup('Départs');

    await user.click(within(group).getByRole('button', { name: /Tout accorder/ }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Accorder les 2 permissions du groupe « Départs » au rôle Agent ?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Non' }));
    expect(await screen.findByText('Opération annulée')).toBeTruthy();
    expect(provider.setGroupAutorisations).not.toHaveBeenCalled();

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(within(group).getByRole('button', { name: /Tout accorder/ }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Oui' }));
    await waitFor(() => expect(provider.setGroupAutorisations).toHaveBeenCalledTimes(1));
    const [roleId, ids, isActive] = provider.setGroupAutorisations.mock.calls[0] as unknown as [string, string[], boolean];
    expect([roleId, [...ids].sort(), isActive]).toEqual(['role-agent', ['p-arrive', 'p-cloture'], true]);
    expect(provider.grantPermission).not.toHaveBeenCalled();
  });

  it('the search keeps only the permissions whose key or description matches', async () => {
    await renderScreen(sessionWith([], SUPERADMIN_ROLE));
    const user = setupUser();
    await user.type(screen.getByRole('textbox', { name: 'Rechercher une permission' }), 'clôturer');
    const row = await screen.findByText('clotureDepart');
    const group = row.closest('[data-group]') as HTMLElement;
    expect(group.getAttribute('data-group')).toBe('depart');
    expect(
      within(group)
        .getAllByRole('switch')
        .map((s) => s.getAttribute('aria-label')),
    ).toEqual(['clotureDepart']);
    expect(document.querySelectorAll('[data-group]').length).toBe(1);
  });
});
