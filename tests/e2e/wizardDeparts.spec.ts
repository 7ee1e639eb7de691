/**
 * Browser journey: the parcel wizard offers only the departures that can take a parcel (spec 000 §2 CHOIX DU DEPART,
 * INFO COLIS; §4 weight check; docs/decisions/wizard-departures.md), at 1280×800 and on a phone (390×844).
 * Through the API, the administrator opens a 3 kg departure that the Paris agent fills, and a 10 kg one. In the
 * wizard the full one shows 'Complet' and cannot be chosen; the 10 kg one shows its kg left, and step 2 shows them
 * live with a warning above. While the wizard is open another registration takes the last kilos: the save is refused,
 * the weight dialog keeps 'Contacter Admins', and Fermer goes back to step 1 with the list reloaded, the departure now
 * 'Complet' and no choice. At 1280×800 also: a departure closed while the wizard is open.
 * Screenshots in /tmp/h2-shots/.
 */
import { expect, test, type Page } from '@playwright/test';
import { AGENT, signIn } from './helpers';
import { openEnvoiFranceSenegal } from './apiSeed';

const SHOTS = '/tmp/h2-shots';

/** Picks an option of a react-admin SelectInput by its label. */
async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).first().click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

let phone = Number(String(Date.now()).slice(-7));
/** Fields of a parcel registered through the API: a typed sender and a new recipient. */
const parties = () => ({
  detailsContenu: 'Fret concurrent',
  expediteurNom: 'Concurrent',
  expediteurPrenom: 'Agent',
  NumeroSaisi: `+3361${String(phone++).padStart(7, '0')}`,
  nomDestinataire: 'Ba',
  prenomsDestinataire: 'Aïda',
  telephoneDestinataire: `+22177${String(phone++).padStart(7, '0')}`,
});

const card = (page: Page, reference: string) => page.getByTestId('depart-card').filter({ hasText: reference });

/** Step 2 with one line of clothes of `poids` kg to Dakar, pick-up at the agency. */
async function fillInfo(page: Page, poids: string) {
  await page.locator('input[name="detailsContenu"]').fill('Habits');
  await pick(page, 'Ville de destination', 'Dakar');
  await pick(page, 'Nature', 'Vêtements adulte');
  await page.locator('input[name="naturesColis.0.poids"]').fill(poids);
  await pick(page, 'Mode de récupération', 'Récupération en Agence');
}

/** Step 3: a new recipient and a typed sender, then Enregistrer. */
async function fillDestinataireAndSave(page: Page) {
  await expect(page.getByText('INFO DESTINATAIRE').first()).toBeVisible();
  await page.locator('input[name="destinataireNumero"]').fill(`78${String(phone++).padStart(7, '0')}`);
  await page.getByRole('button', { name: 'Rechercher' }).click();
  await expect(page.getByText('Aucun client trouvé pour ce numéro')).toBeVisible();
  await page.locator('input[name="nomDestinataire"]').fill('Sow');
  await page.locator('input[name="prenomsDestinataire"]').fill('Awa');
  await page.locator('input[name="adresseDestinataire"]').fill('Rue 10, Dakar');
  await page.getByLabel("Saisir l'expéditeur").check();
  await page.locator('input[name="expediteurNom"]').fill('Martin');
  await page.locator('input[name="expediteurPrenom"]').fill('Paul');
  await page.locator('input[name="expediteurNumero"]').fill('06 11 22 33 44');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
}

