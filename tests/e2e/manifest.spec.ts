/**
 * Browser journey of a departure's manifest and labels (docs/decisions/departure-manifest.md). A departure
 * France → Sénégal gets 200 parcels through the API (parallel batches; one in three with an advance). ADMIN finds it in
 * the departures list and clicks 'Manifeste (PDF)' then 'Étiquettes (PDF)'; the downloads are read with pdftotext and
 * pdfinfo (poppler-utils): the manifest names every reference, says 'Page 1 / N' and prints the totals computed here
 * from the parcels list's answer (count, weight, total, paid, due); the labels file has one page per parcel and each
 * reference once.
 * With MANIFEST_BENCH=<n> (e.g. 2000) a second journey registers n parcels and measures, without asserting, how long
 * the labels and the manifest take and how the page's frames go meanwhile (requestAnimationFrame): bench/README.md.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { formatEuro, formatKg } from '../../common/format';
import { sumMoney, sumPoids } from '../../common/money';
import { ADMIN, searchOne, signIn } from './helpers';
import { openEnvoiFranceSenegal } from './apiSeed';

/** A parcel as colis/liste answers it (the fields the totals need). */
type Listed = { reference: string; poids: number; montantTotal: number; reglement: number; resteAPayer: number };

/** Opens a departure and registers `n` parcels on it, `batch` at a time; returns the departure and the listed parcels. */
async function seedDeparture(request: APIRequestContext, contenu: string, n: number, batch: number) {
  const seed = await openEnvoiFranceSenegal(request, contenu, Math.max(500, n * 2));
  const { agent, admin, list, id, envoi, registerColis } = seed;
  const especes = id(await list('modePaiement/liste'), 'ESPECES');
  const phoneBase = 10_000_000 + Math.floor(Math.random() * 80_000_000);
  for (let start = 0; start < n; start += batch) {
    await Promise.all(
      Array.from({ length: Math.min(batch, n - start) }, (_, k) => {
        const i = start + k;
        return registerColis(agent, 1 + (i % 4) * 0.25, {
          detailsContenu: `Colis manifeste ${i}`,
          expediteurNom: 'Durand',
          expediteurPrenom: `Léa ${i}`,
          NumeroSaisi: `+336${String(phoneBase + i).slice(-8)}`,
          nomDestinataire: 'Ndiaye',
          prenomsDestinataire: `Fatou ${i}`,
          telephoneDestinataire: `+22177${String(phoneBase + i).slice(-7)}`,
          ...(i % 3 === 0 ? { reglement: 5, encaissement: { modePaiementID: especes, paymentby: 'expediteur' } } : {}),
        });
      }),
    );
  }
  const listed: Listed[] = [];
  for (let page = 1; listed.length < n; page += 1) {
    const res = await request.get(`/api/colis/liste/all?envoiID=${envoi.id}&_page=${page}&_perPage=500`, { headers: admin });
    const datas = (await res.json()).datas as Listed[];
    if (datas.length === 0) break;
    listed.push(...datas);
  }
  expect(listed).toHaveLength(n);
  return { envoi, listed };
}

/**
 * Finds the departure in the list and clicks one of its PDF buttons; `during` runs after the click, while the file is
 * being built. Returns the saved file's path and the name the page gave it.
 */
async function download(page: Page, reference: string, button: string, file: string, timeout = 120_000, during?: () => Promise<void>) {
  const row = page.getByRole('row').filter({ hasText: reference });
  const downloaded = page.waitForEvent('download', { timeout });
  await row.getByRole('button', { name: button, exact: true }).click();
  await during?.();
  const pdf = await downloaded;
  const path = test.info().outputPath(file);
  await pdf.saveAs(path);
  return { path, suggested: pdf.suggestedFilename() };
}

/** The text of a PDF (pdftotext -layout) and its page count (pdfinfo). */
function readPdf(path: string) {
  const text = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [path], { encoding: 'utf8' }))?.[1]);
  return { text, pages };
}

/** How often `needle` occurs in `text`. */
const occurrences = (text: string, needle: string) => text.split(needle).length - 1;

/** Text as the PDF prints it: one space for every run of spaces (Intl's no-break spaces included). */
const flat = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ');

