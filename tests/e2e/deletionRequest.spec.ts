/**
 * Browser journey of the deletion requests (docs/decisions/deletion-requests.md; spec 000 §4 Parcel deletion), at
 * 1280×800 and 390×844. Set up through the API: two received parcels of the Paris agent (registered with a cash
 * advance, then refunded in full by the administrator, so that they hold no money). The Paris agent asks the deletion
 * of both from their details page: the code dialog says a request was sent to the administrators, and the page shows
 * the request waiting. The administrator sees the count of waiting requests on the menu, opens 'Demandes de
 * suppression', approves the first (Oui/Non) — the parcel is gone — and refuses the second with a reason (required).
 * The agent then reads the refusal and its reason on the second parcel. Screenshots in /tmp/h3-shots (or
 * E2E_SHOTS_DIR).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, AGENT, openMenuGroup, signIn } from './helpers';
import { apiLogin, openEnvoiFranceSenegal } from './apiSeed';

const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/h3-shots';
mkdirSync(SHOTS, { recursive: true });

/** A received parcel of the Paris agent holding no money: its id and reference. */
type Parcel = { id: string; reference: string };

/**
 * Registers two parcels with a 10 € cash advance as the Paris agent (RECEPTIONNE), then refunds each advance in full as
 * the administrator (the parcels stay received and hold nothing, so that they may be deleted).
 */
async function seedParcels(request: APIRequestContext, label: string): Promise<[Parcel, Parcel]> {
  const { admin, agent, list, id, registerColis } = await openEnvoiFranceSenegal(request, `Fret e2e demandes ${label}`);
  const especes = id(await list('modePaiement/liste'), 'ESPECES');
  const parcels: Parcel[] = [];
  for (const nom of ['Ndiaye', 'Sow']) {
    const reference = await registerColis(agent, 2, {
      detailsContenu: `Colis e2e demande ${label} ${nom}`,
      nomDestinataire: nom,
      prenomsDestinataire: 'Awa',
      telephoneDestinataire: `+22177${String(Date.now()).slice(-7)}`,
      expediteurNom: 'Martin',
      expediteurPrenom: 'Paul',
      NumeroSaisi: `+336${String(Date.now()).slice(-8)}`,
      reglement: 10,
      encaissement: { modePaiementID: especes, paymentby: 'expediteur' },
    });
    const details = await (await request.get(`/api/colis/getByReference/${reference}`, { headers: admin })).json();
    const colisId = details.data.id as string;
    const payments = await (await request.get(`/api/encaissement/getByColisID/${colisId}`, { headers: admin })).json();
    const refund = await request.post(`/api/encaissement/rembourser/${payments.encaissements[0].id}`, {
      headers: admin,
      data: { montant: 10, modePaiementID: especes, motif: 'Avance rendue (e2e)' },
    });
    expect(refund.ok(), await refund.text()).toBeTruthy();
    parcels.push({ id: colisId, reference });
  }
  return parcels as [Parcel, Parcel];
}

/** Signs out by clearing the session, so the next sign-in starts clean. */
async function signOut(page: Page) {
  await page.evaluate(() => localStorage.clear());
}

/** Opens the sidebar on a phone (a drawer behind the menu button); nothing on a wide screen. */
async function openSidebar(page: Page, phone: boolean) {
  if (phone) await page.getByRole('button', { name: 'Ouvrir le menu' }).first().click();
}

/** A request of the list by its parcel's reference: a table row, or a card on a phone. */
function requestOf(page: Page, phone: boolean, reference: string) {
  return (phone ? page.getByTestId('demande-card') : page.getByRole('row')).filter({ hasText: reference });
}

/** Picks a state in the list's 'État' filter. */
async function pickEtat(page: Page, etat: string) {
  await page.getByRole('combobox', { name: 'État' }).click();
  await page.getByRole('option', { name: etat, exact: true }).click();
  await expect(page.locator('.MuiMenu-root')).toHaveCount(0);
}

