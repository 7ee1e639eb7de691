/**
 * Messaging and mail delivery (spec 001 §2 /messagerie, §5, §7 notification/contactClients;
 * docs/decisions/client-messaging.md): messages to clients queued in the outbox, delivered by the worker to a real SMTP
 * server started here (retries, failure after N attempts, restart after an outage, a crashed worker's lease, the
 * 'Boîte d'envoi' calls), and, on PostgreSQL, two server processes delivering each mail exactly once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { createDatabase } from '../../server/db/client';
import { mailOutbox, messages, users } from '../../server/db/schema';
import { claim, enqueue } from '../../server/outbox/queue';
import { deliverOutbox, startOutboxWorker } from '../../server/outbox/channels/email';
import { createEnvoiByApi, insertClient, insertColis, insertRoleWithKeys } from './fixtures';
import { setupTestApp, type TestContext } from './helpers';
import { withDatabase } from './globalSetup';
import { freePort, startSmtp, waitFor } from './smtpServer';

let t: TestContext;
let agentParis: string;
let agentBamako: string;
const silent = { error: () => undefined };

beforeAll(async () => {
  t = await setupTestApp();
  agentParis = (await t.createStaff('AGENT', { agenceCode: 'PAR1' })).token;
  agentBamako = (await t.createStaff('AGENT', { agenceCode: 'BKO1' })).token;
});
afterAll(() => t.close());

const emailOf = async (id: string) => (await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0].email!;

/** A departure France → Sénégal with 3 parcels: two registered in Paris, one in Marseille; one client without e-mail. */
async function departureWithClients() {
  const db = t.database.db;
  const envoi = await createEnvoiByApi(t);
  const [a, b, c, d, e] = await Promise.all(['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo'].map((n) => insertClient(db, n)));
  await db.update(users).set({ email: null }).where(eq(users.id, c));
  await insertColis(db, { envoiID: envoi.id, statut: 'EN_ATTENTE', agence: 'PAR1', expediteurID: a, destinataireID: b });
  await insertColis(db, { envoiID: envoi.id, statut: 'EN_ATTENTE', agence: 'PAR1', expediteurID: a, destinataireID: c });
  await insertColis(db, { envoiID: envoi.id, statut: 'EN_ATTENTE', agence: 'MRS1', expediteurID: d, destinataireID: e });
  return { envoi, emails: { a: await emailOf(a), b: await emailOf(b), d: await emailOf(d), e: await emailOf(e) }, clients: { a, b, c } };
}

const contact = (token: string | null, body: unknown) => t.call('POST', '/api/notification/contactClients', { token, body });

/** The outbox rows of a message. */
const mailsOf = (messageId: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.messageID, messageId));

