/**
 * Browser journeys of the clients and collections screens (spec 000 §2 route names clients and clientUpdate,
 * "Shipments of a client", §6 clientUpdate / clientUpdateStatut; 001 §2 Collections list, §4 active flag, §6
 * encaissementDelete, §8). The e2e server holds reference data only: each journey first registers, through the API
 * with the administrator's token, a parcel of the Paris agency with an advance of 20 € in cash (its sender and
 * recipient become clients, the advance a payment). Then:
 * - the administrator finds the recipient in the clients list, edits it (phone read-only), toggles it and opens its
 *   shipments; the spec's /clientUpdate?id= opens the same form;
 * - the administrator finds the payment in the collections list (agency filter shown), opens the parcel popup,
 *   toggles the payment and deletes it;
 * - the Paris agent sees the same payment without the agency filter nor the delete button, and its status toggle
 *   only says it lacks the permission; its clients list has no edit button and the edit URL leads to the 403 page.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, AGENT, inDays, openMenuGroup, searchOne, signIn } from './helpers';

/** A short unique tag for the texts of one journey, so the journeys can run again on the same server. */
const uniqueTag = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1296).toString(36)}`;

/** Nine random digits starting with `prefix` (a national number of Senegal or France). */
const phoneDigits = (prefix: string) => `${prefix}${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`.slice(0, 9);

/** The admin's bearer token from POST /api/auth/loginAD. */
async function adminToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/auth/loginAD', { data: { ...ADMIN, type: 'ADMIN' } });
  expect(login.ok()).toBeTruthy();
  return (await login.json()).token as string;
}

/** GET an API list and return its rows (whatever the envelope key). */
async function rows(request: APIRequestContext, token: string, path: string): Promise<Record<string, any>[]> {
  const res = await request.get(`/api/${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok(), `${path}: ${res.status()}`).toBeTruthy();
  const json = await res.json();
  return json.datas ?? json.villes ?? json.agences ?? json.envois ?? [];
}

/** Id of the row whose code is `code`. */
function byCode(list: Record<string, any>[], code: string): string {
  const row = list.find((r) => r.code === code);
  expect(row, code).toBeTruthy();
  return row!.id as string;
}

/** What registerPaidColis made: the parcel's reference and its recipient's name and phone. */
interface PaidColis {
  reference: string;
  destinataire: string;
  phone: string;
}

/**
 * Opens a departure France → Sénégal and registers on it, for agency PAR1, a parcel of 2.5 kg of 'Vêtements adulte'
 * (22,50 €) with an advance of 20 € in cash paid by the sender (POST /api/colis/create with its `encaissement`), as the
 * wizard would. The recipient is a new client named `recipient`.
 */
async function registerPaidColis(request: APIRequestContext, destinataire: string): Promise<PaidColis> {
  const token = await adminToken(request);
  const headers = { Authorization: `Bearer ${token}` };
  const pays = await rows(request, token, 'pays/liste?_page=1&_perPage=100');
  const envoi = await request.post('/api/envoi/create', {
    headers,
    data: {
      modeEnvoiID: byCode(await rows(request, token, 'modeEnvoi/liste'), 'AERIEN'),
      paysEmetteurID: byCode(pays, 'FR'),
      paysID: byCode(pays, 'SN'),
      dateFin: inDays(2),
      dateDebut: inDays(3),
      dateArrive: inDays(5),
      contenu: `Fret ${destinataire}`,
      poids: 100,
    },
  });
  expect(envoi.ok(), await envoi.text()).toBeTruthy();
  const phone = phoneDigits('77');
  const body = {
    envoiID: (await envoi.json()).data.id,
    agenceID: byCode(await rows(request, token, 'agence/liste'), 'PAR1'),
    villeID: byCode(await rows(request, token, `ville/getVilleByPaysID/${byCode(pays, 'SN')}`), 'DKR'),
    modeLivraisonID: byCode(await rows(request, token, 'modeLivraison/liste'), 'AGENCE'),
    naturesColis: [{ natureColisID: byCode(await rows(request, token, 'natureColis/liste'), 'VET_ADULTE'), poids: 2.5 }],
    unite: 'KG',
    detailsContenu: 'Vêtements',
    expediteurNom: 'Martin',
    expediteurPrenom: 'Paul',
    NumeroSaisi: `+33${phoneDigits('6')}`,
    nomDestinataire: destinataire,
    prenomsDestinataire: 'Awa',
    adresseDestinataire: 'Médina, Dakar',
    telephoneDestinataire: `+221${phone}`,
    reglement: 20,
    encaissement: { paymentby: 'expediteur', modePaiementID: byCode(await rows(request, token, 'modePaiement/liste'), 'ESPECES') },
  };
  const res = await request.post('/api/colis/create', { headers, data: body });
  const json = await res.json();
  expect(res.status(), JSON.stringify(json)).toBe(200);
  return { reference: json.data.reference as string, destinataire, phone: `+221${phone}` };
}

