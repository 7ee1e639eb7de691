/**
 * Browser journey of staff administration (docs/decisions/staff-accounts.md; spec 001 §2 Users, §4, §5, §8): an
 * administrator adds an agent for an agency through 'AJOUTER UN UTILISATEUR' (country → agency cascade, SUPERADMIN not
 * offered, CLIENT disabled); the password the server generated reaches a real SMTP server (tests/e2e/mailbox.ts); the
 * agent signs in with it in a second browser context, must go through 'Changer votre mot de passe', then sees its
 * agency's menu; the administrator removes a key from the agent's role on /autorisation and the agent's next navigation
 * loses the entry (403 page). The administrator then finds the agent in 'LISTE DES UTILISATEURS', edits it (email and
 * phone read-only, latest changes shown), deactivates it — the agent's next call signs it out —, resets its password (a
 * second mail) and tries to delete it (refused: it authored an audit entry).
 */
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, encaissementsEntry, restoreAgentGrant, signIn, searchOne } from './helpers';
import { readMails } from './mailbox';

/** A short unique tag, so the journey can run again on the same server. */
const uniqueTag = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1296).toString(36)}`;

/** Picks an option of a react-admin SelectInput by its label. */
async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Waits for the welcome mail of `email` on the test SMTP server and returns the password it holds. */
async function mailedPassword(email: string): Promise<string> {
  let password = '';
  await expect
    .poll(
      () => {
        const mail = readMails(email).find((m) => m.subject === 'Votre compte Back-office Colis');
        const found = mail && /<strong data-password>([^<]+)<\/strong>/.exec(mail.html);
        password = found ? found[1].replace(/&amp;/g, '&') : '';
        return password;
      },
      { timeout: 20_000, message: 'le mail du mot de passe arrive au serveur SMTP de test' },
    )
    .not.toBe('');
  return password;
}

test('an administrator creates an agent who receives its password by mail and must change it at first sign-in', async ({
  page,
  browser,
}) => {
  // A long journey (two browsers, two mails, a dozen screens): 39 s alone, a minute beside the other shard.
  test.setTimeout(120_000);
  const RUN = uniqueTag();
  const email = `agent.${RUN}@colis.test`;
  const nom = `Durand${RUN}`;
  const phone = `6${String(Date.now()).slice(-8)}`;
  await signIn(page, ADMIN);

  // The list, from the menu.
  await page.getByRole('menu').getByText('Utilisateur', { exact: true }).click();
  await page.getByRole('menu').getByText('Utilisateurs', { exact: true }).click();
  await expect(page).toHaveURL(/\/user$/);
  await expect(page.getByRole('heading', { name: 'LISTE DES UTILISATEURS' })).toBeVisible();
  for (const column of ['Nom', 'Prénoms', 'Email', 'Adresse', 'Téléphone', 'Pays', 'Agence', 'Rôle', 'Statut', 'Actions']) {
    await expect(page.locator('thead').getByText(column, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('row').filter({ hasText: 'admin@colis.local' })).toContainText('Administrateur');

  // The spec's add path; the agency waits for the country; SUPERADMIN not offered, CLIENT and ADMIN not selectable.
  await page.goto('/addUser');
  await expect(page).toHaveURL(/\/user\/create$/);
  await expect(page.getByRole('heading', { name: 'AJOUTER UN UTILISATEUR' })).toBeVisible();
  await expect(page.getByText("Choisissez d'abord le pays")).toBeVisible();
  await page.locator('input[name="nom"]').fill(nom);
  await page.getByRole('button', { name: /enregistrer/i }).click();
  await expect(page.getByText('Le pays est requis !').first()).toBeVisible();
  await page.getByRole('combobox', { name: 'Rôle' }).click();
  await expect(page.getByRole('option', { name: /super/i })).toHaveCount(0);
  await expect(page.getByRole('option', { name: 'Client', exact: true })).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByRole('option', { name: 'Administrateur', exact: true })).toHaveAttribute('aria-disabled', 'true');
  await page.getByRole('option', { name: "Agent d'agence", exact: true }).click();
  await pick(page, 'Pays', 'Sénégal');
  await page.getByRole('combobox', { name: 'Agence' }).click();
  await expect(page.getByRole('option', { name: /Paris/ })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await pick(page, 'Pays', 'France');
  await page.getByRole('combobox', { name: 'Agence' }).click();
  await page.getByRole('option', { name: /Paris/ }).first().click();
  await page.locator('input[name="nom"]').fill(nom);
  await page.locator('input[name="prenoms"]').fill('Léa');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="adresse"]').fill('3 rue Myrha, 75018 Paris');
  await page.locator('input[name="telephone"]').fill(phone);
  await expect(page.getByText('+33', { exact: true })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('user-form.png') });
  await page.getByRole('button', { name: /enregistrer/i }).click();
  await expect(page.getByText('Utilisateur créé  avec succès')).toBeVisible();
  await expect(page).toHaveURL(/\/user$/);

  // The password never shows on screen; it arrives by mail.
  const password = await mailedPassword(email);
  expect(password.length).toBeGreaterThanOrEqual(12);
  await expect(page.getByText(password)).toHaveCount(0);

  // The agent signs in in its own browser, changes the password first, then sees its agency's menu.
  const agentContext = await browser.newContext();
  const agent = await agentContext.newPage();
  await agent.goto('/login');
  await agent.locator('input[name="email"]').fill(email);
  await agent.locator('input[name="password"]').fill(password);
  await agent.getByRole('button', { name: /je me connecte/i }).click();
  await expect(agent).toHaveURL(/\/changer-mot-de-passe$/);
  await expect(agent.getByRole('heading', { name: 'Changer votre mot de passe' })).toBeVisible();
  // The app stays closed until then.
  await agent.goto('/depart');
  await expect(agent).toHaveURL(/\/changer-mot-de-passe$/);
  await agent.locator('input[name="oldPassword"]').fill(password);
  await agent.locator('input[name="newPassword"]').fill('Mon-Mot-De-Passe-2026');
  await agent.locator('input[name="confirmPassword"]').fill('Mon-Mot-De-Passe-2026');
  await agent.screenshot({ path: test.info().outputPath('change-password.png') });
  await agent.getByRole('button', { name: 'Changer mon mot de passe' }).click();
  await expect(agent.getByText('Mot de passe changé avec succès !')).toBeVisible();
  const menu = agent.getByRole('menu');
  await expect(menu.getByText('Tableau de bord', { exact: true })).toBeVisible();
  await expect(menu.getByText('Départs', { exact: true })).toBeVisible();
  await expect(menu.getByText('Gestion des Colis', { exact: true })).toBeVisible();
  await expect(menu.getByText('Rôle et Autorisation', { exact: true })).toHaveCount(0);
  await expect(menu.getByText('Localisation', { exact: true })).toHaveCount(0);
  // Its users group holds the clients, not the staff.
  await menu.getByText('Utilisateur', { exact: true }).click();
  await expect(menu.getByText('Clients', { exact: true })).toBeVisible();
  await expect(menu.getByText('Utilisateurs', { exact: true })).toHaveCount(0);
  await expect(agent.getByText(`${nom} Léa`)).toBeVisible();

  // The administrator removes a key from the agent's role on the assignment screen: the new agent's next navigation
  // drops the menu entry and its URL lands on the 403 page, without signing out. The key is given back at once.
  await expect(await encaissementsEntry(agent)).toBeVisible();
  try {
    await page.goto('/autorisation');
    await expect(page.getByRole('tab', { name: "Agent d'agence" })).toHaveAttribute('aria-selected', 'true');
    await page.getByLabel('Rechercher une permission').fill('liste des encaissements');
    const toggle = page.getByRole('switch', { name: 'encaissements', exact: true });
    await toggle.click();
    await expect(page.getByText('Permission retirée avec succès !')).toBeVisible();
    await agent.getByRole('menu').getByRole('menuitem', { name: 'Colis', exact: true }).click();
    await expect(agent).toHaveURL(/\/colis$/);
    await expect(await encaissementsEntry(agent)).toHaveCount(0);
    await agent.goto('/encaissements');
    await expect(agent).toHaveURL(/\/notauthenticate$/);
    await expect(agent.getByText('Erreur 403')).toBeVisible();
  } finally {
    await restoreAgentGrant(page, 'encaissements');
  }
  await agent.goto('/colis');
  await expect(await encaissementsEntry(agent)).toBeVisible();

  // The administrator finds the agent, edits it (email and phone read-only) and sees its latest changes.
  await page.goto('/user');
  await searchOne(page, nom);
  const row = page.getByRole('row').filter({ hasText: nom });
  await expect(row).toContainText(email);
  await expect(row).toContainText(`+33${phone.slice(0)}`);
  await expect(row).toContainText('France');
  await expect(row).toContainText("Agent d'agence");
  await page.screenshot({ path: test.info().outputPath('user-list.png') });
  await row.getByRole('link', { name: /modifier/i }).click();
  await expect(page.getByRole('heading', { name: 'MODIFIER UTILISATEUR' })).toBeVisible();
  await expect(page.locator('input[name="email"]')).toHaveAttribute('readonly', '');
  await expect(page.locator('input[name="telephoneComplet"]')).toHaveAttribute('readonly', '');
  await expect(page.getByRole('combobox', { name: 'Pays' })).toContainText('France');
  await expect(page.getByRole('combobox', { name: 'Rôle' })).toContainText("Agent d'agence");
  const history = page.getByTestId('user-history');
  await expect(history.getByText('Création')).toBeVisible();
  await expect(history.getByText('Mot de passe changé')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('user-edit.png'), fullPage: true });
  await page.locator('input[name="adresse"]').fill('10 rue Poulet, 75018 Paris');
  await page.getByRole('button', { name: /enregistrer/i }).click();
  await expect(page.getByText("Mise à jour de l'utilisateur réussie !")).toBeVisible();

  // Deactivation: Oui/Non, then the agent's next call signs it out.
  await searchOne(page, nom);
  await row.getByRole('button', { name: 'Actif' }).click();
  await expect(page.getByRole('dialog').getByText('Changer Statut')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Oui' }).click();
  await expect(page.getByText('Statut mis à jour avec succès !')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Inactif' })).toBeVisible();
  await agent.getByRole('menu').getByText('Départs', { exact: true }).click();
  await expect(agent).toHaveURL(/\/login/);
  await agentContext.close();

  // A password reset by the administrator: Oui/Non, then a second mail with a new password.
  await row.getByRole('link', { name: /modifier/i }).click();
  await page.getByRole('button', { name: 'Réinitialiser le mot de passe' }).click();
  await expect(page.getByRole('dialog').getByText(/Envoyer un nouveau mot de passe/)).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Oui' }).click();
  await expect(page.getByText('Un nouveau mot de passe a été envoyé par email à cet utilisateur.')).toBeVisible();
  await expect.poll(() => readMails(email).filter((m) => m.subject.startsWith('Réinitialisation')).length, { timeout: 20_000 }).toBe(1);
  await page.goto('/user');
  await searchOne(page, nom);

  // The agent authored an audit entry (its password change): deletion is refused; the admin is told to deactivate.
  await row.getByRole('button', { name: /supprimer/i }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Oui' }).click();
  await expect(page.getByText(/Désactivez-le plutôt/)).toBeVisible();
});