describe('notification/contactClients', () => {
  it('a message to the clients of a departure arrives once per client with an e-mail', async () => {
    const { envoi, emails } = await departureWithClients();
    const res = await contact(t.adminToken, {
      typeDestinataire: 'depart',
      destinataires: envoi.id,
      sujet: 'Départ confirmé',
      message: 'Bonjour,\nvotre départ part demain.',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ clients: 5, emailsEnFile: 4, clientsSansEmail: 1 });
    expect(res.body.message).toBe("Message envoyé : 4 e-mails en file d'envoi. 1 client sans adresse e-mail non contacté.");
    const [kept] = await t.database.db.select().from(messages).where(eq(messages.id, res.body.data.messageId));
    expect(kept).toMatchObject({ typeDestinataire: 'depart', destinataires: envoi.id, sujet: 'Départ confirmé', nbSansEmail: 1 });

    const smtp = await startSmtp();
    const stop = startOutboxWorker({
      db: t.database.db,
      smtpUrl: smtp.url,
      from: 'Colis <no-reply@colis.test>',
      intervalMs: 20,
      log: silent,
    });
    try {
      await waitFor(async () => (await mailsOf(kept.id)).every((m) => m.status === 'SENT'), 'tous les e-mails envoyés');
    } finally {
      await stop();
      await smtp.close();
    }
    const counts = smtp.countsByRecipient();
    expect(Object.fromEntries(counts)).toEqual(Object.fromEntries(Object.values(emails).map((e) => [e.toLowerCase(), 1])));
    expect(smtp.received.every((m) => m.subject === 'Départ confirmé' || m.subject.includes('=?'))).toBe(true);
    expect(smtp.received[0].raw).toContain('votre d=C3=A9part part demain.');

    const list = await t.call('GET', `/api/message/liste?_page=1&_perPage=10`, { token: t.adminToken });
    expect(list.status).toBe(200);
    const row = list.body.datas.find((m: { id: string }) => m.id === kept.id);
    expect(row).toMatchObject({ nbEnvoyes: 4, nbEnAttente: 0, nbEchecs: 0, nbSansEmail: 1, destinataireLibelle: envoi.reference });
  });

  it('an agent reaches only the clients of its agency, and no departure of another country', async () => {
    const { envoi, emails } = await departureWithClients();
    const paris = await contact(agentParis, { typeDestinataire: 'depart', destinataires: envoi.id, sujet: 'Info', message: 'Bonjour' });
    expect(paris.status).toBe(200);
    // Alpha, Bravo (e-mail) and Charlie (none): the Marseille parcel's clients are not Paris's.
    expect(paris.body.data).toMatchObject({ clients: 3, emailsEnFile: 2, clientsSansEmail: 1 });
    const to = (await mailsOf(paris.body.data.messageId)).map((m) => m.to).sort();
    expect(to).toEqual([emails.a, emails.b].sort());

    const bamako = await contact(agentBamako, { typeDestinataire: 'depart', destinataires: envoi.id, sujet: 'Info', message: 'Bonjour' });
    expect(bamako.status).toBe(404);
    const lonely = await insertClient(t.database.db, 'Inconnu');
    const other = await contact(agentBamako, { typeDestinataire: 'individuel', destinataires: lonely, sujet: 'Info', message: 'Bonjour' });
    expect(other.status).toBe(404);

    // 'tous' for an agent: its clients only (those of the parcels it may see).
    const all = await contact(agentBamako, { typeDestinataire: 'tous', sujet: 'Info', message: 'Bonjour' });
    expect(all.status).toBe(409);
    // The sent list of Bamako does not show Paris's message; the admin's shows both.
    const listB = await t.call('GET', '/api/message/liste', { token: agentBamako });
    expect(listB.body.datas.map((m: { id: string }) => m.id)).not.toContain(paris.body.data.messageId);
    const listP = await t.call('GET', '/api/message/liste', { token: agentParis });
    expect(listP.body.datas.map((m: { id: string }) => m.id)).toContain(paris.body.data.messageId);
  });

  it('one client, or every client: one mail per address, nothing for the clients without one', async () => {
    const { clients, emails } = await departureWithClients();
    const one = await contact(t.adminToken, {
      typeDestinataire: 'individuel',
      destinataires: clients.b,
      sujet: 'Bonjour',
      message: 'Texte',
    });
    expect(one.status).toBe(200);
    expect((await mailsOf(one.body.data.messageId)).map((m) => m.to)).toEqual([emails.b]);
    const none = await contact(t.adminToken, {
      typeDestinataire: 'individuel',
      destinataires: clients.c,
      sujet: 'Bonjour',
      message: 'Texte',
    });
    expect(none.status).toBe(409);
    expect(none.body.message).toBe("Aucun des 1 client(s) n'a d'adresse e-mail : aucun message envoyé.");
    const all = await contact(t.adminToken, { typeDestinataire: 'tous', destinataires: 'tous', sujet: 'Promo', message: 'Texte' });
    expect(all.status).toBe(200);
    const mails = await mailsOf(all.body.data.messageId);
    expect(mails.length).toBe(all.body.data.emailsEnFile);
    expect(new Set(mails.map((m) => m.to.toLowerCase())).size).toBe(mails.length);
    expect(mails.map((m) => m.to)).toEqual(expect.arrayContaining(Object.values(emails)));
    expect(all.body.data.clientsSansEmail).toBeGreaterThanOrEqual(1);
  });

  it('refuses a malformed body, a guessed id, a missing or forged token, a role without the key', async () => {
    const ok = { typeDestinataire: 'tous', sujet: 'Bonjour', message: 'Texte' };
    const long = await contact(t.adminToken, { ...ok, sujet: 'x'.repeat(31) });
    expect(long.status).toBe(400);
    expect(long.body.errors.sujet).toBe("L'objet ne doit pas dépasser 30 caractères");
    expect((await contact(t.adminToken, { ...ok, sujet: '  ' })).body.errors.sujet).toBe("L'objet est obligatoire");
    expect((await contact(t.adminToken, { ...ok, message: '' })).body.errors.message).toBe('Le message est obligatoire');
    const noTarget = await contact(t.adminToken, { ...ok, typeDestinataire: 'depart' });
    expect(noTarget.status).toBe(400);
    expect(noTarget.body.errors.destinataires).toBe('Veuillez sélectionner un départ');
    expect((await contact(t.adminToken, { ...ok, typeDestinataire: 'individuel', destinataires: 'abc' })).body.errors.destinataires).toBe(
      'Veuillez sélectionner un client',
    );
    expect((await contact(t.adminToken, { ...ok, typeDestinataire: 'groupe' })).status).toBe(400);
    expect((await contact(t.adminToken, [1, 2])).status).toBe(400);
    const guessed = '0190a0a0-0000-7000-8000-000000000000';
    expect((await contact(t.adminToken, { ...ok, typeDestinataire: 'depart', destinataires: guessed })).status).toBe(404);
    expect((await contact(t.adminToken, { ...ok, typeDestinataire: 'individuel', destinataires: guessed })).status).toBe(404);
    expect((await contact(null, ok)).status).toBe(401);
    expect((await contact('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.forged', ok)).status).toBe(401);
    expect((await t.call('GET', '/api/message/liste', { token: null })).status).toBe(401);
    await insertRoleWithKeys(t.database.db, 'LECTEUR_MSG', ['depart']);
    const reader = await t.createStaff('LECTEUR_MSG');
    expect((await contact(reader.token, ok)).status).toBe(403);
    expect((await t.call('GET', '/api/message/liste', { token: reader.token })).status).toBe(403);
  });
});

