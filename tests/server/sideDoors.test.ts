/**
 * The side doors of the security probe of 2026-11-26, tried as an attacker would (docs/decisions/mail-and-lock-scope.md,
 * docs/api-contract.md "Messaging" and user/getByTelephone):
 * - F4: a Paris-scoped role holding mailOutbox and securiteVerrous lists only its agency's mails (JSON and CSV) and its
 *   own staff's account locks, and may neither retry nor unlock another agency's row; an ADMIN still sees all;
 * - F7: the wizard's phone look-up is counted per user on one key (60 per minute of the clock, then 429 in French with
 *   Retry-After to the minute's end; the next minute starts again) and answers no e-mail;
 * - F8: message/sendbyEmail takes the sender's throttle first and answers the same for an in-scope client, an unknown
 *   address and another agency's client or staff; only the in-scope one gets a mail.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, inArray, like, sql } from 'drizzle-orm';
import { mailOutbox, messages, modesLivraison, naturesColis, pays, throttles, users, villes } from '../../server/db/schema';
import { enqueue } from '../../server/outbox/queue';
import { dispatchNotices } from '../../server/notification/dispatch';
import { createEnvoiByApi, idByCode, insertClient, insertColis, insertRoleWithKeys } from './fixtures';
import { setupTestApp, type TestContext } from './helpers';

let t: TestContext;
/** A custom role of the Paris agency holding the outbox and lock keys (an "agency admin"). */
let chef: { id: string; email: string; token: string };
let agentParis: { id: string; email: string; token: string };
let agentDakar: { id: string; email: string; token: string };
let agentBamako: { id: string; email: string; token: string };

beforeAll(async () => {
  t = await setupTestApp();
  await insertRoleWithKeys(t.database.db, 'CHEF_AGENCE_SD', ['mailOutbox', 'securiteVerrous', 'securiteDeverrouiller', 'addMessage']);
  chef = await t.createStaff('CHEF_AGENCE_SD', { agenceCode: 'PAR1' });
  agentParis = await t.createStaff('AGENT', { agenceCode: 'PAR1' });
  agentDakar = await t.createStaff('AGENT', { agenceCode: 'DKR1' });
  agentBamako = await t.createStaff('AGENT', { agenceCode: 'BKO1' });
});
afterAll(() => t.close());

const emailOf = async (id: string) => (await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0].email!;

/** A client of a parcel registered by `agence` (so in that agency's client scope), with its parcel's reference. */
async function clientOf(agence: 'PAR1' | 'DKR1' | 'BKO1') {
  const db = t.database.db;
  const route =
    agence === 'PAR1'
      ? {}
      : { paysEmetteurID: await idByCode(db, pays, agence === 'DKR1' ? 'SN' : 'ML'), paysID: await idByCode(db, pays, 'CI') };
  const envoi = await createEnvoiByApi(t, route);
  const client = await insertClient(db, `Client ${agence}`);
  const colisId = await insertColis(db, { envoiID: envoi.id, statut: 'EN_ATTENTE', agence, expediteurID: client });
  return { id: client, email: await emailOf(client), colisId };
}

/** Id of a seeded row by code (cities, natures, delivery modes). */
async function codeId(table: typeof villes | typeof naturesColis | typeof modesLivraison, code: string) {
  const [row] = await t.database.db.select({ id: table.id }).from(table).where(eq(table.code, code));
  return row.id;
}

/** The outbox ids of the mails sent to these addresses. */
const mailIdsTo = async (addresses: string[]) =>
  (await t.database.db.select({ id: mailOutbox.id }).from(mailOutbox).where(inArray(mailOutbox.to, addresses))).map((r) => r.id);

