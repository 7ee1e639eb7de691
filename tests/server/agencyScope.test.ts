/**
 * Agency scope, data-driven (docs/decisions/security-hardening.md): every GET route of the API (from the OpenAPI
 * document, so a new route is walked without editing this test) is called by an agent of one agency with the ids and
 * references of another agency's records in its path parameters and searches; no answer may contain any of them.
 * The other agency (Bamako, Mali) shares no country with the agent's (Paris, France), so none of its departures,
 * parcels, payments, clients or staff are the agent's business (docs/architecture.md §3, server/access/scopes.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { setupTestApp, type TestContext } from './helpers';
import { idByCode, inDays, insertClient, insertColis, RELEASE_PROOF } from './fixtures';
import { colis, encaissements, envois, mailOutbox, modesEnvoi, modesPaiement, pays, statuts, users } from '../../server/db/schema';

let t: TestContext;
let agentToken: string;
/** Ids, references and e-mails of the other agency's records: none may reach the agent. */
const secrets: string[] = [];

beforeAll(async () => {
  t = await setupTestApp();
  const db = t.database.db;
  agentToken = (await t.createStaff('AGENT', { agenceCode: 'PAR1' })).token;
  const staffB = await t.createStaff('AGENT', { agenceCode: 'BKO1' });
  const [envoiB] = await db
    .insert(envois)
    .values({
      reference: 'DEP-MALI-SECRET',
      modeEnvoiID: await idByCode(db, modesEnvoi, 'AERIEN'),
      paysEmetteurID: await idByCode(db, pays, 'ML'),
      paysID: await idByCode(db, pays, 'SN'),
      statutID: await idByCode(db, statuts, 'OUVERT'),
      dateFin: inDays(1),
      dateDebut: inDays(2),
      dateArrive: inDays(3),
      poids: '100.000',
    })
    .returning();
  const sender = await insertClient(db, 'ExpediteurMali');
  const recipient = await insertClient(db, 'DestinataireSenegal');
  const colisB = await insertColis(db, {
    envoiID: envoiB.id,
    statut: 'RECEPTIONNE',
    agence: 'BKO1',
    expediteurID: sender,
    destinataireID: recipient,
  });
  const [mode] = await db.select({ id: modesPaiement.id }).from(modesPaiement).where(eq(modesPaiement.code, 'ESPECES'));
  const [payment] = await db
    .insert(encaissements)
    .values({ colisID: colisB, montantEncaisse: '10.00', montantRestant: '40.00', modePaiementID: mode.id })
    .returning({ id: encaissements.id });
  const [parcel] = await db.select().from(colis).where(eq(colis.id, colisB));
  const people = await db.select().from(users).where(eq(users.id, sender));
  const people2 = await db.select().from(users).where(eq(users.id, recipient));
  secrets.push(
    envoiB.id,
    envoiB.reference,
    colisB,
    parcel.reference,
    payment.id,
    sender,
    recipient,
    people[0].email!,
    people2[0].email!,
    staffB.id,
    staffB.email,
  );
});
afterAll(() => t.close());