describe('mail delivery', () => {
  it('with the SMTP server down for the whole send, nothing is lost: every mail arrives once after it comes back', async () => {
    const db = t.database.db;
    // Mails earlier tests queued are out of the way: the SMTP server receives only this message's.
    await db.update(mailOutbox).set({ status: 'SENT' }).where(eq(mailOutbox.status, 'PENDING'));
    const { envoi, emails } = await departureWithClients();
    const res = await contact(t.adminToken, { typeDestinataire: 'depart', destinataires: envoi.id, sujet: 'Panne', message: 'Texte' });
    const messageId = res.body.data.messageId as string;
    const port = await freePort();
    const stop = startOutboxWorker({
      db,
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'no-reply@colis.test',
      intervalMs: 20,
      policy: { retryBaseMs: 100, retryMaxMs: 300 },
      log: silent,
    });
    let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;
    try {
      await waitFor(async () => (await mailsOf(messageId)).every((m) => m.attempts >= 2), 'deux tentatives échouées');
      const waiting = await mailsOf(messageId);
      expect(waiting.map((m) => m.status)).toEqual(['PENDING', 'PENDING', 'PENDING', 'PENDING']);
      expect(waiting.every((m) => /ECONNREFUSED|connect/i.test(m.lastError ?? ''))).toBe(true);
      const during = await t.call('GET', '/api/message/liste', { token: t.adminToken });
      expect(during.body.datas.find((m: { id: string }) => m.id === messageId)).toMatchObject({ nbEnvoyes: 0, nbEnAttente: 4 });

      smtp = await startSmtp({ port });
      await waitFor(async () => (await mailsOf(messageId)).every((m) => m.status === 'SENT'), 'envoyés après le retour du serveur');
    } finally {
      await stop();
      await smtp?.close();
    }
    expect(Object.fromEntries(smtp!.countsByRecipient())).toEqual(
      Object.fromEntries(Object.values(emails).map((e) => [e.toLowerCase(), 1])),
    );
    expect((await mailsOf(messageId)).every((m) => m.lastError === null && m.sentAt instanceof Date)).toBe(true);
  });

  it('after N failed attempts a mail is FAILED with its error; an ADMIN sends it again from the outbox', async () => {
    const db = t.database.db;
    await enqueue(db, { to: 'echec@colis.test', subject: 'Échec', html: '<p>x</p>' });
    const port = await freePort();
    const stop = startOutboxWorker({
      db,
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'no-reply@colis.test',
      intervalMs: 20,
      policy: { maxAttempts: 3, retryBaseMs: 50, retryMaxMs: 100 },
      log: silent,
    });
    const row = async () => (await db.select().from(mailOutbox).where(eq(mailOutbox.to, 'echec@colis.test')))[0];
    try {
      await waitFor(async () => (await row()).status === 'FAILED', 'marqué en échec');
    } finally {
      await stop();
    }
    const failed = await row();
    expect(failed.attempts).toBe(3);
    expect(failed.lastError).toMatch(/ECONNREFUSED|connect/i);

    const list = await t.call('GET', '/api/mail/liste?status=FAILED&q=echec@colis.test', { token: t.adminToken });
    expect(list.status).toBe(200);
    expect(list.body.datas).toHaveLength(1);
    expect(list.body.datas[0]).toMatchObject({ id: failed.id, status: 'FAILED', attempts: 3, to: 'echec@colis.test' });
    expect(list.body.datas[0].html).toBeUndefined();

    // Who may retry: the key mailOutbox and a role that sees every agency.
    expect((await t.call('POST', `/api/mail/retry/${failed.id}`, { token: agentParis })).status).toBe(403);
    await insertRoleWithKeys(db, 'BOITE_ENVOI', ['mailOutbox']);
    const notAdmin = await t.createStaff('BOITE_ENVOI');
    const refused = await t.call('POST', `/api/mail/retry/${failed.id}`, { token: notAdmin.token });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Seul un administrateur peut renvoyer un e-mail.');
    expect((await t.call('POST', '/api/mail/retry/0190a0a0-0000-7000-8000-000000000000', { token: t.adminToken })).status).toBe(404);
    expect((await t.call('POST', '/api/mail/retry/pas-un-id', { token: t.adminToken })).status).toBe(400);
    expect((await t.call('POST', `/api/mail/retry/${failed.id}`, { token: null })).status).toBe(401);

    const retry = await t.call('POST', `/api/mail/retry/${failed.id}`, { token: t.adminToken });
    expect(retry.status).toBe(200);
    expect(retry.body.message).toBe("E-mail remis en file d'envoi.");
    expect((await t.call('POST', `/api/mail/retry/${failed.id}`, { token: t.adminToken })).status).toBe(409);
    const smtp = await startSmtp();
    const stop2 = startOutboxWorker({ db, smtpUrl: smtp.url, from: 'no-reply@colis.test', intervalMs: 20, log: silent });
    try {
      await waitFor(async () => (await row()).status === 'SENT', 'renvoyé');
    } finally {
      await stop2();
      await smtp.close();
    }
    expect(smtp.countsByRecipient().get('echec@colis.test')).toBe(1);
  });

  it('a worker that dies mid-send holds the mail until its lease expires; then another delivers it', async () => {
    const db = t.database.db;
    // Other tests' mails are out of the way: only this one is due.
    await db.update(mailOutbox).set({ status: 'SENT' }).where(eq(mailOutbox.status, 'PENDING'));
    await enqueue(db, { to: 'bail@colis.test', subject: 'Bail', html: '<p>x</p>' });
    const [claimed] = await claim(db, 'email', 300, 1);
    expect(claimed?.row.to).toBe('bail@colis.test');
    // The claiming process is gone: nothing else takes the mail while the lease runs.
    const sent: string[] = [];
    const send = async (m: { to: string }) => {
      sent.push(m.to);
    };
    expect(await deliverOutbox(db, send)).toEqual({ claimed: 0, sent: 0 });
    await new Promise((r) => setTimeout(r, 350));
    expect(await deliverOutbox(db, send)).toEqual({ claimed: 1, sent: 1 });
    expect(sent).toEqual(['bail@colis.test']);
  });
});

