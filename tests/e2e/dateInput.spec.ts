/**
 * Dates typed and shown dd/MM/yyyy whatever the browser's language (spec 000 §9; src/kit/DateInputFr.tsx,
 * docs/decisions/date-input-fr.md). In an en-US browser (where a native date input shows mm/dd/yyyy and answers in
 * English), the departure form's three dates show 'JJ/MM/AAAA', take a day typed day first, refuse a past day with the
 * app's French message, open a French calendar, and save the day typed: the API holds it as 'YYYY-MM-DD' and the list
 * shows it dd/MM/yyyy. At 1280×800 and 390×844.
 */
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, AGENT, fillDate, inDays, searchOne, signIn } from './helpers';

/** Where the screenshots go: DATE_SHOTS_DIR, else the test's output folder. */
const shot = (name: string) => (process.env.DATE_SHOTS_DIR ? `${process.env.DATE_SHOTS_DIR}/${name}` : test.info().outputPath(name));

test.use({ locale: 'en-US' });

/** Picks an option of a react-admin SelectInput by its label. */
async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** 'YYYY-MM-DD' → 'dd/MM/yyyy'. */
const fr = (iso: string) => iso.split('-').reverse().join('/');

/** The departure of `contenu` as the API answers it (envoi/liste searched by its text). */
async function savedEnvoi(page: Page, contenu: string) {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('colis.session') ?? '{}').token as string);
  const res = await page.request.get(`/api/envoi/liste?q=${encodeURIComponent(contenu)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.ok()).toBeTruthy();
  const json = await res.json();
  const rows = (json.datas ?? json.envois) as Record<string, string>[];
  expect(rows).toHaveLength(1);
  return rows[0];
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`departure dates in dd/MM/yyyy in an en-US browser (${viewport.width}×${viewport.height})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const tag = `${viewport.width}-${Date.now().toString(36).slice(-5)}`;
    const contenu = `Dates FR ${tag}`;
    expect(await page.evaluate(() => navigator.language)).toBe('en-US');
    await signIn(page, ADMIN);
    await page.goto('/addDepart');
    await expect(page.getByRole('heading', { name: 'AJOUTER DÉPART' })).toBeVisible();

    // Empty dates read JJ/MM/AAAA, not mm/dd/yyyy.
    const closing = page.locator('.MuiPickersInputBase-root').filter({ has: page.locator('input[name="dateFin"]') });
    await expect(closing).toContainText('JJ/MM/AAAA');
    await pick(page, "Mode d'envoi", 'Aérien');
    await pick(page, "Pays d'origine", 'France');
    await pick(page, 'Pays de destination', 'Sénégal');

    // A past day: the app's own French message, not the browser's English one.
    await fillDate(page, 'dateFin', inDays(-3));
    await fillDate(page, 'dateDebut', inDays(4));
    await fillDate(page, 'dateArrive', inDays(9));
    await page.locator('textarea[name="contenu"]').fill(contenu);
    await page.locator('input[name="poids"]').fill('120');
    await page.getByRole('button', { name: /enregistrer/i }).click();
    await expect(page.getByText("La date ne peut pas être antérieure à aujourd'hui")).toBeVisible();
    await page.screenshot({ path: shot(`date-past-${viewport.width}.png`), fullPage: true });

    // The calendar is French (month name, Monday first); the day typed is what is saved.
    await fillDate(page, 'dateFin', inDays(2));
    await closing.getByRole('button', { name: /Choisir la date/ }).click();
    const calendar = page.getByRole('dialog');
    await expect(calendar).toBeVisible();
    const month = new Date(`${inDays(2)}T12:00:00`).toLocaleDateString('fr-FR', { month: 'long', year: 'numeric' });
    await expect(calendar).toContainText(month);
    await expect(calendar.getByRole('columnheader').first()).toHaveAttribute('aria-label', /lundi/i);
    await page.screenshot({ path: shot(`date-calendar-${viewport.width}.png`), fullPage: true });
    await page.keyboard.press('Escape');
    await expect(calendar).toBeHidden();
    await expect(page.locator('input[name="dateFin"]')).toHaveValue(fr(inDays(2)));
    await page.screenshot({ path: shot(`date-filled-${viewport.width}.png`), fullPage: true });

    await page.getByRole('button', { name: /enregistrer/i }).click();
    await expect(page.getByText('départ ajouté avec succès')).toBeVisible();
    const saved = await savedEnvoi(page, contenu);
    expect(String(saved.dateFin).slice(0, 10)).toBe(inDays(2));
    expect(String(saved.dateDebut).slice(0, 10)).toBe(inDays(4));
    expect(String(saved.dateArrive).slice(0, 10)).toBe(inDays(9));

    // The edit form shows the saved days dd/MM/yyyy.
    await searchOne(page, contenu);
    const row = page.getByRole('row').filter({ hasText: contenu });
    await expect(row).toContainText(fr(inDays(4)));
    await row.getByRole('link', { name: /modifier/i }).click();
    await expect(page.getByRole('heading', { name: 'MODIFIER DÉPART' })).toBeVisible();
    await expect(page.locator('input[name="dateDebut"]')).toHaveValue(fr(inDays(4)));
    await expect(page.locator('input[name="dateArrive"]')).toHaveValue(fr(inDays(9)));
    await page.screenshot({ path: shot(`date-edit-${viewport.width}.png`), fullPage: true });
  });
}

test('the cash day shows dd/MM/yyyy in an en-US browser, and a typed day reads that day (1280×800)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, AGENT);
  await page.goto('/caisse');
  const jour = page.locator('input[name="date"]');
  await expect(jour).toHaveValue(fr(inDays(0)));
  const read = page.waitForRequest((r) => r.url().includes('/api/caisse/') && r.url().includes(`date=${inDays(-1)}`));
  await fillDate(page, 'date', inDays(-1));
  await read;
  await page.screenshot({ path: shot('caisse-1280.png'), fullPage: true });
});

test('a list whose read fails shows the error and Réessayer, not an empty list (1280×800)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, ADMIN);
  await page.route('**/api/colis/liste**', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'Erreur interne' }) }),
  );
  await page.goto('/colis');
  const alert = page.getByTestId('load-error');
  await expect(alert).toContainText('Erreur interne');
  await expect(page.getByText('Aucune donnée disponible')).toHaveCount(0);
  await expect(page.getByText(/sur un total de/)).toHaveCount(0);
  await page.screenshot({ path: shot('list-error-1280.png'), fullPage: true });
  await page.unroute('**/api/colis/liste**');
  await alert.getByRole('button', { name: 'Réessayer' }).click();
  await expect(alert).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: 'Référence' }).or(page.getByText('Aucune donnée disponible')).first()).toBeVisible();
});
