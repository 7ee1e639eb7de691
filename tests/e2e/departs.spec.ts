/**
 * Browser journeys of the departure screens (spec 000 §2 Departures list, Add departure, Clients of a departure,
 * Shipments of a client; §4 statuses and active flag; §5; §8): an administrator creates a departure (validation
 * errors first), finds it, edits it (a server field error first), toggles it, moves it to 'en cours d'envoi' then
 * 'arrivé', opens its clients, the parcels dialog and a client's shipments; an agency user sees the list read-only.
 * The e2e server holds reference data only: the test registers one parcel through the API.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, AGENT, fillDate, signIn, inDays, searchOne } from './helpers';

/** A short unique tag for the texts of one journey, so the journeys can run again on the same server. */
const uniqueTag = () => `${Date.now().toString(36).slice(-4)}${Math.floor(Math.random() * 1296).toString(36)}`;

/** Picks an option of a react-admin SelectInput by its label. */
async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** GET an API list and return its rows (whatever the envelope key). */
async function rows(request: APIRequestContext, token: string, path: string): Promise<Record<string, unknown>[]> {
  const res = await request.get(`/api/${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok(), `${path}: ${res.status()}`).toBeTruthy();
  const json = await res.json();
  return json.datas ?? json.villes ?? json.agences ?? json.envois ?? [];
}

/** The admin's bearer token from POST /api/auth/loginAD. */
async function adminToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/auth/loginAD', { data: { ...ADMIN, type: 'ADMIN' } });
  return (await login.json()).token as string;
}

/** Id of the row whose code is `code`. */
function byCode(list: Record<string, unknown>[], code: string): string {
  const row = list.find((r) => r.code === code);
  expect(row, code).toBeTruthy();
  return row!.id as string;
}

/**
 * Registers one parcel (sender Diop Awa, 2.5 kg + 1.2 kg, 5 paid in cash at the counter: received, so that the
 * departure ships it, docs/decisions/departure-ships-received.md) on the departure through POST /api/colis/create with
 * the admin's token, as the parcel screens would. Returns its reference.
 */
async function registerColis(request: APIRequestContext, envoiReference: string): Promise<string> {
  const token = await adminToken(request);
  const [envoi] = await rows(request, token, `envoi/liste?q=${encodeURIComponent(envoiReference)}`);
  const sn = byCode(await rows(request, token, 'pays/liste'), 'SN');
  const natures = await rows(request, token, 'natureColis/liste');
  const body = {
    envoiID: envoi.id,
    agenceID: byCode(await rows(request, token, 'agence/liste'), 'PAR1'),
    villeID: byCode(await rows(request, token, `ville/getVilleByPaysID/${sn}`), 'DKR'),
    modeLivraisonID: byCode(await rows(request, token, 'modeLivraison/liste'), 'AGENCE'),
    naturesColis: [
      { natureColisID: byCode(natures, 'VET_ADULTE'), poids: 2.5 },
      { natureColisID: byCode(natures, 'PAGNES'), poids: 1.2 },
    ],
    unite: 'KG',
    detailsContenu: 'Vêtements et pagnes',
    expediteurNom: 'Diop',
    expediteurPrenom: 'Awa',
    NumeroSaisi: '+33612345678',
    nomDestinataire: 'Fall',
    prenomsDestinataire: 'Moussa',
    adresseDestinataire: 'Médina, Dakar',
    telephoneDestinataire: '+221770000001',
    reglement: 5,
    encaissement: { paymentby: 'expediteur', modePaiementID: byCode(await rows(request, token, 'modePaiement/liste'), 'ESPECES') },
  };
  const res = await request.post('/api/colis/create', { headers: { Authorization: `Bearer ${token}` }, data: body });
  const json = await res.json();
  expect(res.status(), JSON.stringify(json)).toBe(200);
  return json.data.reference as string;
}

test('an administrator creates, edits, toggles, ships and receives a departure, then follows its clients', async ({ page }) => {
  test.setTimeout(120_000);
  const RUN = uniqueTag();
  await signIn(page, ADMIN);
  await page.getByRole('menu').getByText('Départs', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'LISTE DES DÉPARTS' })).toBeVisible();
  await expect(
    page
      .getByText('Aucune donnée disponible')
      .or(page.getByRole('columnheader', { name: 'Référence' }))
      .first(),
  ).toBeVisible();

  // Add: the button waits for the required fields, then validation shows the date order and the weight.
  await page.getByRole('link', { name: /ajouter un départ/i }).click();
  await expect(page.getByRole('heading', { name: 'AJOUTER DÉPART' })).toBeVisible();
  const save = page.getByRole('button', { name: /enregistrer/i });
  await expect(save).toBeDisabled();
  await expect(page.getByText('Ordre des dates : clôture ≤ départ ≤ arrivée')).toBeVisible();
  await pick(page, "Mode d'envoi", 'Aérien');
  await pick(page, "Pays d'origine", 'France');
  await page.getByRole('combobox', { name: 'Pays de destination' }).click();
  await expect(page.getByRole('option', { name: 'France', exact: true })).toHaveCount(0);
  await page.getByRole('option', { name: 'Sénégal', exact: true }).click();
  await fillDate(page, 'dateFin', inDays(6));
  await fillDate(page, 'dateDebut', inDays(4));
  await fillDate(page, 'dateArrive', inDays(3));
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('La date de clôture doit précéder ou égaler la date de départ')).toBeVisible();
  await expect(page.getByText("La date d'arrivée doit suivre ou égaler la date de départ")).toBeVisible();
  await expect(page.getByText('Le poids global est obligatoire')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('departs-form-errors.png') });

  await fillDate(page, 'dateFin', inDays(2));
  await fillDate(page, 'dateDebut', inDays(3));
  await fillDate(page, 'dateArrive', inDays(5));
  await page.locator('textarea[name="contenu"]').fill(`Fret e2e ${RUN}`);
  await page.locator('input[name="poids"]').fill('100');
  await save.click();
  await expect(page.getByText('départ ajouté avec succès')).toBeVisible();
  await expect(page).toHaveURL(/\/depart(\?.*)?$/);

  // Found in the list with its reference, status and full gauge colour.
  await searchOne(page, `Fret e2e ${RUN}`);
  const row = page.getByRole('row').filter({ hasText: `Fret e2e ${RUN}` });
  await expect(row).toHaveCount(1);
  // The first cell holds the reference over its date added (docs/decisions/departures-list-columns.md).
  const reference = (await row.getByRole('cell').first().innerText()).split('\n')[0].trim();
  expect(reference).toMatch(/^DEP-\d{4}-\d{4}$/);
  await expect(row.getByText('Ouvert')).toBeVisible();
  await expect(row.getByText('100 kg').first()).toBeVisible();

  const colis = await registerColis(page.request, reference);

  // Edit: the server refuses a global weight below what is registered, under the field; then saves.
  await row.getByRole('link', { name: /modifier/i }).click();
  await expect(page.getByRole('heading', { name: 'MODIFIER DÉPART' })).toBeVisible();
  await expect(page.getByText(`Départ ${reference} — Ouvert`)).toBeVisible();
  await expect(page.getByText('Poids déjà enregistré : 3,7 kg')).toBeVisible();
  await page.locator('input[name="poids"]').fill('1');
  await page.getByRole('button', { name: /enregistrer/i }).click();
  await expect(page.getByText('Minimum 3,7 kg')).toBeVisible();
  await page.locator('input[name="poids"]').fill('150');
  await page.locator('textarea[name="contenu"]').fill(`Fret e2e ${RUN} modifié`);
  await page.getByRole('button', { name: /enregistrer/i }).click();
  await expect(page.getByText('Mise à jour du départ réussie !')).toBeVisible();

  await searchOne(page, reference);
  const edited = page.getByRole('row').filter({ hasText: reference });
  await expect(edited.getByText(`Fret e2e ${RUN} modifié`)).toBeVisible();
  await expect(edited.getByTestId('poids-gauge')).toContainText('146,3 kg');
  await expect(edited.getByTestId('poids-gauge')).toHaveAttribute('data-full', 'false');

  // Active flag: off, then on again.
  await edited.getByRole('button', { name: 'Actif' }).click();
  await expect(page.getByRole('dialog').getByText('Changer Statut')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Oui' }).click();
  await expect(page.getByText('Statut mis à jour avec succès !')).toBeVisible();
  await expect(edited.getByRole('button', { name: 'Inactif' })).toBeVisible();
  await edited.getByRole('button', { name: 'Inactif' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Oui' }).click();
  await expect(edited.getByRole('button', { name: 'Actif' })).toBeVisible();

  // Status: 'arrivé' waits for 'en cours d'envoi'; a cancelled change says so.
  await expect(edited.getByRole('button', { name: 'Départ arrivé' })).toBeDisabled();
  await edited.getByRole('button', { name: 'Clôturer' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Non' }).click();
  await expect(page.getByText('Vous avez annulez la modification !')).toBeVisible();

  await edited.getByRole('button', { name: "Marquer en cours d'envoi" }).click();
  await expect(page.getByRole('dialog')).toContainText(`Voulez-vous passer le départ ${reference} au statut « En cours d'envoi » ?`);
  await page.getByRole('dialog').getByRole('button', { name: 'Oui' }).click();
  await expect(page.getByText('Statut de départ mis à jour avec succès !')).toBeVisible();
  await expect(edited.getByText("En cours d'envoi")).toBeVisible();
  await expect(edited.getByRole('button', { name: "Marquer en cours d'envoi" })).toBeDisabled();

  await edited.getByRole('button', { name: 'Départ arrivé' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Oui' }).click();
  await expect(edited.getByText('Arrivé', { exact: true })).toBeVisible();
  await expect(edited.getByRole('button', { name: 'Départ arrivé' })).toBeDisabled();

  // Deletion: cancelled, then refused by the server while the departure holds a parcel.
  await edited.getByRole('button', { name: /supprimer/i }).click();
  await expect(page.getByRole('dialog')).toContainText(`voulez vous supprimer ${reference} ?`);
  await page.getByRole('dialog').getByRole('button', { name: 'Non' }).click();
  await expect(page.getByText('Opération annulée')).toBeVisible();
  await edited.getByRole('button', { name: /supprimer/i }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Oui' }).click();
  await expect(page.getByText('Ce départ contient des colis : il ne peut pas être supprimé.')).toBeVisible();
  // The failure is the spec's dialog titled 'erreur' (000 §8 / 001 §8), closed with Fermer.
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'erreur' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Fermer' }).click();
  await expect(edited).toHaveCount(1);

  // Clients of the departure, the parcels dialog, then the client's shipments.
  await edited.getByRole('link', { name: 'Clients' }).click();
  await expect(page).toHaveURL(/\/listeClientParEnvoi\?id=/);
  await expect(page.getByRole('heading', { name: `CLIENTS DU DÉPART ${reference}` })).toBeVisible();
  const client = page.getByRole('row').filter({ hasText: 'Diop' });
  await expect(client).toContainText('Awa');
  await expect(client).toContainText('+33612345678');
  await client.getByRole('button', { name: 'Colis (1)' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Colis de Diop Awa — départ ${reference}`);
  await expect(dialog.getByRole('row').filter({ hasText: colis })).toContainText('Expédié');
  await page.screenshot({ path: test.info().outputPath('departs-clients-dialog.png') });
  await dialog.getByRole('button', { name: 'Fermer' }).click();
  await expect(dialog).toHaveCount(0);

  await client.getByRole('link', { name: 'Diop' }).click();
  await expect(page.getByRole('heading', { name: 'ENVOIS DU CLIENT Diop Awa' })).toBeVisible();
  const shipment = page.getByRole('row').filter({ hasText: colis });
  await expect(shipment).toContainText('Vêtements et pagnes');
  await expect(shipment).toContainText('3,7 kg');
  await expect(shipment).toContainText('€');
  await expect(shipment).toContainText('Expédié');

  // The breadcrumb leads back to the list; the legacy add path opens the add page.
  await page.getByRole('link', { name: 'LISTE DES DÉPARTS' }).click();
  await expect(page.getByRole('heading', { name: 'LISTE DES DÉPARTS' })).toBeVisible();
  await page.goto('/addDepart');
  await expect(page).toHaveURL(/\/depart\/create$/);
});

test('an agency user sees the departures without the add, edit, delete or status buttons', async ({ page }) => {
  const RUN = uniqueTag();
  // A departure leaving the agency's country (France), created by the administrator through the API.
  const token = await adminToken(page.request);
  const pays = await rows(page.request, token, 'pays/liste');
  const created = await page.request.post('/api/envoi/create', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      modeEnvoiID: byCode(await rows(page.request, token, 'modeEnvoi/liste'), 'MARITIME'),
      paysEmetteurID: byCode(pays, 'FR'),
      paysID: byCode(pays, 'SN'),
      dateFin: inDays(1),
      dateDebut: inDays(2),
      dateArrive: inDays(20),
      contenu: `Conteneur agence ${RUN}`,
      poids: 500,
    },
  });
  expect(created.status()).toBe(200);

  await signIn(page, AGENT);
  await page.getByRole('menu').getByText('Départs', { exact: true }).click();
  await expect(page.getByRole('heading', { name: 'LISTE DES DÉPARTS' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Référence' })).toBeVisible();
  await expect(page.getByRole('link', { name: /ajouter un départ/i })).toHaveCount(0);
  const first = page.getByRole('row').filter({ hasText: `Conteneur agence ${RUN}` });
  await expect(first).toBeVisible();
  await expect(first.getByRole('link', { name: /modifier/i })).toHaveCount(0);
  await expect(first.getByRole('button', { name: /supprimer/i })).toHaveCount(0);
  await expect(first.getByRole('button', { name: "Marquer en cours d'envoi" })).toHaveCount(0);
  await expect(first.getByRole('link', { name: 'Clients' })).toBeVisible();

  // The status filter: the new departure is open, not arrived.
  await pick(page, 'Statut', 'Arrivé');
  await expect(first).toHaveCount(0);
  await pick(page, 'Statut', 'Ouvert');
  await expect(first).toBeVisible();
  await page.goto('/addDepart');
  await expect(page).toHaveURL(/\/notauthenticate$/);
});
