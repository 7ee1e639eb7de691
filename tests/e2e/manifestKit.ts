/**
 * What the manifest journey (manifest.spec.ts) and the manifest bench (bench/browser/manifest.bench.ts) share: a
 * departure seeded with n parcels through the API, a PDF button's download, and reading a PDF back with pdftotext and
 * pdfinfo (poppler-utils).
 */
import { execFileSync } from 'node:child_process';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { openEnvoiFranceSenegal } from './apiSeed';

/** A parcel as colis/liste answers it (the fields the totals need). */
export type Listed = { reference: string; poids: number; montantTotal: number; reglement: number; resteAPayer: number };

/** Opens a departure and registers `n` parcels on it, `batch` at a time; returns the departure and the listed parcels. */
export async function seedDeparture(request: APIRequestContext, contenu: string, n: number, batch: number) {
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
export async function download(
  page: Page,
  reference: string,
  button: string,
  file: string,
  timeout = 120_000,
  during?: () => Promise<void>,
) {
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
export function readPdf(path: string) {
  const text = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [path], { encoding: 'utf8' }))?.[1]);
  return { text, pages };
}

/** How often `needle` occurs in `text`. */
export const occurrences = (text: string, needle: string) => text.split(needle).length - 1;

/** Text as the PDF prints it: one space for every run of spaces (Intl's no-break spaces included). */
export const flat = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ');
