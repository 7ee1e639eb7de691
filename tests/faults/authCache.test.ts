/**
 * The signed-in user cache across two API processes on one PostgreSQL (docs/decisions/user-cache.md,
 * server/auth/userCache.ts): each process keeps the signed-in user in memory; a change made through process A (a
 * revoked key, a granted one, a deactivation) reaches process B through the database's NOTIFY, delivered at A's commit.
 * B's first call after A answered normally sees it; the test allows the notification up to 2 s on this shared machine
 * and reports how many calls it took. PostgreSQL pass only (PGlite is one process).
 */
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { newTestDatabase, startServer, type CallResult, type ServerProcess, type TestDatabase } from './harness';

let database: TestDatabase | null = null;
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const s of servers) await s.kill9();
  await database?.drop();
});

/** Calls until the status is `want` (at most 2 s); returns the last answer and how many calls it took. */
async function until(want: number, call: () => Promise<CallResult>) {
  const deadline = Date.now() + 2000;
  for (let n = 1; ; n++) {
    const r = await call();
    if (r.status === want || Date.now() > deadline) return { r, n };
    await new Promise((res) => setTimeout(res, 20));
  }
}

describe.runIf(!!process.env.DATABASE_URL)('signed-in user cache, two processes', () => {
  it('a key revoked, granted back, and a deactivation through A take effect on the next calls to B', async () => {
    database = await newTestDatabase();
    const [a, b] = await Promise.all([startServer(database.source), startServer(database.source)]);
    servers.push(a, b);
    const direct = new pg.Client({ connectionString: (database.source as { url: string }).url });
    await direct.connect();
    const one = async (q: string, p: unknown[] = []) => (await direct.query(q, p)).rows[0];
    const agentId = (await one(`SELECT id FROM users WHERE email = 'agent.paris@colis.local'`)).id as string;
    const roleId = (await one(`SELECT role_id FROM users WHERE id = $1`, [agentId])).role_id as string;
    const privId = (await one(`SELECT id FROM privileges WHERE libelle = 'encaissements'`)).id as string;
    await direct.end();

    const admin = await a.login();
    const agent = await b.login('agent.paris@colis.local', 'Agent123!');
    const list = () => b.call('GET', `/api/encaissement/liste/${agentId}`, { token: agent });
    // Twice: the second answer comes from B's cache.
    expect((await list()).status).toBe(200);
    expect((await list()).status).toBe(200);

    const found = await a.call('GET', `/api/autorisation/getAutorisationByPermissionAndRoleID/${roleId}/${privId}`, { token: admin });
    expect(found.status).toBe(200);
    const revoke = await a.call('PUT', `/api/autorisation/update/${found.body.autorisation.id}`, {
      token: admin,
      body: { isActive: false },
    });
    expect(revoke.status).toBe(200);
    const refused = await until(403, list);
    expect(refused.r.status).toBe(403);

    const grant = await a.call('POST', '/api/autorisation/create', { token: admin, body: { roleID: roleId, privilegeID: privId } });
    expect(grant.status).toBe(200);
    const back = await until(200, list);
    expect(back.r.status).toBe(200);

    const off = await a.call('PUT', `/api/user/update/${agentId}`, { token: admin, body: { isActive: false } });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const out = await until(401, list);
    expect(out.r.status).toBe(401);
    console.log(`[cache deux processus] appels de B jusqu'à l'effet : retrait ${refused.n}, octroi ${back.n}, désactivation ${out.n}`);
  }, 180_000);
});
