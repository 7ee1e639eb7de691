/**
 * Two API processes on one PostgreSQL database (docs/decisions/fault-tolerance.md; docs/architecture.md §1:
 * several processes behind a load balancer). Both start together on the same database; a token signed by one is
 * accepted by the other (the signing secret lives in the database); 64 concurrent 1 kg registrations on a 10 kg
 * departure, split across both, accept exactly 10; the sign-in throttle counts across both (its counters are rows
 * of the `throttles` table). PostgreSQL pass only.
 */
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  colisBody,
  createEnvoi,
  loadRefs,
  newTestDatabase,
  startServer,
  TEST_ADMIN,
  type ServerProcess,
  type TestDatabase,
} from './harness';

let database: TestDatabase | null = null;
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const s of servers) await s.kill9();
  await database?.drop();
});

describe.runIf(!!process.env.DATABASE_URL)('two API processes on one PostgreSQL', () => {
  it('share tokens, never overbook a departure, and count sign-in attempts together', async () => {
    database = await newTestDatabase();
    const [a, b] = await Promise.all([startServer(database.source), startServer(database.source)]);
    servers.push(a, b);
    const token = await a.login();
    expect((await b.call('GET', '/api/pays/liste', { token })).status).toBe(200);
    const refs = await loadRefs(a, token);
    const envoiID = await createEnvoi(a, token, refs, 10);

    // 64 registrations of 1 kg, alternately on each process, all at once.
    const results = await Promise.all(
      Array.from({ length: 64 }, (_, i) => (i % 2 ? b : a).call('POST', '/api/colis/create', { token, body: colisBody(refs, envoiID, 1) })),
    );
    const counts = results.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {});
    expect(counts).toEqual({ 200: 10, 409: 54 });
    const perProcess = [0, 1].map((side) => results.filter((r, i) => i % 2 === side && r.status === 200).length);
    const refusal = results.find((r) => r.status === 409)!.body.message as string;
    expect(refusal).toMatch(/poids/i);
    const envoi = await b.call('GET', `/api/envoi/getBy/${envoiID}`, { token });
    expect(envoi.body.data.poidsReel).toBe(10);
    // Exactly, in the database: numeric(10,3).
    const direct = new pg.Client({ connectionString: (database.source as { url: string }).url });
    await direct.connect();
    const { rows } = await direct.query(
      'select poids_reel::text as p, (select count(*)::int from colis where envoi_id = $1) as n from envois where id = $1',
      [envoiID],
    );
    await direct.end();
    expect(rows[0]).toEqual({ p: '10.000', n: 10 });
    const onEnvoi = await a.call('GET', `/api/colis/getColisByEnvoiId/${envoiID}`, { token });
    expect(onEnvoi.body.data).toHaveLength(10);

    // Sign-in throttle: 6 wrong passwords for one account, alternating between the processes → the 6th is 429.
    // Each process sees only 3: a counter kept in process memory would never lock.
    const attempts = [];
    for (let i = 0; i < 6; i++) {
      attempts.push(
        await (i % 2 ? b : a).call('POST', '/api/auth/loginAD', {
          body: { email: TEST_ADMIN.adminEmail, password: `faux-${i}`, type: 'ADMIN' },
        }),
      );
    }
    expect(attempts.map((r) => r.status)).toEqual([401, 401, 401, 401, 401, 429]);
    expect(attempts[5].body.message).toMatch(/^Trop de tentatives de connexion\. Veuillez réessayer dans \d+ secondes\.$/);
    // Locked on both: even the right password waits.
    const right = await a.call('POST', '/api/auth/loginAD', { body: { email: TEST_ADMIN.adminEmail, password: TEST_ADMIN.adminPassword } });
    expect(right.status).toBe(429);

    console.log(
      `[deux processus] 64 enregistrements : ${counts[200]} acceptés (${perProcess[0]} par A, ${perProcess[1]} par B), ${counts[409]} refusés 409 « ${refusal} », ` +
        `poidsReel ${rows[0].p} ; connexion : ${attempts.map((r) => r.status).join(', ')}`,
    );
    expect((await a.stop()).code).toBe(0);
    expect((await b.stop()).code).toBe(0);
  }, 240_000);
});
