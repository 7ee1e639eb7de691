/**
 * Browser journeys of the foundation (docs/architecture.md §6; spec 000 §2 Login, Main layout, Profile; 001 §2 Countries):
 * sign-in errors and success, the permission-gated menu, the countries screen end to end, password change, sign-out,
 * and the 403 page for a route the role lacks.
 */
import { expect, test } from '@playwright/test';
import { ADMIN, AGENT, signIn, searchOne } from './helpers';

test('a wrong password shows the server message, the right one opens the shell', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  await expect(page.getByText('Connectez-vous à votre espace')).toBeVisible();
  await page.getByRole('button', { name: /je me connecte/i }).click();
  await expect(page.getByText('Votre email est obligatoire !')).toBeVisible();
  await page.locator('input[name="email"]').fill(ADMIN.email);
  await page.locator('input[name="password"]').fill('mauvais-mot-de-passe');
  await page.getByRole('button', { name: /je me connecte/i }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Email ou mot de passe incorrect.' })).toBeVisible();

  await page.locator('input[name="password"]').fill(ADMIN.password);
  await page.getByRole('button', { name: /je me connecte/i }).click();
  await expect(page.getByText('Administrateur Principal')).toBeVisible();
  for (const group of [
    'Rôle et Autorisation',
    'Localisation',
    'Utilisateur',
    'Paramètres',
    'Départs',
    'Gestion des Colis',
    'Opérations',
    'Messagerie',
    'Mon Profil',
    'Déconnexion',
  ]) {
    await expect(page.getByRole('menu').getByText(group, { exact: true }).first()).toBeVisible();
  }
});

test('an administrator adds, finds, edits, deactivates and deletes a country', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/pays');
  await expect(page.getByRole('heading', { name: 'LISTE DES PAYS' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Sénégal' })).toBeVisible();

  await page.getByRole('link', { name: /ajouter un pays/i }).click();
  await page.locator('input[name="libelle"]').fill('Ghana');
  await page.getByRole('button', { name: /enregistrer/i }).click();
  await expect(page.getByText('Le code est obligatoire', { exact: true }).first()).toBeVisible();
  await page.screenshot({ path: 'test-results/pays-form-errors.png' });
  await page.locator('input[name="code"]').fill('GH');
  await page.locator('input[name="libelle"]').fill('Ghana');
  await page.locator('input[name="indicatif"]').fill('+233');
  await page.locator('input[name="longueurNumero"]').fill('9');
  await page.locator('input[name="devise"]').fill('GHS');
  await page.getByRole('button', { name: /enregistrer/i }).click();
  await expect(page.getByText('Pays ajouté avec succès!')).toBeVisible();

  await searchOne(page, 'Ghana');
  const row = page.getByRole('row').filter({ hasText: 'Ghana' });
  await expect(row).toHaveCount(1);
  await expect(page.getByRole('cell', { name: 'Sénégal' })).toHaveCount(0);

  await row.getByRole('link', { name: /modifier/i }).click();
  await page.locator('input[name="libelle"]').fill('République du Ghana');
  await page.getByRole('button', { name: /enregistrer/i }).click();
  await expect(page.getByText('Mise à jour du Pays réussie!')).toBeVisible();

  await searchOne(page, 'Ghana');
  const edited = page.getByRole('row').filter({ hasText: 'République du Ghana' });
  await edited.getByRole('button', { name: 'Actif' }).click();
  await expect(page.getByRole('dialog').getByText('Changer Statut')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Oui' }).click();
  await expect(page.getByText('Statut mis à jour avec succès !')).toBeVisible();
  await expect(edited.getByRole('button', { name: 'Inactif' })).toBeVisible();

  await edited.getByRole('button', { name: /supprimer/i }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Oui' }).click();
  await expect(page.getByText('suppression effectuée')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'République du Ghana' })).toHaveCount(0);
});

test('an agency user sees only its menu groups and lands on the 403 page for countries', async ({ page }) => {
  await signIn(page, AGENT);
  const nav = page.getByRole('menu');
  await expect(nav.getByText('Gestion des Colis', { exact: true })).toBeVisible();
  await expect(nav.getByText('Départs', { exact: true })).toBeVisible();
  await expect(nav.getByText('Localisation', { exact: true })).toHaveCount(0);
  await expect(nav.getByText('Rôle et Autorisation', { exact: true })).toHaveCount(0);
  await page.goto('/pays');
  await expect(page).toHaveURL(/\/notauthenticate$/);
  await expect(page.getByText('Erreur 403')).toBeVisible();
});

test('a user changes its password, signs out and signs in with the new one', async ({ page }) => {
  const lyon = { email: 'agent.lyon@colis.local', password: 'Agent123!' };
  await signIn(page, lyon);
  await page.goto('/profil');
  await page.locator('input[name="oldPassword"]').fill(lyon.password);
  await page.locator('input[name="newPassword"]').fill('Nouveau-Pass-2026');
  await page.locator('input[name="confirmPassword"]').fill('Nouveau-Pass-2026');
  await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await expect(page.getByText('Mise à jour des informations réussie !')).toBeVisible();

  await page.getByRole('menu').getByText('Déconnexion', { exact: true }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.locator('input[name="email"]').fill(lyon.email);
  await page.locator('input[name="password"]').fill(lyon.password);
  await page.getByRole('button', { name: /je me connecte/i }).click();
  // The password change's success notice may still be shown: the sign-in page's own alert is the one read.
  await expect(page.getByTestId('login-error')).toContainText('incorrect');
  await signIn(page, { ...lyon, password: 'Nouveau-Pass-2026' });
});

test('the page loads its runtime configuration from /app-config.js before the app', async ({ page }) => {
  await page.goto('/login');
  const served = await (await page.request.get('/app-config.js')).text();
  expect(served).toMatch(/^window\.__APP_CONFIG__ = \{.*\};\n$/);
  const expected = JSON.parse(served.replace(/^window\.__APP_CONFIG__ = /, '').replace(/;\n$/, ''));
  // Undefined when index.html does not load it: the page then ignores PUBLIC_API_URL and INACTIVITY_MS.
  expect(await page.evaluate(() => (window as unknown as { __APP_CONFIG__?: unknown }).__APP_CONFIG__)).toEqual(expected);
});
