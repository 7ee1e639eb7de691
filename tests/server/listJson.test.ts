/**
 * Pages written by PostgreSQL (docs/decisions/list-queries.md; server/db/fast/jsonPage.ts apiJsonPageSql, http/list.ts
 * runList `json`): a parcel, payment or departure page whose ids are chosen first is answered as the JSON text
 * PostgreSQL writes, not as the rows Drizzle maps and toApi shapes. These tests read every page of the parcels list
 * that way, as the administrator and as an agent, plain, searched and filtered, and compare them with the same list
 * unpaged (answered by Drizzle and toApi, checked against the route's schema): same records, same values, same order;
 * and with parcels whose populated references are missing (no recipient, no city, no delivery mode), amounts with cents
 * and weights with grams.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { seedDemo } from '../../server/db/seed/demo';
import { colis, envois } from '../../server/db/schema';
import { setupTestApp, type TestContext } from './helpers';

let t: TestContext;
let agentToken: string;
const PER_PAGE = 25;

beforeAll(async () => {
  t = await setupTestApp();
  const db = t.database.db;
  await seedDemo(db, { colisCount: 160 });
  // References a left join does not find, and values whose text and number differ (cents, grams, trailing zeros).
  const [some] = await db.select({ id: colis.id }).from(colis).limit(3);
  await db
    .update(colis)
    .set({ destinataireID: null, villeID: null, modeLivraisonID: null, montantTotal: '12.30', poids: '2.125', resteAPayer: '0.05' })
    .where(eq(colis.id, some.id));
  await db.execute(sql`UPDATE ${colis} SET date_envoi = NULL, telephone_destinataire = NULL WHERE id IN (SELECT id FROM colis LIMIT 5)`);
  await db.update(envois).set({ poids: '1000.500' });
  agentToken = (await t.createStaff('AGENT', { agenceCode: 'PAR1' })).token;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** Every page of a list call, in order, concatenated; each page's total. */
async function allPages(query: string, token: string, path = '/api/colis/liste/x', perPage = PER_PAGE) {
  const rows: Record<string, unknown>[] = [];
  const totals = new Set<number>();
  for (let page = 1; ; page++) {
    const res = await t.call('GET', `${path}?${query}&_page=${page}&_perPage=${perPage}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.success).toBe(true);
    totals.add(res.body.total);
    const pageRows = res.body.datas ?? res.body.envois;
    rows.push(...pageRows);
    if (pageRows.length < perPage) break;
  }
  return { rows, totals };
}

/** The same list unpaged: Drizzle's rows shaped by toApi, checked against the route's schema. */
async function unpaged(query: string, token: string, path = '/api/colis/liste/x') {
  const res = await t.call('GET', `${path}?${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.datas ?? res.body.envois) as Record<string, unknown>[];
}

describe('parcel, payment and departure pages written by PostgreSQL equal the rows toApi answers', () => {
  const cases = [
    { name: 'newest first, administrator', query: '_sort=createdAt&_order=DESC', admin: true },
    { name: 'oldest first, administrator', query: '_sort=createdAt&_order=ASC', admin: true },
    { name: 'by reference, agent of Paris', query: '_sort=reference&_order=ASC', admin: false },
    { name: 'by amount, administrator', query: '_sort=montantTotal&_order=DESC', admin: true },
    { name: 'searched, administrator', query: 'q=a', admin: true },
  ];
  const payments = [
    { name: 'payments newest first, administrator', query: '_sort=createdAt&_order=DESC', admin: true },
    { name: 'payments by amount, agent of Paris', query: '_sort=montantEncaisse&_order=ASC', admin: false },
    { name: 'payments searched, administrator', query: 'q=E', admin: true },
  ];
  // Departures: fewer rows, read by pages of 4.
  const departures = [
    { name: 'departures newest first, administrator', query: '_sort=createdAt&_order=DESC', admin: true },
    { name: 'departures by weight, agent of Paris', query: '_sort=poids&_order=ASC', admin: false },
    { name: 'departures searched, administrator', query: 'q=e', admin: true },
  ];
  for (const c of [...cases, ...payments, ...departures]) {
    it(c.name, async () => {
      const token = c.admin ? t.adminToken : agentToken;
      const path = payments.includes(c) ? '/api/encaissement/liste/x' : departures.includes(c) ? '/api/envoi/liste' : '/api/colis/liste/x';
      const perPage = departures.includes(c) ? 4 : PER_PAGE;
      const expected = await unpaged(c.query, token, path);
      expect(expected.length).toBeGreaterThan(perPage);
      const { rows, totals } = await allPages(c.query, token, path, perPage);
      expect([...totals]).toEqual([expected.length]);
      expect(rows).toEqual(expected);
    });
  }

  it('a missing reference is null, amounts and weights are numbers, instants ISO texts, and each record has its _id', async () => {
    const [changed] = await t.database.db.select({ id: colis.id }).from(colis).where(eq(colis.montantTotal, '12.30'));
    const { rows } = await allPages('_sort=createdAt&_order=DESC', t.adminToken);
    const row = rows.find((r) => r.id === changed.id)!;
    expect(row).toMatchObject({ _id: changed.id, montantTotal: 12.3, poids: 2.125, resteAPayer: 0.05 });
    expect(row.destinataireID).toBeNull();
    expect(row.villeID).toBeNull();
    expect(row.modeLivraisonID).toBeNull();
    expect(row.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect((row.envoiID as Record<string, unknown>)._id).toBe((row.envoiID as Record<string, unknown>).id);
    expect((row.envoiID as Record<string, unknown>).dateDebut).toMatch(/^\d{4}-\d\d-\d\d$/);
  });

  it('a page past the last is empty, with the total', async () => {
    const expected = await unpaged('', t.adminToken);
    const res = await t.call('GET', `/api/colis/liste/x?_page=99&_perPage=${PER_PAGE}`, { token: t.adminToken });
    expect(res.status).toBe(200);
    // ADMIN's answer groups the (empty) page by agency too (docs/decisions/list-by-agence.md).
    expect(res.body).toEqual({ success: true, datas: [], total: expected.length, byAgence: [] });
  });

  it('instants stay UTC when the database session has another time zone', async () => {
    // Every connection of the pool (ten at most, each held by a statement that sleeps) set to India's +05:30.
    await Promise.all(
      Array.from({ length: 10 }, () => t.database.db.execute(sql`SELECT set_config('TimeZone', 'Asia/Kolkata', false), pg_sleep(0.2)`)),
    );
    const setting = (await t.database.db.execute(sql`SELECT current_setting('TimeZone') AS tz`)) as unknown as { rows: { tz: string }[] };
    expect(setting.rows[0].tz).toBe('Asia/Kolkata');
    const expected = await unpaged('_sort=createdAt&_order=DESC', t.adminToken);
    const { rows } = await allPages('_sort=createdAt&_order=DESC', t.adminToken);
    expect(rows).toEqual(expected);
  });
});