for (const [name, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`${name} ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('a full departure cannot be chosen; one filled while the wizard is open sends it back to step 1', async ({ page }) => {
      const full = await openEnvoiFranceSenegal(page.request, `Fret plein ${name}`, 3);
      await full.registerColis(full.agent, 3, parties());
      const race = await openEnvoiFranceSenegal(page.request, `Fret disputé ${name}`, 10);

      await signIn(page, AGENT);
      await page.goto('/colis/create');
      await expect(page.getByText('CHOIX DU DEPART')).toBeVisible();

      // Step 1: the full one shown disabled with 'Complet', the other with its kg left.
      await expect(card(page, full.envoi.reference)).toContainText('Complet');
      await expect(card(page, full.envoi.reference).getByRole('button')).toBeDisabled();
      await expect(card(page, full.envoi.reference)).toContainText(/Poids disponible\s*0\skg/);
      await expect(card(page, race.envoi.reference)).toContainText(/Poids disponible\s*10\skg/);
      await expect(card(page, race.envoi.reference)).not.toContainText('Complet');
      await card(page, full.envoi.reference).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/${name}-1-step1-full.png` });
      await expect(page.getByRole('button', { name: 'Suivant' })).toBeDisabled();

      await card(page, race.envoi.reference).getByRole('button').click();
      await expect(card(page, race.envoi.reference)).toHaveAttribute('data-selected', 'true');
      await page.getByRole('button', { name: 'Suivant' }).click();

      // Step 2: the kg left, live; a warning above them, Suivant still enabled (the server judges).
      const restant = page.getByTestId('poids-restant');
      await expect(restant).toContainText(`Poids disponible sur le départ ${race.envoi.reference} : 10 kg`);
      await fillInfo(page, '12');
      await expect(restant).toHaveAttribute('data-over', 'true');
      await expect(restant).toContainText('dépasse de 2 kg le poids disponible');
      await restant.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/${name}-2-step2-over.png` });
      await page.locator('input[name="naturesColis.0.poids"]').fill('4');
      await expect(restant).toHaveAttribute('data-over', 'false');
      await expect(restant).toContainText('Il restera 6 kg sur le départ.');
      await page.getByRole('button', { name: 'Suivant' }).click();

      // Meanwhile another registration takes every kilo left.
      await race.registerColis(race.agent, 10, parties());

      await fillDestinataireAndSave(page);
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText(`Le poids disponible sur le départ ${race.envoi.reference} est insuffisant : 0 kg disponibles`);
      await expect(dialog.getByRole('button', { name: 'Contacter Admins' })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/${name}-3-refused-dialog.png` });
      await dialog.getByRole('button', { name: 'Fermer' }).click();

      // Back on step 1: the list reloaded, the departure now 'Complet', nothing chosen, the server's message shown.
      await expect(page.getByTestId('depart-refused')).toContainText('est insuffisant : 0 kg disponibles');
      await expect(card(page, race.envoi.reference)).toContainText('Complet');
      await expect(card(page, race.envoi.reference).getByRole('button')).toBeDisabled();
      await expect(card(page, race.envoi.reference)).toHaveAttribute('data-selected', 'false');
      await expect(page.getByTestId('wizard-missing')).toHaveText('À compléter : le départ');
      await expect(page.getByRole('button', { name: 'Suivant' })).toBeDisabled();
      await page.screenshot({ path: `${SHOTS}/${name}-4-back-step1.png` });
      await card(page, race.envoi.reference).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/${name}-5-back-step1-card.png` });
    });
  });
}

test.describe('desktop 1280×800, closure', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a departure closed while the wizard is open: the save is refused and the wizard is back on step 1 without it', async ({ page }) => {
    const closing = await openEnvoiFranceSenegal(page.request, 'Fret clôturé e2e', 50);
    await signIn(page, AGENT);
    await page.goto('/colis/create');
    await card(page, closing.envoi.reference).getByRole('button').click();
    await page.getByRole('button', { name: 'Suivant' }).click();
    await fillInfo(page, '2');
    await page.getByRole('button', { name: 'Suivant' }).click();

    const closed = await page.request.put(`/api/envoi/update/${closing.envoi.id}`, {
      headers: closing.admin,
      data: { statutID: 'CLOTURE' },
    });
    expect(closed.ok(), await closed.text()).toBeTruthy();

    await fillDestinataireAndSave(page);
    await expect(page.getByTestId('depart-refused')).toContainText(
      `Le départ ${closing.envoi.reference} n'est plus ouvert aux enregistrements.`,
    );
    await expect(card(page, closing.envoi.reference)).toHaveCount(0);
    await expect(page.getByTestId('wizard-missing')).toHaveText('À compléter : le départ');
    await expect(page).toHaveURL(/\/colis\/create$/);
    await page.screenshot({ path: `${SHOTS}/desktop-6-closed-back-step1.png` });
  });
});
