/**
 * Public tracking (docs/decisions/public-tracking.md) as a client lives it: an agent registers a parcel (through the
 * API) and prints its receipt, whose QR code must hold the parcel's tracking address; then, in a fresh browser without
 * sign-in at phone width (390 px), the client types the reference and the last 4 digits of the recipient's phone and
 * sees the journey (never a phone number or a full name), is told the same thing for wrong digits, and opens the QR
 * code's address. Screenshots go to /work/wt/shots/track/ when that folder's parent exists (SHOTS_DIR overrides).
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { qrRuns } from '../../src/kit/pdfKit';
import { openEnvoiFranceSenegal } from './apiSeed';
import { AGENT, searchOne, signIn } from './helpers';

const SHOTS = process.env.SHOTS_DIR ?? (existsSync('/work/wt/shots') ? '/work/wt/shots/track' : '');
const PHONE = { width: 390, height: 844 };

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/**
 * The dark modules of the receipt's QR code, read back from the uncompressed PDF (src/kit/pdfKit.ts drawQr fills
 * each horizontal run of dark modules of a row with one rectangle: `x y w -h re f`, h one module, w a whole number of
 * modules), as 'row,col' texts.
 */
function qrModulesOfPdf(pdf: string): Set<string> {
  const rects = [...pdf.matchAll(/(-?[\d.]+) (-?[\d.]+) ([\d.]+) (-?[\d.]+) re\s+f/g)]
    .map((m) => ({ x: Number(m[1]), y: Number(m[2]), w: Number(m[3]), h: Math.abs(Number(m[4])) }))
    .filter((c) => c.h < 5);
  // The module's side: the height the QR code's rectangles share (the most frequent small height).
  const counts = new Map<number, number>();
  for (const c of rects) counts.set(c.h, (counts.get(c.h) ?? 0) + 1);
  const size = [...counts.entries()].sort((a, b) => b[1] - a[1])[0][0];
  const runs = rects.filter((c) => Math.abs(c.h - size) < 0.01 && Math.abs(c.w / size - Math.round(c.w / size)) < 0.01);
  const minX = Math.min(...runs.map((c) => c.x));
  const maxY = Math.max(...runs.map((c) => c.y));
  const out = new Set<string>();
  for (const c of runs) {
    const row = Math.round((maxY - c.y) / size);
    const col = Math.round((c.x - minX) / size);
    for (let i = 0; i < Math.round(c.w / size); i++) out.add(`${row},${col + i}`);
  }
  return out;
}

/**
 * The dark modules of the QR code of `text` as the receipt encodes it (src/kit/pdfKit.ts qrRuns: one segment of a
 * fixed mode, level M; the library's own segment optimiser would choose another, equally valid, pattern).
 */
function qrModulesOf(text: string): Set<string> {
  const out = new Set<string>();
  for (const [row, col, length] of qrRuns(text).runs) for (let i = 0; i < length; i++) out.add(`${row},${col + i}`);
  return out;
}

