/**
 * Browser journeys of the cascade and details reference screens (docs/decisions/reference-screens.md; spec 001 §2
 * Agencies, Nature groups and their details page, Natures; §4 toggle and delete; §5 Agency add, Nature add / edit; §8
 * texts):
 * - Agences (cascade selects): the city waits for the country, the phone is checked with the country's length and
 *   its full number shown; add, find by search, edit (a new country clears the city), toggle, delete.
 * - Groupes de nature (details page): add, find by search, open the details, add a nature from the group (group
 *   read-only, digits-only price), edit it (back to the details), delete it there; edit, toggle, delete the group.
 */
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, AGENT, signIn, searchOne } from './helpers';

/** A short unique tag for the texts of one journey, so the journeys can run again on the same server. */
const uniqueTag = () => `${Date.now().toString(36).slice(-4)}${Math.floor(Math.random() * 1296).toString(36)}`.toUpperCase();

/** Picks an option of a react-admin SelectInput by its label. */
async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Opens a sidebar entry of a collapsed group (waits for the group to open before clicking the entry). */
async function openMenu(page: Page, group: string, entry: string, url: RegExp) {
  await page.getByRole('menu').getByText(group, { exact: true }).click();
  const link = page.getByRole('menu').getByText(entry, { exact: true });
  await expect(link).toBeVisible();
  await expect(async () => {
    await link.click();
    await expect(page).toHaveURL(url, { timeout: 1000 });
  }).toPass();
}

/** Toggles the row's active flag through 'Changer Statut' and Oui, and checks the new state. */
async function toggleRow(page: Page, text: string, from: 'Actif' | 'Inactif', to: 'Actif' | 'Inactif') {
  const row = page.getByRole('row').filter({ hasText: text });
  await row.getByRole('button', { name: from }).click();
  await expect(page.getByRole('dialog').getByText('Changer Statut')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Oui' }).click();
  await expect(page.getByText('Statut mis à jour avec succès !')).toBeVisible();
  await expect(row.getByRole('button', { name: to })).toBeVisible();
}

/** Deletes the row after 'voulez vous supprimer … ?' and Oui, and checks it is gone. */
async function deleteRow(page: Page, text: string) {
  const row = page.getByRole('row').filter({ hasText: text });
  await row.getByRole('button', { name: /supprimer/i }).click();
  await expect(page.getByRole('dialog').getByText(/voulez vous supprimer/)).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Oui' }).click();
  await expect(page.getByText('suppression effectuée')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: text })).toHaveCount(0);
}

