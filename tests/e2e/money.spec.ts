/**
 * Browser journey of the money (docs/decisions/currencies.md, refunds-and-cash.md; spec 000 §2 Add parcel, Payment
 * dialogs, Receipt PDF): the administrator opens a departure Sénégal → France by air through the API, priced in F CFA
 * (XOF, 655,957 F for 1 €). The Dakar agent registers a parcel in the wizard ('Vêtements adulte', 2 kg at the seeded
 * 6 550 F/kg: the line and the summary in whole francs) with a 1 000 F cash advance, then collects 4 000 F more in cash
 * in the payment dialog. The Paris agent collects the rest in euros: the dialog proposes 12,35 €, the settling amount
 * of the 8 100 F left (worth 8 101 F: the parcel closes at 0 and the +1 F rounding is said, docs/decisions/currencies.md
 * "The last minor units"). The receipt lists the F CFA total and the three payments, the euro one with its rate and
 * its rounding. The Dakar agent closes its day on /caisse with 500 F missing in cash (the difference in red); a payment on
 * another Dakar parcel of that day is then refused with the server's 409. The administrator reopens the day at the end.
 * Other journeys of the shard may take Dakar cash the same day (drawer.spec.ts's advances): the amounts expected at
 * the closing are this journey's on top of what the drawer held before it. Screenshots in test-results/ (money-*.png).
 */
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { isoToFr, todayIso } from '../../common/dates';
import { ADMIN, AGENT, inDays, searchOne, signIn } from './helpers';
import { apiLogin, cashDay, reopenCashDay, type Row } from './apiSeed';

/** The seeded Dakar agent (agency DKR1, Sénégal: XOF); same demo password as the Paris one. */
const AGENT_DAKAR = { email: 'agent.dakar@colis.local', password: AGENT.password };

/** Picks an option of a react-admin SelectInput by its label. */
async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.locator('.MuiMenu-root')).toHaveCount(0); // closed, its fade-out over
}

/** Text with every run of spaces (narrow and plain no-break ones included) as one plain space. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

/** An amount in F CFA as the screen writes it ('6 000 F CFA', any space), as a whole-text pattern. */
const cfa = (francs: number) => new RegExp(`^${francs.toLocaleString('fr-FR').replace(/\s/g, '\\s')}\\sF\\sCFA$`);

/**
 * Opens a departure Sénégal → France by air (500 kg) as the administrator, and registers through the API, as the Dakar
 * agent, a second parcel on it for Paris with a 1 000 F cash advance (a Dakar payment of the day, so that its later
 * payment meets the closed cash). Returns the departure's reference, the second parcel's recipient phone (9 digits),
 * the admin's headers, the Dakar agency's id and its cash expected before this journey (F CFA).
 */
