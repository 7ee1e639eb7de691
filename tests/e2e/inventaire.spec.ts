/**
 * Browser journey of the stock inventories (spec 001 §2 'Etats de stocks' and Inventory detail; the scanning screen
 * 'Nouvel inventaire', docs/api-contract.md "Inventories"). The e2e server holds reference data only, so the test first
 * opens two departures France → Sénégal and registers parcels through the API: two at Paris by the Paris agent
 * (expected at Paris), one at Paris on the second departure, which is then marked 'en cours d'envoi' (in the agent's
 * scope but on its way: expected nowhere), and one at Marseille by ADMIN (outside the Paris agent's scope: registered by
 * another agency of France, so scanned it is 'Colis hors de votre agence (Agence Marseille Belsunce)', not a typo:
 * docs/decisions/inventory-other-agency.md). The Paris agent
 * then takes an inventory by typing references — one expected, the one on its way, the Marseille one and a made-up one —
 * sees each verdict at once, reloads the page mid-way (the scans come back from the browser's storage), loses the
 * connection for the made-up one (it waits as 'À vérifier', then is checked when the connection returns), saves, and
 * reads the statement: one parcel expected and found, one found but not expected, one expected and not found, the
 * Marseille parcel under 'Colis hors de votre agence' with its agency and the made-up reference as typed under
 * 'Références inconnues'; the list shows it with the red icon.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, AGENT, signIn } from './helpers';
import { openEnvoiFranceSenegal } from './apiSeed';

/**
 * Opens two departures France → Sénégal; registers on the first two parcels at Paris (agent) and one at Marseille
 * (ADMIN), on the second one at Paris (agent), then marks the second departure 'en cours d'envoi' (its parcel moves to
 * EN_COURS_ENVOI). @returns the references: `trouve` and `manquant` expected at Paris, `enRoute` in the Paris agent's
 * scope but expected nowhere, `ailleurs` outside its scope
 */
async function seedParcels(request: APIRequestContext): Promise<{ trouve: string; manquant: string; enRoute: string; ailleurs: string }> {
  const { admin, agent, list, id, registerColis } = await openEnvoiFranceSenegal(request, 'Fret e2e inventaire');
  const enVoyage = await openEnvoiFranceSenegal(request, 'Fret e2e inventaire en route');
  const agences = await list('agence/liste');
  const register = (headers: Record<string, string>, i: number, agenceID?: string, on = registerColis) =>
    on(headers, 2 + i, {
      ...(agenceID ? { agenceID } : {}),
      detailsContenu: `Colis inventaire ${i}`,
      expediteurNom: 'Martin',
      expediteurPrenom: 'Paul',
      NumeroSaisi: `+336123460${i}${i}`,
      nomDestinataire: 'Sow',
      prenomsDestinataire: 'Aminata',
      telephoneDestinataire: `+22177123460${i}`,
    });
  const refs = {
    trouve: await register(agent, 0),
    manquant: await register(agent, 1),
    // Received (paid at the counter), so that its departure ships it (docs/decisions/departure-ships-received.md).
    enRoute: await enVoyage.registerColis(agent, 5, {
      detailsContenu: 'Colis inventaire 3',
      expediteurNom: 'Martin',
      expediteurPrenom: 'Paul',
      NumeroSaisi: '+33612346033',
      nomDestinataire: 'Sow',
      prenomsDestinataire: 'Aminata',
      telephoneDestinataire: '+221771234603',
      reglement: 5,
      encaissement: { paymentby: 'expediteur', modePaiementID: id(await list('modePaiement/liste'), 'ESPECES') },
    }),
    ailleurs: await register(admin, 2, id(agences, 'MRS1')),
  };
  const moved = await request.put(`/api/envoi/update/${enVoyage.envoi.id}`, { headers: admin, data: { statutID: 'EN_COURS_ENVOI' } });
  expect(moved.ok(), await moved.text()).toBeTruthy();
  expect((await moved.json()).colisMoved).toBe(1);
  return refs;
}

