/**
 * A registration's notice follows the one notice rule (notification/dispatch.ts; docs/decisions/notice-dispatch.md;
 * audits of 2026-12-01: 000 B8, 001 B7): each party by its preferred channel (common/canal.ts canalPour), with the SMS
 * channel on against a real SMPP 3.4 gateway (tests/server/smsGateway.ts). A client who chose SMS gets an SMS and no
 * e-mail, 'aucun' nothing at all, an e-mail client one e-mail, an 'auto' client with phone and e-mail one SMS; alone,
 * with an advance and in a group of simultaneous registrations (colis/registrationWrite.ts writeRegistrations). The
 * dispatcher is at least once and sends once: run again, or after its mark was lost, it adds no row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CanalPrefere } from '../../common/canal';
import { mailOutbox, modesPaiement, notifications, users } from '../../server/db/schema';
import { dispatchNotices } from '../../server/notification/dispatch';
import { configureChannels } from '../../server/outbox/channels/registry';
import { startSmsWorker, type SmsWorker } from '../../server/outbox/channels/sms';
import { colisBody, colisRefs, createEnvoiByApi, idByCode, insertClient, type ColisRefs } from './fixtures';
import { setupTestApp, type TestContext } from './helpers';
import { startGateway, type TestGateway } from './smsGateway';
import { waitFor } from './smtpServer';

let t: TestContext;
let agent: { id: string; token: string };
let refs: ColisRefs;
let especes: string;
let gw: TestGateway;
let worker: SmsWorker;
const silent = { error: () => undefined, warn: () => undefined };
const REGISTERED = 'votre colis a été enregistré';

beforeAll(async () => {
  t = await setupTestApp();
  gw = await startGateway();
  configureChannels({ smppUrl: gw.url });
  worker = startSmsWorker({
    db: t.database.db,
    smppUrl: gw.url,
    from: 'ColisExpr',
    maxPerSecond: 200,
    intervalMs: 50,
    link: { reconnectBaseMs: 50, reconnectMaxMs: 200, responseTimeoutMs: 3000 },
    log: silent,
  });
  refs = await colisRefs(t.database.db);
  especes = await idByCode(t.database.db, modesPaiement, 'ESPECES');
  agent = await t.createStaff('AGENT', { agenceCode: 'PAR1' });
});
afterAll(async () => {
  await worker.stop();
  await gw.close();
  configureChannels({});
  await t.close();
});

/** A client with an e-mail and a number, of preferred channel `canal`. @returns its id, e-mail and number */
async function client(canal: CanalPrefere) {
  const id = await insertClient(t.database.db, `Client ${canal}`);
  const [u] = await t.database.db
    .update(users)
    .set({ canalPrefere: canal })
    .where(eq(users.id, id))
    .returning({ email: users.email, phone: users.telephoneComplet });
  return { id, email: u.email!, phone: u.phone! };
}

type Client = Awaited<ReturnType<typeof client>>;

