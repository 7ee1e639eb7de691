/**
 * SMS through SMPP beside e-mail (docs/decisions/sms-channel.md), against a real SMPP 3.4 gateway started here
 * (tests/server/smsGateway.ts, the `smpp` package's server side on 127.0.0.1): a departure's clients get one SMS each
 * (numbers, texts, encoding and parts checked on the PDUs received), accents force UCS-2 and a 200-character text
 * arrives in the announced parts, a bind dropped mid-send and a throttling gateway lose nothing and duplicate nothing,
 * receipts move states, 'STOP' opts a number out, the notices follow each client's channel, and, on PostgreSQL, two
 * workers with their own pools and binds send 60 SMS exactly once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { createDatabase } from '../../server/db/client';
import { agences, mailOutbox, users } from '../../server/db/schema';
import { enqueue } from '../../server/outbox/queue';
import { notifyColis } from '../../server/notification/dispatch';
import { configureChannels } from '../../server/outbox/channels/registry';
import { parseSmppUrl } from '../../server/outbox/channels/smppLink';
import { startSmsWorker, type SmsWorker } from '../../server/outbox/channels/sms';
import { smsSize } from '../../common/sms';
import { createEnvoiByApi, insertClient, insertColis } from './fixtures';
import { setupTestApp, type TestContext } from './helpers';
import { withDatabase } from './globalSetup';
import { waitFor } from './smtpServer';
import { startGateway, type TestGateway } from './smsGateway';

let t: TestContext;
const silent = { error: () => undefined, warn: () => undefined };

beforeAll(async () => {
  t = await setupTestApp();
  configureChannels({ smppUrl: 'smpp://on' });
});
afterAll(() => t.close());

const db = () => t.database.db;
const contact = (body: unknown) => t.call('POST', '/api/notification/contactClients', { token: t.adminToken, body });
const phoneOf = async (id: string) => (await db().select({ p: users.telephoneComplet }).from(users).where(eq(users.id, id)))[0]!.p!;
const smsRows = (where = sql`true`) =>
  db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.canal, 'sms'), where));

/** Starts a worker on the gateway with short delays (tests); every PENDING SMS not of this test is set aside first. */
async function worker(gw: TestGateway, over: Partial<Parameters<typeof startSmsWorker>[0]> = {}): Promise<SmsWorker> {
  return startSmsWorker({
    db: db(),
    smppUrl: gw.url,
    from: 'ColisExpr',
    maxPerSecond: 200,
    intervalMs: 50,
    link: { reconnectBaseMs: 50, reconnectMaxMs: 200, throttlePauseMs: 50, responseTimeoutMs: 3000 },
    log: silent,
    ...over,
  });
}

/** Marks every waiting SMS as sent, so that each test counts only its own. */
const clearQueue = () =>
  db()
    .update(mailOutbox)
    .set({ status: 'SENT' })
    .where(and(eq(mailOutbox.canal, 'sms'), eq(mailOutbox.status, 'PENDING')));

/** A departure with 4 clients on 2 parcels. */
async function departure() {
  const envoi = await createEnvoiByApi(t);
  const ids = await Promise.all(['Awa', 'Bintou', 'Cheikh', 'Diallo'].map((n) => insertClient(db(), n)));
  await insertColis(db(), { envoiID: envoi.id, statut: 'EN_ATTENTE', expediteurID: ids[0], destinataireID: ids[1] });
  await insertColis(db(), { envoiID: envoi.id, statut: 'EN_ATTENTE', expediteurID: ids[2], destinataireID: ids[3] });
  return { envoi, ids, phones: await Promise.all(ids.map(phoneOf)) };
}

