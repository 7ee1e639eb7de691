/**
 * The API answers say which currency their amounts are in (docs/decisions/currencies.md: a parcel's amounts are in
 * its departure's currency, a payment's in its parcel's): a parcel on a Dakar departure answers `devise` 'XOF' in
 * colis/getBy, getByReference, getColisByEnvoiId, ListEnvoisBy and both paths of colis/liste (the JSON page PostgreSQL
 * writes, server/db/fast/jsonPage.ts, and the plain path, FAST_LIST_PAGES=0 FAST_JSON_PAGES=0); a payment answers
 * `devise`, and what was handed over (`montantTendu` as a number, `deviseTendue`) or null, in encaissement/liste
 * (both paths) and getByColisID; the manifest's rows; the exports carry a 'Devise' column.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { colis, encaissements, modesPaiement, pays, users } from '../../server/db/schema';
import { setFastSwitches } from '../../server/db/fast/switches';
import { runList } from '../../server/http/list';
import { colisList } from '../../server/colis/query';
import { encaissementList } from '../../server/encaissement/query';
import { loadCurrentUser, type CurrentUser } from '../../server/auth/currentUser';
import { setupTestApp, type TestContext } from './helpers';
import { createEnvoiByApi, idByCode, insertColis } from './fixtures';
import { TEST_ADMIN } from './testConfig';

let t: TestContext;
let admin: CurrentUser;
/** A departure Dakar → Paris (its parcels in F CFA) and one Paris → Dakar (in euros), each with one parcel. */
const envoi = { xof: '', eur: '' };
const parcel = { xof: '', eur: '', xofRef: '', eurRef: '', expediteur: '' };
/** Payments of the Dakar parcel: one in F CFA, one tendered in euros. */
const payment = { plain: '', tendered: '' };

beforeAll(async () => {
  t = await setupTestApp();
  const db = t.database.db;
  const SN = await idByCode(db, pays, 'SN');
  const FR = await idByCode(db, pays, 'FR');
  envoi.xof = (await createEnvoiByApi(t, { paysEmetteurID: SN, paysID: FR, contenu: 'Fret Dakar' })).id;
  envoi.eur = (await createEnvoiByApi(t, { paysEmetteurID: FR, paysID: SN, contenu: 'Fret Paris' })).id;
  parcel.xof = await insertColis(db, { envoiID: envoi.xof, statut: 'RECEPTIONNE', agence: 'DKR1' });
  parcel.eur = await insertColis(db, { envoiID: envoi.eur, statut: 'RECEPTIONNE' });
  await db.update(colis).set({ montantTotal: '6560', reglement: '1000', resteAPayer: '5560' }).where(eq(colis.id, parcel.xof));
  const [x] = await db.select({ reference: colis.reference, expediteurID: colis.expediteurID }).from(colis).where(eq(colis.id, parcel.xof));
  const [e] = await db.select({ reference: colis.reference }).from(colis).where(eq(colis.id, parcel.eur));
  parcel.xofRef = x.reference;
  parcel.eurRef = e.reference;
  parcel.expediteur = x.expediteurID!;
  const [mode] = await db.select({ id: modesPaiement.id }).from(modesPaiement).limit(1);
  // Written as encaissement/create records them: the currency from the parcel (trigger encaissements_devise).
  [{ id: payment.plain }] = await db
    .insert(encaissements)
    .values({ colisID: parcel.xof, montantEncaisse: '1000', montantRestant: '5560', modePaiementID: mode.id })
    .returning({ id: encaissements.id });
  [{ id: payment.tendered }] = await db
    .insert(encaissements)
    .values({
      colisID: parcel.xof,
      montantEncaisse: '10000',
      montantRestant: '0',
      montantTendu: '15.245',
      deviseTendue: 'EUR',
      tauxTendu: '1',
      tauxColis: '655.957',
      modePaiementID: mode.id,
      isActive: false, // not counted in the parcel's amounts: only its answer is read here
    })
    .returning({ id: encaissements.id });
  const [adminRow] = await db.select({ id: users.id }).from(users).where(eq(users.email, TEST_ADMIN.adminEmail));
  admin = (await loadCurrentUser(db, adminRow.id))!;
}, 120_000);

afterEach(() => setFastSwitches());
afterAll(async () => {
  setFastSwitches();
  await t?.close();
});

/** GET as the administrator; the status checked. */
async function get(url: string) {
  const res = await t.call('GET', url, { token: t.adminToken });
  expect(res.status, `${url} ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
}

/** The rows of a list call with the performance layer on, then through the plain path: both given, to compare. */
async function bothPaths(url: string): Promise<[any[], any[]]> {
  const fast = (await get(url)).datas;
  setFastSwitches({ listPages: false, jsonPages: false });
  const plain = (await get(url)).datas;
  setFastSwitches();
  return [fast, plain];
}

/** A CSV export's rows as cells (BOM and quoting of this file's plain values left out), header first. */
async function csv(url: string): Promise<string[][]> {
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${t.adminToken}` } });
  expect(res.statusCode, res.payload).toBe(200);
  return res.payload
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(';'));
}

