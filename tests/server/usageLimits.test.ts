/**
 * Per-user limits of expensive calls (server/http/usageLimits.ts, docs/decisions/usage-limits.md), on an app with
 * small limits and the clock set by the test: past its count of a minute a user gets 429 in French with Retry-After
 * (to the minute's end), counted in the database on '<kind>:user:<id>', while another user is served; a plain list
 * page costs no count; an export runs alone for its user; 0 turns a limit off.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { like } from 'drizzle-orm';
import { buildApp, type App } from '../../server/app';
import type { UsageLimits } from '../../server/config';
import { throttles } from '../../server/db/schema';
import { BUSY_MESSAGE, EXPORT_BUSY_MESSAGE, heavyListCall, USAGE_ROUTES } from '../../server/plugins/usageLimits';
import { createEnvoiByApi } from './fixtures';
import { setupTestApp, type TestContext } from './helpers';
import { testConfig } from './testConfig';

let t: TestContext;
let app: App;
let agent: { id: string; token: string };
let other: { id: string; token: string };

const SMALL: UsageLimits = {
  exportsPerMinute: 3,
  exportsAtOnce: 1,
  manifestsPerMinute: 2,
  statsPerMinute: 3,
  heavySearchesPerMinute: 4,
  inventoriesPerMinute: 2,
};

beforeAll(async () => {
  t = await setupTestApp();
  app = await buildApp({ db: t.database.db, config: { ...testConfig(), usageLimits: SMALL }, logger: false, uiDir: '/none' });
  await app.ready();
  agent = await t.createStaff('AGENT', { agenceCode: 'PAR1' });
  other = await t.createStaff('AGENT', { agenceCode: 'PAR1' });
});
afterAll(async () => {
  await app.close();
  await t.close();
});
beforeEach(() => t.database.db.delete(throttles));
afterEach(() => vi.useRealTimers());

const MINUTE = 60_000;

/** Freezes Date (timers stay real) `seconds` into a minute of the clock a few minutes ahead. */
function atSecond(seconds: number, minutesAhead = 3) {
  const at = (Math.floor(Date.now() / MINUTE) + minutesAhead) * MINUTE + seconds * 1000;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
  return at;
}