describe('SMPP_URL', () => {
  it('reads smpp:// and smpps:// with credentials; refuses another scheme', () => {
    expect(parseSmppUrl('smpp://colis:s%40cret@gw.example:2776')).toEqual({
      host: 'gw.example',
      port: 2776,
      tls: false,
      systemId: 'colis',
      password: 's@cret',
    });
    expect(parseSmppUrl('smpps://a:b@gw.example')).toMatchObject({ port: 3550, tls: true });
    expect(() => parseSmppUrl('http://gw.example')).toThrow(/smpp:\/\//);
  });

  it('without SMPP_URL the SMS stay queued', async () => {
    await clearQueue();
    await enqueue(db(), { to: '+221770000001', subject: 's', html: 'Bonjour', canal: 'sms' });
    const w = startSmsWorker({ db: db(), from: 'X', maxPerSecond: 10, log: silent });
    await w.kick();
    await w.stop();
    expect(w.link).toBeUndefined();
    const [row] = await smsRows(eq(mailOutbox.to, '+221770000001'));
    expect(row!.status).toBe('PENDING');
  });
});

describe('a message to a departure by SMS', () => {
  it('each client gets one SMS: number, sender, text and encoding checked on the PDUs', async () => {
    await clearQueue();
    const gw = await startGateway();
    const { envoi, phones } = await departure();
    const text = 'Bonjour, votre départ part demain à 8h. Merci !';
    const res = await contact({ typeDestinataire: 'depart', destinataires: envoi.id, sujet: 'Départ', message: text, canal: 'sms' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ clients: 4, smsEnFile: 4, emailsEnFile: 0, smsParties: 1, smsEncodage: 'GSM7', injoignables: 0 });
    expect(res.body.message).toBe("Message envoyé : 0 e-mail et 4 SMS en file d'envoi.");
    const w = await worker(gw);
    try {
      await waitFor(() => gw.received.length >= 4, '4 SMS reçus');
      await waitFor(
        async () => (await smsRows(eq(mailOutbox.messageID, res.body.data.messageId))).every((r) => r.status === 'SENT'),
        'SENT',
      );
    } finally {
      await w.stop();
      await gw.close();
    }
    expect(gw.received.map((p) => `+${p.to}`).sort()).toEqual([...phones].sort());
    for (const p of gw.received) {
      expect(p).toMatchObject({
        text,
        dataCoding: 0,
        esmClass: 0,
        concat: null,
        destTon: 1,
        from: 'ColisExpr',
        sourceTon: 5,
        registeredDelivery: 1,
      });
    }
    const rows = await smsRows(eq(mailOutbox.messageID, res.body.data.messageId));
    expect(rows.map((r) => r.smscMessageIds![0]).sort()).toEqual(gw.received.map((p) => p.messageId).sort());
    expect(rows.every((r) => r.attempts === 1 && r.smsParts === 1 && r.clientID)).toBe(true);
  });

  it('accents force UCS-2 and a 200-character text arrives in the 3 parts announced', async () => {
    await clearQueue();
    const gw = await startGateway();
    const client = await insertClient(db(), 'Fatou');
    const text = 'Reçu : votre colis arrive à Abidjan, merci de votre fidélité. '.repeat(4).slice(0, 200);
    expect(text).toHaveLength(200);
    const res = await contact({ typeDestinataire: 'individuel', destinataires: client, sujet: 'Arrivée', message: text, canal: 'sms' });
    expect(res.body.data).toMatchObject({ smsEnFile: 1, smsParties: 3, smsEncodage: 'UCS2' });
    const w = await worker(gw);
    try {
      await waitFor(() => gw.received.length >= 3, '3 parties reçues');
    } finally {
      await w.stop();
      await gw.close();
    }
    expect(gw.received).toHaveLength(3);
    const ref = gw.received[0]!.concat!.ref;
    expect(gw.received.map((p) => p.concat)).toEqual([1, 2, 3].map((seq) => ({ ref, total: 3, seq })));
    expect(gw.received.every((p) => p.dataCoding === 8 && p.esmClass === 0x40 && `+${p.to}` === gw.received[0]!.to.replace(/^/, '+'))).toBe(
      true,
    );
    expect(gw.received.map((p) => p.text).join('')).toBe(text);
    const [row] = await smsRows(eq(mailOutbox.clientID, client));
    expect(row!.smscMessageIds).toHaveLength(3);
    expect(row!.smsParts).toBe(3);
  });

  it('refuses an SMS text longer than 10 parts, and counts without writing on a preview', async () => {
    const client = await insertClient(db(), 'Long');
    const long = await contact({
      typeDestinataire: 'individuel',
      destinataires: client,
      sujet: 'x',
      message: 'ç'.repeat(700),
      canal: 'sms',
    });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ success: false, message: 'Message trop long pour un SMS : 11 parties (10 au plus).' });
    const before = (await smsRows(eq(mailOutbox.clientID, client))).length;
    const preview = await contact({
      typeDestinataire: 'individuel',
      destinataires: client,
      sujet: 'x',
      message: 'a'.repeat(161),
      canal: 'auto',
      apercu: true,
    });
    expect(preview.status).toBe(200);
    expect(preview.body.data).toMatchObject({ messageId: null, smsEnFile: 1, emailsEnFile: 0, smsParties: 2 });
    expect((await smsRows(eq(mailOutbox.clientID, client))).length).toBe(before);
  });
});

