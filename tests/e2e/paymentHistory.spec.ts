/**
 * A parcel's history shows its payments and refunds as such (audit 000 B2, docs/decisions/payment-history.md): a
 * parcel registered with an advance, then paid and partly refunded through the API; its details screen lists
 * 'Encaissement de …' and 'Remboursement de …' rows, not 'Réceptionné → Réceptionné'. At 1280×800.
 */
import { expect, test } from '@playwright/test';
import { openEnvoiFranceSenegal } from './apiSeed';
import { AGENT, signIn } from './helpers';

test('the details screen reads payments as payments', async ({ page, request }) => {
  test.setTimeout(180_000);
  const { agent, admin, list, id, registerColis } = await openEnvoiFranceSenegal(request, 'Fret e2e historique');
  const especes = id(await list('modePaiement/liste'), 'ESPECES');
  const reference = await registerColis(agent, 3, {
    detailsContenu: 'Colis historique',
    expediteurNom: 'Durand',
    expediteurPrenom: 'Léa',
    NumeroSaisi: `+3361${String(Date.now()).slice(-7)}`,
    nomDestinataire: 'Ndiaye',
    prenomsDestinataire: 'Fatou',
    telephoneDestinataire: `+22177${String(Date.now()).slice(-7)}`,
    reglement: 5,
    encaissement: { modePaiementID: especes, paymentby: 'expediteur' },
  });
  const details = await (await request.get(`/api/colis/getByReference/${reference}`, { headers: agent })).json();
  const colisID = (details.colis?.id ?? details.data?.id) as string;
  const paid = await request.post('/api/encaissement/create', {
    headers: agent,
    data: { colisID, modePaiementID: especes, paymentby: 'expediteur', montantEncaisse: 10 },
  });
  expect(paid.ok(), await paid.text()).toBeTruthy();
  const refund = await request.post(`/api/encaissement/rembourser/${(await paid.json()).data.id}`, {
    headers: admin,
    data: { montant: 2.5, modePaiementID: especes, motif: 'Erreur de caisse' },
  });
  expect(refund.ok(), await refund.text()).toBeTruthy();

  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, AGENT);
  await page.goto(`/colis/${reference}`);
  const table = page.getByRole('table', { name: 'Historique des statuts' });
  await expect(table.getByText('Encaissement de 10,00 €')).toBeVisible();
  await expect(table.getByText('Remboursement de 2,50 €')).toBeVisible();
  await expect(table.getByText('Réceptionné')).toHaveCount(1);
  await table.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/h4-shots/history-1280.png', fullPage: true });
});