/**
 * The number of parcels the scanning screen expects, once its list has loaded. Other journeys of the same run register
 * parcels in the same agencies, so the journeys below count from what the server expects rather than from a constant.
 */
async function expectedCount(page: Page): Promise<number> {
  await expect(page.getByText('Chargement des colis attendus…')).toHaveCount(0);
  await expect(page.getByTestId('count-attendus')).toHaveText(/^Attendus : \d+$/);
  return Number((await page.getByTestId('count-attendus').textContent())!.replace(/\D/g, ''));
}

test('an agent takes an inventory by typing references and reads the statement', async ({ page }) => {
  const refs = await seedParcels(page.request);
  await signIn(page, AGENT);
  await page.goto('/inventaire');
  await expect(page.getByRole('heading', { name: 'ETATS DE STOCKS' })).toBeVisible();
  await page.getByRole('link', { name: 'Nouvel inventaire' }).click();
  await expect(page.getByRole('heading', { name: 'NOUVEL INVENTAIRE' })).toBeVisible();
  const n = await expectedCount(page); // the two parcels registered above, and those of other journeys
  expect(n).toBeGreaterThanOrEqual(2);
  await expect(page.getByTestId('attendus-list')).toContainText(refs.trouve);
  await expect(page.getByTestId('attendus-list')).toContainText(refs.manquant);

  const input = page.getByTestId('scan-input');
  const last = page.getByTestId('last-scan');

  // An expected parcel, typed in lower case as a scanner with caps lock would: found.
  await input.fill(refs.trouve.toLowerCase());
  await input.press('Enter');
  await expect(last).toHaveAttribute('data-etat', 'TROUVE');
  await expect(last).toContainText(`${refs.trouve} — Colis trouvé`);
  // The same again: already scanned.
  await input.fill(refs.trouve);
  await input.press('Enter');
  await expect(last).toHaveAttribute('data-etat', 'DEJA_SCANNE');
  // A parcel of Paris on its way (EN_COURS_ENVOI): the agent may see it, but it is not expected here.
  await expect(page.getByTestId('attendus-list')).not.toContainText(refs.enRoute);
  await input.fill(refs.enRoute);
  await input.press('Enter');
  await expect(last).toHaveAttribute('data-etat', 'NON_ATTENDU');
  await expect(last).toContainText(`${refs.enRoute} — Colis non attendu ici`);
  // A parcel of Marseille, outside the Paris agent's scope but of its country: named so, with its agency.
  await input.fill(refs.ailleurs);
  await input.press('Enter');
  await expect(last).toHaveAttribute('data-etat', 'HORS_AGENCE');
  await expect(last).toContainText(`${refs.ailleurs} — Colis hors de votre agence (Agence Marseille Belsunce)`);

  // A reload keeps the scans (browser storage).
  await page.reload();
  await expect(page.getByText('Inventaire en cours restauré : 4 scan(s) conservé(s).')).toBeVisible();
  await expect(page.getByTestId('scan-row')).toHaveCount(4);
  await expect(page.getByTestId('count-trouves')).toHaveText('Trouvés : 1');

  // The connection drops: the unknown reference waits, then is checked when it returns.
  await page.context().setOffline(true);
  await input.fill('INCONNU-E2E-1');
  await input.press('Enter');
  await expect(last).toHaveAttribute('data-etat', 'A_VERIFIER');
  await expect(page.getByTestId('offline')).toBeVisible();
  await page.context().setOffline(false);
  await expect(last).toHaveAttribute('data-etat', 'INCONNU', { timeout: 20_000 });
  await expect(last).toContainText('Référence inconnue');
  await expect(page.getByTestId('count-restants')).toHaveText(`Restants : ${n - 1}`);
  await expect(page.getByTestId('count-nonAttendus')).toHaveText('Non attendus : 1');
  await expect(page.getByTestId('count-horsAgence')).toHaveText('Hors agence : 1');
  await expect(page.getByTestId('count-inconnus')).toHaveText('Inconnus : 1');

  await page.getByRole('button', { name: "Enregistrer l'inventaire" }).click();
  await expect(
    page.getByText(`1 colis trouvés sur ${n} attendus ; ${n - 1} colis attendus ne sont pas scannés. Enregistrer ?`),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Oui' }).click();

  // The statement.
  await expect(page).toHaveURL(/\/inventaire\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: "DETAILS DE L'INVENTAIRE" })).toBeVisible();
  await expect(page.getByText('Inventaire enregistré avec succès')).toBeVisible();
  const inconnues = ['INCONNU-E2E-1'];
  await expect(page.getByText(`Références inconnues enregistrées avec l'inventaire : ${inconnues.join(', ')}`)).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByTestId('inventaire-attendus')).toHaveText(String(n));
  await expect(page.getByTestId('inventaire-recus')).toHaveText('2');
  await expect(page.getByTestId('inventaire-perdus')).toHaveText(String(n - 1));
  const trouves = page.getByTestId('colis-trouves');
  await expect(trouves).toContainText('Colis trouvés (2)');
  await expect(trouves).toContainText(refs.trouve);
  await expect(trouves.getByRole('row', { name: new RegExp(refs.enRoute) })).toContainText('non attendu');
  await expect(trouves.getByRole('row', { name: new RegExp(refs.trouve) })).not.toContainText('non attendu');
  await expect(trouves).not.toContainText(refs.ailleurs);
  await expect(trouves).not.toContainText('INCONNU-E2E-1');
  const nonTrouves = page.getByTestId('colis-non-trouves');
  await expect(nonTrouves).toContainText(`Colis non trouvés (${n - 1})`);
  await expect(nonTrouves).toContainText(refs.manquant);
  await expect(nonTrouves).toContainText('Sow Aminata');
  await expect(nonTrouves).not.toContainText(refs.ailleurs);
  // The Marseille parcel with its agency, no link to it; the unknown reference as typed (normalised).
  const horsAgence = page.getByTestId('references-hors-agence');
  await expect(horsAgence).toContainText('Colis hors de votre agence (1)');
  await expect(horsAgence.getByRole('row')).toHaveText(['RéférenceAgence du colis', `${refs.ailleurs}Agence Marseille Belsunce`]);
  await expect(horsAgence.getByRole('link')).toHaveCount(0);
  const unknown = page.getByTestId('references-inconnues');
  await expect(unknown).toContainText('Références inconnues (1)');
  await expect(unknown.getByRole('row')).toHaveText(['Référence', ...inconnues]);
  await expect(unknown.getByRole('link')).toHaveCount(0);
  // The reference opens the parcel.
  await nonTrouves.getByRole('link', { name: refs.manquant }).click();
  await expect(page).toHaveURL(/\/colis\/[0-9a-f-]{36}\/show$/);
  await expect(page.getByText(refs.manquant).first()).toBeVisible();

  // The list: the statement, 2 received, n expected with the red icon (parcels are missing).
  await page.goto('/inventaire');
  const row = page.locator('.RaDataTable-table tbody tr').first();
  await expect(row.getByTestId('attendus-count')).toHaveText(String(n));
  await expect(row.getByTestId('attendus-alert')).toBeVisible();
  await row.getByRole('link', { name: "Voir l'inventaire" }).click();
  await expect(page.getByTestId('inventaire-perdus')).toHaveText(String(n - 1));

  // The scanning screen starts afresh.
  await page.goto('/inventaire/create');
  await expect(page.getByTestId('scan-row')).toHaveCount(0);
  await expect(page.getByText(/Inventaire en cours restauré/)).toHaveCount(0);
});

