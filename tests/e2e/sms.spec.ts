/**
 * Browser journey of the SMS channel (docs/decisions/sms-channel.md): the spec starts an operator's SMPP gateway
 * (tests/server/smsGateway.ts, answering each submit_sm and sending a DELIVRD receipt 300 ms later) and its own
 * server on E2E_PORT + 3 with SMPP_URL pointing to it (the journeys' shared server has no gateway: its 'auto' clients
 * keep e-mail). ADMIN opens a departure with three clients who have a phone and no e-mail, writes to them by SMS from
 * the 'Nouveau message' form (the parts count and the recipients per channel shown before sending), each number gets
 * its SMS once, and the 'Boîte d'envoi' shows them delivered; the client's record lists the notice.
 * Each of the three screens passes axe's WCAG 2 A/AA rules. Screenshots go to E2E_SHOTS_DIR when set.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, signIn } from './helpers';
import { openEnvoiFranceSenegal } from './apiSeed';
import { startGateway, type TestGateway } from '../server/smsGateway';

const port = Number(process.env.E2E_PORT ?? 3210) + 3;
const shots = process.env.E2E_SHOTS_DIR;
let gateway: TestGateway;
let server: ChildProcess;

test.use({ baseURL: `http://127.0.0.1:${port}` });

/** Soft-asserts that axe finds no WCAG 2 A/AA violation on the screen as it is (docs/decisions/accessibility.md). */
async function noAxeViolation(page: Page, label: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect
    .soft(
      violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      label,
    )
    .toEqual([]);
}

test.beforeAll(async () => {
  test.setTimeout(150_000);
  gateway = await startGateway({ autoReceipt: { stat: 'DELIVRD', afterMs: 300 } });
  server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: path.join(mkdtempSync(path.join(os.tmpdir(), 'colis-e2e-sms-')), 'db'),
      DATABASE_URL: '',
      DEMO_DATA: '0',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '200',
      ADMIN_PASSWORD: 'Admin123!',
      SMPP_URL: gateway.url,
      SMS_FROM: 'ColisExpr',
      SMS_MAX_PER_SECOND: '20',
      OUTBOX_INTERVAL_MS: '500',
      SMTP_URL: '',
      LOAD_SHEDDING: '0',
    },
    stdio: 'inherit',
  });
  const end = Date.now() + 120_000;
  for (;;) {
    const ready = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > end) throw new Error('serveur SMS non prêt');
    await new Promise((r) => setTimeout(r, 500));
  }
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
  await gateway?.close();
});

test('ADMIN sends a message to a departure by SMS and sees it delivered in the outbox', async ({ page }) => {
  test.setTimeout(150_000);
  const tag = String(Date.now()).slice(-6);
  const { agent, envoi, registerColis } = await openEnvoiFranceSenegal(page.request, 'Fret e2e SMS');
  const phones = [`+336${tag}12`, `+2217${tag}01`, `+2217${tag}11`];
  for (const [i, tel] of phones.slice(1).entries()) {
    await registerColis(agent, 2, {
      detailsContenu: `Colis SMS ${i}`,
      expediteurNom: 'Martin',
      expediteurPrenom: 'Paul',
      NumeroSaisi: phones[0],
      nomDestinataire: i === 0 ? 'Ndiaye' : 'Sow',
      prenomsDestinataire: i === 0 ? 'Fatou' : 'Moussa',
      telephoneDestinataire: tel,
    });
  }
  // The registration's notices go by SMS too (each party 'auto' with a number; docs/decisions/notice-dispatch.md),
  // dispatched after the registration: one to each party of each parcel, waited for, then only the message's counted.
  await expect
    .poll(() => gateway.received.filter((p) => p.text.includes('votre colis a été enregistré')).length, { timeout: 30_000 })
    .toBe(4);
  const before = gateway.received.length;
  await signIn(page, ADMIN);
  await page.getByRole('menu').getByRole('menuitem', { name: 'Messagerie', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Nouveau message' })).toBeVisible();
  await page.getByLabel("Les clients d'un départ").check();
  const depart = page.getByRole('combobox', { name: 'Départ' });
  await depart.fill(envoi.reference);
  await page.getByRole('option', { name: new RegExp(envoi.reference) }).click();
  await page.getByRole('radio', { name: 'SMS' }).check();
  await page.locator('input[name="sujet"]').fill(`SMS ${tag}`);
  const text = 'Bonjour, votre colis part demain de Paris. Reçu confirmé : présentez-vous à l’agence de Dakar à l’arrivée.';
  await page.locator('textarea[name="message"]').fill(text);
  const apercu = page.getByTestId('message-apercu');
  await expect(apercu).toContainText(`SMS : ${text.length} caractère(s), 2 parties (UCS-2, caractères spéciaux)`);
  await expect(apercu).toContainText('Destinataires : 3 par SMS, 0 par e-mail, 0 injoignable(s)');
  if (shots) await page.screenshot({ path: `${shots}/01-message-sms.png`, fullPage: true });
  await noAxeViolation(page, 'Nouveau message, SMS');
  await page.getByRole('button', { name: 'Envoyer' }).click();
  await expect(page.getByText("Message envoyé : 0 e-mail et 3 SMS en file d'envoi.")).toBeVisible();

  // Each number receives its two parts once, in UCS-2, concatenated.
  await expect.poll(() => gateway.received.length - before, { timeout: 30_000 }).toBe(6);
  const mine = gateway.received.slice(before);
  expect(mine.map((p) => `+${p.to}`).sort()).toEqual([...phones, ...phones].sort());
  expect(mine.every((p) => p.dataCoding === 8 && p.concat?.total === 2)).toBe(true);

  // The outbox shows the three SMS delivered (receipts), filtered on the SMS channel.
  await page.goto('/mailOutbox');
  await page.getByRole('combobox', { name: 'Canal' }).click();
  await page.getByRole('option', { name: 'SMS' }).click();
  await expect(page).toHaveURL(/canal/);
  await expect
    .poll(
      async () => {
        await page.reload();
        const rows = page.getByRole('row').filter({ hasText: `SMS ${tag}` });
        await rows.first().waitFor();
        return rows.filter({ hasText: 'Remis' }).count();
      },
      { timeout: 30_000 },
    )
    .toBe(3);
  await expect(page.getByRole('row').filter({ hasText: '@' })).toHaveCount(0); // the filter keeps SMS only
  if (shots) await page.screenshot({ path: `${shots}/02-outbox-sms.png`, fullPage: true });
  await noAxeViolation(page, "Boîte d'envoi, SMS");

  // The client's record lists the message sent to them.
  await page.goto('/clients');
  await page.getByRole('row').filter({ hasText: 'Ndiaye' }).locator('a[href*="/clients/"]').first().click();
  await expect(page.getByRole('heading', { name: 'Canal de contact et avis envoyés' })).toBeVisible();
  await expect(
    page
      .getByRole('table', { name: 'Avis et messages envoyés' })
      .getByRole('row')
      .filter({ hasText: `SMS ${tag}` }),
  ).toHaveCount(1);
  if (shots) await page.screenshot({ path: `${shots}/03-client.png`, fullPage: true });
  await noAxeViolation(page, 'Fiche client');
});
