/**
 * An amount typed the French way in a browser whose locale is NOT French (docs/decisions/money-input.md, audit 001 B4:
 * '150,50' in the operation amount recorded 15 050 € in such a Chromium, whose `type=number` input read the comma
 * with its own number locale). The administrator types 150,50 key by key in 'Ajouter entrée/sortie' and reads back
 * 150,50 € in 'Détails des Transactions' and in the edit form; the operation is then cancelled, so that the other
 * journeys' cards and rows are as they expect them.
 */
import { expect, test } from '@playwright/test';
import { ADMIN, signIn } from './helpers';

test.use({ locale: 'en-US' });

test("'150,50' typed in an English Chromium is 150,50 €", async ({ page }) => {
  await signIn(page, ADMIN);
  expect(await page.evaluate(() => navigator.language)).toBe('en-US');
  await page.goto('/operation/create');
  await expect(page.getByRole('heading', { name: 'Ajouter entrée/sortie' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: /Utilisateur/ })).toContainText('Administrateur');
  const montant = page.locator('input[name="montant"]');
  await montant.click();
  await montant.pressSequentially('150,50');
  await page.getByRole('combobox', { name: /Motif/ }).click();
  // Leaving the field shows the amount back the French way.
  await expect(montant).toHaveValue('150,50');
  await page.getByRole('option', { name: 'Commissions', exact: true }).click();
  await page.getByRole('radio', { name: 'Entrée' }).check();
  await page.locator('textarea[name="description"]').fill('Saisie en navigateur anglais');
  await page.getByRole('button', { name: /enregistrer/i }).click();
  await expect(page.getByText('Entrée ajouté avec succès !')).toBeVisible();

  const row = page.locator('.RaDataTable-table tbody tr').filter({ hasText: 'COMMISSION' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(/150,50\s€/);
  await expect(row).not.toContainText(/15\s050/);

  await row
    .getByRole('link', { name: 'Modifier' })
    .or(row.getByRole('button', { name: 'Modifier' }))
    .click();
  await expect(page.locator('input[name="montant"]')).toHaveValue('150,50');

  // Cancelled again: the other journeys start from an empty dashboard.
  await page.goBack();
  await row.getByRole('button', { name: 'Supprimer' }).click();
  await page.getByRole('button', { name: 'Oui' }).click();
  await expect(row).toHaveCount(0);
});
