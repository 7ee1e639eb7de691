/**
 * The sidebar search (src/layout/AppMenu.tsx, menuGroups.ts searchMenu; spec 000 §4 sidebar template: at least 3
 * characters, at most 7 results): nothing is offered under 3 characters, at most 7 entries are, only entries the
 * user's keys open (the menu's own filter), and choosing one navigates there.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { AppMenu } from '../../src/layout/AppMenu';
import type { PermissionKey } from '../../common/permissions';
import { AGENT_ROLE, ADMIN_ROLE, renderAdmin, sessionWith, setupUser, waitForAuth } from './renderAdmin';

/** Renders the menu for a user holding `keys`; returns the search box and the user. */
async function renderMenu(keys: readonly PermissionKey[], role = ADMIN_ROLE) {
  const view = renderAdmin(<AppMenu />, { session: sessionWith(keys, role), path: '/' });
  await waitForAuth();
  const box = await screen.findByRole('textbox', { name: 'Rechercher dans le menu' });
  return { ...view, box, user: setupUser() };
}

/** The labels of the results shown (each link's first line). */
const resultLabels = () =>
  within(screen.getByTestId('menu-search-results'))
    .getAllByRole('menuitem')
    .map((link) => link.querySelector('span span')?.textContent ?? '');

describe('Sidebar search (spec 000 §4)', () => {
  it('offers nothing under 3 characters and says so; 3 characters find the entry, accents ignored', async () => {
    const { box, user } = await renderMenu(['pays', 'villes', 'agence', 'depart']);
    await user.type(box, 'vi');
    expect(screen.getByText('Saisissez au moins 3 caractères.')).toBeTruthy();
    expect(screen.queryByTestId('menu-search-results')).toBeNull();
    await user.type(box, 'l');
    await waitFor(() => expect(resultLabels()).toEqual(['Villes']));
    await user.clear(box);
    await user.type(box, 'depa');
    await waitFor(() => expect(resultLabels()).toEqual(['Départs']));
  });

  it('shows at most 7 results', async () => {
    // Every entry of 'Paramètres' and more: 'mode' matches the three modes; 'par' the group's six entries and Départs.
    const keys: PermissionKey[] = [
      'modeEnvoi',
      'groupeColis',
      'modeLivraison',
      'paramNatureMode',
      'modePaiement',
      'tauxChange',
      'depart',
      'pays',
    ];
    const { box, user } = await renderMenu(keys);
    await user.type(box, 'par');
    await waitFor(() => expect(resultLabels()).toHaveLength(7));
    expect(resultLabels()).toContain('Départs');
  });

  it('offers only the entries the user may open', async () => {
    const { box, user } = await renderMenu(['colis', 'depart', 'profil'], AGENT_ROLE);
    await user.type(box, 'rôle');
    await waitFor(() => expect(screen.getByText('Aucune entrée ne correspond.')).toBeTruthy());
    await user.clear(box);
    await user.type(box, 'coli');
    await waitFor(() => expect(resultLabels()).toEqual(['Colis']));
    // Inventaire, Encaissements… of the same group are not held: not offered.
    await user.clear(box);
    await user.type(box, 'encaiss');
    await waitFor(() => expect(screen.getByText('Aucune entrée ne correspond.')).toBeTruthy());
  });

  it('choosing a result navigates there and clears the search', async () => {
    const { box, user, location } = await renderMenu(['pays', 'villes', 'agence']);
    await user.type(box, 'agen');
    await waitFor(() => expect(resultLabels()).toEqual(['Agences']));
    await user.click(within(screen.getByTestId('menu-search-results')).getByRole('menuitem'));
    await waitFor(() => expect(location()).toBe('/agence'));
    expect((box as HTMLInputElement).value).toBe('');
    // Enter opens the first result.
    await user.type(box, 'pays{Enter}');
    await waitFor(() => expect(location()).toBe('/pays'));
  });
});
