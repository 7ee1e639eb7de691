/**
 * The access plugin's per-route hooks (server/plugins/access.ts, decided once per route): the writes that may change
 * who is signed in or what it may do make the process forget its cached users before answering, whatever they answer;
 * reads and other writes do not.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setupTestApp, type TestContext } from './helpers';

const forgotten = vi.hoisted(() => ({ n: 0 }));
vi.mock('../../server/auth/userCache', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../server/auth/userCache')>();
  return {
    ...original,
    createUserCache: (...args: Parameters<typeof original.createUserCache>) => {
      const cache = original.createUserCache(...args);
      return {
        ...cache,
        forgetAll: () => {
          forgotten.n++;
          cache.forgetAll();
        },
      };
    },
  };
});

let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t.close());

/** How many times the cached users were forgotten while `call` ran. */
async function forgetsDuring(call: () => Promise<{ status: number }>, status: number) {
  const before = forgotten.n;
  expect((await call()).status).toBe(status);
  return forgotten.n - before;
}

describe('cached users forgotten by the writes on users, roles, authorisations…', () => {
  it('after a write on a role or a sign-in, even refused; never after a read or another write', async () => {
    const missing = '01a21416-aca4-767e-aa5c-000000000000';
    expect(await forgetsDuring(() => t.call('DELETE', `/api/role/delete/${missing}`, { token: t.adminToken }), 404)).toBe(1);
    expect(
      await forgetsDuring(
        () => t.call('POST', '/api/auth/loginAD', { token: null, body: { email: 'personne@colis.local', password: 'Mauvais123!' } }),
        401,
      ),
    ).toBe(1);
    expect(await forgetsDuring(() => t.call('GET', '/api/role/liste', { token: t.adminToken }), 200)).toBe(0);
    expect(await forgetsDuring(() => t.call('GET', '/api/statut/liste', { token: t.adminToken }), 200)).toBe(0);
    expect(await forgetsDuring(() => t.call('POST', '/api/pays/create', { token: t.adminToken, body: { code: '' } }), 400)).toBe(0);
  });
});