/**
 * Opens a sidebar entry of a collapsible group and waits for its page (`path`). The group's entries slide in: a click
 * that lands while they move is tried again.
 */
async function openMenu(page: Page, group: string, entry: string, path: string) {
  const menu = await openMenuGroup(page, group);
  const link = menu.getByText(entry, { exact: true });
  await expect(async () => {
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${path}(\\?.*)?$`), { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

test('an administrator finds a client, edits it, toggles it and opens its shipments', async ({ page }) => {
  const colis = await registerPaidColis(page.request, `Cli${uniqueTag()}`);
  await signIn(page, ADMIN);
  await openMenu(page, 'Utilisateur', 'Clients', '/clients');
  await expect(page.getByRole('heading', { name: 'LISTE DES CLIENTS' })).toBeVisible();
  for (const column of ['Nom', 'Prénoms', 'Téléphone', 'Email', 'Adresse', 'Statut', 'Actions']) {
    await expect(page.locator('thead')).toContainText(column);
  }
  await expect(page.getByRole('link', { name: /ajouter/i })).toHaveCount(0);

  // Found by search (name), then by phone.
  await searchOne(page, colis.destinataire);
  const row = page.getByRole('row').filter({ hasText: colis.destinataire });
  await expect(row).toContainText(colis.phone);
  await expect(row).toContainText('Médina, Dakar');
  await page.getByLabel('Rechercher :').fill('');
  await searchOne(page, colis.phone);
  await expect(row).toHaveCount(1);

  // Edit: the phone and e-mail are read-only; the first names are required.
  await row.getByRole('link', { name: 'Modifier' }).click();
  await expect(page.getByRole('heading', { name: 'MODIFIER CLIENT' })).toBeVisible();
  const editUrl = page.url();
  await expect(page.locator('input[name="telephoneComplet"]')).toHaveValue(colis.phone);
  await expect(page.locator('input[name="telephoneComplet"]')).toHaveAttribute('readonly', '');
  await expect(page.locator('input[name="email"]')).toHaveAttribute('readonly', '');
  // The form may be reset once more by the record's refetch: empty the field until the change holds (save enabled).
  await expect(async () => {
    await page.locator('input[name="prenoms"]').fill('');
    await expect(page.getByRole('button', { name: /enregistrer/i })).toBeEnabled({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await page.getByRole('button', { name: /enregistrer/i }).click();
  await expect(page.getByText('Les prénoms sont obligatoires', { exact: true }).first()).toBeVisible();
  await page.locator('input[name="prenoms"]').fill('Fatou');
  await page.locator('input[name="adresse"]').fill('Rue 12, Dakar');
  await page.screenshot({ path: test.info().outputPath('clients-form.png') });
  await page.getByRole('button', { name: /enregistrer/i }).click();
  await expect(page.getByText('Mise à jour du client réussie !')).toBeVisible();
  await expect(page).toHaveURL(/\/clients(\?.*)?$/);

  // Toggle after 'Changer Statut' Oui.
  await searchOne(page, colis.destinataire);
  await expect(row).toContainText('Fatou');
  await expect(row).toContainText('Rue 12, Dakar');
  await row.getByRole('button', { name: 'Actif' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm.getByText('Changer Statut')).toBeVisible();
  await expect(confirm).toContainText(`Voulez-vous désactiver « ${colis.destinataire} Fatou » ?`);
  await confirm.getByRole('button', { name: 'Oui' }).click();
  await expect(page.getByText('Statut mis à jour avec succès !')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Inactif' })).toBeVisible();

  // Shipments of the client.
  await row.getByRole('link', { name: 'Envois du client' }).click();
  await expect(page).toHaveURL(/\/listeEnvoiParClient\?id=[0-9a-f-]{36}$/);
  await expect(page.getByRole('cell', { name: colis.reference })).toBeVisible();

  // The spec's edit path.
  await page.goto(`/clientUpdate?id=${editUrl.split('/').pop()}`);
  await expect(page).toHaveURL(editUrl);
  await expect(page.locator('input[name="prenoms"]')).toHaveValue('Fatou');
});

test('an administrator finds a payment, opens its parcel, toggles and deletes it', async ({ page }) => {
  const colis = await registerPaidColis(page.request, `Enc${uniqueTag()}`);
  await signIn(page, ADMIN);
  await openMenu(page, 'Gestion des Colis', 'Encaissements', '/encaissements');
  await expect(page.getByRole('heading', { name: 'LISTE DES ENCAISSEMENTS' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Agence' })).toBeVisible();
  for (const column of [
    'Mode de Paiement',
    "Date d'ajout",
    'Effectué par',
    'Montant encaissé',
    'Montant restant',
    'Détails colis',
    'Statut',
  ]) {
    await expect(page.locator('thead')).toContainText(column);
  }

  // The payment made above, found by the parcel's reference.
  await searchOne(page, colis.reference);
  const row = page.getByRole('row').filter({ hasText: colis.reference });
  await expect(row).toContainText('Espèces');
  await expect(row).toContainText('Expéditeur');
  await expect(row).toContainText(/20,00\s€/);
  await expect(row).toContainText(/2,50\s€/);
  await expect(row).not.toContainText('colis supprimé');
  await page.screenshot({ path: test.info().outputPath('encaissements-list.png') });

  // The agency filter narrows on the server: another agency has no such payment.
  await page.getByRole('combobox', { name: 'Agence' }).click();
  await page.getByRole('option', { name: 'Agence Dakar Plateau' }).click();
  await expect(page.getByText('Aucun résultat trouvé avec les filtres actuels.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Agence' }).click();
  await page.getByRole('option', { name: 'Agence Paris Château-Rouge' }).click();
  await expect(row).toHaveCount(1);

  // The parcel in a popup.
  await row.getByRole('button', { name: `Voir les détails du colis ${colis.reference}` }).click();
  const popup = page.getByRole('dialog');
  await expect(popup.getByText('Détails du colis')).toBeVisible();
  await expect(popup).toContainText(colis.reference);
  await expect(popup.getByTestId('colis-montant-total')).toHaveText(/22,50\s€/);
  await expect(popup.getByTestId('colis-reglement')).toHaveText(/20,00\s€/);
  await expect(popup.getByTestId('colis-reste')).toHaveText(/2,50\s€/);
  await expect(popup.getByRole('link', { name: 'Voir le colis' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('encaissements-popup.png') });
  await popup.getByRole('button', { name: 'Fermer' }).click();
  await expect(popup).toHaveCount(0);

  // Toggle after 'Changer Statut' Oui.
  await row.getByRole('button', { name: 'Actif' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(`Voulez-vous désactiver « l'encaissement de 20,00`);
  await confirm.getByRole('button', { name: 'Oui' }).click();
  await expect(page.getByText('Statut mis à jour avec succès !')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Inactif' })).toBeVisible();

  // Delete: 'Non' cancels, 'Oui' cancels the payment on the server, which leaves the list.
  await row.getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByRole('dialog')).toContainText(`voulez vous supprimer l'encaissement de 20,00`);
  await page.getByRole('dialog').getByRole('button', { name: 'Non' }).click();
  await expect(page.getByText('Opération annulée')).toBeVisible();
  await row.getByRole('button', { name: 'Supprimer' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Oui' }).click();
  await expect(page.getByText('suppression effectuée')).toBeVisible();
  await expect(page.getByText('Aucun résultat trouvé avec les filtres actuels.')).toBeVisible();
});

test('an agency user sees its payments and clients without the agency filter, delete, edit nor status rights', async ({ page }) => {
  const colis = await registerPaidColis(page.request, `Agt${uniqueTag()}`);
  await signIn(page, AGENT);
  await openMenu(page, 'Gestion des Colis', 'Encaissements', '/encaissements');
  await expect(page.getByRole('heading', { name: 'LISTE DES ENCAISSEMENTS' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Agence' })).toHaveCount(0);
  await searchOne(page, colis.reference);
  const row = page.getByRole('row').filter({ hasText: colis.reference });
  await expect(row).toContainText(/20,00\s€/);
  await expect(row.getByRole('button', { name: 'Supprimer' })).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
  // No encaissementUpdateStatut: the toggle is dimmed (aria-disabled, so Playwright must force the click) and only says so.
  await expect(row.getByRole('button', { name: 'Actif' })).toHaveAttribute('aria-disabled', 'true');
  await row.getByRole('button', { name: 'Actif' }).click({ force: true });
  await expect(page.getByRole('alert').filter({ hasText: "Vous n'avez pas la permission de modifier le statut." })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await row.getByRole('button', { name: `Voir les détails du colis ${colis.reference}` }).click();
  await expect(page.getByRole('dialog').getByTestId('colis-reglement')).toHaveText(/20,00\s€/);
  await page.getByRole('dialog').getByRole('button', { name: 'Fermer' }).click();

  // Clients: the recipient of its agency's parcel, read-only.
  await openMenu(page, 'Utilisateur', 'Clients', '/clients');
  await expect(page.getByRole('heading', { name: 'LISTE DES CLIENTS' })).toBeVisible();
  await searchOne(page, colis.destinataire);
  const client = page.getByRole('row').filter({ hasText: colis.destinataire });
  await expect(client.getByRole('link', { name: 'Modifier' })).toHaveCount(0);
  await expect(client.getByRole('link', { name: 'Envois du client' })).toBeVisible();
  await client.getByRole('button', { name: 'Actif' }).click({ force: true });
  await expect(page.getByRole('alert').filter({ hasText: "Vous n'avez pas la permission de modifier le statut." })).toBeVisible();
  const href = await client.getByRole('link', { name: 'Envois du client' }).getAttribute('href');
  const clientId = new URL(href!, 'http://x').searchParams.get('id');
  await page.goto(`/clients/${clientId}`);
  await expect(page).toHaveURL(/\/notauthenticate$/);
  await expect(page.getByText('Erreur 403')).toBeVisible();
});
