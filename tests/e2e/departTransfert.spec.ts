/**
 * Browser journey of 'a departure ships only what the counter received' (docs/decisions/departure-ships-received.md),
 * at 1280×800 and 390×844: a departure France → Sénégal holds one parcel received at the counter (paid 5 €) and one
 * waiting (nothing paid); the administrator marks it 'en cours d'envoi', the confirmation lists the waiting parcel
 * (reference, sender, amount due), the administrator moves it to the next departure of the same route, confirms, and
 * the clients of both departures show each parcel where it now is: the received one shipped on the first, the waiting
 * one on the second.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, searchOne, signIn } from './helpers';
import { openEnvoiFranceSenegal } from './apiSeed';

const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** A short unique tag for the texts of one journey, so the journeys can run again on the same server. */
const uniqueTag = () => `${Date.now().toString(36).slice(-4)}${Math.floor(Math.random() * 1296).toString(36)}`;

/**
 * Two departures France → Sénégal by air; on the first, a parcel received (sender Ba Ndeye, 5 € paid) and one waiting
 * (sender Sarr Ibou, nothing paid), both registered by the Paris agent.
 */
async function seed(request: APIRequestContext, tag: string) {
  const first = await openEnvoiFranceSenegal(request, `Fret transfert ${tag}`);
  const next = await openEnvoiFranceSenegal(request, `Fret transfert suivant ${tag}`);
  const parties = (nom: string, prenom: string, phone: string) => ({
    detailsContenu: `Colis ${nom}`,
    expediteurNom: nom,
    expediteurPrenom: prenom,
    NumeroSaisi: phone,
    nomDestinataire: 'Faye',
    prenomsDestinataire: 'Khady',
    telephoneDestinataire: '+221770001122',
  });
  const especes = first.id(await first.list('modePaiement/liste'), 'ESPECES');
  const n = String(Date.now()).slice(-6);
  const recu = await first.registerColis(first.agent, 3, {
    ...parties('Ba', 'Ndeye', `+33610${n}`),
    reglement: 5,
    encaissement: { paymentby: 'expediteur', modePaiementID: especes },
  });
  const attente = await first.registerColis(first.agent, 2, parties('Sarr', 'Ibou', `+33620${n}`));
  return { first: first.envoi, next: next.envoi, recu, attente };
}

/** The clients page of a departure, opened from its row of the departures list. */
async function openClients(page: Page, reference: string) {
  await page.goto('/depart');
  await expect(page.getByRole('heading', { name: 'LISTE DES DÉPARTS' })).toBeVisible();
  await searchOne(page, reference);
  await page.getByRole('row').filter({ hasText: reference }).getByRole('link', { name: 'Clients' }).click();
  await expect(page.getByRole('heading', { name: `CLIENTS DU DÉPART ${reference}` })).toBeVisible();
}

/** The row of the clients page whose name cell is `nom`. */
const clientRow = (page: Page, nom: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: nom, exact: true }) });

for (const size of SIZES) {
  test(`${size.name} (${size.width}×${size.height}): 'en cours d'envoi' lists the waiting parcel, moves it, ships the received one`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    const { first, next, recu, attente } = await seed(request, uniqueTag());
    const shots = `/tmp/h1-shots/transfert-${size.name}`;

    await signIn(page, ADMIN);
    await page.goto('/depart');
    await expect(page.getByRole('heading', { name: 'LISTE DES DÉPARTS' })).toBeVisible();
    await searchOne(page, first.reference);
    const row = page.getByRole('row').filter({ hasText: first.reference });
    await row.getByRole('button', { name: "Marquer en cours d'envoi" }).click();

    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(`Voulez-vous passer le départ ${first.reference} au statut « En cours d'envoi » ?`);
    await expect(dialog).toContainText('1 colis en attente (non réceptionné) restera sur ce départ et ne partira pas :');
    const waiting = dialog.getByRole('row').filter({ hasText: attente });
    await expect(waiting).toContainText('Sarr Ibou');
    await expect(waiting).toContainText(/\d+,\d{2}\s€/);
    // The amount due is in view, on a phone too.
    await expect(waiting.getByText(/\d+,\d{2}\s€/)).toBeInViewport();
    await expect(dialog.getByRole('row').filter({ hasText: recu })).toHaveCount(0);
    await page.screenshot({ path: `${shots}-1-dialog.png` });

    // Move it to the next departure of the same route (its weight left shown), then ship.
    await dialog.getByRole('combobox').click();
    const option = page.getByRole('option', {
      name: new RegExp(`^${next.reference} — 500 kg disponibles — départ le \\d{2}/\\d{2}/\\d{4}$`),
    });
    await option.click();
    await page.screenshot({ path: `${shots}-2-target.png` });
    await dialog.getByRole('button', { name: 'Déplacer les colis choisis' }).click();
    await expect(page.getByText(`1 colis transféré vers le départ ${next.reference}.`)).toBeVisible();
    await expect(dialog).toContainText('Tous les colis de ce départ ont été réceptionnés : ils partiront tous.');
    await page.screenshot({ path: `${shots}-3-moved.png` });
    await dialog.getByRole('button', { name: 'Oui' }).click();
    await expect(page.getByText('Statut de départ mis à jour avec succès !')).toBeVisible();
    await expect(row.getByText("En cours d'envoi")).toBeVisible();

    // The first departure holds only the received parcel, shipped; the second the moved one, still waiting.
    await openClients(page, first.reference);
    await expect(clientRow(page, 'Sarr')).toHaveCount(0);
    await clientRow(page, 'Ba').getByRole('button', { name: 'Colis (1)' }).click();
    await expect(page.getByRole('dialog').getByRole('row').filter({ hasText: recu })).toContainText("En cours d'envoi");
    await page.screenshot({ path: `${shots}-4-first-departure.png` });
    await page.getByRole('dialog').getByRole('button', { name: 'Fermer' }).click();

    await openClients(page, next.reference);
    await expect(clientRow(page, 'Ba')).toHaveCount(0);
    await clientRow(page, 'Sarr').getByRole('button', { name: 'Colis (1)' }).click();
    await expect(page.getByRole('dialog').getByRole('row').filter({ hasText: attente })).toContainText('En attente');
    await page.screenshot({ path: `${shots}-5-next-departure.png` });
  });
}
