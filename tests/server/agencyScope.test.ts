/**
 * Agency scope, data-driven (issue "Nothing lost, nobody in" §1): every GET route of the API (from the OpenAPI
 * document, so a new route is walked without editing this test) is called by an agent of one agency with the ids and
 * references of another agency's records in its path parameters and searches; no answer may contain any of them.
 * The other agency (Bamako, Mali) shares no country with the agent's (Paris, France), so none of its departures,
 * parcels, payments, clients or staff are the agent's business (docs/architecture.md §3, server/access/scopes.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setupTestApp, type TestContext } from './helpers';
import { idByCode, inDays, insertClient, insertColis } from './fixtures';
import { colis, encaissements, envois, modesEnvoi, modesPaiement, pays, statuts, users } from '../../server/db/schema';

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
