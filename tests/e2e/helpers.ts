/** Shared pieces of the browser journeys: demo credentials of the seed, sign-in through the login page, dates. */
import { expect, type Page } from '@playwright/test';
import { addDays, todayIso } from '../../common/dates';

export const ADMIN = { email: 'admin@colis.local', password: 'Admin123!' };
export const AGENT = { email: 'agent.paris@colis.local', password: 'Agent123!' };

/** Signs in through the login page and waits for the shell. */
export async function signIn(page: Page, who: { email: string; password: string }) {
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(who.email);
  await page.locator('input[name="password"]').fill(who.password);
  await page.getByRole('button', { name: /je me connecte/i }).click();
  await expect(page.getByText('Tableau de bord').first()).toBeVisible();
}

/** A calendar date `days` from today in Europe/Paris (common/dates.ts), YYYY-MM-DD (what a date input and the API take). */
export function inDays(days: number): string {
  return addDays(todayIso(), days);
}

/**
 * Types in a list's search box ('Rechercher :') and waits until the debounced search is in the URL and the list shows
 * its answer of exactly one row, so that the next click does not land on a row the refetch is about to replace, nor
 * leave a page the pending search would bring back (a list of one row already says '1 entrée' before the search).
 */
export async function searchOne(page: Page, text: string) {
  await page.getByLabel('Rechercher :').fill(text);
  await expect(page).toHaveURL((url) => (url.searchParams.get('filter') ?? '').includes(text));
  await expect(page.getByText(/sur un total de 1 entrées?$/)).toBeVisible();
}
