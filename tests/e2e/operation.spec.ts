/**
 * Browser journey of the cash operations dashboard (spec 001 §2 'Tableau de bord administratif' and 'Ajouter
 * entrée/sortie', §4 period filter and active toggle, §5 Operation add, §8 '{Entrée|Sortie} ajouté avec succès !'):
 * an administrator adds an income and an expense through the form and sees the cards 'Revenus hors colis' and
 * 'Dépenses hors colis' change (sums computed by the server over the dashboard's filter), the rows in 'Détails des
 * Transactions' and the top 5; turning the expense off takes it out of the card. The e2e database has no demo data,
 * so the cards start at 0,00 €.
 */
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, signIn } from './helpers';

/** Picks an option of a react-admin SelectInput by its label. */
async function pick(page: Page, label: RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Adds an operation through 'Ajouter entrée/sortie' (user and date keep their presets: the admin, today). */
async function addOperation(page: Page, op: { montant: string; motif: string; type: 'Entrée' | 'Sortie'; description: string }) {
  await page.getByRole('link', { name: /ajouter entrée\/sortie/i }).click();
  await expect(page).toHaveURL(/\/operation\/create$/);
  await expect(page.getByRole('heading', { name: 'Ajouter entrée/sortie' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: /Utilisateur/ })).toContainText('Administrateur');
  await page.locator('input[name="montant"]').fill(op.montant);
  await pick(page, /Motif/, op.motif);
  await page.getByRole('radio', { name: op.type }).check();
  await page.locator('textarea[name="description"]').fill(op.description);
  await page.getByRole('button', { name: /enregistrer/i }).click();
  await expect(page.getByText(`${op.type} ajouté avec succès !`)).toBeVisible();
  await expect(page).toHaveURL(/\/operation(\?.*)?$/);
}

test('an administrator adds an income and an expense and sees the cards change', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.getByRole('menu').getByRole('menuitem', { name: 'Opérations', exact: true }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Entrées & Sorties', exact: true }).click();
  await expect(page).toHaveURL(/\/operation(\?.*)?$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tableau de bord administratif');
  const revenue = page.getByTestId('operation-revenue');
  const expenses = page.getByTestId('operation-expenses');
  await expect(revenue).toHaveText(/^0,00\s€$/);
  await expect(expenses).toHaveText(/^0,00\s€$/);
  await expect(page.getByText('Aucune donnée disponible')).toBeVisible();

  // The amount must be at least 1 € (the form says so before the server would).
  await page.getByRole('link', { name: /ajouter entrée\/sortie/i }).click();
  await page.locator('input[name="montant"]').fill('0.5');
  await page.locator('textarea[name="description"]').fill('Essai');
  await page.getByRole('button', { name: /enregistrer/i }).click();
  await expect(page.getByText("Le montant doit être d'au moins 1.")).toBeVisible();
  await page.goto('/operation');

  await addOperation(page, { montant: '150', motif: 'Commissions', type: 'Entrée', description: 'Commission transitaire' });
  await expect(revenue).toHaveText(/^150,00\s€$/);
  await expect(expenses).toHaveText(/^0,00\s€$/);

  await addOperation(page, { montant: '40.5', motif: 'Carburant', type: 'Sortie', description: 'Plein camionnette' });
  await expect(expenses).toHaveText(/^40,50\s€$/);
  await expect(revenue).toHaveText(/^150,00\s€$/);

  // The table shows both, with the spec's columns; the top 5 show their motifs.
  const rows = page.locator('.RaDataTable-table tbody tr');
  await expect(rows).toHaveCount(2);
  const sortie = rows.filter({ hasText: 'CARBURANT' });
  await expect(sortie).toContainText('SORTIE');
  await expect(sortie).toContainText(/40,50\s€/);
  await expect(rows.filter({ hasText: 'COMMISSION' })).toContainText('ENTREE');
  // The top 5 load when their section, below the table, scrolls into view (docs/decisions/screen-bundles.md).
  await page.getByText('Top 5 des sources de revenus').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('operation-top-revenue')).toContainText('COMMISSION');
  await expect(page.getByTestId('operation-top-expenses')).toContainText('CARBURANT');

  // Today is in every period: the week shows the same figures.
  await page.getByRole('button', { name: 'Semaine', exact: true }).click();
  await expect(page).toHaveURL(/semaine/);
  await expect(revenue).toHaveText(/^150,00\s€$/);
  await expect(expenses).toHaveText(/^40,50\s€$/);

  // Turning the expense off keeps its row but takes it out of the card.
  await sortie.getByRole('button', { name: 'Actif', exact: true }).click();
  await page.getByRole('button', { name: 'Oui' }).click();
  await expect(page.getByText('Statut mis à jour avec succès !')).toBeVisible();
  await expect(expenses).toHaveText(/^0,00\s€$/);
  await expect(rows).toHaveCount(2);
});