describe('faults of the gateway', () => {
  it('the bind drops mid-send: every SMS arrives once after it returns', async () => {
    await clearQueue();
    const gw = await startGateway({ ackDelayMs: 2 });
    const numbers = Array.from({ length: 30 }, (_, i) => `+22177100${String(i).padStart(4, '0')}`);
    await enqueue(
      db(),
      numbers.map((to) => ({ to, subject: 'Coupure', html: `SMS ${to}`, canal: 'sms' as const })),
    );
    gw.dropAfter = 8;
    const w = await worker(gw);
    try {
      await waitFor(async () => (await smsRows(inArray(mailOutbox.to, numbers))).every((r) => r.status === 'SENT'), '30 SMS envoyés');
    } finally {
      await w.stop();
      await gw.close();
    }
    expect(gw.binds).toBeGreaterThanOrEqual(2);
    expect(w.link!.stats.drops).toBeGreaterThanOrEqual(1);
    const counts = new Map<string, number>();
    for (const p of gw.received) counts.set(`+${p.to}`, (counts.get(`+${p.to}`) ?? 0) + 1);
    expect(numbers.filter((n) => counts.get(n) !== 1)).toEqual([]);
    expect(gw.received).toHaveLength(30);
  });

  it('the gateway throttles (ESME_RTHROTTLED): the sender slows down and loses nothing', async () => {
    await clearQueue();
    const gw = await startGateway();
    let n = 0;
    gw.throttleWhen = () => ++n % 3 === 0 && n < 40; // every third submit refused for a while
    const numbers = Array.from({ length: 20 }, (_, i) => `+22177200${String(i).padStart(4, '0')}`);
    await enqueue(
      db(),
      numbers.map((to) => ({ to, subject: 'Débit', html: 'Bonjour', canal: 'sms' as const })),
    );
    const w = await worker(gw);
    try {
      await waitFor(
        async () => (await smsRows(inArray(mailOutbox.to, numbers))).every((r) => r.status === 'SENT'),
        '20 SMS envoyés',
        30_000,
      );
    } finally {
      await w.stop();
      await gw.close();
    }
    expect(gw.throttled).toBeGreaterThan(0);
    expect(w.link!.stats.throttled).toBe(gw.throttled);
    expect(gw.received.map((p) => `+${p.to}`).sort()).toEqual([...numbers].sort());
    // A throttled submit is not an attempt: each row was sent at its first counted attempt.
    expect((await smsRows(inArray(mailOutbox.to, numbers))).map((r) => r.attempts)).toEqual(numbers.map(() => 1));
  });
});