test('a client tracks a parcel by reference and digits, and from the receipt QR code, without signing in', async ({
  page,
  browser,
  request,
}) => {
  const { agent, list, id, registerColis } = await openEnvoiFranceSenegal(request, 'Suivi public');
  const telephone = `+22177${String(Date.now()).slice(-7)}`;
  const reference = await registerColis(agent, 2, {
    detailsContenu: 'Vêtements',
    expediteurNom: 'Ndiaye',
    expediteurPrenom: 'Awa',
    NumeroSaisi: `+3361${String(Date.now()).slice(-7)}`,
    nomDestinataire: 'Sarr',
    prenomsDestinataire: 'Moussa',
    telephoneDestinataire: telephone,
    reglement: 5,
    encaissement: { modePaiementID: id(await list('modePaiement/liste'), 'ESPECES') },
  });
  const details = await (await request.get(`/api/colis/getByReference/${reference}`, { headers: agent })).json();
  expect(details.suiviUrl).toMatch(/\/suivi\/[A-Za-z0-9_-]{43}$/);

  // The agent prints the receipt: its QR code is the tracking address.
  await signIn(page, AGENT);
  await page.goto('/colis');
  await searchOne(page, telephone);
  const row = page.getByRole('row').filter({ hasText: telephone });
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: /reçu/i }).click()]);
  const pdf = readFileSync(await download.path()).toString('latin1');
  const qrUrl = new URL(details.suiviUrl as string);
  expect(qrUrl.origin).toBe(new URL(page.url()).origin);
  expect(qrModulesOfPdf(pdf)).toEqual(qrModulesOf(qrUrl.href));

  // A client on a phone, not signed in.
  const client = await browser.newContext({ viewport: PHONE, locale: 'fr-FR', timezoneId: 'Europe/Paris' });
  const phone = await client.newPage();
  await phone.goto('/suivi');
  await expect(phone.getByRole('heading', { name: 'Suivi de colis' })).toBeVisible();
  // Its own small bundle: React and the amount formatter, never the back-office's chunk (vite.config.ts).
  const scripts = await phone.evaluate(() =>
    [...document.querySelectorAll('script[src], link[rel=modulepreload]')].map((e) => e.getAttribute('src') ?? e.getAttribute('href')),
  );
  expect(scripts.some((s) => /\/format-[^/]*\.js$/.test(s ?? ''))).toBe(true);
  expect(scripts.filter((s) => /\/main-[^/]*\.js$/.test(s ?? ''))).toEqual([]);
  await shot(phone, '1-formulaire');
  await phone.getByLabel('Référence du colis').fill(reference.toLowerCase());
  await phone.getByLabel('4 derniers chiffres du téléphone du destinataire').fill(telephone.slice(-4) === '0000' ? '1111' : '0000');
  await phone.getByRole('button', { name: 'Suivre mon colis' }).click();
  await expect(phone.getByRole('alert')).toHaveText('Colis introuvable. Vérifiez la référence et les 4 derniers chiffres du téléphone.');
  await shot(phone, '2-introuvable');

  await phone.getByLabel('4 derniers chiffres du téléphone du destinataire').fill(telephone.slice(-4));
  await phone.getByRole('button', { name: 'Suivre mon colis' }).click();
  await expect(phone.getByRole('heading', { name: reference })).toBeVisible();
  const steps = phone.getByRole('list', { name: 'Étapes du colis' }).getByRole('listitem');
  await expect(steps).toHaveCount(2);
  await expect(steps.nth(0)).toContainText('En attente');
  await expect(steps.nth(1)).toContainText('Réceptionné');
  await expect(steps.nth(1)).toContainText(/\d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}/);
  await expect(phone.getByTestId('suivi-statut')).toHaveText('Réceptionné');
  await expect(phone.getByTestId('suivi-agence')).toContainText('Dakar');
  await expect(phone.getByTestId('suivi-reste')).toHaveText(/€$/);
  await expect(phone.getByText('M. S.')).toBeVisible();
  await expect(phone.getByText('A. N.')).toBeVisible();
  const text = await phone.locator('body').innerText();
  for (const secret of ['Sarr', 'Moussa', 'Ndiaye', 'Awa', '+221', '+33', telephone.slice(-7)]) expect(text, secret).not.toContain(secret);
  expect(text.replace(reference, '')).not.toMatch(/\d{6,}/);
  // Readable at 390 px: nothing wider than the screen.
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shot(phone, '3-parcours');

  // From the receipt's QR code.
  await phone.goto(qrUrl.pathname);
  await expect(phone.getByRole('heading', { name: reference })).toBeVisible();
  await expect(phone.getByRole('list', { name: 'Étapes du colis' }).getByRole('listitem')).toHaveCount(2);
  await shot(phone, '4-qr-code');
  await phone.goto(`/suivi/${'x'.repeat(43)}`);
  await expect(phone.getByRole('alert')).toHaveText('Colis introuvable. Vérifiez la référence et les 4 derniers chiffres du téléphone.');
  await client.close();
});
