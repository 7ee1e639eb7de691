/**
 * Cheap refusals first (docs/decisions/security-hardening.md "Cheap refusals"): a call without a valid session is
 * refused from its headers, before its body is read or parsed, and a body nested too deep is refused before it is
 * parsed, by a scan without recursion (server/plugins/access.ts, server/plugins/inputGuard.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../server/plugins/inputGuard';
import { setupTestApp, type TestContext } from './helpers';

let t: TestContext;

beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t.close());

/** Sends a raw JSON text to a route, with or without the administrator's token. */
async function raw(url: string, payload: string, token?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload,
  });
  return { status: res.statusCode, body: res.json() as { success: boolean; message: string } };
}

describe('a call without a session is refused before its body is read', () => {
  it('a malformed body without a token is a 401, not a parse error', async () => {
    const res = await raw('/api/pays/create', '{"code": ');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, message: 'Authentification requise.' });
  });

  it('a body nested 8 000 deep without a token is a 401; with a token a French 400, never a 500', async () => {
    const deep = '['.repeat(8000) + ']'.repeat(8000);
    expect((await raw('/api/pays/create', deep)).status).toBe(401);
    const signed = await raw('/api/pays/create', deep, t.adminToken);
    expect(signed.status).toBe(400);
    expect(signed.body.message).toBe(`Requête trop imbriquée : ${MAX_JSON_DEPTH} niveaux au plus.`);
    // 2 500 objects deep: 15 KB, under the route's 16 KiB body limit (plugins/bodyLimits.ts), so the depth scan decides.
    const objects = await raw('/api/pays/create', '{"a":'.repeat(2500) + '1' + '}'.repeat(2500), t.adminToken);
    expect(objects.status).toBe(400);
  });

  it('a forged token is refused the same way, and a signed call still reaches its permission check', async () => {
    expect((await raw('/api/pays/create', '{', 'forged.token.value')).status).toBe(401);
    const agent = await t.createStaff('AGENT', { agenceCode: 'PAR1' });
    // Signed in, but creating a country needs a key an agent does not hold: 403 once the body is parsed.
    expect((await raw('/api/pays/create', JSON.stringify({ code: 'ZZ' }), agent.token)).status).toBe(403);
  });
});

describe('nestsDeeperThan', () => {
  it('counts objects and arrays, not the brackets inside strings', () => {
    expect(nestsDeeperThan('{"a":[1,{"b":2}]}', 3)).toBe(false);
    expect(nestsDeeperThan('{"a":[1,{"b":[2]}]}', 3)).toBe(true);
    expect(nestsDeeperThan(JSON.stringify({ s: '[[[[[[[[{{{{{{', t: 'a\\"[[[[' }), 1)).toBe(false);
    expect(nestsDeeperThan('[]'.repeat(1000), 1)).toBe(false);
  });
});