async function seed(request: APIRequestContext) {
  const admin = await apiLogin(request, ADMIN);
  const dakar = await apiLogin(request, AGENT_DAKAR);
  const list = async (path: string, key = 'datas') =>
    ((await (await request.get(`/api/${path}`, { headers: admin })).json())[key] ?? []) as Row[];
  const id = (rows: Row[], code: string) => rows.find((r) => r.code === code)!.id;
  const dakarAgenceID = id(await list('agence/liste'), 'DKR1');
  const cashBefore = (await cashDay(request, admin, dakarAgenceID)).lignes.get('Espèces|XOF') ?? 0;
  const pays = await list('pays/liste?_page=1&_perPage=100');
  const created = await request.post('/api/envoi/create', {
    headers: admin,
    data: {
      modeEnvoiID: id(await list('modeEnvoi/liste'), 'AERIEN'),
      paysEmetteurID: id(pays, 'SN'),
      paysID: id(pays, 'FR'),
      dateFin: inDays(2),
      dateDebut: inDays(3),
      dateArrive: inDays(5),
      contenu: 'Fret e2e caisse Dakar',
      poids: 500,
    },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const envoi = (await created.json()).data as { id: string; reference: string; devise?: string };
  const phone = `7${String(Date.now()).slice(-8)}`;
  const second = await request.post('/api/colis/create', {
    headers: dakar,
    data: {
      envoiID: envoi.id,
      villeID: id(await list(`ville/getVilleByPaysID/${id(pays, 'FR')}`, 'villes'), 'PAR'),
      modeLivraisonID: id(await list('modeLivraison/liste'), 'AGENCE'),
      naturesColis: [{ natureColisID: id(await list(`natureColis/liste?envoieId=${envoi.id}`), 'VET_ADULTE'), poids: 1 }],
      detailsContenu: 'Colis e2e caisse close',
      adresseDestinataire: '3 rue Myrha, 75018 Paris',
      nomDestinataire: 'Fall',
      prenomsDestinataire: 'Aïda',
      telephoneDestinataire: `+33${phone}`,
      expediteurNom: 'Sarr',
      expediteurPrenom: 'Ibrahima',
      NumeroSaisi: '+221771234599',
      reglement: 1000,
      encaissement: { modePaiementID: id(await list('modePaiement/liste'), 'ESPECES'), paymentby: 'expediteur' },
    },
  });
  expect(second.ok(), await second.text()).toBeTruthy();
  return { envoi: envoi.reference, phone, admin, dakarAgenceID, cashBefore };
}

/** Opens the payment dialog of the parcel whose recipient phone is `phone` on the parcel list; returns its row and dialog. */
async function openPayment(page: Page, phone: string): Promise<{ row: Locator; dialog: Locator }> {
  await page.goto('/colis');
  await expect(page.getByRole('heading', { name: 'LISTE DES COLIS' })).toBeVisible();
  await searchOne(page, phone);
  const row = page.getByRole('row').filter({ hasText: `+33${phone}` });
  await row.getByRole('button', { name: 'Faire un encaissement' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return { row, dialog };
}

/** Chooses the payment mode 'Espèces' in the payment dialog. */
async function especes(page: Page, dialog: Locator) {
  await dialog.getByRole('combobox', { name: /mode de paiement/i }).click();
  await page.getByRole('option', { name: 'Espèces' }).click();
  await expect(page.locator('.MuiMenu-root')).toHaveCount(0); // closed, its fade-out over
}

test('a Dakar parcel priced in F CFA is paid in cash and in euros, its receipt shows both, and a closed cash refuses a payment', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const { envoi, phone: otherPhone, admin, dakarAgenceID, cashBefore } = await seed(request);
  const dakarContext = await browser.newContext();
  const parisContext = await browser.newContext();
  const dakar = await dakarContext.newPage();
  const paris = await parisContext.newPage();
  let reopened: boolean;
  try {
    // The Dakar agent registers the parcel: 2 kg at 6 550 F/kg, whole francs; 1 000 F in cash at the counter.
    await signIn(dakar, AGENT_DAKAR);
    await dakar.goto('/colis/create');
    await expect(dakar.getByText('CHOIX DU DEPART')).toBeVisible();
    await dakar.getByTestId('depart-card').filter({ hasText: envoi }).getByRole('button').click();
    await dakar.getByRole('button', { name: 'Suivant' }).click();
    await dakar.locator('input[name="detailsContenu"]').fill('Tissus et habits');
    await pick(dakar, 'Ville de destination', 'Paris');
    await pick(dakar, 'Nature', 'Vêtements adulte');
    await dakar.locator('input[name="naturesColis.0.poids"]').fill('2');
    await pick(dakar, 'Mode de récupération', 'Récupération en Agence');
    await expect(dakar.getByTestId('line-price')).toHaveText(/^6\s550\sF\sCFA \/ kg → 13\s100\sF\sCFA$/);
    await expect(dakar.getByTestId('summary-total')).toHaveText(/^13\s100\sF\sCFA$/);
    await dakar.locator('input[name="reglement"]').fill('1000');
    await pick(dakar, 'Mode de paiement', 'Espèces');
    await expect(dakar.getByTestId('summary-reste')).toHaveText(/^12\s100\sF\sCFA$/);
    await dakar.evaluate(() => window.scrollTo(0, 0));
    await dakar.screenshot({ path: 'test-results/money-1-prix-fcfa.png' });
    await dakar.getByRole('button', { name: 'Suivant' }).click();

    const phone = `6${String(Date.now()).slice(-8)}`;
    await expect(dakar.getByText('INFO DESTINATAIRE').first()).toBeVisible();
    await dakar.locator('input[name="destinataireNumero"]').fill(phone);
    await dakar.getByRole('button', { name: 'Rechercher' }).click();
    await expect(dakar.getByText('Aucun client trouvé pour ce numéro')).toBeVisible();
    await dakar.locator('input[name="nomDestinataire"]').fill('Diallo');
    await dakar.locator('input[name="prenomsDestinataire"]').fill('Mariama');
    await dakar.locator('input[name="adresseDestinataire"]').fill('12 rue Polonceau, 75018 Paris');
    await dakar.getByLabel("Saisir l'expéditeur").check();
    await dakar.locator('input[name="expediteurNom"]').fill('Diallo');
    await dakar.locator('input[name="expediteurPrenom"]').fill('Ousmane');
    await dakar.locator('input[name="expediteurNumero"]').fill('77 123 45 67');
    await dakar.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(dakar.getByText('colis ajouté avec succès')).toBeVisible();

    // 4 000 F more in cash: the dialog proposes all that remains, the agent lowers it (a partial payment).
    const first = await openPayment(dakar, phone);
    await expect(first.dialog.locator('input[name="montantTotal"]')).toHaveValue(/^13\s100\sF\sCFA$/);
    await expect(first.dialog.locator('input[name="resteAPayer"]')).toHaveValue(/^12\s100\sF\sCFA$/);
    await expect(first.dialog.locator('input[name="montant"]')).toHaveValue(/^12\s100$/);
    await first.dialog.locator('input[name="montant"]').fill('4000');
    await especes(dakar, first.dialog);
    await first.dialog.getByRole('button', { name: 'Encaisser' }).click();
    await expect(dakar.getByText('encaissement effectué avec succès')).toBeVisible();

    // The Paris agent collects the rest in euros: 12,35 € (8 100 F ÷ 655,957 = 12,348 €) settle the 8 100 F left,
    // though worth 8 101 F: the parcel closes at 0, the +1 F booked and said.
    await signIn(paris, AGENT);
    const euros = await openPayment(paris, phone);
    await expect(euros.dialog.locator('input[name="resteAPayer"]')).toHaveValue(/^8\s100\sF\sCFA$/);
    await euros.dialog.getByRole('combobox', { name: 'Devise' }).click();
    await expect(paris.getByRole('option')).toHaveText(['XOF — Franc CFA (BCEAO)', 'EUR — Euro']);
    await paris.getByRole('option', { name: /^EUR/ }).click();
    await expect(euros.dialog.locator('input[name="montant"]')).toHaveValue('12,35');
    await expect(euros.dialog.getByTestId('encaissement-equivalent')).toHaveText(
      /^Équivalent : 8\s100\sF\sCFA \(1 EUR = 655,957 XOF\) — solde du colis, arrondi de conversion : \+1\sF\sCFA$/,
    );
    await especes(paris, euros.dialog);
    await paris.screenshot({ path: 'test-results/money-2-paiement-euros.png' });
    await euros.dialog.getByRole('button', { name: 'Encaisser' }).click();
    await expect(paris.getByText('encaissement effectué avec succès')).toBeVisible();
    const last = euros;
    await expect(last.row.getByLabel('Colis entièrement payé')).toBeVisible();
    await expect(last.row.getByRole('button', { name: 'Faire un encaissement' })).toHaveCount(0);

    // The receipt: the total in F CFA, nothing left, the three payments, the euro one with what was handed, the rate and
    // the rounding.
    const [download] = await Promise.all([paris.waitForEvent('download'), last.row.getByRole('button', { name: /reçu/i }).click()]);
    const file = await download.path();
    expect(readFileSync(file).toString('latin1').startsWith('%PDF-')).toBeTruthy();
    const receipt = flat(execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }));
    expect(receipt).toMatch(/Total 13 100 F CFA/);
    expect(receipt).toMatch(/Réglé 13 100 F CFA/);
    expect(receipt).toMatch(/Reste à payer 0 F CFA/);
    expect(receipt).toMatch(/Espèces 1 000 F CFA/);
    expect(receipt).toMatch(/Espèces 4 000 F CFA/);
    expect(receipt).toMatch(/Espèces 8 100 F CFA Remis 12,35 € à 1 EUR = 655,957 XOF, arrondi du solde : \+1 F CFA/);

    // The Dakar agent closes its day: 6 000 F more expected in cash (the two advances and the 4 000 F), 500 F short.
    await dakar.goto('/caisse');
    await expect(dakar.getByRole('heading', { name: 'ARRÊTÉ DE CAISSE' })).toBeVisible();
    await expect(dakar.getByTestId('agence-fixe')).toContainText('Agence Dakar Plateau');
    const lignes = dakar
      .getByTestId('caisse-lignes')
      .getByRole('row')
      .filter({ has: dakar.getByRole('cell') });
    await expect(lignes).toHaveCount(1);
    await expect(dakar.getByTestId('ligne-0')).toContainText('Espèces');
    await expect(dakar.getByTestId('ligne-0')).toContainText('XOF');
    await expect(dakar.getByTestId('attendu-0')).toHaveText(cfa(cashBefore + 6000));
    await dakar.getByTestId('compte-0').fill(String(cashBefore + 5500));
    const ecart = dakar.getByTestId('ecart-0');
    await expect(ecart).toHaveText(/^-500\sF\sCFA$/);
    const [r, g, b] = (await ecart.evaluate((el) => getComputedStyle(el).color)).match(/\d+/g)!.map(Number);
    expect(r > 150 && g < 100 && b < 100, `écart en rouge (rgb ${r}, ${g}, ${b})`).toBeTruthy();
    await dakar.getByTestId('commentaire').fill('Il manque 500 F dans la caisse.');
    await dakar.screenshot({ path: 'test-results/money-3-caisse-ecart.png' });
    await dakar.getByRole('button', { name: 'Clôturer la caisse' }).click();
    await expect(dakar.getByTestId('confirm-ecarts')).toHaveText(/^Écarts : -500\sF\sCFA\.$/);
    await dakar.getByRole('dialog').getByRole('button', { name: 'Clôturer la caisse' }).click();
    await expect(dakar.getByText('Caisse clôturée avec succès !')).toBeVisible();
    await expect(dakar.getByTestId('caisse-cloturee')).toBeVisible();
    await expect(dakar.getByTestId('ecart-stocke-0')).toHaveText(/^-500\sF\sCFA$/);

    // A payment of the Dakar agency on that day is refused by the database, and the dialog says so.
    const refused = await openPayment(dakar, otherPhone);
    await expect(refused.dialog.locator('input[name="resteAPayer"]')).toHaveValue(/^5\s550\sF\sCFA$/);
    await refused.dialog.locator('input[name="montant"]').fill('500');
    await especes(dakar, refused.dialog);
    await refused.dialog.getByRole('button', { name: 'Encaisser' }).click();
    const closedMessage = dakar.locator('.MuiSnackbarContent-root', {
      hasText: `La caisse du ${isoToFr(todayIso())} est clôturée pour cette agence.`,
    });
    await expect(closedMessage).toBeVisible();
    await expect(closedMessage).toHaveCSS('opacity', '1');
    await expect(refused.dialog).toBeVisible();
    await dakar.screenshot({ path: 'test-results/money-4-caisse-close-refus.png' });
    await refused.dialog.getByRole('button', { name: 'Annuler' }).click();
  } finally {
    // The administrator reopens the day (audited, with a reason), so that the agency's day is open again.
    reopened = await reopenCashDay(request, admin, dakarAgenceID);
    await dakarContext.close();
    await parisContext.close();
  }
  expect(reopened, 'la caisse de Dakar était clôturée à la fin du parcours').toBeTruthy();
});