describe('an agent never receives a record of another agency', () => {
  it('on every GET route, with the other agency’s ids in its parameters and searches', async () => {
    const doc = (t.app as unknown as { swagger(): { paths: Record<string, Record<string, unknown>> } }).swagger();
    const probes = secrets.slice(0, 7); // ids and references (e-mails are only looked for in answers)
    let calls = 0;
    let answered = 0;
    const leaks: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      if (!('get' in methods) || !path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
      const urls = new Set<string>();
      const hasParams = path.includes('{');
      if (hasParams) {
        // Each parameter filled with each of the other agency's ids and references.
        for (const probe of probes) urls.add(path.replace(/\{[^}]+\}/g, encodeURIComponent(probe)));
      } else {
        // A list: whole, and searched for each reference and id.
        urls.add(`${path}?_page=1&_perPage=500`);
        for (const q of probes.slice(0, 4)) urls.add(`${path}?q=${encodeURIComponent(q)}&_page=1&_perPage=500`);
      }
      for (const url of urls) {
        const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${agentToken}` } });
        calls++;
        if (res.statusCode >= 500) leaks.push(`${url} → ${res.statusCode}`);
        if (res.statusCode !== 200) continue;
        answered++;
        const found = secrets.filter((s) => res.body.includes(s));
        if (found.length) leaks.push(`${url} → ${found.join(', ')}`);
      }
    }
    expect(calls).toBeGreaterThan(150);
    expect(answered).toBeGreaterThan(40);
    expect(leaks).toEqual([]);
  }, 300_000);

  it('on the writes that take references or ids: inventories, messages, look-ups, payments, hand-overs', async () => {
    const db = t.database.db;
    const [ref, colisId, paymentId, senderId] = [secrets[3], secrets[2], secrets[4], secrets[5]];
    const [envoiId] = secrets;
    const email = secrets[7];
    const snapshot = async () =>
      JSON.stringify([
        await db.select().from(colis).where(eq(colis.id, colisId)),
        await db.select().from(encaissements).where(eq(encaissements.colisID, colisId)),
        await db.select().from(envois).where(eq(envois.id, envoiId)),
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(mailOutbox)
          .where(sql`${mailOutbox.to} = ${email}`),
      ]);
    const before = await snapshot();
    const as = (method: string, url: string, body?: unknown) => t.call(method, url, { token: agentToken, body });
    const leaks: string[] = [];
    const look = (what: string, body: unknown, allowed: string[] = []) => {
      const text = JSON.stringify(body);
      const found = secrets.filter((x) => !allowed.includes(x) && text.includes(x));
      if (found.length) leaks.push(`${what} → ${found.join(', ')}`);
    };
    // An inventory scanning the other agency's reference: stored as an unknown typed text, never linked nor read back.
    const inv = await as('POST', '/api/inventaire/create', { references: [ref, ref.toLowerCase()] });
    expect(inv.status).toBe(200);
    // The typed text, normalised (common/inventaireRules.ts normalizeReference), is all that is kept.
    expect(inv.body.data.inconnues).toEqual([ref.toUpperCase()]);
    look('inventaire/create', inv.body, [ref]);
    const statement = await as('GET', `/api/inventaire/liste?id=${inv.body.data.id}`);
    expect(statement.status).toBe(200);
    expect(statement.body.data.referencesInconnues).toEqual([ref.toUpperCase()]);
    look('inventaire/liste?id', { ...statement.body.data, referencesInconnues: [] });
    look('inventaire/liste', (await as('GET', '/api/inventaire/liste?_page=1&_perPage=500')).body);
    const verdict = await as('GET', `/api/inventaire/verifier?reference=${encodeURIComponent(ref)}`);
    expect(verdict.body.data.etat).toBe('INCONNU');
    look('inventaire/verifier', verdict.body, [ref]);
    // A message to the other agency's client: the same answer as to an unknown address, and nothing queued.
    const unknown = await as('POST', '/api/message/sendbyEmail', {
      email: 'personne.inconnue@example.com',
      subject: 'Bonjour',
      htmlContent: 'Test',
    });
    const other = await as('POST', '/api/message/sendbyEmail', { email, subject: 'Bonjour', htmlContent: 'Test' });
    expect(other.status).toBe(unknown.status);
    expect(other.body).toEqual(unknown.body);
    const toDeparture = await as('POST', '/api/notification/contactClients', {
      typeDestinataire: 'depart',
      destinataires: envoiId,
      sujet: 'Arrivée',
      message: 'Votre colis est arrivé',
    });
    expect(toDeparture.status).toBeGreaterThanOrEqual(400);
    look('notification/contactClients', toDeparture.body);
    const toClient = await as('POST', '/api/notification/contactClients', {
      typeDestinataire: 'individuel',
      destinataires: senderId,
      sujet: 'Bonjour',
      message: 'Test',
    });
    expect(toClient.status).toBeGreaterThanOrEqual(400);
    // Writes naming the other agency's parcel, payment or departure.
    const [especes] = await db.select({ id: modesPaiement.id }).from(modesPaiement).where(eq(modesPaiement.code, 'ESPECES'));
    for (const [method, url, body] of [
      ['POST', '/api/encaissement/create', { colisID: colisId, modePaiementID: especes.id, montantEncaisse: 1 }],
      ['POST', `/api/colis/retirer/${colisId}`, { ...RELEASE_PROOF }],
      ['POST', `/api/colis/livrer/${colisId}`, { ...RELEASE_PROOF }],
      ['PUT', `/api/colis/update/${colisId}`, { isActive: false }],
      ['PUT', `/api/encaissement/update/${paymentId}`, { isActive: false }],
      ['PUT', `/api/envoi/update/${envoiId}`, { statutID: 'EN_COURS_ENVOI' }],
      ['POST', '/api/notification/create', { colisID: colisId }],
      ['POST', '/api/colis/deleteWithOtp', { reference: ref, otp: '0000' }],
    ] as const) {
      const res = await as(method, url, body);
      expect(res.status, `${method} ${url}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${url}`).toBeLessThan(500);
      look(`${method} ${url}`, res.body);
    }
    expect(leaks).toEqual([]);
    expect(await snapshot()).toBe(before);
  });

  it('the same walk as ADMIN does find them (the probes are real)', async () => {
    const found = new Set<string>();
    for (const url of [
      `/api/colis/getByReference/${encodeURIComponent(secrets[3])}`,
      `/api/envoi/getBy/${secrets[0]}`,
      `/api/encaissement/liste/x?colisID=${secrets[2]}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${t.adminToken}` } });
      expect(res.statusCode, url).toBe(200);
      for (const s of secrets) if (res.body.includes(s)) found.add(s);
    }
    expect(found.size).toBeGreaterThanOrEqual(4);
  });
});
