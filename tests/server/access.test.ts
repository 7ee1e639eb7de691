/**
 * Walks every registered API route (issue 2 §4): 401 without a token, 403 without the permission key,
 * and the table of access rules matches the registered routes exactly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { ROUTE_ACCESS, routeKey } from '../../server/access/routeAccess';
import { roles } from '../../server/db/schema';
import { setupTestApp, type TestContext } from './helpers';

let t: TestContext;
let noKeyToken: string;

beforeAll(async () => {
  t = await setupTestApp();
  // A role with no authorisation at all: it may sign in but holds no key.
  await t.database.db.insert(roles).values({ code: 'SANS_DROIT', libelle: 'Sans droit', description: 'Aucune permission' });
  noKeyToken = (await t.createStaff('SANS_DROIT')).token;
});
afterAll(() => t.close());

const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, () => randomUUID());

describe('route access table', () => {
  it('lists exactly the registered routes', () => {
    const registered = t.app.apiRoutes.map((r) => routeKey(r.method, r.url)).sort();
    expect(registered.length).toBeGreaterThan(15);
    expect(registered).toEqual(Object.keys(ROUTE_ACCESS).sort());
  });

  it('declares the answer schema of every route (OpenAPI at /api/docs)', async () => {
    expect(t.app.apiRoutes.filter((r) => !r.documented).map((r) => `${r.method} ${r.url}`)).toEqual([]);
    const doc = await t.call('GET', '/api/docs/json');
    expect(doc.status).toBe(200);
    expect(Object.keys(doc.body.paths)).toContain('/api/colis/create');
  });

  it('answers 401 without a token on every non-public route', async () => {
    const checked: string[] = [];
    for (const r of t.app.apiRoutes) {
      const access = ROUTE_ACCESS[routeKey(r.method, r.url)];
      if (access.kind === 'public') continue;
      const res = await t.call(r.method, concrete(r.url), { body: r.method === 'GET' || r.method === 'DELETE' ? undefined : {} });
      expect(res.status, `${r.method} ${r.url}`).toBe(401);
      expect(res.body.success).toBe(false);
      checked.push(r.url);
    }
    expect(checked.length).toBeGreaterThan(10);
  });

  it('answers 401 with a forged or expired token', async () => {
    const forged = await t.call('GET', '/api/pays/liste', { token: 'abc.def.ghi' });
    expect(forged.status).toBe(401);
    const jwt = (await import('jsonwebtoken')).default;
    const expired = jwt.sign({ tv: 0 }, 'test-secret-0123456789', { subject: randomUUID(), expiresIn: -10 });
    expect((await t.call('GET', '/api/pays/liste', { token: expired })).status).toBe(401);
  });

  it('answers 403 without the key on every key-guarded route', async () => {
    let checked = 0;
    for (const r of t.app.apiRoutes) {
      const access = ROUTE_ACCESS[routeKey(r.method, r.url)];
      if (access.kind !== 'key') continue;
      const res = await t.call(r.method, concrete(r.url), {
        token: noKeyToken,
        body: r.method === 'GET' || r.method === 'DELETE' ? undefined : {},
      });
      expect(res.status, `${r.method} ${r.url}`).toBe(403);
      checked++;
    }
    expect(checked).toBeGreaterThan(8);
  });

  it('lets a signed-in user without keys read the reference lists', async () => {
    const res = await t.call('GET', '/api/pays/liste', { token: noKeyToken });
    expect(res.status).toBe(200);
    expect(res.body.datas.length).toBeGreaterThan(0);
  });

  it('requires the status key, not the edit key, for the active toggle', async () => {
    const list = await t.call('GET', '/api/pays/liste', { token: t.adminToken });
    const id = list.body.datas[0].id;
    const res = await t.call('PUT', `/api/pays/update/${id}`, { token: noKeyToken, body: { isActive: false } });
    expect(res.status).toBe(403);
  });
});
