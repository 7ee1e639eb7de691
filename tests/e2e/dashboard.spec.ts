/**
 * Browser journey of the dashboard (spec 000 §2 Dashboard, §6, §9; docs/decisions/dashboard-figures.md). The e2e server
 * holds reference data only, so the test first opens a departure France → Sénégal through the API and registers three
 * parcels at Paris (one with an advance) with the Paris agent's token. Then ADMIN reads the cards and follows them to
 * the lists they count ('En attente', 'Réceptionnés', the Colis tile, 'Ouverts'), switches to 'Par Agence', sees
 * Paris's figures and, for an agency without parcels, the toast 'Aucun colis enregistré cette agence.' and zeros; the
 * Paris agent sees its agency in the title and its own figures, equal to its lists.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, AGENT, signIn } from './helpers';
import { apiLogin, openEnvoiFranceSenegal } from './apiSeed';

/** Opens a departure France → Sénégal and registers `n` parcels at Paris (the first `advances` with an advance). */
async function seedColis(request: APIRequestContext, n: number, advances: number) {
  const { agent, list, id, registerColis } = await openEnvoiFranceSenegal(request, 'Fret e2e tableau de bord');
  const modesPaiement = await list('modePaiement/liste');
  for (let i = 0; i < n; i++) {
    await registerColis(agent, 2 + i, {
      detailsContenu: `Colis tableau de bord ${i}`,
      expediteurNom: 'Durand',
      expediteurPrenom: 'Léa',
      NumeroSaisi: `+336123450${i}${i}`,
      nomDestinataire: 'Ndiaye',
      prenomsDestinataire: 'Fatou',
      telephoneDestinataire: `+22177123450${i}`,
      ...(i < advances ? { reglement: 5, encaissement: { modePaiementID: id(modesPaiement, 'ESPECES'), paymentby: 'expediteur' } } : {}),
    });
  }
}

/** The number a dashboard element shows (French digits, narrow no-break spaces). */
async function figure(page: Page, testId: string): Promise<number> {
  const text = (await page.getByTestId(testId).textContent()) ?? '';
  return Number(text.replace(/\D/g, ''));
}

/** Waits for the list's pagination text and returns its total ('… sur un total de N entrées'). */
async function listTotal(page: Page): Promise<number> {
  const info = page.getByText(/sur un total de \d+ entrées?/);
  await expect(info).toBeVisible();
  return Number(/sur un total de (\d+)/.exec((await info.textContent()) ?? '')![1]);
}

/** Clicks a dashboard element, checks the list it opens counts `expected`, and comes back home. */
async function followsTo(page: Page, testId: string, path: string, expected: number) {
  await page.getByTestId(testId).click();
  await expect(page).toHaveURL((url) => url.pathname === path);
  expect(await listTotal(page)).toBe(expected);
  await page.goto('/');
  await expect(page.getByTestId('colis-status-EN_ATTENTE-value')).toBeVisible();
}

test('the dashboard figures equal the lists they open, for ADMIN (global and per agency) and for an agency user', async ({ page }) => {
  test.setTimeout(120_000);
  await seedColis(page.request, 3, 1);

  // ADMIN, global figures.
  await signIn(page, ADMIN);
  await expect(page.getByRole('heading', { name: 'TABLEAU DE BORD' })).toBeVisible();
  await expect(page.getByTestId('colis-status-EN_ATTENTE-value')).toBeVisible();
  const enAttente = await figure(page, 'colis-status-EN_ATTENTE-value');
  const recus = await figure(page, 'colis-status-RECEPTIONNE-value');
  expect(enAttente).toBeGreaterThanOrEqual(2);
  expect(recus).toBeGreaterThanOrEqual(1);
  const colis = await figure(page, 'tile-colis-value');
  expect(colis).toBe(
    enAttente +
      recus +
      (await figure(page, 'colis-status-EN_COURS_ENVOI-value')) +
      (await figure(page, 'colis-status-EXPEDIE-value')) +
      (await figure(page, 'colis-status-RETIRE-value')) +
      (await figure(page, 'colis-status-LIVRE-value')),
  );
  await expect(page.getByTestId('depart-card').filter({ hasText: 'France → Sénégal' }).first()).toBeVisible();
  // Partly paid parcels counted from the list's rows themselves (0 < reglement, resteAPayer > 0): other journeys may have
  // left fully paid parcels in RECEPTIONNE.
  const rows = ((await (await page.request.get('/api/colis/liste/x', { headers: await apiLogin(page.request, ADMIN) })).json()).datas ??
    []) as { reglement: number | string; resteAPayer: number | string }[];
  const partiels = rows.filter((r) => Number(r.reglement) > 0 && Number(r.resteAPayer) > 0).length;
  await expect(page.getByTestId('payments-donut-PARTIEL-value')).toHaveText(String(partiels));
  await followsTo(page, 'colis-status-EN_ATTENTE', '/colis', enAttente);
  await followsTo(page, 'colis-status-RECEPTIONNE', '/colis', recus);
  await followsTo(page, 'tile-colis', '/colis', colis);
  await followsTo(page, 'envoi-status-OUVERT', '/depart', await figure(page, 'envoi-status-OUVERT-value'));

  // ADMIN, per agency: Paris has the parcels; Bamako has none (toast for 3 s, zeros).
  await page.getByTestId('scope-agence').click();
  await page.getByTestId('agence-select').click();
  await page.getByRole('option', { name: /Paris/ }).click();
  await expect(page.getByRole('heading', { name: /TABLEAU DE BORD \(Agence Paris/ })).toBeVisible();
  expect(await figure(page, 'colis-status-EN_ATTENTE-value')).toBe(enAttente);
  await page.getByTestId('colis-status-EN_ATTENTE').click();
  await expect(page).toHaveURL((url) => url.pathname === '/colis' && (url.searchParams.get('filter') ?? '').includes('agenceID'));
  expect(await listTotal(page)).toBe(enAttente);
  await page.goto('/');
  await page.getByTestId('scope-agence').click();
  await page.getByTestId('agence-select').click();
  await page.getByRole('option', { name: /Bamako/ }).click();
  await expect(page.getByText('Aucun colis enregistré cette agence.')).toBeVisible();
  expect(await figure(page, 'tile-colis-value')).toBe(0);
  expect(await figure(page, 'colis-status-EN_ATTENTE-value')).toBe(0);
  await expect(page.getByText('Aucun colis enregistré cette agence.')).toBeHidden({ timeout: 6_000 });

  // The Paris agent: its agency in the title, its figures equal to its lists.
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, AGENT);
  await expect(page.getByRole('heading', { name: /TABLEAU DE BORD \(Agence Paris/ })).toBeVisible();
  await expect(page.getByTestId('scope-agence')).toHaveCount(0);
  await expect(page.getByTestId('colis-status-EN_ATTENTE-value')).toBeVisible();
  const agentEnAttente = await figure(page, 'colis-status-EN_ATTENTE-value');
  expect(agentEnAttente).toBe(enAttente);
  await followsTo(page, 'colis-status-EN_ATTENTE', '/colis', agentEnAttente);
  await followsTo(page, 'tile-envois', '/depart', await figure(page, 'tile-envois-value'));
});