test('an administrator adds, finds, edits, deactivates and deletes an agency with the country → city cascade', async ({ page }) => {
  const RUN = uniqueTag();
  const name = `Agence Belleville ${RUN}`;
  await signIn(page, ADMIN);
  await openMenu(page, 'Localisation', 'Agences', /\/agence$/);
  await expect(page.getByRole('heading', { name: 'LISTE DES AGENCES' })).toBeVisible();
  const paris = page.getByRole('row').filter({ hasText: 'PAR1' });
  await expect(paris).toContainText('Agence Paris Château-Rouge');
  await expect(paris).toContainText('+33142587630');

  // The spec's add path; the city waits for the country; the phone follows the country's rule.
  await page.goto('/addAgence');
  await expect(page).toHaveURL(/\/agence\/create$/);
  await expect(page.getByRole('heading', { name: 'AJOUTER UNE AGENCE' })).toBeVisible();
  await expect(page.getByText("Choisissez d'abord le pays")).toBeVisible();
  await page.locator('input[name="libelle"]').fill(name);
  await page.getByRole('button', { name: /enregistrer/i }).click();
  await expect(page.getByText('Le pays est obligatoire').first()).toBeVisible();
  await expect(page.getByText('La ville est obligatoire').first()).toBeVisible();
  await pick(page, 'Pays', 'Sénégal');
  await page.getByRole('combobox', { name: 'Ville' }).click();
  await expect(page.getByRole('option', { name: 'Paris', exact: true })).toHaveCount(0);
  await page.getByRole('option', { name: 'Thiès', exact: true }).click();
  // A new country clears the city and offers its own.
  await pick(page, 'Pays', 'France');
  await expect(page.getByRole('combobox', { name: 'Ville' })).not.toContainText('Thiès');
  await pick(page, 'Ville', 'Paris');
  await page.locator('input[name="latitude"]').fill('48.8722');
  await page.locator('input[name="longitude"]').fill('2.3767');
  await expect(page.getByText('+33', { exact: true })).toBeVisible();
  await page.locator('input[name="telephone"]').fill('01 43 57');
  await page.getByRole('button', { name: /enregistrer/i }).click();
  await expect(page.getByText("Numéro de téléphone invalide : 9 chiffres attendus après l'indicatif +33")).toBeVisible();
  await page.locator('input[name="telephone"]').fill('01 43 57 12 34');
  await expect(page.getByText('Numéro complet : +33143571234')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('agence-form.png') });
  await page.getByRole('button', { name: /enregistrer/i }).click();
  await expect(page.getByText('Agence ajouté avec succès !')).toBeVisible();

  // Found by search with its generated code, city, country and full phone.
  await searchOne(page, name);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Paris');
  await expect(row).toContainText('France');
  await expect(row).toContainText('+33143571234');
  await expect(row.getByRole('cell').first()).toHaveText(/^PAR\d+$/);

  // Edit: preset country and city; moving it to Dakar needs a Senegalese number, shown with +221.
  await row.getByRole('link', { name: /modifier/i }).click();
  await expect(page.getByRole('heading', { name: 'MODIFIER AGENCE' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Pays' })).toContainText('France');
  await expect(page.getByRole('combobox', { name: 'Ville' })).toContainText('Paris');
  await expect(page.locator('input[name="telephone"]')).toHaveValue('143571234');
  await pick(page, 'Pays', 'Sénégal');
  await pick(page, 'Ville', 'Dakar');
  await expect(page.getByText('+221', { exact: true })).toBeVisible();
  await page.locator('input[name="telephone"]').fill('33 820 11 22');
  await expect(page.getByText('Numéro complet : +221338201122')).toBeVisible();
  await page.getByRole('button', { name: /enregistrer/i }).click();
  await expect(page.getByText("Mise à jour de l'agence réussie !")).toBeVisible();

  await searchOne(page, name);
  await expect(row).toContainText('Dakar');
  await expect(row).toContainText('Sénégal');
  await expect(row).toContainText('+221338201122');
  await toggleRow(page, name, 'Actif', 'Inactif');
  await deleteRow(page, name);
});

test('an administrator manages a nature group and its natures from the details page', async ({ page }) => {
  const RUN = uniqueTag();
  const groupe = `Mobilier ${RUN}`;
  const nature = `Chaises pliantes ${RUN}`;
  await signIn(page, ADMIN);
  await openMenu(page, 'Paramètres', 'Groupe de colis', /\/groupeNatureColis$/);
  await expect(page.getByRole('heading', { name: 'GROUPE NATURE DES COLIS' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Vêtements', exact: true })).toBeVisible();

  // Add: code and libelle required; the code goes in upper case.
  await page.getByRole('link', { name: /ajouter un groupe/i }).click();
  await page.locator('input[name="libelle"]').fill(groupe);
  await page.getByRole('button', { name: /enregistrer/i }).click();
  await expect(page.getByText('Le code est obligatoire').first()).toBeVisible();
  await page.locator('input[name="code"]').fill(`mob${RUN}`.toLowerCase());
  await expect(page.locator('input[name="code"]')).toHaveValue(`MOB${RUN}`);
  await page.getByRole('button', { name: /enregistrer/i }).click();
  await expect(page.getByText('Groupe Nature de colis enregistré avec succès')).toBeVisible();
  await expect(page).toHaveURL(/\/groupeNatureColis(\?.*)?$/);

  // Found by search; the details page shows the group and no nature yet.
  await searchOne(page, groupe);
  const row = page.getByRole('row').filter({ hasText: groupe });
  await expect(row).toContainText(`MOB${RUN}`);
  await row.getByRole('link', { name: 'Voir les détails' }).click();
  await expect(page).toHaveURL(/\/groupeNatureColis\/[0-9a-f-]{36}\/show$/);
  const detailsUrl = page.url();
  const groupeId = detailsUrl.split('/').slice(-2)[0];
  await expect(page.getByRole('heading', { name: 'DÉTAILS DU GROUPE NATURE DE COLIS' })).toBeVisible();
  const card = page.getByTestId('details-card');
  await expect(card).toContainText(groupe);
  await expect(card).toContainText(`MOB${RUN}`);
  await expect(card).toContainText('Actif');
  await expect(page.getByText('Aucune donnée disponible')).toBeVisible();

  // Add a nature from the group: the group is shown read-only, the price keeps digits only.
  await page.getByRole('link', { name: 'Ajouter une nature' }).click();
  await expect(page).toHaveURL(new RegExp(`/natureColis/create\\?groupeId=${groupeId}$`));
  await expect(page.getByRole('combobox', { name: 'Groupe' })).toContainText(groupe);
  await expect(page.getByRole('combobox', { name: 'Groupe' })).toHaveAttribute('aria-readonly', 'true');
  await page.locator('input[name="code"]').fill(`chs${RUN}`.toLowerCase());
  await page.locator('input[name="libelle"]').fill(nature);
  await page.locator('input[name="prixExceptionnel"]').fill('1a5€');
  await expect(page.locator('input[name="prixExceptionnel"]')).toHaveValue('15');
  await expect(page.locator('input[name="unite"]')).toHaveAttribute('placeholder', 'Unité, ex: Kg');
  await page.locator('input[name="unite"]').fill('Kg');
  await page.getByRole('button', { name: /enregistrer/i }).click();
  await expect(page.getByText('nature de colis enregistrée avec succès')).toBeVisible();
  await expect(page).toHaveURL(detailsUrl);
  const natureRow = page.getByRole('table', { name: 'Natures du groupe' }).getByRole('row').filter({ hasText: nature });
  await expect(natureRow).toContainText(`CHS${RUN}`);
  await expect(natureRow).toContainText(/15,00\s€\/Kg/);

  // Edit the nature: the group cannot change, the description is required; back to the group's details.
  await natureRow.getByRole('link', { name: /modifier/i }).click();
  await expect(page.getByRole('heading', { name: 'MODIFIER NATURE DE COLIS' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Groupe' })).toHaveAttribute('aria-readonly', 'true');
  await page.locator('input[name="prixExceptionnel"]').fill('0');
  await expect(page.locator('input[name="prixExceptionnel"]')).toHaveValue('');
  await page.getByRole('button', { name: /enregistrer/i }).click();
  await expect(page.getByText('La description est obligatoire').first()).toBeVisible();
  await page.locator('textarea[name="description"]').fill('Chaises de jardin pliantes');
  await page.getByRole('button', { name: /enregistrer/i }).click();
  await expect(page.getByText('Mise à jour de la nature de colis réussie !')).toBeVisible();
  await expect(page).toHaveURL(detailsUrl);
  await expect(natureRow).toContainText('Chaises de jardin pliantes');
  await expect(natureRow.getByRole('cell').nth(2)).toHaveText('-');

  // The natures list shows it under its group too.
  await page.goto('/natureColis');
  await expect(page.getByRole('heading', { name: 'NATURE DES COLIS' })).toBeVisible();
  await searchOne(page, nature);
  await expect(page.getByRole('row').filter({ hasText: nature })).toContainText(groupe);

  // A group that holds a nature cannot be deleted: the server's message.
  await page.goto('/groupeNatureColis');
  await searchOne(page, groupe);
  await row.getByRole('button', { name: /supprimer/i }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Oui' }).click();
  await expect(page.getByText('Ce groupe contient des natures ou des prix : suppression impossible.')).toBeVisible();
  // The failure is the spec's dialog titled 'erreur' (000 §8 / 001 §8), closed with Fermer.
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'erreur' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Fermer' }).click();

  // Delete the nature from the details page (the spec's details path), then the group.
  await page.goto(`/groupeNatureColisDetails?id=${groupeId}`);
  await expect(page).toHaveURL(detailsUrl);
  await deleteRow(page, nature);
  await expect(page.getByText('Aucune donnée disponible')).toBeVisible();

  // Edit the group (the spec's edit path), toggle and delete it.
  await page.goto(`/groupeNatureColisUpdate?id=${groupeId}`);
  await expect(page.getByRole('heading', { name: 'MODIFIER GROUPE NATURE DE COLIS' })).toBeVisible();
  await page.locator('input[name="libelle"]').fill(`${groupe} modifié`);
  await page.getByRole('button', { name: /enregistrer/i }).click();
  await expect(page.getByText('Mise à jour du groupe nature de colis réussie !')).toBeVisible();
  await searchOne(page, `${groupe} modifié`);
  await toggleRow(page, `${groupe} modifié`, 'Actif', 'Inactif');
  await deleteRow(page, `${groupe} modifié`);
});

test('an agency user has no entry for these screens and their paths lead to the 403 page', async ({ page }) => {
  await signIn(page, AGENT);
  const nav = page.getByRole('menu');
  await expect(nav.getByText('Gestion des Colis', { exact: true })).toBeVisible();
  await expect(nav.getByText('Localisation', { exact: true })).toHaveCount(0);
  await expect(nav.getByText('Paramètres', { exact: true })).toHaveCount(0);
  for (const path of ['/agence', '/addAgence', '/groupeNatureColis', '/natureColis', '/paramNatureMode', '/addParamNatureMode']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/notauthenticate$/);
    await expect(page.getByText('Erreur 403')).toBeVisible();
  }
});
