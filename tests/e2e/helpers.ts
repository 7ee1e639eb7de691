/** Shared pieces of the browser journeys: demo credentials of the seed, sign-in through the login page, dates. */
import { expect, type Locator, type Page } from '@playwright/test';
import { addDays, todayIso } from '../../common/dates';

export const ADMIN = { email: 'admin@colis.local', password: 'Admin123!' };
export const AGENT = { email: 'agent.paris@colis.local', password: 'Agent123!' };

/** Signs in through the login page and waits for the shell. */
export async function signIn(page: Page, who: { email: string; password: string }) {
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(who.email);
  await page.locator('input[name="password"]').fill(who.password);
  await page.getByRole('button', { name: /je me connecte/i }).click();
  await expect(page.getByText('Tableau de bord').first()).toBeVisible();
}

/** A calendar date `days` from today in Europe/Paris (common/dates.ts), YYYY-MM-DD (what a date input and the API take). */
export function inDays(days: number): string {
  return addDays(todayIso(), days);
}

/**
 * Types in a list's search box ('Rechercher :') and waits until the debounced search is in the URL and the list shows
 * its answer of exactly one row, so that the next click does not land on a row the refetch is about to replace, nor
 * leave a page the pending search would bring back (a list of one row already says '1 entrée' before the search).
 */
export async function searchOne(page: Page, text: string) {
  await page.getByLabel('Rechercher :').fill(text);
  await expect(page).toHaveURL((url) => (url.searchParams.get('filter') ?? '').includes(text));
  await expect(page.getByText(/sur un total de 1 entrées?$/)).toBeVisible();
}

/**
 * Opens a collapsible group of the sidebar unless it is open, and returns the menu. It waits for the group to be drawn
 * (the layout loads after the page) and reads its aria-expanded state, rather than an entry's visibility at one
 * instant: a click on a group still being drawn open would close it.
 */
export async function openMenuGroup(page: Page, label: string) {
  const nav = page.getByRole('menu');
  const group = nav.getByRole('menuitem', { name: label, exact: true });
  await expect(group).toBeVisible();
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  await expect(group).toHaveAttribute('aria-expanded', 'true');
  // The group's entries unfold in an animated Collapse: until it has entered, a click on an entry can land on the
  // entry below it or on nothing (the journal journey found itself still on the dashboard twice).
  await expect(nav.locator('.MuiCollapse-entered')).toHaveCount(1);
  return nav;
}

/** Opens the 'Gestion des Colis' group of the sidebar when closed and returns the 'Encaissements' entry. */
export async function encaissementsEntry(page: Page) {
  const nav = await openMenuGroup(page, 'Gestion des Colis');
  const colis = nav.getByRole('menuitem', { name: 'Colis', exact: true });
  await expect(colis).toBeVisible();
  return nav.getByRole('menuitem', { name: 'Encaissements', exact: true });
}

/**
 * Grants the permission `key` back to the seeded AGENT role through the API with the session of `page` (an ADMIN
 * signed in; idempotent), so that journeys which revoke it leave the role as the other journeys expect it.
 */
export async function restoreAgentGrant(page: Page, key: string) {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('colis.session') ?? '{}').token as string | undefined);
  if (!token) return;
  const headers = { authorization: `Bearer ${token}` };
  const roles = await (await page.request.get('/api/role/liste?q=AGENT', { headers })).json();
  const role = roles.datas.find((r: { code: string }) => r.code === 'AGENT');
  const privs = await (await page.request.get(`/api/privilege/liste?q=${encodeURIComponent(key)}`, { headers })).json();
  const priv = privs.datas.find((p: { libelle: string }) => p.libelle === key);
  const res = await page.request.post('/api/autorisation/create', { headers, data: { roleID: role.id, privilegeID: priv.id } });
  expect(res.status()).toBe(200);
}

/**
 * Types a calendar date `iso` (YYYY-MM-DD) into the French date picker whose form field is `name`
 * (src/kit/DateInputFr.tsx): the day, month and year sections in that order, as a user types 'JJ/MM/AAAA', then
 * waits until the field shows it as dd/MM/yyyy.
 */
export async function fillDate(page: Page, name: string, iso: string) {
  const [year, month, day] = iso.split('-');
  const field = page.locator('.MuiPickersInputBase-root').filter({ has: page.locator(`input[name="${name}"]`) });
  await field.getByRole('spinbutton').first().click();
  await page.keyboard.type(`${day}${month}${year}`);
  await expect(page.locator(`input[name="${name}"]`)).toHaveValue(`${day}/${month}/${year}`);
}

/**
 * Proves who takes a parcel in the open 'Retiré' / 'Livré' dialog (docs/decisions/release-proof.md): the release code
 * when given, else the recipient's passport; then a signature drawn with the mouse on the pad.
 */
export async function proveRelease(page: Page, dialog: Locator, code?: string) {
  if (code) {
    await dialog.getByRole('textbox', { name: 'Code de retrait' }).fill(code);
  } else {
    await dialog.getByRole('radio', { name: "Pièce d'identité" }).check();
    await dialog.getByRole('combobox', { name: 'Type de pièce' }).click();
    await page.getByRole('option', { name: 'Passeport' }).click();
    await expect(page.locator('.MuiMenu-root')).toHaveCount(0);
    await dialog.getByRole('textbox', { name: 'Numéro de la pièce' }).fill('A1234567');
  }
  await drawOn(page, dialog.getByTestId('signature-pad'));
}

/** Draws a stroke across an element with the mouse, as a signature. */
export async function drawOn(page: Page, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  const box = (await target.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.6);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.3, { steps: 5 });
  await page.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.7, { steps: 5 });
  await page.mouse.up();
}
