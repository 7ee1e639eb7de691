/**
 * Role–permission assignment takes effect at once (docs/decisions/permission-assignment.md; spec 001 §2 Role-permission
 * assignment): an ADMIN, in one browser, removes the key `encaissements` from the agent's role on /autorisation; the
 * seeded agent, signed in in a second browser, loses the 'Encaissements' menu entry on its next navigation without
 * signing out, and the entry's URL lands on the 403 page; the ADMIN grants it back and the entry returns. The grant is
 * restored in a finally (through the API) so that the other journeys find the seeded role unchanged.
 */
import { expect, test } from '@playwright/test';
import { ADMIN, AGENT, encaissementsEntry, restoreAgentGrant, signIn } from './helpers';

test('an ADMIN removes a key from the agent role: the agent loses the menu entry at once, then gets it back', async ({ browser }) => {
  test.setTimeout(120_000);
  const adminContext = await browser.newContext();
  const agentContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const agent = await agentContext.newPage();
  try {
    await signIn(agent, AGENT);
    await expect(await encaissementsEntry(agent)).toBeVisible();

    await signIn(admin, ADMIN);
    await admin.goto('/autorisation');
    await expect(admin.getByRole('heading', { level: 1 })).toHaveText('ATTRIBUTION DES PERMISSIONS');
    // An ADMIN sees neither the ADMIN nor the SUPERADMIN tab; the agent's role is the first one.
    await expect(admin.getByRole('tab', { name: 'Administrateur' })).toHaveCount(0);
    await expect(admin.getByRole('tab', { name: 'Super administrateur' })).toHaveCount(0);
    await expect(admin.getByRole('tab', { name: "Agent d'agence" })).toHaveAttribute('aria-selected', 'true');

    await admin.getByLabel('Rechercher une permission').fill('liste des encaissements');
    const group = admin.locator('[data-group="encaissements"]');
    await expect(group.getByText('4 / 14 accordées')).toBeVisible();
    const toggle = admin.getByRole('switch', { name: 'encaissements', exact: true });
    await expect(toggle).toBeChecked();
    await toggle.click();
    await expect(admin.getByText('Permission retirée avec succès !')).toBeVisible();
    await expect(toggle).not.toBeChecked();
    await expect(group.getByText('3 / 14 accordées')).toBeVisible();
    await expect(admin.getByRole('listitem').filter({ hasText: 'encaissements' }).getByText('Retirée').first()).toBeVisible();

    // The agent, still signed in, navigates: the entry leaves the menu, its URL is refused.
    await agent.getByRole('menu').getByRole('menuitem', { name: 'Colis', exact: true }).click();
    await expect(agent).toHaveURL(/\/colis$/);
    await expect(await encaissementsEntry(agent)).toHaveCount(0);
    await agent.goto('/encaissements');
    await expect(agent).toHaveURL(/\/notauthenticate$/);
    await expect(agent.getByText('Erreur 403')).toBeVisible();

    // The ADMIN grants it back: the agent's next navigation shows the entry again and it opens the list.
    await toggle.click();
    await expect(admin.getByText('Permission accordée avec succès !')).toBeVisible();
    await expect(toggle).toBeChecked();
    await agent.goto('/colis');
    const entry = await encaissementsEntry(agent);
    await expect(entry).toBeVisible();
    await entry.click();
    await expect(agent).toHaveURL(/\/encaissements$/);
    await expect(agent.getByRole('heading', { level: 1 })).toHaveText('LISTE DES ENCAISSEMENTS');
  } finally {
    await restoreAgentGrant(admin, 'encaissements');
    await adminContext.close();
    await agentContext.close();
  }
});

test('a list the server refuses mid-session (403) sends the agent to the 403 page and refreshes the menu', async ({ browser }) => {
  test.setTimeout(120_000);
  const adminContext = await browser.newContext();
  const agentContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const agent = await agentContext.newPage();
  try {
    await signIn(admin, ADMIN);
    await signIn(agent, AGENT);
    // A click on the menu while the dashboard is still loading its figures can be lost: click until the list shows.
    await expect(async () => {
      await (await encaissementsEntry(agent)).click();
      await expect(agent.getByRole('heading', { level: 1 })).toHaveText('LISTE DES ENCAISSEMENTS', { timeout: 3_000 });
    }).toPass({ timeout: 20_000 });

    await admin.goto('/autorisation');
    await admin.getByLabel('Rechercher une permission').fill('encaissements');
    const toggle = admin.getByRole('switch', { name: 'encaissements', exact: true });
    // The role's grants loaded (and the group opened by the search) before the click, or the click can be lost.
    await expect(toggle).toBeChecked();
    await expect(toggle).toBeEnabled();
    await toggle.click();
    await expect(admin.getByText('Permission retirée avec succès !')).toBeVisible();
    await expect(toggle).not.toBeChecked();

    // No navigation: the agent reloads the list in place; the server answers 403, the UI reloads the privileges.
    await agent.getByRole('button', { name: 'Actualiser' }).click();
    await expect(agent).toHaveURL(/\/notauthenticate$/);
    await expect(agent.getByText('Erreur 403')).toBeVisible();
    await agent.goto('/colis');
    await expect(await encaissementsEntry(agent)).toHaveCount(0);
  } finally {
    await restoreAgentGrant(admin, 'encaissements');
    await adminContext.close();
    await agentContext.close();
  }
});