describe('F4 — the outbox is scoped by agency', () => {
  it('a Paris-scoped role lists (JSON and CSV) only the mails of Paris, may not retry another one; ADMIN sees all', async () => {
    const db = t.database.db;
    const paris = await clientOf('PAR1');
    const dakar = await clientOf('DKR1');
    const bamako = await clientOf('BKO1');

    // Mails caused by each agency, through the API as the agents and the administrator would cause them.
    const send = (token: string, email: string, subject: string) =>
      t.call('POST', '/api/message/sendbyEmail', { token, body: { email, subject, htmlContent: 'Bonjour' } });
    expect((await send(agentParis.token, paris.email, 'Msg Paris')).status).toBe(200);
    expect((await send(agentDakar.token, dakar.email, 'DKR depart msg')).status).toBe(200);
    const contact = await t.call('POST', '/api/notification/contactClients', {
      token: agentBamako.token,
      body: { typeDestinataire: 'individuel', destinataires: bamako.id, sujet: 'Msg Bamako', message: 'Bonjour' },
    });
    expect(contact.status, JSON.stringify(contact.body)).toBe(200);
    // Parcel notices (subject 'Colis {reference}'), sent by the administrator on a Paris and a Dakar parcel.
    for (const c of [paris, dakar]) {
      const notice = await t.call('POST', '/api/notification/create', {
        token: t.adminToken,
        body: { colisID: c.colisId, receiverID: c.id, message: 'Votre colis avance' },
      });
      expect(notice.status, JSON.stringify(notice.body)).toBe(200);
    }
    // A registration by the Paris agent mails the recipient (its notice expanded by notification/dispatch.ts).
    const recipientEmail = `dest-${Date.now()}@client.test`;
    const registered = await t.call('POST', '/api/colis/create', {
      token: agentParis.token,
      body: {
        envoiID: (await createEnvoiByApi(t)).id,
        villeID: await codeId(villes, 'DKR'),
        modeLivraisonID: await codeId(modesLivraison, 'AGENCE'),
        naturesColis: [{ natureColisID: await codeId(naturesColis, 'VET_ADULTE'), poids: 2 }],
        detailsContenu: 'Vêtements',
        expediteurNom: 'Diop',
        expediteurPrenom: 'Awa',
        NumeroSaisi: '+33612340001',
        nomDestinataire: 'Fall',
        prenomsDestinataire: 'Moussa',
        adresseDestinataire: 'Médina, Dakar',
        telephoneDestinataire: '+221770001001',
        emailDestinataire: recipientEmail,
      },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    await dispatchNotices(db);
    // Mails to staff (as user/create and user/resetPassword queue them) and one to nobody's agency.
    await enqueue(db, { to: agentParis.email, subject: 'Votre mot de passe', html: '<p>x</p>', secret: true });
    await enqueue(db, { to: agentDakar.email, subject: 'Votre mot de passe', html: '<p>x</p>', secret: true });
    await enqueue(db, { to: 'alerte-capacite@test.local', subject: 'Départ DEP-0000-0001 : capacité atteinte', html: '<p>x</p>' });

    const parisIds = await mailIdsTo([paris.email, agentParis.email, recipientEmail]);
    const otherIds = await mailIdsTo([dakar.email, bamako.email, agentDakar.email, 'alerte-capacite@test.local']);
    expect(parisIds).toHaveLength(4); // the message, the notice, the registration's mail, the staff mail
    expect(otherIds).toHaveLength(5);

    const list = await t.call('GET', '/api/mail/liste?_page=1&_perPage=500', { token: chef.token });
    expect(list.status).toBe(200);
    const listed = list.body.datas.map((m: { id: string }) => m.id);
    expect(listed).toEqual(expect.arrayContaining(parisIds));
    expect(listed.filter((id: string) => otherIds.includes(id))).toEqual([]);
    const addresses = list.body.datas.map((m: { to: string }) => m.to);
    for (const a of [dakar.email, bamako.email, agentDakar.email, 'alerte-capacite@test.local']) expect(addresses).not.toContain(a);
    expect(list.body.datas.map((m: { subject: string }) => m.subject)).not.toContain('DKR depart msg');
    // Every row the chef gets is a Paris row, and the total counts only those.
    const [{ n: parisTotal }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(sql`${mailOutbox.agenceID} = (SELECT id FROM agences WHERE code = 'PAR1')`);
    expect(list.body.total).toBe(parisTotal);
    expect(list.body.datas).toHaveLength(parisTotal);

    // Searching or filtering does not reach past the scope.
    const searched = await t.call('GET', `/api/mail/liste?q=${encodeURIComponent(dakar.email)}`, { token: chef.token });
    expect(searched.body.datas).toEqual([]);

    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/mail/liste?format=csv',
      headers: { authorization: `Bearer ${chef.token}` },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(paris.email);
    for (const a of [dakar.email, bamako.email, agentDakar.email, 'alerte-capacite@test.local']) expect(csv.body).not.toContain(a);

    // Retry of another agency's failed mail: refused, and the mail stays FAILED.
    const [dakarMail] = await mailIdsTo([dakar.email]);
    await db.update(mailOutbox).set({ status: 'FAILED', attempts: 8 }).where(eq(mailOutbox.id, dakarMail));
    const retry = await t.call('POST', `/api/mail/retry/${dakarMail}`, { token: chef.token });
    expect(retry.status).toBe(403);
    expect((await db.select().from(mailOutbox).where(eq(mailOutbox.id, dakarMail)))[0].status).toBe('FAILED');

    // An ADMIN still sees every agency's mails, and retries.
    const all = await t.call('GET', '/api/mail/liste?_page=1&_perPage=500', { token: t.adminToken });
    expect(all.body.datas.map((m: { id: string }) => m.id)).toEqual(expect.arrayContaining([...parisIds, ...otherIds]));
    expect((await t.call('POST', `/api/mail/retry/${dakarMail}`, { token: t.adminToken })).status).toBe(200);

    // Rows queued before migration 0020 get their agency from its backfill, the same function as the trigger's.
    const agencies = async () =>
      (
        await db
          .select({ code: sql<string>`coalesce((SELECT code FROM agences WHERE id = ${mailOutbox.agenceID}), '-')` })
          .from(mailOutbox)
          .where(inArray(mailOutbox.id, [...parisIds, ...otherIds]))
      )
        .map((r) => r.code)
        .sort();
    const expected = ['-', 'BKO1', 'DKR1', 'DKR1', 'DKR1', 'PAR1', 'PAR1', 'PAR1', 'PAR1'];
    expect(await agencies()).toEqual(expected);
    await db.update(mailOutbox).set({ agenceID: null });
    await db.execute(sql`UPDATE mail_outbox SET agence_id = mail_outbox_agence(message_id, to_address, subject) WHERE agence_id IS NULL`);
    expect(await agencies()).toEqual(expected);
  });
});

describe('F4 — the locks are scoped by agency', () => {
  it("a Paris-scoped role sees and lifts only its own staff's account locks", async () => {
    const db = t.database.db;
    const parisStaff = await t.createStaff('AGENT', { agenceCode: 'PAR1' });
    const dakarStaff = await t.createStaff('AGENT', { agenceCode: 'DKR1' });
    const [parisPhone] = await db.select({ tel: users.telephoneComplet }).from(users).where(eq(users.id, parisStaff.id));
    const dakarClient = await clientOf('DKR1');
    // Sign-in guesses lock the Paris and the Dakar account from this address, through the API
    // (docs/decisions/imposed-lock-outs.md: the key names the account and the address).
    const pairOf = (email: string) => `login:account-ip:${email}|127.0.0.1`;
    for (const email of [parisStaff.email, dakarStaff.email]) {
      for (let i = 0; i < 5; i++) await t.call('POST', '/api/auth/loginAD', { body: { email, password: 'mauvais' } });
    }
    const until = new Date(Date.now() + 10 * 60_000);
    const extra = [
      `recovery:account:${dakarStaff.email}`,
      `reset:account:${parisPhone.tel}`,
      'login:ip:203.0.113.9',
      `otp:colis:${dakarClient.colisId}`,
      `otp:user:${agentParis.id}`,
      'suivi:ref:DKR1-2611-000601',
    ];
    await db.insert(throttles).values(extra.map((key) => ({ key, failures: 9, lastAttemptAt: new Date(), lockedUntil: until })));

    const list = await t.call('GET', '/api/securite/verrous', { token: chef.token });
    expect(list.status).toBe(200);
    const keys = list.body.datas.map((l: { key: string }) => l.key).sort();
    expect(keys).toEqual([pairOf(parisStaff.email), `reset:account:${parisPhone.tel}`].sort());
    expect(list.body.total).toBe(2);

    // Lifting another agency's lock, or a key it cannot see: 404, and the lock holds.
    for (const key of [pairOf(dakarStaff.email), 'login:ip:203.0.113.9', `otp:colis:${dakarClient.colisId}`, 'nimporte:quoi']) {
      const refused = await t.call('POST', '/api/securite/deverrouiller', { token: chef.token, body: { key } });
      expect(refused.status, key).toBe(404);
      expect(refused.body.message).toBe('Verrou introuvable.');
    }
    const [dakarLock] = await db
      .select()
      .from(throttles)
      .where(eq(throttles.key, pairOf(dakarStaff.email)));
    expect(dakarLock.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
    expect((await t.call('POST', '/api/auth/loginAD', { body: { email: dakarStaff.email, password: 'Staff-Pass-123' } })).status).toBe(429);

    // Its own agent's lock: lifted, and the agent signs in again.
    const lifted = await t.call('POST', '/api/securite/deverrouiller', {
      token: chef.token,
      body: { key: pairOf(parisStaff.email) },
    });
    expect(lifted.status).toBe(200);
    expect(lifted.body.message).toBe('Déblocage effectué');
    expect((await t.call('POST', '/api/auth/loginAD', { body: { email: parisStaff.email, password: 'Staff-Pass-123' } })).status).toBe(200);

    // An ADMIN sees every lock and lifts any.
    const all = await t.call('GET', '/api/securite/verrous', { token: t.adminToken });
    expect(all.body.datas.map((l: { key: string }) => l.key)).toEqual(expect.arrayContaining([pairOf(dakarStaff.email), ...extra]));
    expect(
      (await t.call('POST', '/api/securite/deverrouiller', { token: t.adminToken, body: { key: pairOf(dakarStaff.email) } })).status,
    ).toBe(200);
    await db.delete(throttles);
  });
});

describe('F7 — the phone look-up is throttled per user and answers no e-mail', () => {
  afterEach(() => vi.useRealTimers());

  it('answers only the fields the wizard needs, then 429 in French with Retry-After on the 61st look-up in a minute', async () => {
    const db = t.database.db;
    const agent = await t.createStaff('AGENT', { agenceCode: 'PAR1' });
    const other = await t.createStaff('AGENT', { agenceCode: 'PAR1' });
    const client = await clientOf('DKR1');
    const [row] = await db.select().from(users).where(eq(users.id, client.id));
    const url = (phone: string) => `/api/user/getByTelephone/${encodeURIComponent(phone)}`;
    // The clock at 2 s into a minute (Date only): the 61 look-ups fall in one minute of the clock whatever the time.
    const minute = (Math.floor(Date.now() / 60_000) + 1) * 60_000;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(minute + 2_000);

    const found = await t.call('GET', url(row.telephoneComplet!), { token: agent.token });
    expect(found.status).toBe(200);
    expect(found.body.success).toBe(true);
    expect(Object.keys(found.body.data).sort()).toEqual(['_id', 'adresse', 'id', 'nom', 'prenoms', 'telephone', 'telephoneComplet']);
    expect(found.body.data).toMatchObject({ id: client.id, nom: row.nom, prenoms: row.prenoms, telephoneComplet: row.telephoneComplet });
    expect(JSON.stringify(found.body)).not.toContain(client.email);

    const statuses: number[] = [];
    for (let i = 1; i < 60; i++)
      statuses.push((await t.call('GET', url(`+2217${String(i).padStart(8, '0')}`), { token: agent.token })).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const refused = await t.app.inject({
      method: 'GET',
      url: url(row.telephoneComplet!),
      headers: { authorization: `Bearer ${agent.token}` },
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().success).toBe(false);
    expect(refused.json().message).toMatch(/^Trop de recherches de client par téléphone\. Veuillez réessayer dans \d+ secondes\.$/);
    expect(refused.headers['retry-after']).toBe('58'); // to the end of the minute
    // Counted in the database (every process shares it) on one key per user: another agent still looks up.
    const counted = await db
      .select()
      .from(throttles)
      .where(like(throttles.key, `telephone:user:${agent.id}%`));
    expect(counted.map((c) => [c.key, c.failures])).toEqual([[`telephone:user:${agent.id}`, 60]]);
    expect((await t.call('GET', url(row.telephoneComplet!), { token: other.token })).status).toBe(200);
    // The next minute of the clock starts the count again.
    vi.setSystemTime(minute + 60_000);
    expect((await t.call('GET', url(row.telephoneComplet!), { token: agent.token })).status).toBe(200);
    expect(
      (
        await db
          .select()
          .from(throttles)
          .where(eq(throttles.key, `telephone:user:${agent.id}`))
      )[0].failures,
    ).toBe(1);
    await db.delete(throttles);
  });
});

describe('F8 — message/sendbyEmail tells nothing about the address', () => {
  afterEach(() => vi.useRealTimers());

  it('answers the same for an in-scope client, an unknown address, another agency’s client or staff; mails only the first', async () => {
    const db = t.database.db;
    const sender = await t.createStaff('AGENT', { agenceCode: 'PAR1' });
    const inScope = await clientOf('PAR1');
    const otherClient = await clientOf('DKR1');
    const otherStaff = await t.createStaff('AGENT', { agenceCode: 'BKO1' });
    const unknown = `inconnu-${Date.now()}@exemple.org`;
    const send = (email: string) =>
      t.call('POST', '/api/message/sendbyEmail', { token: sender.token, body: { email, subject: 'Sonde', htmlContent: 'Bonjour' } });

    // The clock at the start of an hour (Date only): the 34 messages fall in one hour of the clock (MESSAGE_POLICY).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime((Math.floor(Date.now() / 3_600_000) + 1) * 3_600_000);
    const answers = [];
    for (const email of [inScope.email, unknown, otherClient.email, otherStaff.email, otherClient.email.toUpperCase()]) {
      answers.push(await send(email));
    }
    for (const a of answers) expect(a).toEqual({ status: 200, body: { success: true, message: 'Message pris en compte.' } });

    const queued = await db
      .select({ to: mailOutbox.to, agenceID: mailOutbox.agenceID })
      .from(mailOutbox)
      .where(inArray(mailOutbox.to, [inScope.email, unknown, otherClient.email, otherStaff.email]));
    expect(queued.map((m) => m.to)).toEqual([inScope.email]);
    const kept = await db.select().from(messages).where(eq(messages.auteurID, sender.id));
    expect(kept.map((m) => m.destinataires)).toEqual([inScope.email]);

    // The throttle is taken first: once it trips (30 an hour), every address answers 429 alike.
    for (let i = answers.length; i < 30; i++) expect((await send(unknown)).status).toBe(200);
    const tripped = [];
    for (const email of [inScope.email, unknown, otherClient.email, otherStaff.email]) tripped.push(await send(email));
    for (const r of tripped) {
      expect(r.status).toBe(429);
      expect(r.body.success).toBe(false);
      expect(r.body.message).toMatch(/^Trop de messages envoyés\. Veuillez réessayer dans \d+ secondes\.$/);
      expect(Object.keys(r.body).sort()).toEqual(Object.keys(tripped[0].body).sort());
    }
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.to, inScope.email))).toHaveLength(1);

    // A role that sees every agency reaches any registered address.
    const admin = await t.call('POST', '/api/message/sendbyEmail', {
      token: t.adminToken,
      body: { email: otherClient.email, subject: 'Admin', htmlContent: 'Bonjour' },
    });
    expect(admin.body).toEqual({ success: true, message: 'Message pris en compte.' });
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.to, otherClient.email))).toHaveLength(1);
    await db.delete(throttles);
  });
});
