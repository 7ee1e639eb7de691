/**
 * The audit journal in the browser (docs/decisions/audit-journal.md): an administrator edits a parcel in the wizard,
 * its details page shows the change in 'Historique des modifications'; the administrator deletes it; the
 * 'Journal d'audit' screen, reached from the menu and filtered on the parcel, shows the registration, the edit and the
 * deletion with their author, address and before → after. Screenshots in /work/wt/shots/journal/ (SHOTS_DIR overrides).
 */
import { expect, test } from '@playwright/test';
import { openEnvoiFranceSenegal } from './apiSeed';
import { ADMIN, fillDate, openMenuGroup, signIn } from './helpers';

const SHOTS = process.env.SHOTS_DIR ?? '/work/wt/shots/journal';

test('an admin edits then deletes a parcel; the parcel card and the journal screen show who did what', async ({ page }) => {
  // A long journey (seed, edit, details, deletion, journal): more than the default minute on a loaded machine.
  test.setTimeout(180_000);
  const seed = await openEnvoiFranceSenegal(page.request, 'Fret e2e journal');
  const phone = `77${String(Date.now()).slice(-7)}`;
  const reference = await seed.registerColis(seed.agent, 2, {
    detailsContenu: 'Chaussures journal',
    expediteurNom: 'Durand',
    expediteurPrenom: 'Léa',
    NumeroSaisi: `+336${phone.slice(-8)}`,
    nomDestinataire: 'Sow',
    prenomsDestinataire: 'Aminata',
    telephoneDestinataire: `+221${phone}`,
  });
  const found = await page.request.get(`/api/colis/getByReference/${reference}`, { headers: seed.admin });
  const colisId = (await found.json()).data.id as string;

  // The administrator edits the weight in the wizard: 2 kg → 4 kg.
  await signIn(page, ADMIN);
  await page.goto(`/colis/${colisId}`);
  await expect(page.getByRole('heading', { name: 'MODIFIER COLIS' })).toBeVisible();
  await page.getByRole('button', { name: 'SUIVANT' }).click();
  await expect(page.locator('input[name="naturesColis.0.poids"]')).toHaveValue('2');
  await page.locator('input[name="naturesColis.0.poids"]').fill('4');
  await page.getByRole('button', { name: 'SUIVANT' }).click();
  await expect(page.getByText('INFO DESTINATAIRE').first()).toBeVisible();
  await page.getByRole('button', { name: 'ENREGISTRER' }).click();
  await expect(page.getByText('colis modifié avec succès')).toBeVisible();

  // The details page: its journal, newest first — the edit by the administrator, then the agent's registration.
  await page.goto(`/colis/${colisId}/show`);
  const card = page.getByTestId('colis-journal');
  await expect(card.getByText('Historique des modifications')).toBeVisible();
  await expect(card.getByText(/Modification — \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} — par Administrateur Principal/)).toBeVisible();
  await expect(card.getByText(/Création — .* — par /)).toBeVisible();
  await expect(card.getByTestId('audit-changes').first()).toContainText('Poids (kg) : 2 → 4');
  const box = (await card.boundingBox())!;
  await page.screenshot({ path: `${SHOTS}/colis-journal-card.png`, fullPage: true, clip: box });
  await page.screenshot({ path: `${SHOTS}/colis-details.png`, fullPage: true });
  const journalLink = card.getByRole('link', { name: /Voir tout dans le journal d'audit \(2\)/ });
  const journalHref = await journalLink.getAttribute('href');

  // The administrator deletes it (waiting parcel: direct deletion after the confirmation).
  await page.getByRole('button', { name: 'Supprimer le colis' }).click();
  await expect(page.getByRole('dialog')).toContainText(`voulez vous supprimer ${reference} ?`);
  await page.getByRole('dialog').getByRole('button', { name: 'Oui' }).click();
  await expect(page.getByText('suppression effectuée')).toBeVisible();

  // The journal from the menu: the entry sits in the administration group, the screen starts with every change.
  await page.goto('/');
  const nav = await openMenuGroup(page, 'Rôle et Autorisation');
  await nav.getByRole('menuitem', { name: "Journal d'audit", exact: true }).click();
  await expect(page.getByRole('heading', { name: "JOURNAL D'AUDIT" })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Adresse IP' })).toBeVisible();

  // Filtered on the parcel (the card's link): the deletion, the edit and the registration, with their authors.
  await page.goto(journalHref!);
  await expect(page.getByTestId('audit-record-filter')).toBeVisible();
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(3);
  const deletion = rows.nth(0);
  await expect(deletion).toContainText('Suppression');
  await expect(deletion).toContainText('Administrateur Principal');
  await expect(deletion).toContainText('Colis');
  await expect(deletion).toContainText('Permission utilisée : colisDelete');
  await expect(deletion).toContainText('Motif : suppression directe (colis en attente)');
  await expect(deletion).toContainText(/Supprimé le : -- → \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  await expect(deletion).toContainText(/127\.0\.0\.1|::1|::ffff:127\.0\.0\.1/);
  await expect(rows.nth(1)).toContainText('Modification');
  await expect(rows.nth(1)).toContainText('Poids (kg) : 2 → 4');
  await expect(rows.nth(1)).toContainText('Administrateur Principal');
  await expect(rows.nth(2)).toContainText('Création');
  await expect(rows.nth(2)).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  await page.screenshot({ path: `${SHOTS}/journal-audit.png`, fullPage: true });

  // Without the record filter, the entity filter 'Départ' lists the departure's creation; a period in the past: the
  // empty state.
  await page.getByTestId('audit-record-filter').locator('svg').click();
  await expect(page.getByTestId('audit-record-filter')).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Entité' }).click();
  await page.getByRole('option', { name: 'Départ', exact: true }).click();
  await expect(rows.filter({ hasText: seed.envoi.reference }).first()).toContainText('Création');
  await fillDate(page, 'debut', '2000-01-01');
  await fillDate(page, 'fin', '2000-01-31');
  await expect(page.getByTestId('audit-empty')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/journal-audit-empty.png` });
});

test('an agent does not see the journal: no menu entry, no card on the parcel', async ({ page }) => {
  const seed = await openEnvoiFranceSenegal(page.request, 'Fret e2e journal agent');
  const reference = await seed.registerColis(seed.agent, 1, {
    detailsContenu: 'Livres',
    expediteurNom: 'Martin',
    expediteurPrenom: 'Paul',
    NumeroSaisi: `+3362${String(Date.now()).slice(-7)}`,
    nomDestinataire: 'Ba',
    prenomsDestinataire: 'Oumar',
    telephoneDestinataire: `+22178${String(Date.now()).slice(-7)}`,
  });
  const found = await page.request.get(`/api/colis/getByReference/${reference}`, { headers: seed.agent });
  const colisId = (await found.json()).data.id as string;
  await signIn(page, { email: 'agent.paris@colis.local', password: 'Agent123!' });
  await page.goto(`/colis/${colisId}/show`);
  await expect(page.getByText(reference).first()).toBeVisible();
  await expect(page.getByTestId('colis-journal')).toHaveCount(0);
  await expect(page.getByRole('menu').getByRole('menuitem', { name: "Journal d'audit" })).toHaveCount(0);
});
