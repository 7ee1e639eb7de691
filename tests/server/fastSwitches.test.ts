/**
 * The off switches of the performance layer (server/db/fast/README.md, server/config.ts FastSwitches): each mechanism
 * switched off takes its plain path, and the API answers the same. Every page of the parcels, payments, departures and
 * clients lists is read with the fast-page strategy and JSON pages on, then through the plain path (FAST_LIST_PAGES=0,
 * FAST_JSON_PAGES=0), then with queries built on every run (FAST_REUSABLE=0): the same pages each time. Answers written
 * without the Date pre-pass (FAST_ANSWERS=0) are the same bytes; the dashboard recounted from the parcels
 * (FAST_DASHBOARD=0) gives the counters' figures; the user cache without its feed (FAST_USER_CACHE=0) reads the
 * database every time; a departure's registrations are written each alone (DEPARTURE_BATCH=1). Each switch is also
 * shown to take effect, so that an equality cannot pass because the switch did nothing.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { seedDemo } from '../../server/db/seed/demo';
import { colis, modesLivraison, naturesColis, typeUsers, users, villes } from '../../server/db/schema';
import { fastSwitchesFromEnv } from '../../server/config';
import { setFastSwitches } from '../../server/db/fast/switches';
import { reusable } from '../../server/db/fast/reusable';
import { listenChanges } from '../../server/db/fast/changeFeed';
import { runList } from '../../server/http/list';
import { toApi } from '../../server/http/serialize';
import { colisList } from '../../server/colis/query';
import { loadCurrentUser, type CurrentUser } from '../../server/auth/currentUser';
import { createUserCache } from '../../server/auth/userCache';
import { createEnvoiByApi } from './fixtures';
import { setupTestApp, type TestContext } from './helpers';
import { TEST_ADMIN } from './testConfig';

let t: TestContext;
let agent: { id: string; token: string };
let admin: CurrentUser;

beforeAll(async () => {
  t = await setupTestApp();
  const db = t.database.db;
  await seedDemo(db, { colisCount: 120 });
  // Values whose text and number differ (cents, grams), a missing reference.
  const [some] = await db.select({ id: colis.id }).from(colis).limit(1);
  await db.update(colis).set({ destinataireID: null, montantTotal: '12.30', poids: '2.125' }).where(eq(colis.id, some.id));
  agent = await t.createStaff('AGENT', { agenceCode: 'PAR1' });
  const [adminRow] = await db.select({ id: users.id }).from(users).where(eq(users.email, TEST_ADMIN.adminEmail));
  admin = (await loadCurrentUser(db, adminRow.id))!;
  expect(admin.allAgences).toBe(true);
}, 120_000);

afterEach(() => setFastSwitches());
afterAll(async () => {
  setFastSwitches();
  await t?.close();
});

/** The rows of a list answer: its one array (`datas`, `envois`, `clients`…). */
const rowsOf = (body: Record<string, unknown>) => Object.values(body).find(Array.isArray) as unknown[];

/**
 * Every page of a list call, parsed (status 200 checked). Parsed, not as bytes: a page written by PostgreSQL has its
 * own spacing and puts `_id` after the fields, where the route's schema puts it after `id`; the values are the same.
 */
