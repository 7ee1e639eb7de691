/**
 * A new route end to end (docs/decisions/reference-screens.md; spec 001 §2 and §5 reference screens, 000 §2 Add parcel,
 * §5 unit price lookup): as ADMIN, in the browser, a new country, a city in it, an agency in France (Paris), a nature
 * group with a nature, a unit price Paris → the new city, a departure France → the new country, then a parcel to the
 * new city in the wizard: the live total uses the new unit price and the saved parcel carries that amount.
 */
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, fillDate, inDays, signIn, searchOne } from './helpers';

/** A short unique tag for the texts of one journey, so the journey can run again on the same server. */
const uniqueTag = () => `${Date.now().toString(36).slice(-4)}${Math.floor(Math.random() * 1296).toString(36)}`.toUpperCase();

/** Picks an option of a react-admin SelectInput by its label. */
async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('an administrator opens a new route and prices a parcel on it', async ({ page }) => {
  test.setTimeout(240_000);
  const RUN = uniqueTag();
  const pays = `Gabon ${RUN}`;
  const ville = `Libreville ${RUN}`;
  const agence = `Agence Paris Nord ${RUN}`;
  const groupe = `Mobilier ${RUN}`;
  const nature = `Chaises ${RUN}`;
  const contenu = `Fret nouvelle route ${RUN}`;
  await signIn(page, ADMIN);

  // 1. The country (Countries screen).
  await page.goto('/addPays');
  await page.locator('input[name="code"]').fill(`G${RUN}`);
  await page.locator('input[name="libelle"]').fill(pays);
  await page.locator('input[name="indicatif"]').fill('+241');
  await page.locator('input[name="longueurNumero"]').fill('8');
  await page.locator('input[name="devise"]').fill('XAF');
  await page.getByRole('button', { name: /enregistrer/i }).click();
  await expect(page.getByText('Pays ajouté avec succès!')).toBeVisible();
  await searchOne(page, pays);

  // 2. The city in it (Cities screen, the spec's path /addVille): the new country is offered at once.
  await page.goto('/addVille');
  await expect(page.getByRole('heading', { name: 'AJOUTER VILLE' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Pays' }).click();
  await page.getByRole('option', { name: pays, exact: true }).click();
  await page.locator('input[name="code"]').fill(`LBV${RUN}`);
  await page.locator('input[name="libelle"]').fill(ville);
  await page.getByRole('button', { name: /enregistrer/i }).click();
  await expect(page.getByText('ville enregistrée avec succès')).toBeVisible();
  await searchOne(page, ville);
  await expect(page.getByRole('row').filter({ hasText: ville })).toContainText(pays);

  // 3. An agency in France, in Paris (Agencies screen, country → city cascade).
  await page.goto('/agence/create');
  await pick(page, 'Pays', 'France');
  await pick(page, 'Ville', 'Paris');
  await page.locator('input[name="libelle"]').fill(agence);
  await page.locator('input[name="latitude"]').fill('48.8966');
  await page.locator('input[name="longitude"]').fill('2.3431');
  await page.locator('input[name="telephone"]').fill('01 46 06 12 12');
  await page.getByRole('button', { name: /enregistrer/i }).click();
  await expect(page.getByText('Agence ajouté avec succès !')).toBeVisible();

  // 4. A nature group and a nature added from its details page.
  await page.goto('/addGroupeNatureColis');
  await page.locator('input[name="code"]').fill(`MOB${RUN}`);
  await page.locator('input[name="libelle"]').fill(groupe);
  await page.getByRole('button', { name: /enregistrer/i }).click();
  await expect(page.getByText('Groupe Nature de colis enregistré avec succès')).toBeVisible();
  await searchOne(page, groupe);
  await page.getByRole('row').filter({ hasText: groupe }).getByRole('link', { name: 'Voir les détails' }).click();
  await page.getByRole('link', { name: 'Ajouter une nature' }).click();
  await page.locator('input[name="code"]').fill(`CHS${RUN}`);
  await page.locator('input[name="libelle"]').fill(nature);
  await page.locator('input[name="unite"]').fill('Kg');
  await page.getByRole('button', { name: /enregistrer/i }).click();
  await expect(page.getByText('nature de colis enregistrée avec succès')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Natures du groupe' }).getByRole('row').filter({ hasText: nature })).toBeVisible();

  // 5. The unit price Paris → the new city by air: the destination list leaves out France, the libelle is proposed,
  //    the currency is the origin country's.
  await page.goto('/addParamNatureMode');
  await pick(page, "Pays d'origine", 'France');
  await pick(page, 'Ville de départ', 'Paris');
  await page.getByRole('combobox', { name: 'Pays de destination' }).click();
  await expect(page.getByRole('option', { name: 'France', exact: true })).toHaveCount(0);
  await page.getByRole('option', { name: pays, exact: true }).click();
  await pick(page, 'Ville destination', ville);
  await pick(page, 'Groupe Nature Colis', groupe);
  await pick(page, "Mode d'Envoi", 'Aérien');
  await expect(page.locator('input[name="libelle"]')).toHaveValue(`${groupe} Paris → ${ville} Aérien`);
  await expect(page.getByText('Devise du pays d’origine : EUR')).toBeVisible();
  await page.locator('input[name="prixUnitaire"]').fill('11.25');
  await page.getByRole('button', { name: /enregistrer/i }).click();
  await expect(page.getByText('Prix unitaire enregistré avec succès')).toBeVisible();
  await searchOne(page, `${groupe} Paris`);
  await expect(page.getByRole('row').filter({ hasText: ville })).toContainText(/11,25\s€/);

  // 6. A departure France → the new country by air (Departures screen).
  await page.goto('/addDepart');
  await pick(page, "Mode d'envoi", 'Aérien');
  await pick(page, "Pays d'origine", 'France');
  await pick(page, 'Pays de destination', pays);
  await fillDate(page, 'dateFin', inDays(2));
  await fillDate(page, 'dateDebut', inDays(3));
  await fillDate(page, 'dateArrive', inDays(5));
  await page.locator('textarea[name="contenu"]').fill(contenu);
  await page.locator('input[name="poids"]').fill('300');
  await page.getByRole('button', { name: /enregistrer/i }).click();
  await expect(page.getByText('départ ajouté avec succès')).toBeVisible();
  await searchOne(page, contenu);
  // The first cell holds the reference over its date added (docs/decisions/departures-list-columns.md).
  const envoi = (await page.getByRole('row').filter({ hasText: contenu }).getByRole('cell').first().innerText()).split('\n')[0].trim();
  expect(envoi).toMatch(/^DEP-\d{4}-\d{4}$/);

  // 7. The parcel wizard: the departure, the new agency, the new city and nature, priced live with the new price.
  await page.goto('/colis/create');
  await expect(page.getByText('CHOIX DU DEPART')).toBeVisible();
  const card = page.getByTestId('depart-card').filter({ hasText: envoi });
  await card.getByRole('button').click();
  await expect(card).toHaveAttribute('data-selected', 'true');
  await pick(page, 'Agence émettrice', agence);
  await page.getByRole('button', { name: 'Suivant' }).click();
  await page.locator('input[name="detailsContenu"]').fill('Quatre chaises');
  await pick(page, 'Ville de destination', ville);
  await pick(page, 'Nature', nature);
  await page.locator('input[name="naturesColis.0.poids"]').fill('4');
  await pick(page, 'Mode de récupération', 'Récupération en Agence');
  await expect(page.getByTestId('line-price').first()).toContainText('11,25');
  await expect(page.getByTestId('summary-total')).toHaveText(/45,00\s€/);
  await page.screenshot({ path: test.info().outputPath('new-route-wizard.png') });
  await page.getByRole('button', { name: 'Suivant' }).click();

  // Recipient in the new country (8 digits after +241), sender typed.
  const phone = `6${String(Date.now()).slice(-7)}`;
  await expect(page.getByText('INFO DESTINATAIRE').first()).toBeVisible();
  await page.locator('input[name="destinataireNumero"]').fill(phone);
  await page.getByRole('button', { name: 'Rechercher' }).click();
  await expect(page.getByText('Aucun client trouvé pour ce numéro')).toBeVisible();
  await page.locator('input[name="nomDestinataire"]').fill('Mba');
  await page.locator('input[name="prenomsDestinataire"]').fill('Aline');
  await page.locator('input[name="adresseDestinataire"]').fill('Quartier Louis, Libreville');
  await page.getByLabel("Saisir l'expéditeur").check();
  await page.locator('input[name="expediteurNom"]').fill('Durand');
  await page.locator('input[name="expediteurPrenom"]').fill('Luc');
  await page.locator('input[name="expediteurNumero"]').fill('06 22 33 44 55');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('colis ajouté avec succès')).toBeVisible();
  await expect(page).toHaveURL(/\/colis$/);

  // The saved parcel: 45,00 €, registered by the new agency, for the new city.
  await searchOne(page, phone);
  const row = page.getByRole('row').filter({ hasText: `+241${phone}` });
  await expect(row).toContainText('45,00');
  await expect(row).toContainText(agence);
  await row.getByRole('link', { name: 'Voir les détails' }).click();
  await expect(page.getByTestId('details-total')).toHaveText(/45,00/);
  await expect(page.getByRole('cell', { name: nature })).toBeVisible();
  const colisId = page.url().split('/').slice(-2)[0];
  // The stored parcel (GET colis/getBy): the amount, the city, and the new unit price on its line.
  const token = (await (await page.request.post('/api/auth/loginAD', { data: { ...ADMIN, type: 'ADMIN' } })).json()).token as string;
  const headers = { Authorization: `Bearer ${token}` };
  const saved = (await (await page.request.get(`/api/colis/getBy/${colisId}`, { headers })).json()).colis;
  const prix = (await (await page.request.get(`/api/paramNatureMode/liste?q=${encodeURIComponent(groupe)}`, { headers })).json()).datas;
  expect(prix).toHaveLength(1);
  expect(saved).toMatchObject({
    montantTotal: 45,
    resteAPayer: 45,
    paramNatureModeID: prix[0].id,
    villeID: { libelle: ville },
    agenceID: { libelle: agence },
    envoiID: { reference: envoi },
  });
  expect(saved.naturesColis).toEqual([expect.objectContaining({ poids: 4, prixUnitaire: 11.25, prixTotal: 45 })]);
});