describe('receipts and STOP', () => {
  it('receipts move SENT → DELIVERED / UNDELIVERED / EXPIRED; an unknown id changes nothing', async () => {
    await clearQueue();
    const gw = await startGateway();
    const { envoi } = await departure();
    const res = await contact({ typeDestinataire: 'depart', destinataires: envoi.id, sujet: 'Reçus', message: 'Bonjour', canal: 'sms' });
    const messageId = res.body.data.messageId;
    const w = await worker(gw);
    try {
      await waitFor(async () => (await smsRows(eq(mailOutbox.messageID, messageId))).every((r) => r.status === 'SENT'), 'SENT');
      const [a, b, c] = gw.received;
      await gw.receipt(a!.messageId, 'DELIVRD');
      await gw.receipt(b!.messageId, 'UNDELIV');
      await gw.receipt(c!.messageId, 'EXPIRED');
      await gw.receipt('INCONNU', 'DELIVRD');
      await waitFor(async () => (await smsRows(eq(mailOutbox.messageID, messageId))).filter((r) => r.delivery).length === 3, '3 accusés');
      const byId = new Map((await smsRows(eq(mailOutbox.messageID, messageId))).map((r) => [r.smscMessageIds![0], r]));
      expect(byId.get(a!.messageId)!.delivery).toBe('DELIVERED');
      expect(byId.get(b!.messageId)!.delivery).toBe('UNDELIVERED');
      expect(byId.get(c!.messageId)!.delivery).toBe('EXPIRED');
      expect(byId.get(gw.received[3]!.messageId)!.delivery).toBeNull();
      expect(byId.get(gw.received[3]!.messageId)!.status).toBe('SENT');
    } finally {
      await w.stop();
      await gw.close();
    }
    const list = await t.call('GET', `/api/message/liste?_page=1&_limit=50`, { token: t.adminToken });
    const row = list.body.datas.find((m: { id: string }) => m.id === messageId);
    expect(row).toMatchObject({ nbSms: 4, nbSmsEnvoyes: 4, nbSmsRemis: 1, nbSmsNonRemis: 2, nbEmailsEnvoyes: 0 });
    const outbox = await t.call('GET', `/api/mail/liste?canal=sms&delivery=DELIVERED&_page=1&_limit=50`, { token: t.adminToken });
    expect(outbox.body.datas.map((r: { to: string }) => r.to)).toContain(`+${gw.received[0]!.to}`);
    expect(outbox.body.datas.every((r: { canal: string; delivery: string }) => r.canal === 'sms' && r.delivery === 'DELIVERED')).toBe(true);
  });

  it('a receipt is matched by message id and destination: a gateway restarted reusing an id marks only its new SMS', async () => {
    await clearQueue();
    const [older, newer] = ['+224622334455', '+221779868763'];
    const sendOne = async (to: string) => {
      const gw = await startGateway();
      await enqueue(db(), { to, subject: 'Redémarrage', html: `SMS ${to}`, canal: 'sms' });
      const w = await worker(gw);
      await waitFor(async () => (await smsRows(eq(mailOutbox.to, to)))[0]?.status === 'SENT', `SENT ${to}`);
      return { gw, w };
    };
    // The first gateway gives the older SMS the id M00000001, then stops.
    const first = await sendOne(older);
    await first.w.stop();
    await first.gw.close();
    // Restarted, the gateway counts again from M00000001 for the newer SMS, then says it was not delivered.
    const second = await sendOne(newer);
    try {
      const [a] = await smsRows(eq(mailOutbox.to, older));
      const [b] = await smsRows(eq(mailOutbox.to, newer));
      expect(a!.smscMessageIds).toEqual(b!.smscMessageIds);
      await second.gw.receipt(b!.smscMessageIds![0]!, 'UNDELIV');
      await waitFor(async () => (await smsRows(eq(mailOutbox.to, newer)))[0]?.delivery === 'UNDELIVERED', 'UNDELIVERED');
      expect((await smsRows(eq(mailOutbox.to, older)))[0]).toMatchObject({ status: 'SENT', delivery: null });
      // A receipt of that id from the older SMS's handset (its own, arriving late) is its own.
      await second.gw.receipt(b!.smscMessageIds![0]!, 'DELIVRD', older.slice(1));
      await waitFor(async () => (await smsRows(eq(mailOutbox.to, older)))[0]?.delivery === 'DELIVERED', 'DELIVERED');
    } finally {
      await second.w.stop();
      await second.gw.close();
    }
    expect((await smsRows(eq(mailOutbox.to, newer)))[0]!.delivery).toBe('UNDELIVERED');
    // A receipt that names no number (an alphanumeric source) is the latest SMS's with that id.
    const latest = '+225070000001';
    const third = await sendOne(latest);
    try {
      const [c] = await smsRows(eq(mailOutbox.to, latest));
      await third.gw.receipt(c!.smscMessageIds![0]!, 'DELIVRD', 'ColisExpr');
      await waitFor(async () => (await smsRows(eq(mailOutbox.to, latest)))[0]?.delivery === 'DELIVERED', 'DELIVERED sans numéro');
    } finally {
      await third.w.stop();
      await third.gw.close();
    }
    expect((await smsRows(eq(mailOutbox.to, older)))[0]!.delivery).toBe('DELIVERED');
    expect((await smsRows(eq(mailOutbox.to, newer)))[0]!.delivery).toBe('UNDELIVERED');
  });

  it("'STOP' from a number opts it out: its waiting SMS are not sent, no new one is queued, the client shows it", async () => {
    await clearQueue();
    const gw = await startGateway();
    const client = await insertClient(db(), 'Stop');
    const phone = await phoneOf(client);
    const w = await worker(gw);
    try {
      await waitFor(() => gw.sessions().length > 0, 'lié');
      await gw.mo(phone.slice(1), 'stop');
      await waitFor(async () => !!(await db().select({ s: users.smsStopAt }).from(users).where(eq(users.id, client)))[0]!.s, 'désinscrit');
      // Queued before the opt-out was known (e.g. by another path): never sent, marked OPTED_OUT.
      await enqueue(db(), { to: phone, subject: 'Après STOP', html: 'Bonjour', canal: 'sms', clientID: client });
      await w.kick();
      await waitFor(async () => (await smsRows(eq(mailOutbox.clientID, client)))[0]?.delivery === 'OPTED_OUT', 'OPTED_OUT');
    } finally {
      await w.stop();
      await gw.close();
    }
    expect(gw.received.filter((p) => `+${p.to}` === phone)).toEqual([]);
    const [row] = await smsRows(eq(mailOutbox.clientID, client));
    expect(row).toMatchObject({ status: 'FAILED', delivery: 'OPTED_OUT' });
    const res = await contact({ typeDestinataire: 'individuel', destinataires: client, sujet: 'x', message: 'y', canal: 'sms' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe("Aucun des 1 client(s) n'a de numéro pouvant recevoir un SMS : aucun message envoyé.");
    // 'auto' falls back to the client's e-mail.
    const auto = await contact({ typeDestinataire: 'individuel', destinataires: client, sujet: 'x', message: 'y', canal: 'auto' });
    expect(auto.body.data).toMatchObject({ smsEnFile: 0, emailsEnFile: 1 });
  });
});

describe('START and retry', () => {
  it("'START' opts the number in again, and an administrator's retry sends the SMS the opt-out held", async () => {
    await clearQueue();
    const gw = await startGateway();
    const client = await insertClient(db(), 'Retour');
    const phone = await phoneOf(client);
    await db().update(users).set({ smsStopAt: new Date() }).where(eq(users.id, client));
    await enqueue(db(), { to: phone, subject: 'Tenu', html: 'Bonjour', canal: 'sms', clientID: client });
    const w = await worker(gw);
    try {
      await waitFor(async () => (await smsRows(eq(mailOutbox.clientID, client)))[0]?.delivery === 'OPTED_OUT', 'OPTED_OUT');
      const [held] = await smsRows(eq(mailOutbox.clientID, client));
      await gw.mo(phone, 'START');
      await waitFor(async () => !(await db().select({ s: users.smsStopAt }).from(users).where(eq(users.id, client)))[0]!.s, 'réinscrit');
      const retry = await t.call('POST', `/api/mail/retry/${held!.id}`, { token: t.adminToken });
      expect(retry.status).toBe(200);
      await w.kick();
      await waitFor(async () => (await smsRows(eq(mailOutbox.clientID, client)))[0]?.status === 'SENT', 'SENT');
    } finally {
      await w.stop();
      await gw.close();
    }
    expect(gw.received.filter((p) => `+${p.to}` === phone)).toHaveLength(1);
    const [row] = await smsRows(eq(mailOutbox.clientID, client));
    expect(row!.delivery).toBeNull();
  });
});

describe("notices follow each client's channel", () => {
  it('auto with a phone → SMS with the tracking link; email → mail; aucun → nothing', async () => {
    const envoi = await createEnvoiByApi(t);
    const [exp, dest] = [await insertClient(db(), 'Auto'), await insertClient(db(), 'Mail')];
    const none = await insertClient(db(), 'Aucun');
    await db().update(users).set({ canalPrefere: 'email' }).where(eq(users.id, dest));
    await db().update(users).set({ canalPrefere: 'aucun' }).where(eq(users.id, none));
    const c1 = await insertColis(db(), { envoiID: envoi.id, statut: 'EN_ATTENTE', expediteurID: exp, destinataireID: dest });
    const notified = (id: string, e: string, d: string) => ({
      id,
      reference: `REF-${id.slice(0, 4)}`,
      agenceID: null as never,
      expediteurID: e,
      destinataireID: d,
      emailDestinataire: null,
      suiviToken: 'tok123',
    });
    const [{ agenceID }] = await db()
      .execute(sql`SELECT agence_id AS "agenceID" FROM colis WHERE id = ${c1}`)
      .then((r) => (r as unknown as { rows: { agenceID: string }[] }).rows);
    await db().transaction((tx) => notifyColis(tx, [{ ...notified(c1, exp, dest), agenceID }], 'Votre colis est arrivé'));
    const rows = await db()
      .select()
      .from(mailOutbox)
      .where(inArray(mailOutbox.clientID, [exp, dest, none]));
    const sms = rows.filter((r) => r.canal === 'sms');
    const mails = rows.filter((r) => r.canal === 'email');
    expect(sms.map((r) => r.to)).toEqual([await phoneOf(exp)]);
    expect(sms[0]!.html).toMatch(/^Colis REF-\w+ : Votre colis est arrivé\. Suivi : http:\/\/\S+\/suivi\/tok123$/);
    expect(sms[0]!.smsParts).toBe(smsSize(sms[0]!.html).parts);
    expect(mails.map((r) => r.clientID)).toEqual([dest]);
    expect(rows.some((r) => r.clientID === none)).toBe(false);
  });

  it('with the SMS channel off, an auto client keeps e-mail', async () => {
    configureChannels({});
    try {
      const envoi = await createEnvoiByApi(t);
      const [exp, dest] = [await insertClient(db(), 'A'), await insertClient(db(), 'B')];
      const c1 = await insertColis(db(), { envoiID: envoi.id, statut: 'EN_ATTENTE', expediteurID: exp, destinataireID: dest });
      await db().transaction((tx) =>
        notifyColis(
          tx,
          [
            {
              id: c1,
              reference: 'R',
              agenceID: null as never,
              expediteurID: exp,
              destinataireID: dest,
              emailDestinataire: null,
              suiviToken: 't',
            },
          ],
          'x',
        ),
      );
      const rows = await db()
        .select()
        .from(mailOutbox)
        .where(inArray(mailOutbox.clientID, [exp, dest]));
      expect(rows.map((r) => r.canal)).toEqual(['email', 'email']);
    } finally {
      configureChannels({ smppUrl: 'smpp://on' });
    }
  });
});

describe.runIf(process.env.DATABASE_URL)('two processes on one PostgreSQL', () => {
  it('send 60 SMS exactly once, each with its own pool and bind', async () => {
    await clearQueue();
    const result = (await db().execute(sql`SELECT current_database() AS name`)) as unknown as { rows: { name: string }[] };
    const second = await createDatabase({ databaseUrl: withDatabase(process.env.DATABASE_URL!, result.rows[0]!.name) });
    const gw = await startGateway({ ackDelayMs: 5 });
    const numbers = Array.from({ length: 60 }, (_, i) => `+22177300${String(i).padStart(4, '0')}`);
    await enqueue(
      db(),
      numbers.map((to) => ({ to, subject: 'Une fois', html: 'Une seule fois', canal: 'sms' as const })),
    );
    const w1 = await worker(gw, { maxPerSecond: 100 });
    const w2 = await worker(gw, { db: second.db, maxPerSecond: 100 });
    try {
      await waitFor(
        async () => (await smsRows(inArray(mailOutbox.to, numbers))).every((r) => r.status === 'SENT'),
        '60 SMS envoyés',
        30_000,
      );
    } finally {
      await Promise.all([w1.stop(), w2.stop()]);
      await gw.close();
      await second.close();
    }
    const counts = new Map<string, number>();
    for (const p of gw.received) counts.set(`+${p.to}`, (counts.get(`+${p.to}`) ?? 0) + 1);
    expect(numbers.filter((n) => counts.get(n) !== 1)).toEqual([]);
    expect(gw.received).toHaveLength(60);
    expect(w1.link!.stats.submitted).toBeGreaterThan(0);
    expect(w2.link!.stats.submitted).toBeGreaterThan(0);
  });
});

describe("a client's channel and notices (notification/client/{id})", () => {
  it('an administrator reads and sets the preferred channel (audited); a forged value is refused', async () => {
    const client = await insertClient(db(), 'Canal');
    await enqueue(db(), { to: '+221770009999', subject: 'Colis X', html: 'Bonjour', canal: 'sms', clientID: client });
    const got = await t.call('GET', `/api/notification/client/${client}`, { token: t.adminToken });
    expect(got.status).toBe(200);
    expect(got.body.data).toMatchObject({ canalPrefere: 'auto', smsStopAt: null });
    expect(got.body.data.notices).toEqual([
      expect.objectContaining({ canal: 'sms', to: '+221770009999', subject: 'Colis X', status: 'PENDING' }),
    ]);
    expect(got.body.data.notices[0]).not.toHaveProperty('html');
    const put = await t.call('PUT', `/api/notification/client/${client}/canal`, { token: t.adminToken, body: { canalPrefere: 'email' } });
    expect(put.status).toBe(200);
    const [u] = await db().select({ c: users.canalPrefere }).from(users).where(eq(users.id, client));
    expect(u!.c).toBe('email');
    const audits = (await db().execute(
      sql`SELECT avant, apres FROM audits WHERE entite_id = ${client} AND entite = 'user'`,
    )) as unknown as {
      rows: { avant: unknown; apres: unknown }[];
    };
    expect(audits.rows).toEqual([{ avant: { canalPrefere: 'auto' }, apres: { canalPrefere: 'email' } }]);
    const forged = await t.call('PUT', `/api/notification/client/${client}/canal`, {
      token: t.adminToken,
      body: { canalPrefere: 'pigeon' },
    });
    expect(forged.status).toBe(400);
    expect(forged.body.success).toBe(false);
  });

  it("an agent reads its own agency's notices of a client shared with another agency, never the other's", async () => {
    const agent = await t.createStaff('AGENT', { agenceCode: 'PAR1' });
    const envoi = await createEnvoiByApi(t);
    const client = await insertClient(db(), 'Partagé');
    await insertColis(db(), { envoiID: envoi.id, statut: 'EN_ATTENTE', agence: 'PAR1', expediteurID: client });
    const agence = async (code: string) => (await db().select({ id: agences.id }).from(agences).where(eq(agences.code, code)))[0]!.id;
    await enqueue(db(), [
      { to: '+221770008881', subject: 'Avis de Paris', html: 'x', canal: 'sms', clientID: client, agenceID: await agence('PAR1') },
      { to: '+221770008881', subject: 'Avis de Dakar', html: 'x', canal: 'sms', clientID: client, agenceID: await agence('DKR1') },
    ]);
    const mine = await t.call('GET', `/api/notification/client/${client}`, { token: agent.token });
    expect(mine.status).toBe(200);
    expect(mine.body.data.notices.map((n: { subject: string }) => n.subject)).toEqual(['Avis de Paris']);
    const all = await t.call('GET', `/api/notification/client/${client}`, { token: t.adminToken });
    expect(all.body.data.notices.map((n: { subject: string }) => n.subject).sort()).toEqual(['Avis de Dakar', 'Avis de Paris']);
  });

  it("another agency's agent cannot read a client out of its scope, nor change any channel", async () => {
    const agent = await t.createStaff('AGENT', { agenceCode: 'BKO1' });
    const envoi = await createEnvoiByApi(t);
    const client = await insertClient(db(), 'Paris');
    await insertColis(db(), { envoiID: envoi.id, statut: 'EN_ATTENTE', agence: 'PAR1', expediteurID: client });
    const got = await t.call('GET', `/api/notification/client/${client}`, { token: agent.token });
    expect(got.status).toBe(404);
    expect(got.body).toMatchObject({ success: false, message: 'Client introuvable.' });
    const put = await t.call('PUT', `/api/notification/client/${client}/canal`, { token: agent.token, body: { canalPrefere: 'aucun' } });
    expect(put.status).toBe(403);
    const [u] = await db().select({ c: users.canalPrefere }).from(users).where(eq(users.id, client));
    expect(u!.c).toBe('auto');
  });
});
