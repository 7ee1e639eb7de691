/**
 * The release code at the destination counter (docs/decisions/release-code.md), on a phone (390×844) and at the
 * counter's 1 280 px: a parcel Paris → Dakar, paid in full, arrives with its departure; its recipient receives the code by
 * e-mail (the journeys' SMTP server) with the Dakar agency's address and hours, its sender the notice without the
 * code. The Dakar agent sees the code active on the parcel's details, types a wrong code in 'Retiré' (refused, four
 * attempts left), then the right one: the parcel is released and its details say it was handed over with its code;
 * the public tracking page of the mail's link says 'Retiré le dd/MM/yyyy à l'agence Dakar Plateau'.
 * Screenshots in test-results/release-code-*.png.
 */
import { expect, test, type Page } from '@playwright/test';
import { AGENT, drawOn, searchOne, signIn } from './helpers';
import { openEnvoiFranceSenegal } from './apiSeed';
import { readMails } from './mailbox';

/** The seeded Dakar agent (agency DKR1). */
const AGENT_DAKAR = { email: 'agent.dakar@colis.local', password: AGENT.password };

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'counter', width: 1280, height: 800 },
]) {
  test.describe(`the release code at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the recipient gets the code, a wrong one is refused, the right one releases the parcel', async ({ page, request }) => {
      test.setTimeout(90_000);
      const tag = `${Date.now().toString(36).slice(-6)}${viewport.name[0]}`;
      const seed = await openEnvoiFranceSenegal(request, `Fret code de retrait ${tag}`);
      const especes = seed.id(await seed.list('modePaiement/liste'), 'ESPECES');
      const recipient = `destinataire.${tag}@client.test`;
      const phone = `77${String(Date.now()).slice(-7)}`;
      const reference = await seed.registerColis(seed.agent, 2, {
        detailsContenu: `Colis code de retrait ${tag}`,
        expediteurNom: 'Diallo',
        expediteurPrenom: 'Mariama',
        NumeroSaisi: `+336${String(Date.now()).slice(-8)}`,
        nomDestinataire: 'Ndoye',
        prenomsDestinataire: 'Fatou',
        telephoneDestinataire: `+221${phone}`,
        emailDestinataire: recipient,
        // An advance: the parcel is received at the counter (RECEPTIONNE), then paid in full below.
        reglement: 1,
        encaissement: { modePaiementID: especes, paymentby: 'expediteur' },
      });
      const details = (await (await request.get(`/api/colis/getByReference/${reference}`, { headers: seed.admin })).json()).data;
      const paid = await request.post('/api/encaissement/create', {
        headers: seed.agent,
        data: { colisID: details.id, modePaiementID: especes, paymentby: 'expediteur', montantEncaisse: details.resteAPayer },
      });
      expect(paid.ok(), await paid.text()).toBeTruthy();
      for (const statutID of ['EN_COURS_ENVOI', 'ARRIVE']) {
        const moved = await request.put(`/api/envoi/update/${seed.envoi.id}`, { headers: seed.admin, data: { statutID } });
        expect(moved.ok(), await moved.text()).toBeTruthy();
      }

      // The recipient's mail: where to collect the parcel, nothing to pay, and the code.
      let code = '';
      await expect
        .poll(
          () => {
            const mail = readMails(recipient).find((m) => m.html.includes('arrivé à destination'));
            code = (mail && /Code de retrait : (\d{6})/.exec(mail.html)?.[1]) ?? '';
            return mail?.html ?? '';
          },
          { timeout: 20_000, message: "le mail d'arrivée arrive au serveur SMTP de test" },
        )
        .toContain('Agence Dakar Plateau, 27 avenue Lamine Guèye, Plateau, Dakar, Lun–Sam 9 h – 18 h');
      expect(code).toMatch(/^\d{6}$/);
      expect(readMails(recipient).find((m) => m.html.includes('arrivé à destination'))!.html).toContain('Rien à payer');

      await signIn(page, AGENT_DAKAR);
      await page.goto(`/colis/${details.id}/show`);
      const card = page.getByTestId('code-retrait');
      await expect(card).toContainText('Code actif, envoyé au destinataire le');
      await expect(card).toContainText('encore 5 essais avant blocage');
      await expect(card).not.toContainText(code);
      await card.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/release-code-${viewport.name}-1-details.png`, fullPage: true });

      const dialog = await openRetire(page, phone);
      const input = dialog.getByRole('textbox', { name: 'Code de retrait' });
      await input.fill(code === '000000' ? '111111' : '000000');
      await drawOn(page, dialog.getByTestId('signature-pad'));
      await dialog.getByRole('button', { name: 'Oui' }).click();
      await expect(page.getByText('Code de retrait incorrect. Encore 4 essais avant le blocage du code.').first()).toBeVisible();
      await expect(dialog).toBeVisible();
      await input.fill(code);
      await drawOn(page, dialog.getByTestId('signature-pad'));
      await page.screenshot({ path: `test-results/release-code-${viewport.name}-2-dialog.png` });
      await dialog.getByRole('button', { name: 'Oui' }).click();
      await expect(page.getByText('Colis marqué retiré').first()).toBeVisible();
      await expect(dialog).toHaveCount(0);

      await page.goto(`/colis/${details.id}/show`);
      await expect(card).toContainText('Code clos : le colis a été remis le');
      await expect(card.getByRole('button', { name: 'Envoyer un nouveau code' })).toHaveCount(0);
      // The release record: by the Dakar agent, from its agency, identified by the code.
      const remise = page.getByTestId('colis-remise');
      await expect(remise).toContainText('Agence Dakar Plateau');
      await expect(remise).toContainText('IdentificationCode de retrait');
      await page.screenshot({ path: `test-results/release-code-${viewport.name}-3-released.png`, fullPage: true });

      // The public tracking page of the mail's link: the release's day and agency, nothing of who took it.
      const mail = readMails(recipient).find((m) => m.html.includes('arrivé à destination'))!;
      const link = new URL(/href="([^"]+\/suivi\/[^"]+)"/.exec(mail.html)![1]);
      await page.goto(link.pathname);
      const day = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Paris' }).format(
        new Date(),
      );
      await expect(page.getByTestId('suivi-remise')).toHaveText(`Retiré le ${day} à l'agence Dakar Plateau`);
      await expect(page.getByText('Ndiaye Moussa')).toHaveCount(0);
      await page.screenshot({ path: `test-results/release-code-${viewport.name}-4-suivi.png`, fullPage: true });
    });
  });
}

/** Opens 'Retiré' on the parcel whose recipient's phone is +221`phone`, from the parcels list. */
async function openRetire(page: Page, phone: string) {
  await page.goto('/colis');
  await expect(page.getByRole('heading', { name: 'LISTE DES COLIS' })).toBeVisible();
  await searchOne(page, phone);
  await page.getByRole('row').filter({ hasText: phone }).getByRole('button', { name: 'Retiré' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}
