/**
 * Browser journey of a Paris counter's drawer in the currency it holds (docs/decisions/currencies.md "Payments in
 * another currency", "The last minor units"; refunds-and-cash.md "Closing"): the administrator opens a departure
 * Sénégal → France by air through the API (parcels in F CFA), the Dakar agent registers two parcels for Paris on it
 * with a 1 000 F advance each, and the departure ships and arrives (the parcels EXPEDIE). At the Paris counter
 * (agent.paris) the payment dialog collects the first parcel's 12 100 F remaining in euros: it proposes 18,45 €, the
 * settling amount, whose equivalent is the remainder with the +2 F rounding said, paid by the sender as chosen; the
 * hand-over ('Retiré') of the second collects its 5 550 F remaining in euros, 8,46 € shown. The closing ('Arrêté de
 * caisse') then expects those euros in the euro cash line — no F CFA line grows —, the agent types what the drawer
 * holds, every difference is 0, and the day's conversion differences (+1 F CFA) are shown on the screen and in the PDF.
 * The administrator reopens the Paris day at the end. Screenshots at 1280 and 390 px in test-results/ (drawer-*.png).
 */
import { execFileSync } from 'node:child_process';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { ADMIN, AGENT, inDays, proveRelease, searchOne, signIn } from './helpers';
import { apiLogin, cashDay, reopenCashDay, type Row } from './apiSeed';

/** The seeded Dakar agent (agency DKR1, Sénégal: XOF). */
const AGENT_DAKAR = { email: 'agent.dakar@colis.local', password: AGENT.password };

/** Text with every run of spaces (narrow and plain no-break ones included) as one plain space. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

/**
 * The departure Sénégal → France, two parcels registered on it at Dakar for Paris (1 kg and 2 kg of 'Vêtements adulte'
 * at 6 550 F/kg, 1 000 F advanced on each), shipped and arrived. Returns the recipients' phones (9 digits), the admin's
 * headers and the Paris agency's id.
 */