test('ADMIN chooses the agency before scanning and filters the statements by agency', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/inventaire/create');
  await expect(page.getByTestId('scan-input')).toBeDisabled();
  await page.getByLabel('Agence inventoriée').click();
  await page.getByRole('option', { name: 'Agence Dakar Plateau' }).click();
  await expect(page.getByTestId('scan-input')).toBeEnabled();
  const n = await expectedCount(page); // none on a fresh database; other journeys of the run may have added some
  if (n === 0) await expect(page.getByText("Aucun colis n'est attendu dans cette agence.")).toBeVisible();
  await page.getByRole('button', { name: "Enregistrer l'inventaire" }).click();
  await page.getByRole('button', { name: 'Oui' }).click();
  await expect(page.getByTestId('inventaire-attendus')).toHaveText(String(n));
  await expect(page.getByTestId('colis-trouves')).toContainText('Aucun colis trouvé');
  await expect(page.getByTestId('colis-non-trouves')).toContainText(n === 0 ? 'aucun colis non trouvés' : `Colis non trouvés (${n})`);
  await expect(page.getByTestId('references-inconnues')).toContainText('Références inconnues (0)');
  await expect(page.getByTestId('references-inconnues')).toContainText('Aucune référence inconnue');

  await page.goto('/inventaire');
  await expect(page.getByText(/sur un total de \d+ entrées?$/)).toBeVisible();
  await page.getByRole('combobox', { name: 'Agence' }).click();
  await page.getByRole('option', { name: 'Agence Dakar Plateau' }).click();
  await expect(page.getByText(/sur un total de 1 entrées?$/)).toBeVisible();
  const row = page.locator('.RaDataTable-table tbody tr').first();
  await expect(row).toContainText('Agence Dakar Plateau');
  await expect(row.getByTestId(n === 0 ? 'attendus-ok' : 'attendus-alert')).toBeVisible();
});