test('manifest and labels of a departure of 200 parcels, read back from the PDFs', async ({ page }) => {
  test.setTimeout(300_000);
  const contenu = `Fret e2e manifeste ${Date.now()}`;
  const { envoi, listed } = await seedDeparture(page.request, contenu, 200, 20);

  await signIn(page, ADMIN);
  await page.goto('/depart');
  await searchOne(page, contenu);

  const manifest = await download(page, envoi.reference, 'Manifeste (PDF)', 'manifest.pdf');
  expect(manifest.suggested).toBe(`manifeste-${envoi.reference}.pdf`);
  const m = readPdf(manifest.path);
  for (const c of listed) expect(occurrences(m.text, c.reference), c.reference).toBe(1);
  expect(m.pages).toBeGreaterThan(1);
  expect(m.text).toContain(`Page 1 / ${m.pages}`);
  expect(m.text).toContain(`Page ${m.pages} / ${m.pages}`);
  expect(m.text).toContain(envoi.reference);
  expect(m.text).toContain('France');
  expect(m.text).toContain('Sénégal');
  // Totals computed here from the parcels list's answer, in the French format the PDF prints.
  const totals = [
    String(listed.length),
    formatKg(sumPoids(listed.map((c) => c.poids))),
    formatEuro(sumMoney(listed.map((c) => c.montantTotal))),
    formatEuro(sumMoney(listed.map((c) => c.reglement))),
    formatEuro(sumMoney(listed.map((c) => c.resteAPayer))),
  ].map(flat);
  expect(flat(m.text)).toContain(totals.join(' '));

  // 'Annuler' stops the job: no file, a notice, the buttons usable again.
  const row = page.getByRole('row').filter({ hasText: envoi.reference });
  const downloads: string[] = [];
  page.on('download', (d) => downloads.push(d.suggestedFilename()));
  await row.getByRole('button', { name: 'Étiquettes (PDF)', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(`Étiquettes du départ ${envoi.reference}`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await expect(page.getByText('Génération annulée.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.waitForTimeout(1000);
  expect(downloads).toEqual([]);

  const labels = await download(page, envoi.reference, 'Étiquettes (PDF)', 'labels.pdf');
  expect(labels.suggested).toBe(`etiquettes-${envoi.reference}.pdf`);
  const l = readPdf(labels.path);
  expect(l.pages).toBe(200);
  for (const c of listed) expect(occurrences(l.text, c.reference), c.reference).toBe(1);
  expect(occurrences(l.text, 'DAKAR')).toBe(200);
  expect(l.text).toContain('Colis 200 / 200');
});

const BENCH = Number(process.env.MANIFEST_BENCH ?? 0);

test('bench: labels and manifest of MANIFEST_BENCH parcels, time and frames (measured, not asserted)', async ({ page }) => {
  test.skip(!BENCH, 'set MANIFEST_BENCH=2000 to run');
  test.setTimeout(1_800_000);
  const contenu = `Fret bench manifeste ${Date.now()}`;
  const seedStart = Date.now();
  const { envoi } = await seedDeparture(page.request, contenu, BENCH, 25);
  const seedMs = Date.now() - seedStart;
  await signIn(page, ADMIN);
  await page.goto('/depart');
  await searchOne(page, contenu);

  const measure = async (button: string, file: string) => {
    await page.evaluate(() => {
      const w = window as unknown as { __frames: number[]; __stop: boolean };
      w.__frames = [];
      w.__stop = false;
      const loop = (t: number) => {
        if (w.__stop) return;
        w.__frames.push(t);
        requestAnimationFrame(loop);
      };
      requestAnimationFrame(loop);
    });
    const start = Date.now();
    // A screenshot of the progress dialog once the worker reports (bench output only).
    const shot = async () => {
      await page.getByText(/^Génération d(u manifeste|es étiquettes)… [1-9]/).waitFor({ timeout: 600_000 });
      await page.screenshot({ path: test.info().outputPath(`${file}-progress.png`) });
    };
    const { path } = await download(page, envoi.reference, button, file, 1_500_000, shot);
    const ms = Date.now() - start;
    const frames = await page.evaluate(() => {
      const w = window as unknown as { __frames: number[]; __stop: boolean };
      w.__stop = true;
      const f = w.__frames;
      let maxGap = 0;
      let over100 = 0;
      for (let i = 1; i < f.length; i += 1) {
        const gap = f[i]! - f[i - 1]!;
        maxGap = Math.max(maxGap, gap);
        if (gap > 100) over100 += 1;
      }
      return { count: f.length, maxGap: Math.round(maxGap), over100 };
    });
    const { pages } = readPdf(path);
    return { ms, pages, frames, fps: Math.round((frames.count * 1000) / ms) };
  };
  const labels = await measure('Étiquettes (PDF)', 'bench-labels.pdf');
  const manifest = await measure('Manifeste (PDF)', 'bench-manifest.pdf');
  const result = { parcels: BENCH, seedMs, labels, manifest };
  console.log(JSON.stringify(result));
  writeFileSync(test.info().outputPath('bench.json'), JSON.stringify(result, null, 2));
});