describe.runIf(process.env.DATABASE_URL)('two server processes on one PostgreSQL', () => {
  it('deliver each mail exactly once, without a transaction open during the SMTP send', async () => {
    const db = t.database.db;
    await db.update(mailOutbox).set({ status: 'SENT' }).where(eq(mailOutbox.status, 'PENDING'));
    const result = (await db.execute(sql`SELECT current_database() AS name`)) as unknown as { rows: { name: string }[] };
    const { name } = result.rows[0];
    // A second process: its own connection pool to the same database.
    const second = await createDatabase({ databaseUrl: withDatabase(process.env.DATABASE_URL!, name) });
    const smtp = await startSmtp({ delayMs: 15 });
    const addresses = Array.from({ length: 60 }, (_, i) => `double-${i}@colis.test`);
    await enqueue(
      db,
      addresses.map((to) => ({ to, subject: 'Une fois', html: '<p>x</p>' })),
    );
    const stops = [
      startOutboxWorker({ db, smtpUrl: smtp.url, from: 'un@colis.test', intervalMs: 10, log: silent }),
      startOutboxWorker({ db: second.db, smtpUrl: smtp.url, from: 'deux@colis.test', intervalMs: 10, log: silent }),
    ];
    try {
      await waitFor(async () => {
        const rows = await db.select({ status: mailOutbox.status }).from(mailOutbox).where(inArray(mailOutbox.to, addresses));
        return rows.every((r) => r.status === 'SENT');
      }, 'les 60 e-mails envoyés');
    } finally {
      await Promise.all(stops.map((s) => s()));
      await smtp.close();
      await second.close();
    }
    const counts = smtp.countsByRecipient();
    expect(addresses.filter((a) => counts.get(a) !== 1)).toEqual([]);
    expect(smtp.received).toHaveLength(60);
    // Both processes took part.
    const froms = new Set(smtp.received.map((m) => m.from));
    expect(froms).toEqual(new Set(['un@colis.test', 'deux@colis.test']));
  });
});
