/**
 * Accessibility journey ("accessible to every member of staff", WCAG 2 A and AA): axe-core (`@axe-core/playwright`)
 * checks every screen the sidebar offers to the ADMIN and to the Paris agent, the create form each list links to, a
 * parcel's details, the messaging page's outbox, the sign-in page and the public tracking page (/suivi and a parcel's
 * /suivi/{token}), and the dashboard and parcel list on a phone (390×844). The screens are read from the rendered menu,
 * not from a list written here, so a screen added to the sidebar is checked without touching this file. Each screen
 * must have 0 violations of the tags wcag2a and wcag2aa; a failure names the screen, the rule and its nodes.
 * Data is seeded through the API first (tests/e2e/apiSeed.ts) so lists and the dashboard have rows.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, AGENT, signIn } from './helpers';
import { openEnvoiFranceSenegal } from './apiSeed';

const PHONE = { width: 390, height: 844 };
const SHOTS = process.env.A11Y_SHOTS_DIR;

/**
 * Waits until the page has finished loading: its title (the <h1> of every screen; a lazy screen first
 * shows react-admin's 'Chargement' page, after a second, whose title is an <h5>), then no spinner (a progress bar without a value: a weight gauge has
 * one and stays), no loading page, no skeleton.
 */
async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('[role="progressbar"]:not([aria-valuenow]), .RaLoading-root, .MuiSkeleton-root')).toHaveCount(0, {
    timeout: 15_000,
  });
  // No transition to wait for before axe reads the colours: the journeys run with reduced motion, the theme then
  // draws none (playwright.config.ts, src/theme.ts).
}

/**
 * Runs axe on the current page with the WCAG 2 A and AA rules and returns one line per violation: the rule, its
 * impact, its number of nodes and their selectors with axe's summary of what fails (empty when the page passes).
 */
async function violationsOf(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return result.violations.map(
    (v) =>
      `${v.id} (${v.impact}, ${v.nodes.length} node${v.nodes.length > 1 ? 's' : ''}): ${v.help}\n` +
      v.nodes.map((n) => `      ${n.target.join(' ')} — ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`).join('\n'),
  );
}

/**
 * Opens `path` inside the running application, as its own links do (react-router's history: a new entry, then the
 * popstate the router listens to), without loading the page and starting the application again. The titles of the
 * screen left are marked first, and the new screen's own title awaited: the router may keep the old screen drawn
 * while the new one loads. Already there (the dashboard, first in the menu), it stays.
 */
