/**
 * A JSON body that is not an object — `null`, `[]`, a string, a number, `true` — sent to every POST, PUT and DELETE
 * route of the route table (server/access/routeAccess.ts), signed in as the ADMIN and as an agent, is refused with a
 * French 4xx (400, or the route's own 401/403/404 before its body is read), never a 5xx (security probe 2026-12-01 F8:
 * `notification/contactClients` with the body `null` answered 500, its schema's refinement reading a field of null).
 * The rule is the JSON parser's (server/plugins/inputGuard.ts): a body, when there is one, is an object.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_ACCESS } from '../../server/access/routeAccess';
import { setupTestApp, type TestContext } from './helpers';

let t: TestContext;
let agentToken: string;

beforeAll(async () => {
  t = await setupTestApp();
  agentToken = (await t.createStaff('AGENT', { agenceCode: 'PAR1' })).token;
});
afterAll(() => t.close());

/** An id that names nothing, for every path parameter. */
const NOBODY = '01a20000-0000-7000-8000-000000000000';
const BODIES = ['null', '[]', '"s"', '1', 'true'];

/** The routes that take a body: every POST, PUT and DELETE of the route table, with their parameters filled in. */
const writeRoutes = () =>
  Object.keys(ROUTE_ACCESS)
    .map((key) => key.split(' ') as [string, string])
    .filter(([method]) => method === 'POST' || method === 'PUT' || method === 'DELETE')
    .map(([method, url]) => [method, url.replace(/:[A-Za-z]+/g, NOBODY)] as const);

/** Sends `text` as an application/json body; returns status and parsed answer. */
async function send(method: string, url: string, text: string, token: string | null) {
  const res = await t.app.inject({
    method: method as 'POST',
    url,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: text,
  });
  return { status: res.statusCode, body: res.json() as { success?: boolean; message?: string } };
}

describe('F8: a body that is not a JSON object', () => {
  it('contactClients with null, the probe’s case, is a French 400', async () => {
    const res = await send('POST', '/api/notification/contactClients', 'null', t.adminToken);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: 'Le corps de la requête doit être un objet JSON.' });
  });

  it('every write route answers 400, 401, 403 or 404 to null, [], a string, a number and true, as the ADMIN and as an agent', async () => {
    const routes = writeRoutes();
    expect(routes.length).toBeGreaterThan(60);
    const seen: Record<number, number> = {};
    const wrong: string[] = [];
    for (const [method, url] of routes) {
      for (const token of [t.adminToken, agentToken]) {
        for (const text of BODIES) {
          const res = await send(method, url, text, token);
          seen[res.status] = (seen[res.status] ?? 0) + 1;
          if (![400, 401, 403, 404].includes(res.status) || res.body.success !== false || !res.body.message) {
            wrong.push(`${method} ${url} ${text} → ${res.status} ${JSON.stringify(res.body)}`);
          }
        }
      }
    }
    console.log(`[nonObjectBodies] ${routes.length} routes × 2 users × ${BODIES.length} bodies: ${JSON.stringify(seen)}`);
    expect(wrong).toEqual([]);
  });
});