/**
 * Stands in for the camera and the browser's QR reader, which headless Chromium lacks: getUserMedia answers a canvas
 * stream, and BarcodeDetector reads `window.__qr` (what the test puts in front of the camera) on every frame.
 */
async function fakeCamera(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __qr?: string; BarcodeDetector?: unknown };
    w.BarcodeDetector = class {
      static async getSupportedFormats() {
        return ['qr_code'];
      }
      async detect() {
        return w.__qr ? [{ rawValue: w.__qr }] : [];
      }
    };
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: {
        getUserMedia: async () => {
          const canvas = document.createElement('canvas');
          canvas.width = 320;
          canvas.height = 240;
          const g = canvas.getContext('2d')!;
          setInterval(() => {
            g.fillStyle = '#333';
            g.fillRect(0, 0, 320, 240);
            g.fillStyle = '#fff';
            g.fillRect(110, 70, 100, 100);
          }, 100);
          return canvas.captureStream(10);
        },
      },
    });
  });
}

test("the camera reads a receipt's QR code once, however many frames show it", async ({ page }) => {
  await fakeCamera(page);
  await signIn(page, AGENT);
  await page.goto('/inventaire/create');
  const first = page.getByTestId('attendus-list').locator('li').first();
  await expect(first).toBeVisible();
  const reference = (await first.innerText()).split('\n')[0].trim();
  await page.getByRole('button', { name: 'Scanner avec la caméra' }).click();
  await expect(page.getByTestId('camera-view')).toBeVisible();
  await page.evaluate((ref) => ((window as unknown as { __qr?: string }).__qr = ref), reference);
  await expect(page.getByTestId('last-scan')).toHaveAttribute('data-etat', 'TROUVE');
  await expect(page.getByTestId('last-scan')).toContainText(reference);
  await page.waitForTimeout(1500);
  await expect(page.getByTestId('scan-row')).toHaveCount(1);
  await page.getByRole('button', { name: 'Arrêter la caméra' }).click();
  await page.getByRole('button', { name: 'Abandonner' }).click();
  await page.getByRole('button', { name: 'Oui' }).click();
  await expect(page.getByTestId('scan-row')).toHaveCount(0);
});