async function seed(request: APIRequestContext) {
  const admin = await apiLogin(request, ADMIN);
  const dakar = await apiLogin(request, AGENT_DAKAR);
  const list = async (path: string, key = 'datas') =>
    ((await (await request.get(`/api/${path}`, { headers: admin })).json())[key] ?? []) as Row[];
  const id = (rows: Row[], code: string) => rows.find((r) => r.code === code)!.id;
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
      contenu: 'Fret e2e caisse Paris',
      poids: 500,
    },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const envoi = (await created.json()).data as { id: string };
  const villes = await list(`ville/getVilleByPaysID/${id(pays, 'FR')}`, 'villes');
  const nature = id(await list(`natureColis/liste?envoieId=${envoi.id}`), 'VET_ADULTE');
  const agenceMode = id(await list('modeLivraison/liste'), 'AGENCE');
  const especes = id(await list('modePaiement/liste'), 'ESPECES');
  const phones: string[] = [];
  for (const [i, poids] of [2, 1].entries()) {
    const phone = `6${String(Date.now() + i).slice(-8)}`;
    const res = await request.post('/api/colis/create', {
      headers: dakar,
      data: {
        envoiID: envoi.id,
        villeID: id(villes, 'PAR'),
        modeLivraisonID: agenceMode,
        naturesColis: [{ natureColisID: nature, poids }],
        detailsContenu: `Colis e2e caisse Paris ${i + 1}`,
        adresseDestinataire: '3 rue Myrha, 75018 Paris',
        nomDestinataire: 'Camara',
        prenomsDestinataire: i === 0 ? 'Fatou' : 'Mamadou',
        telephoneDestinataire: `+33${phone}`,
        expediteurNom: 'Ndiaye',
        expediteurPrenom: 'Cheikh',
        NumeroSaisi: '+221771234588',
        reglement: 1000,
        encaissement: { modePaiementID: especes, paymentby: 'expediteur' },
      },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
    phones.push(phone);
  }
  for (const statutID of ['EN_COURS_ENVOI', 'ARRIVE']) {
    const moved = await request.put(`/api/envoi/update/${envoi.id}`, { headers: admin, data: { statutID } });
    expect(moved.ok(), await moved.text()).toBeTruthy();
  }
  return { phones, admin, parisAgenceID: id(await list('agence/liste'), 'PAR1') };
}

/** Opens a row action of the parcel whose recipient phone is `phone` on the parcel list; returns its dialog. */
async function openAction(page: Page, phone: string, action: string): Promise<Locator> {
  await page.goto('/colis');
  await expect(page.getByRole('heading', { name: 'LISTE DES COLIS' })).toBeVisible();
  await searchOne(page, phone);
  await page
    .getByRole('row')
    .filter({ hasText: `+33${phone}` })
    .getByRole('button', { name: action })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Picks an option of a select of `dialog` by its label. */
async function pick(page: Page, dialog: Locator, label: RegExp, option: RegExp | string) {
  await dialog.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
  await expect(page.locator('.MuiMenu-root')).toHaveCount(0); // closed, its fade-out over
}

/** Screenshots the page at 1280 px, then at 390 px (a phone), then back to 1280. */
async function shots(page: Page, name: string) {
  await page.screenshot({ path: `test-results/drawer-${name}-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300); // the dialog's layout follows the width
  await page.screenshot({ path: `test-results/drawer-${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForTimeout(300);
}

test('a Paris counter takes euros on F CFA parcels, hands one over in euros, and closes its day at 0 difference', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { phones, admin, parisAgenceID } = await seed(request);
  const before = await cashDay(request, admin, parisAgenceID);
  expect(before.cloture, 'la caisse de Paris est ouverte au début du parcours').toBeUndefined();
  await page.setViewportSize({ width: 1280, height: 800 });
  try {
    await signIn(page, AGENT);

    // The payment: 12 100 F left; in euros the settling amount 18,45 € (12 102 F at 655,957 F: +2 F), by the sender.
    const payment = await openAction(page, phones[0]!, 'Faire un encaissement');
    await expect(payment.locator('input[name="resteAPayer"]')).toHaveValue(/^12\s100\sF\sCFA$/);
    await pick(page, payment, /^Devise/, /^EUR/);
    await expect(payment.locator('input[name="montant"]')).toHaveValue('18,45');
    await expect(payment.getByTestId('encaissement-equivalent')).toHaveText(
      /^Équivalent : 12\s100\sF\sCFA \(1 EUR = 655,957 XOF\) — solde du colis, arrondi de conversion : \+2\sF\sCFA$/,
    );
    await pick(page, payment, /Mode de paiement/, 'Espèces');
    await pick(page, payment, /Payé par/, 'Expéditeur');
    await shots(page, '1-paiement');
    await payment.getByRole('button', { name: 'Encaisser' }).click();
    await expect(page.getByText('encaissement effectué avec succès')).toBeVisible();
    await expect(payment).toHaveCount(0);

    // The hand-over: 5 550 F left, collected in euros: 8,46 € shown (5 549 F: -1 F), the recipient paying.
    const handOver = await openAction(page, phones[1]!, 'Retiré');
    await expect(handOver.getByRole('alert')).toHaveText(/^Reste à payer : 5\s550\sF\sCFA\. Il sera encaissé dans la même opération\.$/);
    await expect(handOver.getByTestId('montant-solde')).toHaveValue(/^5\s550\sF\sCFA$/);
    await pick(page, handOver, /^Devise/, /^EUR/);
    await expect(handOver.getByTestId('montant-solde')).toHaveValue(/^8,46\s€$/);
    await expect(handOver.getByTestId('encaissement-equivalent')).toHaveText(
      /^Équivalent : 5\s550\sF\sCFA \(1 EUR = 655,957 XOF\) — solde du colis, arrondi de conversion : -1\sF\sCFA$/,
    );
    await pick(page, handOver, /Mode de paiement/, 'Espèces');
    await expect(handOver.getByRole('combobox', { name: /Payé par/ })).toHaveText('Destinataire');
    await shots(page, '2-retrait');
    // Who takes it: the recipient's passport, and the signature (docs/decisions/release-proof.md); after the
    // screenshots, whose width changes clear the pad.
    await proveRelease(page, handOver);
    await handOver.getByRole('button', { name: 'Oui' }).click();
    await expect(page.getByText(/Colis marqué retiré|Opération réussie|succès/i).first()).toBeVisible();
    await expect(handOver).toHaveCount(0);

    // The drawer expects the 26,91 € received in the euro cash line; no F CFA line changed.
    const after = await cashDay(request, admin, parisAgenceID);
    const key = 'Espèces|EUR';
    expect(Math.round(((after.lignes.get(key) ?? 0) - (before.lignes.get(key) ?? 0)) * 100)).toBe(2691);
    for (const [k, v] of after.lignes) if (k !== key) expect(v, k).toBe(before.lignes.get(k) ?? 0);

    // The closing: the agent counts the drawer (what it held before, plus the euros taken) and sees 0 everywhere.
    await page.goto('/caisse');
    await expect(page.getByRole('heading', { name: 'ARRÊTÉ DE CAISSE' })).toBeVisible();
    await expect(page.getByTestId('agence-fixe')).toContainText('Agence Paris Château-Rouge');
    const rows = page.getByTestId('caisse-lignes').locator('[data-testid^="ligne-"]');
    await expect(rows).toHaveCount(after.lignes.size);
    for (let i = 0; i < after.lignes.size; i += 1) {
      const text = flat(await page.getByTestId(`ligne-${i}`).innerText());
      const [k] = [...after.lignes.keys()].filter((name) => {
        const [libelle, devise] = name.split('|');
        return text.includes(libelle!) && text.includes(devise!);
      });
      const counted = (before.lignes.get(k!) ?? 0) + (k === key ? 26.91 : 0);
      await page.getByTestId(`compte-${i}`).fill(counted.toFixed(k!.endsWith('|EUR') ? 2 : 0).replace('.', ','));
      await expect(page.getByTestId(`ecart-${i}`)).toHaveText(/^0(,00)?\s/);
    }
    await expect(page.getByTestId('ecarts-conversion')).toContainText(/Arrondis de conversion des soldes : \+1\sF\sCFA/);
    await page.getByTestId('commentaire').fill('Caisse comptée : euros reçus sur des colis en F CFA.');
    await shots(page, '3-arrete');
    await page.getByRole('button', { name: 'Clôturer la caisse' }).click();
    await expect(page.getByTestId('confirm-ecarts')).not.toContainText(/[+-][1-9]/);
    await page.getByRole('dialog').getByRole('button', { name: 'Clôturer la caisse' }).click();
    await expect(page.getByText('Caisse clôturée avec succès !')).toBeVisible();
    await expect(page.getByTestId('caisse-cloturee')).toBeVisible();
    for (let i = 0; i < after.lignes.size; i += 1) await expect(page.getByTestId(`ecart-stocke-${i}`)).toHaveText(/^0(,00)?\s/);
    await shots(page, '4-cloture');

    // The PDF 'Arrêté de caisse' says the same: the euro line, no difference, the day's conversion differences.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page
        .getByTestId('caisse-cloturee')
        .getByRole('button', { name: /Arrêté de caisse \(PDF\)/ })
        .click(),
    ]);
    const pdf = flat(execFileSync('pdftotext', ['-layout', await download.path(), '-'], { encoding: 'utf8' }));
    expect(pdf).toContain('Agence Paris Château-Rouge');
    expect(pdf).toMatch(/Espèces EUR [\d ]+,\d\d € [\d ]+,\d\d € 0,00 €/);
    expect(pdf).toMatch(/Arrondis de conversion des soldes/);
    expect(pdf).toMatch(/XOF \+1 F CFA/);
  } finally {
    await reopenCashDay(request, admin, parisAgenceID);
  }
});
