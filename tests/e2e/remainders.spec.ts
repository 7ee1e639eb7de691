/**
 * The spec's remainders in the browser (spec 000 §4 sidebar template, §9, §8; docs/decisions/sidebar-search.md):
 * - at 1280×800 the sidebar search finds an entry from 3 characters and navigates there;
 * - at 1280×800 the departures list shows Statut, Poids disponible and Clients without a sideways scroll;
 * - at 390×844 the sidebar is folded into a drawer opened from the app bar's menu button, and its search navigates too;
 * - at 390×844 a reference list wider than the phone scrolls sideways inside its card, its Actions column pinned in
 *   view, and the page itself never scrolls sideways (src/kit/ReferenceListPage.tsx LIST_TABLE_SX).
 * Screenshots go to /tmp/h6-shots (E2E_SHOTS overrides it).
 */
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, searchOne, signIn } from './helpers';
import { openEnvoiFranceSenegal } from './apiSeed';

const SHOTS = process.env.E2E_SHOTS ?? '/tmp/h6-shots';

/** The sidebar's search box. */
const searchBox = (page: Page) => page.getByRole('textbox', { name: 'Rechercher dans le menu' });

test.describe('at 1280×800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the sidebar search needs 3 characters, shows at most 7 entries and navigates to the one chosen', async ({ page }) => {
    await signIn(page, ADMIN);
    const box = searchBox(page);
    await expect(box).toBeVisible();
    await box.fill('vi');
    await expect(page.getByText('Saisissez au moins 3 caractères.')).toBeVisible();
    await box.fill('par');
    const results = page.getByTestId('menu-search-results').getByRole('menuitem');
    await expect(results.first()).toBeVisible();
    expect(await results.count()).toBeLessThanOrEqual(7);
    await page.screenshot({ path: `${SHOTS}/1280-sidebar-search.png` });
    await box.fill('vill');
    await expect(results).toHaveCount(1);
    await results.first().click();
    await expect(page).toHaveURL(/\/villes/);
    await expect(page.getByRole('heading', { name: 'LISTE DES VILLES' })).toBeVisible();
    await expect(box).toHaveValue('');
  });

  test('the departures list shows Statut, Poids disponible and Clients without a sideways scroll', async ({ page, request }) => {
    await openEnvoiFranceSenegal(request, 'Fret largeur de la liste des départs');
    // The longest status label ('En cours d'envoi') is in the list too: it once widened the table by 82 px.
    const shipping = await openEnvoiFranceSenegal(request, 'Fret en route pour la largeur');
    const moved = await request.put(`/api/envoi/update/${shipping.envoi.id}`, {
      headers: shipping.admin,
      data: { statutID: 'EN_COURS_ENVOI' },
    });
    expect(moved.status()).toBe(200);
    // A route to a country with a long name (the journeys' own 'France → Gabon 65SQL4' once widened it by 23 px);
    // created once on the journeys' server, so that a retry finds it.
    const known = await request.get('/api/pays/liste?_page=1&_perPage=100&q=STPL', { headers: shipping.admin });
    if (!((await known.json()).datas as { code: string }[]).some((p) => p.code === 'STPL')) {
      const pays = await request.post('/api/pays/create', {
        headers: shipping.admin,
        data: {
          code: 'STPL',
          libelle: 'République démocratique de São Tomé-et-Príncipe',
          indicatif: '+239',
          longueurNumero: 7,
          devise: 'EUR',
        },
      });
      expect(pays.status(), await pays.text()).toBe(200);
    }
    await openEnvoiFranceSenegal(request, 'Fret vers un pays au nom long', 500, 'STPL');
    await signIn(page, ADMIN);
    await page.goto('/depart');
    const table = page.locator('.RaDataTable-tableWrapper');
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    for (const header of ['Statut', 'Poids disponible', 'Clients', 'Actions']) {
      await expect(table.locator('thead th').filter({ hasText: new RegExp(`^${header}$`) })).toBeInViewport();
    }
    const { scrollWidth, clientWidth } = await table.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    await page.screenshot({ path: `${SHOTS}/1280-departs.png` });
  });

  test("a refused deletion shows the spec's dialog titled 'erreur' (000 §8)", async ({ page, request }) => {
    const { agent, envoi, registerColis } = await openEnvoiFranceSenegal(request, 'Fret suppression refusée');
    await registerColis(agent, 2, {
      detailsContenu: 'Colis qui garde son départ',
      expediteurNom: 'Durand',
      expediteurPrenom: 'Léa',
      NumeroSaisi: '+33612345099',
      nomDestinataire: 'Ndiaye',
      prenomsDestinataire: 'Fatou',
      telephoneDestinataire: '+221771234599',
    });
    await signIn(page, ADMIN);
    await page.goto('/depart');
    await searchOne(page, envoi.reference);
    const row = page.getByRole('row').filter({ hasText: envoi.reference });
    await row.getByRole('button', { name: 'Supprimer' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Oui' }).click();
    const failure = page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: 'erreur' }) });
    await expect(failure).toBeVisible();
    await expect(failure).toContainText("une erreur s'est produite pendant la suppression");
    await expect(failure).toContainText('Ce départ contient des colis');
    await page.screenshot({ path: `${SHOTS}/1280-delete-erreur.png` });
    await failure.getByRole('button', { name: 'Fermer' }).click();
    await expect(failure).toBeHidden();
    await expect(row).toHaveCount(1);
  });
});

test.describe('at 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the sidebar is a drawer opened from the menu button; its search navigates and closes it', async ({ page }) => {
    await signIn(page, ADMIN);
    // Folded: the menu is not on the page until the drawer opens.
    await expect(searchBox(page)).toBeHidden();
    await page.screenshot({ path: `${SHOTS}/390-folded.png` });
    await page.getByRole('button', { name: /menu/i }).first().click();
    const drawer = page.getByTestId('sidebar-drawer');
    await expect(drawer).toBeVisible();
    await expect(searchBox(page)).toBeVisible();
    await searchBox(page).fill('pays');
    await page.screenshot({ path: `${SHOTS}/390-drawer-search.png` });
    await page.getByTestId('menu-search-results').getByRole('menuitem').first().click();
    await expect(page).toHaveURL(/\/pays/);
    await expect(drawer).toBeHidden();
    await page.screenshot({ path: `${SHOTS}/390-pays.png` });
  });

  test('a reference list scrolls sideways inside its card, never the page', async ({ page }) => {
    await signIn(page, ADMIN);
    for (const path of ['/pays', '/modePaiement']) {
      await page.goto(path);
      const table = page.locator('.RaDataTable-tableWrapper');
      await expect(table.getByRole('row').nth(1)).toBeVisible();
      await expect(table.locator('thead th').filter({ hasText: /^Actions$/ })).toBeInViewport();
      const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(pageWidth, path).toBeLessThanOrEqual(390);
      const { scrollWidth, clientWidth } = await table.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
      expect(clientWidth, path).toBeLessThanOrEqual(390);
      // The table is wider than the phone: its overflow is the wrapper's scroll, not the page's.
      expect(scrollWidth, path).toBeGreaterThan(clientWidth);
      await page.screenshot({ path: `${SHOTS}/390-${path.slice(1)}.png` });
    }
  });
});