/** Registers a parcel from `from` to `to` (clients given by id) on `envoiID`; with `advance`, 2 paid in cash. */
async function register(envoiID: string, from: Client, to: Client, advance = false): Promise<{ id: string; reference: string }> {
  const res = await t.call('POST', '/api/colis/create', {
    token: agent.token,
    body: colisBody(refs, envoiID, {
      expediteurID: from.id,
      destinataireID: to.id,
      ...(advance ? { reglement: 2, encaissement: { modePaiementID: especes } } : {}),
    }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** The outbox rows of a parcel's notices, as 'canal to', sorted; `message` one notice's words only. */
async function outboxOf(colisID: string, message?: string): Promise<string[]> {
  const rows = await t.database.db
    .select({ canal: mailOutbox.canal, to: mailOutbox.to })
    .from(mailOutbox)
    .innerJoin(notifications, eq(notifications.id, mailOutbox.notificationID))
    .where(and(eq(notifications.colisID, colisID), message ? eq(notifications.message, message) : undefined));
  return rows.map((r) => `${r.canal} ${r.to}`).sort();
}

/** The SMS the gateway received for a parcel (its reference in the text), as '+number'. */
const smsReceivedAbout = (reference: string) =>
  gw.received
    .filter((p) => p.text.includes(reference))
    .map((p) => `+${p.to}`)
    .sort();

describe("a registration's notice, each party by its channel", () => {
  it("'sms': an SMS to each party (received by the SMPP gateway), no e-mail", async () => {
    const envoi = await createEnvoiByApi(t);
    const [from, to] = [await client('sms'), await client('sms')];
    const c = await register(envoi.id, from, to);
    expect(await outboxOf(c.id)).toEqual([]); // the statement writes the notices only
    await dispatchNotices(t.database.db);
    expect(await outboxOf(c.id)).toEqual([`sms ${from.phone}`, `sms ${to.phone}`].sort());
    await worker.kick();
    await waitFor(() => smsReceivedAbout(c.reference).length >= 2, '2 SMS reçus');
    expect(smsReceivedAbout(c.reference)).toEqual([from.phone, to.phone].sort());
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(inArray(mailOutbox.to, [from.email, to.email]));
    expect(mails).toEqual([]);
  });

  it("'aucun': nothing at all, even with an advance (no registration nor payment notice)", async () => {
    const envoi = await createEnvoiByApi(t);
    const [from, to] = [await client('aucun'), await client('aucun')];
    const c = await register(envoi.id, from, to, true);
    await dispatchNotices(t.database.db);
    expect(await outboxOf(c.id)).toEqual([]);
    const anything = await t.database.db
      .select()
      .from(mailOutbox)
      .where(inArray(mailOutbox.to, [from.email, to.email, from.phone, to.phone]));
    expect(anything).toEqual([]);
    // The notices are kept (and marked dispatched): a row per party and per notice.
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.colisID, c.id));
    expect(notes).toHaveLength(4);
    expect(notes.every((n) => n.dispatchedAt)).toBe(true);
  });

  it("'email': exactly one e-mail to each party, with the reference and the tracking link; no SMS", async () => {
    const envoi = await createEnvoiByApi(t);
    const [from, to] = [await client('email'), await client('email')];
    const c = await register(envoi.id, from, to);
    await dispatchNotices(t.database.db);
    expect(await outboxOf(c.id)).toEqual([`email ${from.email}`, `email ${to.email}`].sort());
    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to.email));
    expect(mail).toMatchObject({ subject: `Colis ${c.reference}`, clientID: to.id });
    expect(mail.html).toMatch(/\/suivi\/[\w-]+"/);
  });

  it("'auto' with phone and e-mail: one SMS each, not an e-mail too", async () => {
    const envoi = await createEnvoiByApi(t);
    const [from, to] = [await client('auto'), await client('auto')];
    const c = await register(envoi.id, from, to);
    await dispatchNotices(t.database.db);
    expect(await outboxOf(c.id)).toEqual([`sms ${from.phone}`, `sms ${to.phone}`].sort());
  });

  it('with an advance: the registration and the payment each reach an SMS client by one SMS, never by e-mail', async () => {
    const envoi = await createEnvoiByApi(t);
    const [from, to] = [await client('sms'), await client('email')];
    const c = await register(envoi.id, from, to, true);
    await dispatchNotices(t.database.db);
    expect(await outboxOf(c.id, REGISTERED)).toEqual([`email ${to.email}`, `sms ${from.phone}`]);
    const all = await outboxOf(c.id);
    expect(all.filter((r) => r === `sms ${from.phone}`)).toHaveLength(2); // the registration's and the advance's
    expect(all.filter((r) => r === `email ${to.email}`)).toHaveLength(2);
    expect(all).toHaveLength(4);
  });

  it('a group of simultaneous registrations on one departure (one round trip): each parcel by its parties’ channels', async () => {
    const envoi = await createEnvoiByApi(t);
    const canals: CanalPrefere[] = ['sms', 'aucun', 'email', 'auto', 'sms', 'aucun'];
    const parties = await Promise.all(canals.map(async (canal) => [await client(canal), await client(canal)] as const));
    const parcels = await Promise.all(parties.map(([from, to]) => register(envoi.id, from, to)));
    await dispatchNotices(t.database.db);
    for (const [i, canal] of canals.entries()) {
      const [from, to] = parties[i]!;
      const expected =
        canal === 'aucun'
          ? []
          : canal === 'email'
            ? [`email ${from.email}`, `email ${to.email}`]
            : [`sms ${from.phone}`, `sms ${to.phone}`];
      expect(await outboxOf(parcels[i]!.id), canal).toEqual(expected.sort());
    }
  });
});

describe('the dispatcher is at least once and sends once', () => {
  it('run twice, or again after its mark was lost (a crash between expanding and marking), it adds no row', async () => {
    const envoi = await createEnvoiByApi(t);
    const [from, to] = [await client('sms'), await client('email')];
    const c = await register(envoi.id, from, to);
    expect(await dispatchNotices(t.database.db)).toBeGreaterThanOrEqual(2);
    const once = await outboxOf(c.id);
    expect(once).toEqual([`email ${to.email}`, `sms ${from.phone}`]);
    expect(await dispatchNotices(t.database.db)).toBe(0);
    // The mark lost: the notices are expanded again, the outbox keeps one row per notice.
    await t.database.db.update(notifications).set({ dispatchedAt: null }).where(eq(notifications.colisID, c.id));
    expect(await dispatchNotices(t.database.db)).toBe(2);
    // Two dispatchers at once (two server processes): still one row per notice.
    await t.database.db.update(notifications).set({ dispatchedAt: null }).where(eq(notifications.colisID, c.id));
    await Promise.all([dispatchNotices(t.database.db), dispatchNotices(t.database.db)]);
    expect(await outboxOf(c.id)).toEqual(once);
    const [{ n }] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(eq(notifications.colisID, c.id), sql`${notifications.dispatchedAt} IS NULL`));
    expect(n).toBe(0);
  });

  it("a batch that ends inside a parcel's notice leaves that notice whole for the next batch", async () => {
    const envoi = await createEnvoiByApi(t);
    // Each recipient has no e-mail of its own and the sender's typed for it: one address, so one e-mail per parcel,
    // which only a notice expanded whole can tell (two halves would each mail it).
    const parcels = [];
    for (let i = 0; i < 3; i++) {
      const [from, to] = [await client('email'), await client('email')];
      await t.database.db.update(users).set({ email: null }).where(eq(users.id, to.id));
      const res = await t.call('POST', '/api/colis/create', {
        token: agent.token,
        body: colisBody(refs, envoi.id, { expediteurID: from.id, destinataireID: to.id, emailDestinataire: from.email }),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      parcels.push({ id: res.body.data.id as string, email: from.email });
    }
    // Batches of 3 rows over 3 notices of 2 rows: each batch cuts a notice, which waits whole for the next one.
    expect(await dispatchNotices(t.database.db, 3)).toBe(6);
    for (const p of parcels) expect(await outboxOf(p.id)).toEqual([`email ${p.email}`]);
  });

  it('a notice written without naming dispatched_at (a previous version, which sent it itself) is not sent again', async () => {
    const envoi = await createEnvoiByApi(t);
    const [from, to] = [await client('email'), await client('email')];
    const c = await register(envoi.id, from, to);
    await dispatchNotices(t.database.db);
    const before = await outboxOf(c.id);
    await t.database.db.execute(
      sql`INSERT INTO ${notifications} (id, receiver_id, colis_id, message) VALUES (gen_random_uuid(), ${from.id}, ${c.id}, 'statut changé')`,
    );
    expect(await dispatchNotices(t.database.db)).toBe(0);
    expect(await outboxOf(c.id)).toEqual(before);
  });
});