async function openInApp(page: Page, path: string) {
  if (new URL(page.url()).pathname === path) return;
  await page.evaluate((to) => {
    for (const h of document.querySelectorAll('h1')) h.setAttribute('data-left', '');
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL((url) => url.pathname === path);
  await expect(page.locator('h1:not([data-left])').first()).toBeVisible({ timeout: 15_000 });
}

/**
 * Opens `path` (`how`: 'load' loads the page, 'inApp' navigates inside the signed-in application), waits for it to
 * settle, and soft-asserts that axe finds nothing; `label` names the screen in the report.
 */
async function checkScreen(page: Page, label: string, path?: string, how: 'load' | 'inApp' = 'load') {
  if (path) await (how === 'load' ? page.goto(path) : openInApp(page, path));
  await settle(page);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${label.replace(/[^a-z0-9]+/gi, '_')}.png`, fullPage: true });
  const found = await violationsOf(page);
  expect.soft(found, `${label} (${page.url()}) :\n  ${found.join('\n  ')}`).toEqual([]);
}

/**
 * The routes the sidebar shows to the signed-in user: opens each collapsible group in turn (one is open at a time)
 * and reads the links inside the menu. Returns paths, in menu order, without duplicates.
 */
async function menuRoutes(page: Page): Promise<string[]> {
  const nav = page.getByRole('menu');
  await expect(nav).toBeVisible();
  const hrefs = async () =>
    nav.locator('a[href]').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  const routes = new Set(await hrefs());
  const groups = nav.locator('[aria-expanded]');
  for (let i = 0; i < (await groups.count()); i++) {
    const group = groups.nth(i);
    if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
    await expect(group).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.locator('.MuiCollapse-entered')).toHaveCount(1);
    for (const href of await hrefs()) routes.add(href);
  }
  return [...routes];
}

/** The create form a list page links to ('Ajouter'), if any: its path. */
async function createLinkOf(page: Page): Promise<string | undefined> {
  const links = await page
    .locator('main a[href$="/create"]')
    .evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  return links[0];
}

/** Checks every screen of the menu of the signed-in user, and the create form each one links to. */
async function checkMenuScreens(page: Page, who: string): Promise<string[]> {
  const routes = await menuRoutes(page);
  expect(routes.length).toBeGreaterThan(1);
  for (const route of routes) {
    await checkScreen(page, `${who} ${route}`, route, 'inApp');
    const create = await createLinkOf(page);
    if (create) await checkScreen(page, `${who} ${create}`, create, 'inApp');
  }
  return routes;
}

let seeded: { reference: string; suiviUrl: string; colisId: string } | undefined;

test.beforeAll(async ({ request }) => {
  const { agent, list, id, registerColis } = await openEnvoiFranceSenegal(request, 'Fret e2e accessibilité');
  const modesPaiement = await list('modePaiement/liste');
  let reference = '';
  for (let i = 0; i < 3; i++) {
    reference = await registerColis(agent, 2 + i, {
      detailsContenu: `Colis accessibilité ${i}`,
      expediteurNom: 'Durand',
      expediteurPrenom: 'Léa',
      NumeroSaisi: `+3361${String(Date.now()).slice(-6)}${i}`,
      nomDestinataire: 'Ndiaye',
      prenomsDestinataire: 'Fatou',
      telephoneDestinataire: `+22177${String(Date.now()).slice(-6)}${i}`,
      ...(i < 2 ? { reglement: 5, encaissement: { modePaiementID: id(modesPaiement, 'ESPECES'), paymentby: 'expediteur' } } : {}),
    });
  }
  const details = await (await request.get(`/api/colis/getByReference/${reference}`, { headers: agent })).json();
  seeded = { reference, suiviUrl: details.suiviUrl as string, colisId: (details.data?.id ?? details.id) as string };
});

test('every screen of the ADMIN menu has no WCAG 2 A/AA violation', async ({ page }) => {
  test.setTimeout(600_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, ADMIN);
  const routes = await checkMenuScreens(page, 'ADMIN');
  // The menu of the ADMIN holds the screens of the brief; a menu that lost one would silently check less.
  for (const expected of ['/colis', '/depart', '/caisse', '/user', '/messagerie', '/audit', '/inventaire', '/tauxChange', '/profil']) {
    expect(routes).toContain(expected);
  }
  await checkScreen(page, 'ADMIN dashboard', '/', 'inApp');
  // The outbox is a button of the messaging page, not a sidebar entry.
  await openInApp(page, '/messagerie');
  await settle(page);
  const outbox = await page.locator('main a[href*="mailOutbox"]').first().getAttribute('href');
  expect(outbox).toBeTruthy();
  await checkScreen(page, 'ADMIN mailOutbox', new URL(outbox!, page.url()).pathname, 'inApp');
  await checkScreen(page, 'ADMIN colis show', `/colis/${seeded!.reference}`, 'inApp');
  await expect(page.getByText(seeded!.reference).first()).toBeVisible();
});

test('every screen of the agent menu has no WCAG 2 A/AA violation', async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, AGENT);
  await checkScreen(page, 'AGENT dashboard');
  await checkMenuScreens(page, 'AGENT');
});

test('the dashboard and the parcel list on a phone (390×844) have no WCAG 2 A/AA violation', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signIn(page, ADMIN);
  await checkScreen(page, 'PHONE dashboard', '/');
  await checkScreen(page, 'PHONE colis', '/colis');
  await expect(page.getByText(seeded!.reference).first()).toBeVisible();
});

test('the sign-in page and the public tracking pages have no WCAG 2 A/AA violation', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await checkScreen(page, 'login', '/login');
  await checkScreen(page, 'suivi', '/suivi');
  await page.setViewportSize(PHONE);
  await checkScreen(page, 'suivi colis', new URL(seeded!.suiviUrl).pathname);
  await expect(page.getByTestId('suivi-statut')).toBeVisible();
});
