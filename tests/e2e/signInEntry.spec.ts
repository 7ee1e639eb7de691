/**
 * The sign-in entry in a real browser (docs/decisions/screen-bundles.md "The sign-in entry"; spec 000 §2 Login, Forgot
 * password): a signed-out browser opening the back-office gets the sign-in form at /login without the app's scripts;
 * it recovers a forgotten password with the code a real SMTP server received (tests/e2e/mailbox.ts), comes back to the
 * sign-in page, which says so, and signs in with the new password: the app then loads and shows the dashboard. The
 * account is the Marseille agent of the seed, which no other journey signs in with.
 */
import { expect, test } from '@playwright/test';
import { readMails } from './mailbox';

const MARSEILLE = { email: 'agent.marseille@colis.local', telephoneComplet: '+33612345002' };

test('a signed-out browser signs in without the app, recovers a forgotten password and opens the app', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  // The app's own chunk (react-admin) is not among the sign-in page's scripts.
  expect(scripts.filter((s) => /\/assets\/app-/.test(s))).toEqual([]);

  await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
  await expect(page).toHaveURL(/\/forgotpassword$/);
  await page.getByRole('textbox', { name: /^Téléphone complet/ }).fill(MARSEILLE.telephoneComplet);
  await page.getByRole('textbox', { name: /^Email/ }).fill(MARSEILLE.email);
  await page.getByRole('button', { name: 'Recevoir le code' }).click();
  await expect(page.getByText('Si ces informations correspondent à un compte, un code a été envoyé.')).toBeVisible();
  let code = '';
  await expect
    .poll(
      () => {
        const mail = readMails(MARSEILLE.email).find((m) => m.subject === 'Code de réinitialisation de votre mot de passe');
        code = (mail && /<strong>(\d{6})<\/strong>/.exec(mail.html)?.[1]) || '';
        return code;
      },
      { timeout: 20_000, message: 'le code arrive au serveur SMTP de test' },
    )
    .not.toBe('');
  await page.getByRole('textbox', { name: /^Code OTP/ }).fill(code);
  await page.getByLabel(/^Nouveau mot de passe/).fill('Marseille-2026!');
  await page.getByRole('button', { name: 'Réinitialiser le mot de passe' }).click();
  await expect(page.getByText('Mot de passe réinitialisé avec succès !')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await page.locator('input[name="email"]').fill(MARSEILLE.email);
  await page.locator('input[name="password"]').fill('Marseille-2026!');
  await page.getByRole('button', { name: /je me connecte/i }).click();
  await expect(page.getByText('Tableau de bord').first()).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(scripts.filter((s) => /\/assets\/app-/.test(s))).toHaveLength(1);
  // Back to the sign-in page once signed in: the app sends the user to the dashboard.
  await page.goto('/login');
  await expect(page.getByText('Tableau de bord').first()).toBeVisible();
});