async function pages(path: string, query: string, token: string, perPage: number): Promise<unknown[]> {
  const found: unknown[] = [];
  for (let page = 1; page < 100; page++) {
    const res = await t.call('GET', `${path}?${query}&_page=${page}&_perPage=${perPage}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    found.push(res.body);
    if (rowsOf(res.body).length < perPage) break;
  }
  expect(found.length).toBeGreaterThan(1);
  return found;
}

describe('list pages: the plain path answers what the fast-page strategy answers', () => {
  const cases = [
    { name: 'parcels newest first, administrator', path: '/api/colis/liste/x', query: '_sort=createdAt&_order=DESC', asAgent: false },
    { name: 'parcels oldest first, agent of Paris', path: '/api/colis/liste/x', query: '_sort=createdAt&_order=ASC', asAgent: true },
    { name: 'parcels by amount, administrator', path: '/api/colis/liste/x', query: '_sort=montantTotal&_order=DESC', asAgent: false },
    { name: 'parcels searched, administrator', path: '/api/colis/liste/x', query: 'q=a', asAgent: false },
    {
      name: 'payments newest first, administrator',
      path: '/api/encaissement/liste/x',
      query: '_sort=createdAt&_order=DESC',
      asAgent: false,
    },
    {
      name: 'payments by amount, agent of Paris',
      path: '/api/encaissement/liste/x',
      query: '_sort=montantEncaisse&_order=ASC',
      asAgent: true,
    },
    { name: 'departures by weight, administrator', path: '/api/envoi/liste', query: '_sort=poids&_order=ASC', asAgent: false },
    { name: 'clients newest first, agent of Paris', path: '/api/user/listeClients', query: '_sort=createdAt&_order=DESC', asAgent: true },
    { name: 'clients by name, administrator', path: '/api/user/listeClients', query: '_sort=nom&_order=ASC', asAgent: false },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const token = c.asAgent ? agent.token : t.adminToken;
      const perPage = c.path === '/api/envoi/liste' ? 4 : 25;
      const fast = await pages(c.path, c.query, token, perPage);
      setFastSwitches({ listPages: false, jsonPages: false });
      expect(await pages(c.path, c.query, token, perPage)).toEqual(fast);
      setFastSwitches({ reusable: false });
      expect(await pages(c.path, c.query, token, perPage)).toEqual(fast);
    });
  }
});

describe('each switch takes effect', () => {
  it('FAST_JSON_PAGES=0: runList answers rows where it answered JSON text, the same records', async () => {
    const db = t.database.db;
    const query = { _page: '2', _perPage: '10', _sort: 'montantTotal', _order: 'DESC' };
    const asJson = await runList(db, colisList(admin), query, { json: true });
    expect(asJson.json).toEqual(expect.any(String));
    setFastSwitches({ jsonPages: false });
    const asRows = await runList(db, colisList(admin), query, { json: true });
    expect(asRows.json).toBeUndefined();
    expect(asRows.rows).toHaveLength(10);
    expect(JSON.parse(JSON.stringify(toApi(asRows.rows)))).toEqual(JSON.parse(asJson.json!));
    expect(asRows.total).toBe(asJson.total);
  });

  it('FAST_LIST_PAGES=0: no id chosen first, no counter read, the same page', async () => {
    const db = t.database.db;
    // Counted by hand, not vi.fn: a failing call assertion would print the database handle it was given.
    const asked = { pageIds: 0, fastTotal: 0 };
    const counted = () => {
      const def = colisList(admin);
      return {
        ...def,
        pageIds: async () => {
          asked.pageIds++;
          return undefined;
        },
        fastTotal: (d: typeof db, q: Parameters<NonNullable<typeof def.fastTotal>>[1]) => {
          asked.fastTotal++;
          return def.fastTotal!(d, q);
        },
      };
    };
    const query = { _page: '1', _perPage: '10' };
    const fast = await runList(db, counted(), query);
    expect(asked).toEqual({ pageIds: 1, fastTotal: 1 });
    setFastSwitches({ listPages: false });
    const plain = await runList(db, counted(), query);
    expect(asked).toEqual({ pageIds: 1, fastTotal: 1 });
    expect(plain.rows).toHaveLength(10);
    expect(plain).toEqual(fast);
  });

  it('FAST_REUSABLE=0: a reusable query is built on every run, with the same answers', async () => {
    const db = t.database.db;
    let builds = 0;
    const byCode = reusable((d) => {
      builds++;
      return d
        .select({ code: typeUsers.code })
        .from(typeUsers)
        .where(eq(typeUsers.code, sql.placeholder('code')));
    });
    const kept = [await byCode(db, { code: 'CLIENT' }), await byCode(db, { code: 'ADMIN' })];
    expect(builds).toBe(1);
    setFastSwitches({ reusable: false });
    const rebuilt = [await byCode(db, { code: 'CLIENT' }), await byCode(db, { code: 'ADMIN' })];
    expect(builds).toBe(3);
    expect(rebuilt).toEqual(kept);
    expect(kept.map((rows) => rows.map((r) => r.code))).toEqual([['CLIENT'], ['ADMIN']]);
  });

  it('FAST_ANSWERS=0: JSON.stringify is given the Dates, and writes the same bytes', async () => {
    const urls = ['/api/statut/liste', '/api/colis/liste/x?_sort=createdAt&_order=DESC', `/api/user/getBy/${agent.id}`];
    const send = async () =>
      Promise.all(urls.map((url) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${t.adminToken}` } })));
    // What JSON.stringify is given: without the pre-pass, values holding Dates (it then calls each one's toJSON).
    const stringify = vi.spyOn(JSON, 'stringify');
    const hasDate = (v: unknown): boolean =>
      v instanceof Date || (typeof v === 'object' && v !== null && Object.values(v).some((x) => hasDate(x)));
    const givenDates = () => stringify.mock.calls.filter(([v]) => hasDate(v)).length;
    try {
      const fast = await send();
      for (const res of fast) expect(res.statusCode, res.payload).toBe(200);
      expect(fast[1].payload).toMatch(/"createdAt":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z"/);
      expect(givenDates()).toBe(0);
      setFastSwitches({ answers: false });
      const plain = await send();
      expect(givenDates()).toBeGreaterThan(0);
      expect(plain.map((r) => r.payload)).toEqual(fast.map((r) => r.payload));
      expect(plain.map((r) => r.headers['content-type'])).toEqual(fast.map((r) => r.headers['content-type']));
    } finally {
      stringify.mockRestore();
    }
  });

  it('FAST_DASHBOARD=0: the dashboard recounts the parcels, the same figures, whatever the counters hold', async () => {
    const db = t.database.db;
    const urls = ['getAllData', 'colisEnvoyesParMois', 'circularStatistiques'].map((call) => `/api/colis/${call}/x`);
    const read = async () => {
      const answers = [];
      for (const url of urls) {
        const res = await t.call('GET', url, { token: t.adminToken });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        answers.push(res.body);
      }
      return answers;
    };
    const fromCounters = await read();
    setFastSwitches({ dashboardCounters: false });
    expect(await read()).toEqual(fromCounters);
    // A thousand parcels more in the counters only (an insert-only delta row), taken back below by its opposite.
    const drift = (nb: number) =>
      db.execute(sql`INSERT INTO colis_stats (agence_id, pays_destination_id, statut_id, mois, paiement, nb)
        SELECT agence_id, pays_destination_id, statut_id, mois, paiement, ${nb} FROM colis_stats WHERE nb > 0 LIMIT 1`);
    await drift(1000);
    try {
      expect(await read()).toEqual(fromCounters);
      setFastSwitches();
      expect((await read())[0].data.colis).toBe(fromCounters[0].data.colis + 1000);
    } finally {
      await drift(-1000);
    }
    expect(await read()).toEqual(fromCounters);
  });

  it('FAST_USER_CACHE=0: no feed is started, and the user cache reads the database on every call', async () => {
    const db = t.database.db;
    const me = (await loadCurrentUser(db, agent.id))!;
    const cached = createUserCache(db);
    try {
      // Once the feed is up, the same user object is served from memory.
      await vi.waitFor(
        async () => {
          const first = await cached.get(me.id, me.tokenVersion);
          expect(await cached.get(me.id, me.tokenVersion)).toBe(first);
        },
        { timeout: 10_000, interval: 50 },
      );
    } finally {
      await cached.close();
    }
    setFastSwitches({ userCache: false });
    const onState = vi.fn();
    expect(listenChanges(db, 'auth_cache', { onMessage: () => undefined, onState })).toBeNull();
    const uncached = createUserCache(db);
    try {
      const first = await uncached.get(me.id, me.tokenVersion);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const second = await uncached.get(me.id, me.tokenVersion);
      expect(second).toEqual(first);
      expect(second).not.toBe(first);
      expect(onState).not.toHaveBeenCalled();
    } finally {
      await uncached.close();
    }
  });

  it('DEPARTURE_BATCH and DEPARTURE_WRITES are read as whole numbers of at least 1', () => {
    expect(fastSwitchesFromEnv({})).toMatchObject({ departureBatch: 32, departureWrites: 1 });
    expect(fastSwitchesFromEnv({ DEPARTURE_BATCH: '0', DEPARTURE_WRITES: '64' })).toMatchObject({ departureBatch: 1, departureWrites: 64 });
    expect(fastSwitchesFromEnv({ DEPARTURE_BATCH: 'beaucoup', DEPARTURE_WRITES: ' ' })).toMatchObject({
      departureBatch: 32,
      departureWrites: 1,
    });
  });

  // On PGlite the registrations reach the departure one after the other: no group forms to be switched off.
  it.runIf(process.env.DATABASE_URL)("DEPARTURE_BATCH=1: a departure's simultaneous registrations are each written alone", async () => {
    const db = t.database.db;
    const [ville] = await db.select({ id: villes.id }).from(villes).where(eq(villes.code, 'DKR'));
    const [nature] = await db.select({ id: naturesColis.id }).from(naturesColis).where(eq(naturesColis.code, 'VET_ADULTE'));
    const [livraison] = await db.select({ id: modesLivraison.id }).from(modesLivraison).where(eq(modesLivraison.code, 'AGENCE'));
    const register = (envoiID: string, i: number) =>
      t.call('POST', '/api/colis/create', {
        token: agent.token,
        body: {
          envoiID,
          villeID: ville.id,
          modeLivraisonID: livraison.id,
          naturesColis: [{ natureColisID: nature.id, poids: 1 }],
          detailsContenu: 'Vêtements',
          expediteurNom: 'Diop',
          expediteurPrenom: 'Awa',
          NumeroSaisi: '+33612345678',
          nomDestinataire: 'Fall',
          prenomsDestinataire: 'Moussa',
          adresseDestinataire: 'Médina, Dakar',
          telephoneDestinataire: `+22177${String(i).padStart(7, '0')}`,
        },
      });
    // Each registration alone is one statement, without a transaction; a group is written in one (keyedBatches.ts).
    // Counted by hand, not vi.spyOn: a failing call assertion would print the database handle.
    const transaction = db.transaction;
    let transactions = 0;
    const registerTen = async (from: number) => {
      const e = await createEnvoiByApi(t);
      transactions = 0;
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => register(e.id, from + i)));
      for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
      return transactions;
    };
    db.transaction = ((...args: Parameters<typeof transaction>) => (transactions++, transaction.apply(db, args))) as typeof transaction;
    try {
      setFastSwitches({ departureBatch: 1 });
      expect(await registerTen(0)).toBe(0);
      setFastSwitches();
      expect(await registerTen(10)).toBeGreaterThan(0);
    } finally {
      db.transaction = transaction;
    }
  });
});
