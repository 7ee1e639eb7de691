/**
 * Browser journeys of the simple reference screens (docs/decisions/reference-screens.md; spec 001 §2 route table, §4
 * toggle and delete, §5, §8 texts): the cities screen end to end (add with the active-country select, find by search
 * and by country, edit, toggle, delete, a delete the server refuses because a seeded agency uses the city, and the
 * second confirmation of its deactivation), the spec's legacy paths, and each other
 * simple list (sending, pickup and payment modes, operation types, roles, permissions) opened as ADMIN with its title
 * and rows.
 */
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, signIn, searchOne } from './helpers';

/** Picks an option of the MUI select labelled `label` (a form select or a list filter). */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  // By its text: the empty choice's accessible name is 'Vider le champ'.
  await page.getByRole('listbox').getByText(option, { exact: true }).click();
}

test('an administrator adds, finds, edits, deactivates and deletes a city; a city in use is refused', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/villes');
  await expect(page.getByRole('heading', { name: 'LISTE DES VILLES' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Pays' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Paris', exact: true })).toBeVisible();

  // Filter by country on the server: Belgium has three seeded cities.
  await choose(page, 'Pays', 'Belgique');
  await expect(page.getByText(/sur un total de 3 entrées$/)).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Paris', exact: true })).toHaveCount(0);
  await choose(page, 'Pays', 'Tous les pays');
  await expect(page.getByRole('cell', { name: 'Paris', exact: true })).toBeVisible();

  // Add: the country select offers active countries in the French order, the three fields are required. The city is in
  // Guinée, where no journey opens a departure: nothing depends on it, so its toggle asks once.
  await page.getByRole('link', { name: /ajouter une ville/i }).click();
  await expect(page).toHaveURL(/\/villes\/create$/);
  await expect(page.getByRole('heading', { name: 'AJOUTER VILLE' })).toBeVisible();
  await page.locator('input[name="libelle"]').fill('Labé');
  await page.getByRole('button', { name: /enregistrer/i }).click();
  await expect(page.getByText('Le pays est obligatoire', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Le code est obligatoire', { exact: true }).first()).toBeVisible();
  await page.getByRole('combobox', { name: 'Pays' }).click();
  const options = await page.getByRole('option').allTextContents();
  const named = options.filter((o) => ['Belgique', 'Bénin', 'Burkina Faso'].includes(o));
  expect(named).toEqual(['Belgique', 'Bénin', 'Burkina Faso']);
  await page.getByRole('option', { name: 'Guinée', exact: true }).click();
  await page.locator('input[name="code"]').fill('lab');
  await page.getByRole('button', { name: /enregistrer/i }).click();
  await expect(page.getByText('ville enregistrée avec succès')).toBeVisible();
  await expect(page).toHaveURL(/\/villes(\?.*)?$/);

  // Find it by search (code sent in upper case by the server, country populated).
  await searchOne(page, 'Labé');
  const row = page.getByRole('row').filter({ hasText: 'Labé' });
  await expect(row).toContainText('LAB');
  await expect(row).toContainText('Guinée');

  // Edit: prefilled, saved, back to the list.
  await row.getByRole('link', { name: /modifier/i }).click();
  await expect(page.getByRole('heading', { name: 'MODIFIER VILLE' })).toBeVisible();
  await expect(page.locator('input[name="code"]')).toHaveValue('LAB');
  await expect(page.getByRole('combobox', { name: 'Pays' })).toContainText('Guinée');
  await page.locator('input[name="libelle"]').fill('Labé Ville');
  await page.getByRole('button', { name: /enregistrer/i }).click();
  await expect(page.getByText('Mise à jour de la ville réussie !')).toBeVisible();

  // Toggle after 'Changer Statut' Oui.
  await searchOne(page, 'Labé');
  const edited = page.getByRole('row').filter({ hasText: 'Labé Ville' });
  await edited.getByRole('button', { name: 'Actif' }).click();
  await expect(page.getByRole('dialog').getByText('Changer Statut')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Oui' }).click();
  await expect(page.getByText('Statut mis à jour avec succès !')).toBeVisible();
  await expect(edited.getByRole('button', { name: 'Inactif' })).toBeVisible();

  // Delete after Oui.
  await edited.getByRole('button', { name: /supprimer/i }).click();
  await expect(page.getByRole('dialog').getByText(/voulez vous supprimer Labé Ville/)).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Oui' }).click();
  await expect(page.getByText('suppression effectuée')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Labé Ville' })).toHaveCount(0);

  // Paris holds the seeded agency PAR1: the server refuses (409) and its message shows; the city stays.
  await searchOne(page, 'Paris');
  const paris = page.getByRole('row').filter({ hasText: 'Paris' });
  await paris.getByRole('button', { name: /supprimer/i }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Oui' }).click();
  await expect(page.getByText('Cette ville est utilisée par des agences, des prix ou des colis : suppression impossible.')).toBeVisible();
  // The failure is the spec's dialog titled 'erreur' (000 §8 / 001 §8), closed with Fermer.
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'erreur' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Fermer' }).click();
  await expect(paris).toHaveCount(1);

  // Deactivating Paris, which the active agency PAR1 (at least) depends on, asks a second time with what it affects
  // (docs/decisions/deactivation-dependants.md): Non keeps it active; Oui deactivates it (force=true); reactivating asks once.
  const dependants = page.getByTestId('active-toggle-dependants');
  const second = page.getByRole('dialog').filter({ has: dependants });
  await paris.getByRole('button', { name: 'Actif' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Oui' }).click();
  await expect(dependants).toContainText(/^Cette ville a encore \d+ agences? actives?.*\. Confirmez pour la désactiver quand même\.$/);
  await second.getByRole('button', { name: 'Non' }).click();
  await expect(page.getByText('Vous avez annulez la modification !')).toBeVisible();
  await expect(paris.getByRole('button', { name: 'Actif' })).toBeVisible();
  await paris.getByRole('button', { name: 'Actif' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Oui' }).click();
  await expect(second.getByText('Changer Statut')).toBeVisible();
  // The first dialog gone and the second one shown (their fades over), for the screenshot.
  await expect(page.locator('.MuiDialog-root')).toHaveCount(1);
  await expect(page.locator('.MuiDialog-container')).toHaveCSS('opacity', '1');
  await page.screenshot({ path: test.info().outputPath('ville-desactivation-confirmation.png') });
  await second.getByRole('button', { name: 'Oui' }).click();
  await expect(page.getByText('Statut mis à jour avec succès !')).toBeVisible();
  await expect(paris.getByRole('button', { name: 'Inactif' })).toBeVisible();
  await paris.getByRole('button', { name: 'Inactif' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Oui' }).click();
  await expect(paris.getByRole('button', { name: 'Actif' })).toBeVisible();

  // The spec's own paths: /addVille and /villeUpdate?id={id}.
  const editHref = await paris.getByRole('link', { name: /modifier/i }).getAttribute('href');
  const parisId = editHref!.split('/').pop()!;
  await page.goto('/addVille');
  await expect(page).toHaveURL(/\/villes\/create$/);
  await page.goto(`/villeUpdate?id=${parisId}`);
  await expect(page).toHaveURL(new RegExp(`/villes/${parisId}$`));
  await expect(page.locator('input[name="libelle"]')).toHaveValue('Paris');
  await page.screenshot({ path: 'test-results/villes-edit.png' });
});

/** The other simple lists: path, title, a seeded row to find by search, and the spec's add path. */
const LISTS = [
  { path: '/modeEnvoi', title: "LISTE DES MODES D'ENVOI", search: 'Maritime', legacyAdd: '/addmodeEnvoi' },
  { path: '/modeLivraison', title: 'LISTE DES MODES DE LIVRAISON', search: 'Livraison à domicile', legacyAdd: '/addmodeLivraison' },
  { path: '/modePaiement', title: 'LISTE DES MODES DE PAIEMENT', search: 'Orange Money', legacyAdd: undefined },
  { path: '/typeOperation', title: "LISTE DES TYPES D'OPERATION", search: 'Carburant', legacyAdd: '/addTypeOperation' },
  { path: '/role', title: 'LISTE DES ROLES', search: "Agent d'agence", legacyAdd: '/addRole' },
  { path: '/permission', title: 'LISTE DES PERMISSIONS', search: 'villeUpdateStatut', legacyAdd: '/addPermission' },
] as const;

test('an administrator opens every other simple list and finds its title and rows', async ({ page }) => {
  await signIn(page, ADMIN);
  for (const list of LISTS) {
    await page.goto(list.path);
    await expect(page.getByRole('heading', { name: list.title })).toBeVisible();
    await expect(page.locator('.RaDataTable-table tbody tr').first()).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Statut' })).toBeVisible();
    await searchOne(page, list.search);
    await expect(page.getByRole('row').filter({ hasText: list.search })).toHaveCount(1);
    if (list.legacyAdd) {
      await page.goto(list.legacyAdd);
      await expect(page).toHaveURL(new RegExp(`${list.path}/create$`));
    }
  }
  // The spec's second spelling of the permissions path.
  await page.goto('/Permission');
  await expect(page.getByRole('heading', { name: 'LISTE DES PERMISSIONS' })).toBeVisible();
});

test("a sending mode cannot be saved while a field is empty; a pickup mode shows the spec's texts", async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/modeEnvoi/create');
  const save = page.getByRole('button', { name: /enregistrer/i });
  await page.locator('input[name="code"]').fill('route');
  await page.locator('input[name="libelle"]').fill('Routier');
  await expect(save).toBeDisabled();
  await page.locator('textarea[name="description"]').fill('Par camion');
  await expect(save).toBeEnabled();
  await page.screenshot({ path: 'test-results/modeEnvoi-create.png' });

  await page.goto('/addmodeLivraison');
  await page.locator('input[name="code"]').fill('relais');
  await page.locator('input[name="libelle"]').fill('Point relais');
  await page.locator('textarea[name="description"]').fill('Retrait en point relais');
  await page.getByRole('button', { name: /enregistrer/i }).click();
  await expect(page.getByText('Mode de recuperation ajouté avec succès!')).toBeVisible();
  await searchOne(page, 'Point relais');
  const row = page.getByRole('row').filter({ hasText: 'Point relais' });
  const id = (await row.getByRole('link', { name: /modifier/i }).getAttribute('href'))!.split('/').pop()!;
  await page.goto(`/ModelivraisonUpdate?id=${id}`);
  await expect(page.locator('input[name="code"]')).toHaveValue('RELAIS');
  await page.locator('input[name="libelle"]').fill('Point relais Colis');
  await page.getByRole('button', { name: /enregistrer/i }).click();
  await expect(page.getByText('Mise à jour du Mode de recuperation réussie!')).toBeVisible();
  await searchOne(page, 'Point relais');
  await page
    .getByRole('row')
    .filter({ hasText: 'Point relais Colis' })
    .getByRole('button', { name: /supprimer/i })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Oui' }).click();
  await expect(page.getByText('suppression effectuée')).toBeVisible();
});