/** As the agent, asks the deletion of a parcel from its details page and checks what it is told. */
async function askDeletion(page: Page, parcel: Parcel, shot?: string) {
  await page.goto(`/colis/${parcel.id}/show`);
  await expect(page.getByText(parcel.reference).first()).toBeVisible();
  await page.getByRole('button', { name: 'Supprimer le colis' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Oui' }).click();
  const dialog = page.getByRole('dialog', { name: 'Code de confirmation' });
  await expect(dialog).toContainText('une demande de suppression a été envoyée aux administrateurs');
  if (shot) await page.screenshot({ path: path.join(SHOTS, shot) });
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await expect(page.getByTestId('demande-suppression-etat')).toContainText('Demande de suppression en attente');
}

for (const viewport of [
  { width: 1280, height: 800, name: 'desktop' },
  { width: 390, height: 844, name: 'phone' },
]) {
  test.describe(`deletion requests at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the agent asks, the administrator approves one and refuses the other, the agent reads why', async ({ page, request }) => {
      test.setTimeout(120_000);
      const phone = viewport.name === 'phone';
      const [first, second] = await seedParcels(request, viewport.name);

      // The agent asks the deletion of both received parcels.
      await signIn(page, AGENT);
      await askDeletion(page, first, `deletion-${viewport.name}-1-agent-asks.png`);
      await askDeletion(page, second);
      await page.screenshot({ path: path.join(SHOTS, `deletion-${viewport.name}-2-agent-waiting.png`), fullPage: true });
      await signOut(page);

      // The administrator sees the waiting requests counted on the menu.
      await signIn(page, ADMIN);
      await openSidebar(page, phone);
      const nav = await openMenuGroup(page, 'Gestion des Colis');
      const entry = nav.getByRole('menuitem', { name: 'Demandes de suppression', exact: true });
      const badge = entry.getByTestId('menu-count-demandesSuppression');
      await expect(badge).toBeVisible();
      const waiting = Number(await badge.innerText());
      expect(waiting).toBeGreaterThanOrEqual(2);
      await page.screenshot({ path: path.join(SHOTS, `deletion-${viewport.name}-3-admin-badge.png`) });
      await entry.click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('DEMANDES DE SUPPRESSION');

      // Approve the first (Oui/Non): the parcel is deleted.
      await page.getByLabel('Rechercher :').fill(first.reference);
      const row1 = requestOf(page, phone, first.reference);
      await expect(row1).toHaveCount(1);
      await expect(row1).toContainText('En attente');
      await page.screenshot({ path: path.join(SHOTS, `deletion-${viewport.name}-4-admin-list.png`), fullPage: true });
      await row1.getByRole('button', { name: 'Approuver' }).click();
      const confirm = page.getByRole('dialog', { name: 'Approuver la suppression' });
      await expect(confirm).toContainText(first.reference);
      await confirm.getByRole('button', { name: 'Oui' }).click();
      await expect(page.getByText('Demande approuvée : le colis a été supprimé.')).toBeVisible();
      await expect(row1).toHaveCount(0);
      const admin = await apiLogin(request, ADMIN);
      expect((await request.get(`/api/colis/getByReference/${first.reference}`, { headers: admin })).status()).toBe(404);

      // Refuse the second: the reason is required.
      await page.getByLabel('Rechercher :').fill(second.reference);
      const row2 = requestOf(page, phone, second.reference);
      await expect(row2).toHaveCount(1);
      await row2.getByRole('button', { name: 'Refuser' }).click();
      const refuse = page.getByRole('dialog');
      await refuse.getByRole('button', { name: 'Refuser' }).click();
      await expect(refuse.getByText('Le motif du refus est obligatoire')).toBeVisible();
      await refuse.getByLabel('Motif du refus').fill('Colis déjà en préparation pour le départ');
      await page.screenshot({ path: path.join(SHOTS, `deletion-${viewport.name}-5-admin-refuse.png`) });
      await refuse.getByRole('button', { name: 'Refuser' }).click();
      await expect(page.getByText('Demande de suppression refusée.')).toBeVisible();
      await expect(row2).toHaveCount(0);

      // The refused and the approved requests stay listed with their decision.
      await pickEtat(page, 'Refusée');
      await expect(row2).toContainText('Refusée');
      await expect(row2).toContainText('Motif : Colis déjà en préparation pour le départ');
      await pickEtat(page, 'Approuvée');
      await page.getByLabel('Rechercher :').fill(first.reference);
      await expect(row1).toContainText('Approuvée');
      await expect(row1).toContainText('Colis supprimé');
      await page.screenshot({ path: path.join(SHOTS, `deletion-${viewport.name}-6-admin-decided.png`), fullPage: true });
      await signOut(page);

      // The agent reads the refusal and its reason on the parcel.
      await signIn(page, AGENT);
      await page.goto(`/colis/${second.id}/show`);
      const alert = page.getByTestId('demande-suppression-etat');
      await expect(alert).toContainText('Demande de suppression refusée');
      await expect(alert).toContainText('Motif : Colis déjà en préparation pour le départ');
      await alert.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, `deletion-${viewport.name}-7-agent-refused.png`) });
    });
  });
}
