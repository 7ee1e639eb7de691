/**
 * Browser journey of a departure's manifest and labels (docs/decisions/departure-manifest.md). A departure
 * France → Sénégal gets 200 parcels through the API (parallel batches; one in three with an advance). ADMIN finds it in
 * the departures list and clicks 'Manifeste (PDF)' then 'Étiquettes (PDF)'; the downloads are read with pdftotext and
 * pdfinfo (poppler-utils): the manifest names every reference, says 'Page 1 / N' and prints the totals computed here
 * from the parcels list's answer (count, weight, total, paid, due); the labels file has one page per parcel and each
 * reference once. The timing of a larger departure is bench/browser/manifest.bench.ts (bench/README.md).
 */
import { expect, test } from '@playwright/test';
import { formatEuro, formatKg } from '../../common/format';
import { sumMoney, sumPoids } from '../../common/money';
import { ADMIN, searchOne, signIn } from './helpers';
import { download, flat, occurrences, readPdf, seedDeparture } from './manifestKit';

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
