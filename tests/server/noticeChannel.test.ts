/**
 * One notice per client per event, on the client's channel (docs/decisions/sms-channel.md "Notices"; audits of
 * 2026-12-01: 000 B8, 001 B7). The e-mail typed for a new recipient in the wizard (`emailDestinataire`) is that
 * client's e-mail, not a second channel: with the SMS channel on (SMPP_URL) and the recipient's channel 'auto', each
 * later payment and status notice goes by one SMS to the sender and one to the recipient, and no e-mail; with the
 * recipient's channel 'email', by one e-mail to that address. A recipient without phone (no client record) is still
 * reached at the typed e-mail. The registration's own notice follows the same rule (notification/dispatch.ts,
 * docs/decisions/notice-dispatch.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailOutbox, modesPaiement, users } from '../../server/db/schema';
import { dispatchNotices } from '../../server/notification/dispatch';
import { configureChannels } from '../../server/outbox/channels/registry';
import { colisBody, colisRefs, createEnvoiByApi, idByCode, type ColisRefs } from './fixtures';
import { setupTestApp, type TestContext } from './helpers';

let t: TestContext;
let agent: { id: string; token: string };
let refs: ColisRefs;
let especes: string;

beforeAll(async () => {
  t = await setupTestApp();
  configureChannels({ smppUrl: 'smpp://on' });
  refs = await colisRefs(t.database.db);
  especes = await idByCode(t.database.db, modesPaiement, 'ESPECES');
  agent = await t.createStaff('AGENT', { agenceCode: 'PAR1' });
});
afterAll(async () => {
  configureChannels({});
  await t.close();
});

/**
 * The outbox rows written after `mark()` was taken, as 'canal to'. A set of the rows already there rather than a time:
 * the embedded database's clock counts milliseconds, so a row written in the same millisecond as a time taken before
 * it would not be later than it.
 */
async function outboxSince(before: Set<string>): Promise<string[]> {
  const rows = await t.database.db.select({ id: mailOutbox.id, canal: mailOutbox.canal, to: mailOutbox.to }).from(mailOutbox);
  return rows
    .filter((r) => !before.has(r.id))
    .map((r) => `${r.canal} ${r.to}`)
    .sort();
}

/** The outbox rows there now (their ids), for outboxSince. */
async function mark(): Promise<Set<string>> {
  return new Set((await t.database.db.select({ id: mailOutbox.id }).from(mailOutbox)).map((r) => r.id));
}

/** Registers a parcel from Awa Diop (+33…) to a new recipient with phone and e-mail, with an advance (so it can be paid). */
async function registerWithEmail(envoiID: string, phone: string, email: string, over: Record<string, unknown> = {}) {
  const res = await t.call('POST', '/api/colis/create', {
    token: agent.token,
    body: colisBody(refs, envoiID, {
      NumeroSaisi: '+33611112222',
      telephoneDestinataire: phone,
      emailDestinataire: email,
      reglement: 2,
      encaissement: { modePaiementID: especes },
      ...over,
    }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await dispatchNotices(t.database.db); // the registration's notices (the server's dispatcher does it every second)
  return res.body.data as { id: string; destinataireID: { id: string; email: string | null } | null };
}

/** One payment of 1 (the parcel's currency) on the parcel; returns what the outbox got for it. */
async function payOne(colisID: string): Promise<string[]> {
  const since = await mark();
  const res = await t.call('POST', '/api/encaissement/create', {
    token: agent.token,
    body: { colisID, modePaiementID: especes, paymentby: 'destinateur', montantEncaisse: 1 },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return outboxSince(since);
}

describe('notices of a parcel whose recipient was typed with phone and e-mail', () => {
  it("'auto' with SMPP on: each payment and status notice is one SMS to each party, no e-mail", async () => {
    const envoi = await createEnvoiByApi(t);
    const email = 'aminata.auto@client.test';
    const c = await registerWithEmail(envoi.id, '+221771110001', email);
    // The typed e-mail is the recipient's e-mail.
    expect(c.destinataireID?.email).toBe(email);
    const perEvent = ['sms +221771110001', 'sms +33611112222'];
    expect(await payOne(c.id)).toEqual(perEvent);
    expect(await payOne(c.id)).toEqual(perEvent);
    // A status notice: the departure ships, the received parcel moves, both parties are told.
    const since = await mark();
    const shipped = await t.call('PUT', `/api/envoi/update/${envoi.id}`, { token: t.adminToken, body: { statutID: 'EN_COURS_ENVOI' } });
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    expect(await outboxSince(since)).toEqual(perEvent);
  });

  it("the recipient's channel 'email': one e-mail to its address per event, and the sender's SMS", async () => {
    const envoi = await createEnvoiByApi(t);
    const email = 'aminata.mail@client.test';
    const c = await registerWithEmail(envoi.id, '+221771110002', email);
    await t.database.db.update(users).set({ canalPrefere: 'email' }).where(eq(users.id, c.destinataireID!.id));
    expect(await payOne(c.id)).toEqual([`email ${email}`, 'sms +33611112222']);
  });

  it('a recipient whose typed e-mail another user already has keeps it as its channel (the client stored without it)', async () => {
    const envoi = await createEnvoiByApi(t);
    const email = 'deja.pris@client.test';
    const first = await registerWithEmail(envoi.id, '+221771110003', email);
    expect(first.destinataireID?.email).toBe(email);
    // A second recipient typed with the same e-mail: stored without it (user/service.ts), the parcel keeps it.
    const second = await registerWithEmail(envoi.id, '+221771110004', email);
    expect(second.destinataireID?.email).toBeNull();
    await t.database.db.update(users).set({ canalPrefere: 'email' }).where(eq(users.id, second.destinataireID!.id));
    expect(await payOne(second.id)).toEqual([`email ${email}`, 'sms +33611112222']);
  });

  it('a recipient without phone (no client) is reached at the typed e-mail, once', async () => {
    const envoi = await createEnvoiByApi(t);
    const email = 'sans.telephone@client.test';
    const c = await registerWithEmail(envoi.id, '', email, { telephoneDestinataire: undefined });
    expect(c.destinataireID).toBeNull();
    expect(await payOne(c.id)).toEqual([`email ${email}`, 'sms +33611112222']);
  });

  it("the registration's notice follows the same rule: one SMS to each 'auto' party with a number, no e-mail", async () => {
    const envoi = await createEnvoiByApi(t);
    const since = await mark();
    const email = 'inscription@client.test';
    // No advance: no payment notice beside the registration's.
    const c = await registerWithEmail(envoi.id, '+221771110005', email, { reglement: 0, encaissement: undefined });
    expect(await outboxSince(since)).toEqual(['sms +221771110005', 'sms +33611112222']);
    expect(c.id).toBeTruthy();
  });
});

describe("the client's 'Avis et messages envoyés' (notification/client/{id}) lists e-mails and SMS", () => {
  it("holds the registration's SMS beside the later ones (the advance's and a payment's)", async () => {
    const envoi = await createEnvoiByApi(t);
    const email = 'Avis.Liste@client.test';
    const c = await registerWithEmail(envoi.id, '+221771110006', email);
    await payOne(c.id);
    const res = await t.call('GET', `/api/notification/client/${c.destinataireID!.id}`, { token: agent.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const notices = res.body.data.notices as { canal: string; to: string }[];
    expect(notices.map((n) => `${n.canal} ${n.to}`).sort()).toEqual(['sms +221771110006', 'sms +221771110006', 'sms +221771110006']);
    // Another client's notices are not listed (the sender's SMS).
    expect(notices.some((n) => n.to === '+33611112222')).toBe(false);
  });
});
