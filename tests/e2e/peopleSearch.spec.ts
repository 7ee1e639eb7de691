/**
 * Finding a client when one phones in (docs/decisions/people-search.md; spec 000 §2 parcel list search, 001 §2
 * messaging's client selection): the Paris agent registers a parcel from Sow Ibrahima (+33 6 77 88 99 00) to Diallo
 * Aminata (+221 77 654 32 10) through the API, then finds it in the parcel list by the recipient's full name in the
 * other order and by the sender's national number, and finds the recipient in the messaging's client picker by the
 * full name and by '06 77 88'-style national numbers; a search that matches nobody says 'Aucun résultat' in French.
 */
import { expect, test } from '@playwright/test';
import { AGENT, signIn } from './helpers';
import { openEnvoiFranceSenegal } from './apiSeed';

test('the parcel list and the messaging picker find people by first name, full name and national phone', async ({ page, request }) => {
  const { agent, registerColis } = await openEnvoiFranceSenegal(request, 'Fret e2e recherche de personnes');
  const reference = await registerColis(agent, 2, {
    detailsContenu: 'Colis recherche de personnes',
    expediteurNom: 'Sow',
    expediteurPrenom: 'Ibrahima',
    NumeroSaisi: '+33677889900',
    nomDestinataire: 'Diallo',
    prenomsDestinataire: 'Aminata',
    telephoneDestinataire: '+221776543210',
  });
  await signIn(page, AGENT);

  await page.goto('/colis');
  for (const q of ['Aminata Diallo', '06 77 88 99']) {
    await page.getByLabel('Rechercher :').fill(q);
    await expect(page).toHaveURL((url) => (url.searchParams.get('filter') ?? '').includes(q));
    await expect(page.getByRole('row').filter({ hasText: reference })).toHaveCount(1);
  }
  await page.screenshot({ path: 'test-results/people-search-colis.png' });

  await page.goto('/messagerie');
  await page.getByLabel('Un client').check();
  const picker = page.getByRole('combobox', { name: /client/i });
  for (const q of ['Aminata Diallo', '0677889900']) {
    await picker.fill(q);
    await expect(page.getByRole('option').first()).toBeVisible();
  }
  await picker.fill('Aminata Diallo');
  await expect(page.getByRole('option', { name: /Diallo Aminata — \+221776543210/ })).toBeVisible();
  await picker.fill('Personne Inconnue Zzz');
  await expect(page.getByText('Aucun résultat')).toBeVisible();
  await page.screenshot({ path: 'test-results/people-search-picker.png' });
});
