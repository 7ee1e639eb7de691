/**
 * List export (docs/decisions/list-exports.md): on the parcels list filtered by agency, 'Exporter' → 'CSV (Excel)'
 * downloads the server's file of the whole filtered list: as many rows as the total the pagination shows (more than one
 * page), with the header, BOM and ';' of French Excel.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { todayIso } from '../../common/dates';
import { ADMIN, signIn } from './helpers';
import { openEnvoiFranceSenegal } from './apiSeed';

/** Counts the records of a CSV text (line breaks inside quotes do not end a record). */
function csvRecords(text: string): number {
  let quoted = false;
  let records = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '"') quoted = !quoted;
    else if (!quoted && text[i] === '\n') records++;
  }
  return records;
}

test('the parcels list filtered by agency exports every row to CSV', async ({ page }) => {
  const { agent, list, id, registerColis } = await openEnvoiFranceSenegal(page.request, 'Fret e2e export');
  const stamp = Date.now() % 1_000_000;
  for (let i = 0; i < 12; i++) {
    await registerColis(agent, 1 + i, {
      detailsContenu: `Export ${stamp}; lot "${i}"`,
      expediteurNom: 'Martin',
      expediteurPrenom: 'Paul',
      NumeroSaisi: `+336123${String(stamp).slice(-3)}${String(i).padStart(2, '0')}`,
      nomDestinataire: 'Sow',
      prenomsDestinataire: 'Aminata',
      telephoneDestinataire: `+2217712${String(stamp).slice(-3)}${String(i).padStart(2, '0')}`,
    });
  }
  const par1 = id(await list('agence/liste?_page=1&_perPage=100'), 'PAR1');

  await signIn(page, ADMIN);
  await page.goto(`/colis?filter=${encodeURIComponent(JSON.stringify({ agenceID: par1 }))}`);
  const pagination = page.getByText(/sur un total de \d+ entrées?$/);
  await expect(pagination).toBeVisible({ timeout: 30_000 });
  const total = Number(/total de (\d+)/.exec((await pagination.textContent()) ?? '')![1]);
  expect(total).toBeGreaterThan(10);

  await page.getByRole('button', { name: 'Exporter' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'CSV (Excel)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`colis-${todayIso()}.csv`);
  const text = readFileSync((await download.path())!, 'utf8');
  expect(text.startsWith('\uFEFFRéférence;')).toBe(true);
  expect(csvRecords(text)).toBe(total + 1);
  expect(text).toContain(`"Export ${stamp}; lot ""3"""`);
});