describe("a parcel answers its departure's currency", () => {
  it('colis/getBy, getByReference and getColisByEnvoiId: XOF on a Dakar departure, EUR on a Paris one', async () => {
    expect((await get(`/api/colis/getBy/${parcel.xof}`)).colis).toMatchObject({ devise: 'XOF', montantTotal: 6560, resteAPayer: 5560 });
    expect((await get(`/api/colis/getBy/${parcel.eur}`)).colis.devise).toBe('EUR');
    expect((await get(`/api/colis/getByReference/${parcel.xofRef}`)).data.devise).toBe('XOF');
    expect((await get(`/api/colis/getColisByEnvoiId/${envoi.xof}`)).data.map((c: { devise: string }) => c.devise)).toEqual(['XOF']);
  });

  it("ListEnvoisBy: the client's shipments each with its currency", async () => {
    const rows = (await get(`/api/colis/ListEnvoisBy/${parcel.expediteur}`)).datas;
    expect(rows.map((r: { reference: string; devise: string }) => [r.reference, r.devise])).toEqual([[parcel.xofRef, 'XOF']]);
  });

  it('colis/liste: the same devise on the JSON page PostgreSQL writes and on the plain path', async () => {
    for (const [ref, devise] of [
      [parcel.xofRef, 'XOF'],
      [parcel.eurRef, 'EUR'],
    ]) {
      const [fast, plain] = await bothPaths(`/api/colis/liste/x?q=${ref}&_page=1&_perPage=10`);
      expect(fast.map((r) => [r.reference, r.devise])).toEqual([[ref, devise]]);
      expect(plain).toEqual(fast);
    }
    // The JSON page is what the fast path answered (not rows mapped by toApi).
    const page = await runList(t.database.db, colisList(admin), { q: parcel.xofRef, _page: '1', _perPage: '10' }, { json: true });
    expect(page.json).toEqual(expect.any(String));
    expect(JSON.parse(page.json!)[0]).toMatchObject({ reference: parcel.xofRef, devise: 'XOF', montantTotal: 6560 });
  });

  it("envoi/manifest: the departure's currency and each row's", async () => {
    const body = await get(`/api/envoi/manifest/${envoi.xof}`);
    expect(body.envoi.devise).toBe('XOF');
    expect(body.datas.map((r: { devise: string }) => r.devise)).toEqual(['XOF']);
  });
});

describe("a payment answers its parcel's currency and what was handed over", () => {
  it('encaissement/liste: devise, montantTendu as a number and deviseTendue, or null, on both paths', async () => {
    const [fast, plain] = await bothPaths(`/api/encaissement/liste/x?q=${parcel.xofRef}&_page=1&_perPage=10`);
    const byId = new Map(fast.map((r) => [r.id, r]));
    expect(byId.get(payment.plain)).toMatchObject({ devise: 'XOF', montantEncaisse: 1000, montantTendu: null, deviseTendue: null });
    expect(byId.get(payment.tendered)).toMatchObject({ devise: 'XOF', montantEncaisse: 10000, montantTendu: 15.245, deviseTendue: 'EUR' });
    expect(plain).toEqual(fast);
    const page = await runList(t.database.db, encaissementList(admin), { q: parcel.xofRef, _page: '1', _perPage: '10' }, { json: true });
    expect(page.json).toEqual(expect.any(String));
    expect(JSON.parse(page.json!).map((r: { devise: string }) => r.devise)).toEqual(['XOF', 'XOF']);
  });

  it("encaissement/getByColisID: the parcel's amounts with their currency", async () => {
    const body = await get(`/api/encaissement/getByColisID/${parcel.xof}`);
    expect(body.colis).toMatchObject({ reference: parcel.xofRef, montantTotal: 6560, devise: 'XOF' });
    expect(body.encaissements.map((r: { devise: string }) => r.devise)).toEqual(['XOF', 'XOF']);
  });
});

describe("the exports carry a 'Devise' column beside the amounts", () => {
  it('colis: Montant, Réglé, Reste à payer, Devise', async () => {
    const [header, ...rows] = await csv(`/api/colis/liste/x?format=csv&q=${parcel.xofRef}`);
    const i = header.indexOf('Devise');
    expect(header.slice(i - 3, i + 1)).toEqual(['Montant', 'Réglé', 'Reste à payer', 'Devise']);
    // With the currency's decimals (none for the franc: docs/decisions/list-exports.md), the currency beside them.
    expect(rows.map((r) => [r[0], r[i - 3], r[i]])).toEqual([[parcel.xofRef, '6560', 'XOF']]);
  });

  it('encaissements: Devise after the amounts, then what was handed over', async () => {
    const [header, ...rows] = await csv(`/api/encaissement/liste/x?format=csv&q=${parcel.xofRef}`);
    const at = (name: string) => header.indexOf(name);
    expect(at('Devise')).toBeGreaterThan(at('Montant du colis'));
    const cells = rows.map((r) => [r[at('Montant encaissé')], r[at('Devise')], r[at('Montant remis')], r[at('Devise remise')]]);
    expect(cells.sort()).toEqual([
      ['1000', 'XOF', '', ''],
      ['10000', 'XOF', '15,25', 'EUR'],
    ]);
  });
});
