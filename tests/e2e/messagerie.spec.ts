/**
 * Browser journey of the messaging (spec 001 §2 /messagerie, §4, §5, §8; docs/decisions/client-messaging.md). The e2e
 * server holds reference data only and delivers its mail to the journeys' real SMTP server (tests/e2e/mailbox.ts): the
 * test opens a departure France → Sénégal through the API and registers two parcels at Paris for one sender (no e-mail)
 * and two recipients with an e-mail. ADMIN writes to the clients of that departure from the 'Nouveau message' form
 * (searchable departure, subject ≤ 30), reads the server's answer (2 e-mails queued, 1 client without e-mail), each
 * recipient receives the mail once, and the sent list and the 'Boîte d'envoi' show them sent.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN, AGENT, signIn } from './helpers';
import { openEnvoiFranceSenegal } from './apiSeed';
import { readMails } from './mailbox';

/** Opens a departure and registers two parcels at Paris; returns the departure's reference and the recipients' e-mails. */
async function seedDeparture(request: APIRequestContext, tag: string) {
  const { agent, envoi, registerColis } = await openEnvoiFranceSenegal(request, 'Fret e2e messagerie');
  const emails = [`fatou.${tag}@exemple.sn`, `moussa.${tag}@exemple.sn`];
  for (const [i, email] of emails.entries()) {
    await registerColis(agent, 2, {
      detailsContenu: `Colis messagerie ${i}`,
      expediteurNom: 'Martin',
      expediteurPrenom: 'Paul',
      NumeroSaisi: `+336${tag}12`,
      nomDestinataire: i === 0 ? 'Ndiaye' : 'Sow',
      prenomsDestinataire: i === 0 ? 'Fatou' : 'Moussa',
      telephoneDestinataire: `+2217${tag}${i}1`,
      emailDestinataire: email,
    });
  }
  return { reference: envoi.reference, emails };
}

test('ADMIN sends a message to the clients of a departure and sees it in the sent list and the outbox', async ({ page }) => {
  test.setTimeout(120_000);
  const tag = String(Date.now()).slice(-6);
  const { reference, emails } = await seedDeparture(page.request, tag);
  await signIn(page, ADMIN);

  await page.getByRole('menu').getByRole('menuitem', { name: 'Messagerie', exact: true }).click();
  await expect(page).toHaveURL(/\/messagerie/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('MESSAGERIE');
  await expect(page.getByRole('heading', { name: 'Nouveau message' })).toBeVisible();

  // Recipient type: the departure selection appears; searching by reference.
  await page.getByLabel("Les clients d'un départ").check();
  const depart = page.getByRole('combobox', { name: 'Départ' });
  await depart.fill(reference);
  await page.getByRole('option', { name: new RegExp(reference) }).click();

  // Subject at most 30 characters (spec 001 §5).
  await page.locator('input[name="sujet"]').fill('Votre départ est confirmé pour demain');
  await page.locator('textarea[name="message"]').fill('Bonjour,\nvotre colis part demain de Paris.');
  await page.getByRole('button', { name: 'Envoyer' }).click();
  await expect(page.getByText("L'objet ne doit pas dépasser 30 caractères")).toBeVisible();
  await page.locator('input[name="sujet"]').fill(`Départ ${tag}`);
  await page.screenshot({ path: '/work/wt/messagerie-shots/01-form.png', fullPage: true }).catch(() => undefined);
  await page.getByRole('button', { name: 'Envoyer' }).click();
  await expect(page.getByText("Message envoyé : 2 e-mails en file d'envoi. 1 client sans adresse e-mail non contacté.")).toBeVisible();

  // The form is empty again; the sent list shows the message. Each client with an e-mail receives it once from the
  // real SMTP server of the journeys (tests/e2e/mailbox.ts), then the counts say so.
  await expect(page.locator('input[name="sujet"]')).toHaveValue('');
  for (const email of emails) {
    await expect.poll(() => readMails(email).filter((m) => m.subject === `Départ ${tag}`).length, { timeout: 20_000 }).toBe(1);
  }
  await page.reload();
  const row = page.locator('.RaDataTable-table tbody tr', { hasText: `Départ ${tag}` });
  await expect(row).toBeVisible();
  await expect(row).toContainText(reference);
  await expect(row).toContainText("Les clients d'un départ");
  await expect(row).toContainText('2 envoyé(s)');
  await expect(row).toContainText('1 sans e-mail');
  await page.screenshot({ path: '/work/wt/messagerie-shots/02-sent-list.png', fullPage: true }).catch(() => undefined);

  // The outbox from the message's counts: its two mails, sent.
  await row.getByRole('link', { name: "Voir ces e-mails dans la boîte d'envoi" }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("BOÎTE D'ENVOI");
  await expect(page.getByText('sur un total de 2 entrées')).toBeVisible();
  for (const email of emails) {
    const mail = page.locator('.RaDataTable-table tbody tr', { hasText: email });
    await expect(mail).toContainText(`Départ ${tag}`);
    await expect(mail).toContainText('Envoyé');
  }
  await page.screenshot({ path: '/work/wt/messagerie-shots/03-outbox-of-message.png', fullPage: true }).catch(() => undefined);
  // The whole outbox also holds the other mails of this run (at least the parcels' registration notices).
  await page.getByRole('button', { name: "Les e-mails d'un message" }).locator('.MuiChip-deleteIcon').click();
  await expect(page.getByText(/sur un total de ([4-9]|\d{2,}) entrées/)).toBeVisible();
  await page.screenshot({ path: '/work/wt/messagerie-shots/04-outbox.png', fullPage: true }).catch(() => undefined);
});

test('the Paris agent writes to one of its clients; the outbox is not offered to it', async ({ page }) => {
  await signIn(page, AGENT);
  await page.goto('/messagerie');
  await expect(page.getByRole('heading', { name: 'Nouveau message' })).toBeVisible();
  await page.getByRole('button', { name: 'Envoyer' }).click();
  await expect(page.getByText("L'objet est obligatoire")).toBeVisible();
  await expect(page.getByText('Le message est obligatoire')).toBeVisible();
  await page.getByLabel('Un client').check();
  await page.locator('input[name="sujet"]').fill('Bonjour');
  await page.locator('textarea[name="message"]').fill('Texte');
  await page.getByRole('button', { name: 'Envoyer' }).click();
  await expect(page.getByText('Veuillez sélectionner un client')).toBeVisible();
  await expect(page.getByRole('link', { name: "Boîte d'envoi" })).toHaveCount(0);
  await page.goto('/mailOutbox');
  await expect(page).toHaveURL(/\/notauthenticate$/);
});
