/**
 * Manifest and labels of a large departure in the browser, measured, never asserted (bench/README.md "Manifest and
 * labels"): registers MANIFEST_BENCH parcels (default 2000) through the API, then times 'Étiquettes (PDF)' and
 * 'Manifeste (PDF)' and how the page's frames go meanwhile (requestAnimationFrame); writes bench.json in the test's
 * output folder. Run: `npx vite build && E2E_PORT=3320 npx playwright test -c bench/playwright.config.ts`.
 */
import { writeFileSync } from 'node:fs';
import { test } from '@playwright/test';
import { ADMIN, searchOne, signIn } from '../../tests/e2e/helpers';
import { download, readPdf, seedDeparture } from '../../tests/e2e/manifestKit';

const BENCH = Number(process.env.MANIFEST_BENCH ?? 2000);

test('bench: labels and manifest of MANIFEST_BENCH parcels, time and frames (measured, not asserted)', async ({ page }) => {
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
    // A screenshot of the progress dialog once the worker reports (bench output only), taken beside the measure, never
    // waited for: a small departure may be done before the dialog shows a count.
    const shot = async () => {
      void page
        .getByText(/^Génération d(u manifeste|es étiquettes)… [1-9]/)
        .waitFor({ timeout: 600_000 })
        .then(() => page.screenshot({ path: test.info().outputPath(`${file}-progress.png`) }))
        .catch(() => undefined);
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