/** A GET on the limited app as `who`. */
const get = (url: string, who: { token: string }) => app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${who.token}` } });

/** The counters of the per-user limits, by key. */
async function counters() {
  const rows = await t.database.db.select().from(throttles).where(like(throttles.key, '%:user:%'));
  return Object.fromEntries(rows.map((r) => [r.key, r.failures]));
}

describe('dashboard statistics', () => {
  it('the 4th call of a minute answers 429 in French until the minute ends; another user and the next minute are served', async () => {
    const minute = atSecond(5);
    const url = `/api/colis/getAllData/${agent.id}`;
    for (let i = 0; i < 3; i++) expect((await get(url, agent)).statusCode).toBe(200);
    // The three dashboard calls share one count.
    const refused = await get(`/api/colis/circularStatistiques/${agent.id}`, agent);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ success: false, message: 'Trop de demandes de statistiques. Veuillez réessayer dans 55 secondes.' });
    expect(refused.headers['retry-after']).toBe('55');
    expect((await get(url, other)).statusCode).toBe(200);
    expect(await counters()).toEqual({ [`stats:user:${agent.id}`]: 3, [`stats:user:${other.id}`]: 1 });
    vi.setSystemTime(minute - 5_000 + MINUTE);
    expect((await get(url, agent)).statusCode).toBe(200);
  });

  it('an unsigned call costs no count', async () => {
    atSecond(5);
    expect((await app.inject({ method: 'GET', url: `/api/colis/getAllData/${agent.id}` })).statusCode).toBe(401);
    expect(await counters()).toEqual({});
  });
});

describe('manifests', () => {
  it('the 3rd page of a minute answers 429', async () => {
    atSecond(30);
    const e = await createEnvoiByApi(t);
    const url = `/api/envoi/manifest/${e.id}?_page=1&_perPage=500`;
    expect((await get(url, agent)).statusCode).toBe(200);
    expect((await get(url, agent)).statusCode).toBe(200);
    const refused = await get(url, agent);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Trop de pages de manifeste. Veuillez réessayer dans 30 secondes.');
  });
});

describe('heavy searches over the large lists', () => {
  it('tells a heavy call from a plain page', () => {
    expect(heavyListCall({ _page: 1, _perPage: 25 })).toBe(false);
    expect(heavyListCall({ _page: 2, _perPage: 100, _sort: 'createdAt', _order: 'DESC' })).toBe(false);
    expect(heavyListCall({ _page: 1, _perPage: 25, q: '  ' })).toBe(false);
    expect(heavyListCall({ _page: 1, _perPage: 25, q: 'a' })).toBe(true);
    expect(heavyListCall({ _page: 1, _perPage: 101 })).toBe(true);
    expect(heavyListCall({ _page: '1', _perPage: '500' })).toBe(true);
    expect(heavyListCall({})).toBe(true);
    expect(heavyListCall({ _page: 1, _perPage: 25, _sort: 'detailsContenu' })).toBe(true);
    expect(heavyListCall({ _page: 3, _perPage: 25, _sort: 'id', _order: 'ASC' })).toBe(false);
    expect(heavyListCall({ format: 'csv', q: 'a' })).toBe(false);
  });

  it('plain pages are never counted; the 5th heavy call of a minute answers 429, whatever the list', async () => {
    atSecond(10);
    for (let i = 0; i < 10; i++) expect((await get('/api/colis/liste/x?_page=1&_perPage=25', agent)).statusCode).toBe(200);
    expect(await counters()).toEqual({});
    expect((await get('/api/colis/liste/x?_page=1&_perPage=25&q=a', agent)).statusCode).toBe(200);
    expect((await get('/api/colis/liste/x?q=a&_sort=detailsContenu&_order=DESC&_perPage=500&_page=1', agent)).statusCode).toBe(200);
    expect((await get('/api/encaissement/liste/x?_page=1&_perPage=500', agent)).statusCode).toBe(200);
    expect((await get('/api/user/listeClients?_page=1&_perPage=20&_sort=nom&_order=ASC', agent)).statusCode).toBe(200);
    const refused = await get('/api/envoi/liste', agent);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Trop de recherches sur les grandes listes. Veuillez réessayer dans 50 secondes.');
    expect(refused.headers['retry-after']).toBe('50');
    // A plain page is still served, and the count is the user's alone.
    expect((await get('/api/colis/liste/x?_page=1&_perPage=25', agent)).statusCode).toBe(200);
    expect((await get('/api/colis/liste/x?_page=1&_perPage=25&q=a', other)).statusCode).toBe(200);
    expect(await counters()).toEqual({ [`search:user:${agent.id}`]: 4, [`search:user:${other.id}`]: 1 });
  });

  it('past the count, refuses from memory until the minute ends: no database write per refused call', async () => {
    atSecond(15, 5);
    for (let i = 0; i < 4; i++) expect((await get('/api/colis/liste/x?_page=1&_perPage=25&q=b', other)).statusCode).toBe(200);
    expect((await get('/api/colis/liste/x?_page=1&_perPage=25&q=b', other)).statusCode).toBe(429);
    // The counters gone from the database: the process still remembers the refusal, and writes no new counter.
    await t.database.db.delete(throttles);
    const again = await get('/api/colis/liste/x?_page=1&_perPage=25&q=b', other);
    expect(again.statusCode).toBe(429);
    expect(again.headers['retry-after']).toBe('45');
    expect(await counters()).toEqual({});
  });

  it('runs the heavy calls of a user one at a time: two more wait their turn, the next ones answer 429 at once', async () => {
    const roomy = await buildApp({
      db: t.database.db,
      config: { ...testConfig(), usageLimits: { ...SMALL, heavySearchesPerMinute: 100 } },
      logger: false,
      uiDir: '/none',
    });
    await roomy.ready();
    try {
      const search = (who: { token: string }) =>
        roomy.inject({
          method: 'GET',
          url: '/api/colis/liste/x?q=a&_sort=detailsContenu&_order=DESC&_perPage=500&_page=1',
          headers: { authorization: `Bearer ${who.token}` },
        });
      const answers = await Promise.all([...Array.from({ length: 6 }, () => search(agent)), search(other)]);
      const mine = answers.slice(0, 6);
      const served = mine.filter((r) => r.statusCode === 200);
      const busy = mine.filter((r) => r.statusCode === 429);
      expect(served.length + busy.length).toBe(6);
      expect(served.length).toBeGreaterThanOrEqual(1);
      // How many are served depends on when each arrives (one that finds the lane free runs): at most one runs at a
      // time and two wait, so six arriving while the first runs serve three; on PostgreSQL they sometimes arrive later.
      for (const r of busy) {
        expect(r.json().message).toBe(BUSY_MESSAGE);
        expect(r.headers['retry-after']).toBe('2');
      }
      expect(answers[6].statusCode).toBe(200);
      // Every turn was given back: the next search runs.
      expect((await search(agent)).statusCode).toBe(200);
    } finally {
      await roomy.close();
    }
  });

  it('the 3rd inventory statement of a minute answers 429', async () => {
    atSecond(30, 6);
    const create = () =>
      app.inject({
        method: 'POST',
        url: '/api/inventaire/create',
        headers: { authorization: `Bearer ${agent.token}` },
        payload: { references: ['PAR1-2611-999999'] },
      });
    expect((await create()).statusCode).toBe(200);
    expect((await create()).statusCode).toBe(200);
    const refused = await create();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe("Trop de relevés d'inventaire. Veuillez réessayer dans 30 secondes.");
    expect(await counters()).toEqual({ [`inventaire:user:${agent.id}`]: 2 });
  });

  it('names only routes that exist', () => {
    for (const key of Object.keys(USAGE_ROUTES)) {
      const [method, url] = key.split(' ');
      expect(app.hasRoute({ method: method as 'GET', url }), key).toBe(true);
    }
  });
});

describe('exports', () => {
  it('the 4th export of a minute answers 429; a CSV is counted like an XLSX', async () => {
    atSecond(20);
    expect((await get('/api/colis/liste/x?format=csv', agent)).statusCode).toBe(200);
    expect((await get('/api/encaissement/liste/x?format=xlsx', agent)).statusCode).toBe(200);
    expect((await get('/api/pays/liste?format=csv', agent)).statusCode).toBe(200);
    const refused = await get('/api/colis/liste/x?format=csv', agent);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe("Trop de demandes d'export. Veuillez réessayer dans 40 secondes.");
    expect(await counters()).toEqual({ [`export:user:${agent.id}`]: 3 });
  });

  it('runs one export at a time per user: parallel ones answer 429, the next one after them is served', async () => {
    const roomy = await buildApp({
      db: t.database.db,
      config: { ...testConfig(), usageLimits: { ...SMALL, exportsPerMinute: 100 } },
      logger: false,
      uiDir: '/none',
    });
    await roomy.ready();
    try {
      const exportAs = (who: { token: string }) =>
        roomy.inject({ method: 'GET', url: '/api/colis/liste/x?format=csv', headers: { authorization: `Bearer ${who.token}` } });
      const answers = await Promise.all([exportAs(agent), exportAs(agent), exportAs(agent), exportAs(agent), exportAs(other)]);
      const mine = answers.slice(0, 4);
      const busy = mine.filter((r) => r.statusCode === 429);
      expect(mine.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(1);
      expect(busy.length).toBeGreaterThanOrEqual(1);
      for (const r of busy) {
        expect(r.json().message).toBe(EXPORT_BUSY_MESSAGE);
        expect(r.headers['retry-after']).toBe('5');
      }
      // Another user's export is not held by this one's.
      expect(answers[4].statusCode).toBe(200);
      // Each finished export gave its slot back.
      const next = await exportAs(agent);
      expect(next.statusCode).toBe(200);
      expect(next.headers['content-type']).toMatch(/^text\/csv/);
    } finally {
      await roomy.close();
    }
  });

  it('0 turns a limit off', async () => {
    const open = await buildApp({
      db: t.database.db,
      config: {
        ...testConfig(),
        usageLimits: {
          exportsPerMinute: 0,
          exportsAtOnce: 0,
          manifestsPerMinute: 0,
          statsPerMinute: 0,
          heavySearchesPerMinute: 0,
          inventoriesPerMinute: 0,
        },
      },
      logger: false,
      uiDir: '/none',
    });
    await open.ready();
    try {
      for (let i = 0; i < 6; i++) {
        const res = await open.inject({
          method: 'GET',
          url: `/api/colis/getAllData/${agent.id}`,
          headers: { authorization: `Bearer ${agent.token}` },
        });
        expect(res.statusCode).toBe(200);
      }
      expect(await counters()).toEqual({});
    } finally {
      await open.close();
    }
  });
});
