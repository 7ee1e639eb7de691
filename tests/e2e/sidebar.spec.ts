/**
 * Every sidebar entry opens a working screen (docs/decisions/reference-screens.md; spec 000 §2 "Main layout and
 * sidebar", 001 §2 route table, §6 route access). As ADMIN, each entry of src/layout/menuGroups.ts is clicked in the
 * menu and must land on its page, not on 'Erreur 404': a title, and for a list its rows (the reference seed fills the
 * reference lists) or the empty table text. As an agency user (role AGENT, the seeded agent.paris), the entries whose
 * key the role lacks are hidden and their URLs lead to the 403 page; the others are shown.
 */
import { expect, test, type Page } from '@playwright/test';
import { AGENT_PERMISSION_KEYS } from '../../common/permissions';
import { MENU_GROUPS, type MenuEntry, type MenuGroup } from '../../src/layout/menuGroups';
import { frenchAppMessages } from '../../src/i18n/fr';
import { ADMIN, AGENT, openMenuGroup, signIn } from './helpers';

/** Lists the reference seed fills (DEMO_DATA=0): they must show rows, not only the empty table. */
const SEEDED_LISTS = new Set([
  '/role',
  '/permission',
  '/pays',
  '/villes',
  '/agence',
  '/modeEnvoi',
  '/groupeNatureColis',
  '/modeLivraison',
  '/paramNatureMode',
  '/modePaiement',
  '/typeOperation',
]);

/** Pages of the menu that are not lists: the profile, the role–permission assignment, the cash closing (a form and its history). */
const NOT_LISTS = new Set(['/profil', '/autorisation', '/caisse']);

/** The French text of a translation key of our messages (the key itself when unknown). */
function fr(key: string): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], frenchAppMessages);
  return typeof value === 'string' ? value : key;
}

/** The list title of the resource an entry opens ('resources.<name>.page.list'), when that resource has one. */
function listTitle(entry: MenuEntry): string | undefined {
  const key = `resources.${entry.to.slice(1)}.page.list`;
  const title = fr(key);
  return title === key ? undefined : title;
}

/** Clicks an entry in the sidebar: a direct group is a link of its own; otherwise its group is opened first when closed. */
async function openEntry(page: Page, group: MenuGroup, entry: MenuEntry) {
  const nav = page.getByRole('menu');
  if (group.direct) {
    await nav.getByRole('menuitem', { name: fr(group.label), exact: true }).click();
    return;
  }
  await openMenuGroup(page, fr(group.label));
  await nav.getByRole('menuitem', { name: fr(entry.label), exact: true }).click();
}

test('as ADMIN every sidebar entry opens its screen, not the 404 page', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, ADMIN);

  // The dashboard: its statistics are not built yet, its title is.
  await page.getByRole('menu').getByRole('menuitem', { name: 'Tableau de bord' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('TABLEAU DE BORD');

  for (const group of MENU_GROUPS) {
    for (const entry of group.entries) {
      await test.step(`${fr(entry.label)} (${entry.to})`, async () => {
        await openEntry(page, group, entry);
        await expect(page).toHaveURL((url) => url.pathname === entry.to);
        const heading = page.getByRole('heading', { level: 1 }).first();
        await expect(heading).toBeVisible();
        await expect(heading).not.toHaveText('Erreur 404');
        const title = listTitle(entry);
        if (title) await expect(heading).toHaveText(title);
        if (NOT_LISTS.has(entry.to)) return;
        const firstRow = page.locator('.RaDataTable-table tbody tr').first();
        // An empty list says so; one with a default filter (deletion requests: waiting ones) says its filter found none.
        const empty = page.getByText('Aucune donnée disponible').or(page.getByText('Aucun résultat trouvé avec les filtres actuels.'));
        if (SEEDED_LISTS.has(entry.to)) await expect(firstRow).toBeVisible();
        else await expect(firstRow.or(empty)).toBeVisible();
      });
    }
  }
});

test('as an agency user the entries without their key are hidden and lead to the 403 page', async ({ page }) => {
  test.setTimeout(180_000);
  const held = (entry: MenuEntry) => AGENT_PERMISSION_KEYS.includes(entry.permission);
  await signIn(page, AGENT);
  const nav = page.getByRole('menu');

  for (const group of MENU_GROUPS) {
    const shown = group.entries.filter(held);
    const groupItem = nav.getByRole('menuitem', { name: fr(group.label), exact: true });
    if (shown.length === 0) {
      await expect(groupItem).toHaveCount(0);
      continue;
    }
    await expect(groupItem).toBeVisible();
    if (group.direct) continue;
    await openMenuGroup(page, fr(group.label));
    for (const entry of group.entries) {
      await expect(nav.getByRole('menuitem', { name: fr(entry.label), exact: true })).toHaveCount(held(entry) ? 1 : 0);
    }
  }

  for (const entry of MENU_GROUPS.flatMap((g) => g.entries).filter((e) => !held(e))) {
    await test.step(`${entry.to} is refused`, async () => {
      await page.goto(entry.to);
      await expect(page).toHaveURL(/\/notauthenticate$/);
      await expect(page.getByText('Erreur 403')).toBeVisible();
    });
  }
});
