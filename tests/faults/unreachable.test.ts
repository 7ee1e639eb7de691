/**
 * PostgreSQL unreachable (docs/decisions/fault-tolerance.md): the real server process talks to PostgreSQL
 * through a TCP proxy (tcpProxy.ts) that the test cuts and restores. While cut, every API call that needs the
 * database answers 503 with the French message within a bounded time, the liveness probe still answers 200, and the
 * process never exits; once restored, the API recovers by itself (no restart). Two cuts: PostgreSQL down (connections
 * refused and reset) and a network black hole (nothing answers, only timeouts tell). PostgreSQL pass only.
 */
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../server/db/client';
import {
  colisBody,
  createEnvoi,
  loadRefs,
  newTestDatabase,
  startServer,
  TEST_ADMIN,
  type Refs,
  type ServerProcess,
  type TestDatabase,
} from './harness';
import { startTcpProxy, type TcpProxy } from './tcpProxy';

const MESSAGE = 'Base de données indisponible, réessayez dans un instant.';
/** Timeouts given to the server (ms): a connection, a statement (the client waits 2 s more). */
const CONNECT_MS = 2000;
const STATEMENT_MS = 3000;
/** Longest a call may take to fail while cut (ms): one client-side query timeout, one connection wait, a margin. */
const BOUND_MS = STATEMENT_MS + 2000 + CONNECT_MS + 3000;

let database: TestDatabase | null = null;
let proxy: TcpProxy | null = null;
let server: ServerProcess | null = null;
afterAll(async () => {
  await server?.kill9();
  await proxy?.close();
  await database?.drop();
});

/** The calls probed while cut: public sign-in (a transaction), signed-in reads, a registration (a transaction). */
function probes(s: ServerProcess, token: string, refs: Refs, envoiID: string) {
  return [
    () => s.call('POST', '/api/auth/loginAD', { body: { email: TEST_ADMIN.adminEmail, password: TEST_ADMIN.adminPassword } }),
    () => s.call('GET', '/api/pays/liste', { token }),
    () => s.call('GET', '/api/envoi/liste?_page=1&_perPage=10', { token }),
    () => s.call('GET', `/api/envoi/getBy/${envoiID}`, { token }),
    () => s.call('POST', '/api/colis/create', { token, body: colisBody(refs, envoiID, 1) }),
  ];
}

/** Rejects when `promise` takes longer than `ms` (a leaked connection would make it hang). */
function within<T>(ms: number, promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`${what} : pas de réponse en ${ms} ms`)), ms)),
  );
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Polls GET /api/ready until 200. @returns the time it took (ms) */
async function untilReady(s: ServerProcess, limitMs = 30_000): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    if ((await s.call('GET', '/api/ready', { timeoutMs: 10_000 })).status === 200) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("l'API ne s'est pas rétablie");
}

/** One answer of the background traffic, with when its call started and ended (ms since epoch). */
interface Sample {
  at: number;
  end: number;
  status: number;
  message: string;
  ms: number;
}

/**
 * Background traffic: `workers` loops, each registering a parcel then reading the countries, until stopped.
 * Calls in flight when the cut comes are the ones that lose their connection mid-transaction.
 */
function traffic(s: ServerProcess, token: string, refs: Refs, envoiID: string, workers: number) {
  const samples: Sample[] = [];
  let running = true;
  const loops = Array.from({ length: workers }, async (_, w) => {
    for (let i = 0; running; i++) {
      const at = Date.now();
      const res =
        (i + w) % 2 === 0
          ? await s.call('POST', '/api/colis/create', { token, body: colisBody(refs, envoiID, 1) })
          : await s.call('GET', '/api/pays/liste', { token });
      samples.push({ at, end: Date.now(), status: res.status, message: res.body?.message ?? res.error ?? '', ms: res.ms });
      if (res.status !== 200) await new Promise((r) => setTimeout(r, 50));
    }
  });
  return {
    samples,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

describe.runIf(!!process.env.DATABASE_URL)('PostgreSQL unreachable', () => {
  it('answers 503 in French within a bounded time while cut, never exits, and recovers by itself', async () => {
    database = await newTestDatabase();
    if (database.source.kind !== 'postgres') throw new Error('PostgreSQL attendu');
    const direct = new URL(database.source.url);
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const viaProxy = new URL(direct);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    server = await startServer(
      { kind: 'postgres', url: viaProxy.toString() },
      { env: { PG_CONNECT_TIMEOUT_MS: String(CONNECT_MS), PG_STATEMENT_TIMEOUT_MS: String(STATEMENT_MS), PG_POOL_SIZE: '4' } },
    );
    const s = server;
    const token = await s.login();
    const refs = await loadRefs(s, token);
    const envoiID = await createEnvoi(s, token, refs, 100_000);
    const calls = probes(s, token, refs, envoiID);

    const report: string[] = [];
    for (const mode of ['refuse', 'blackhole'] as const) {
      // The cut comes while registrations are running: some lose their connection inside their transaction.
      const bg = traffic(s, token, refs, envoiID, 6);
      await new Promise((r) => setTimeout(r, 1000));
      await proxy.cut(mode);
      const cutAt = Date.now();
      // Two rounds of every probe, each round in parallel (more callers than pool connections).
      const answers = [];
      for (let round = 0; round < 2; round++) {
        answers.push(...(await Promise.all([...calls, ...calls].map((c) => c()))));
      }
      // Hold the cut long enough for the background traffic to meet it too: its calls in flight at the cut may wait
      // for their query's timeout (STATEMENT_MS and the client's 2 s more) before its next calls fail while cut (a
      // connection's timeout at most). Held 2 s only, the cut was sometimes lifted before any of them had answered.
      await new Promise((r) => setTimeout(r, Math.max(0, cutAt + STATEMENT_MS + 2000 + CONNECT_MS + 1000 - Date.now())));
      const ready = await s.call('GET', '/api/ready');
      const health = await s.call('GET', '/api/health');
      expect(s.child.exitCode, `le serveur s'est arrêté :\n${s.output()}`).toBeNull();
      const statuses = answers.map((a) => `${a.status} ${a.body?.message ?? a.error}`);
      expect(statuses).toEqual(answers.map(() => `503 ${MESSAGE}`));
      expect([ready.status, ready.body.status, ready.body.message]).toEqual([503, 'unavailable', MESSAGE]);
      expect([health.status, health.body]).toEqual([200, { success: true, status: 'ok' }]);
      expect(s.child.exitCode).toBeNull();
      const restoreAt = Date.now();

      await proxy.restore();
      const recoverMs = await untilReady(s);
      const after = await Promise.all(calls.map((c) => c()));
      expect(after.map((a) => a.status)).toEqual(calls.map(() => 200));
      await new Promise((r) => setTimeout(r, 500));
      await bg.stop();

      // Background calls: 200 before the cut, 503 (French) during it, 200 again once ready; never a 500, never a
      // dropped connection, never longer than the bound.
      const during = bg.samples.filter((x) => x.at > cutAt + 50 && x.end < restoreAt);
      const inFlight = bg.samples.filter((x) => x.at <= cutAt && x.end > cutAt);
      const afterReady = bg.samples.filter((x) => x.at > restoreAt + recoverMs);
      expect(bg.samples.filter((x) => ![200, 503].includes(x.status) || (x.status === 503 && x.message !== MESSAGE))).toEqual([]);
      expect(during.length).toBeGreaterThan(0);
      expect(during.filter((x) => x.status !== 503)).toEqual([]);
      expect(afterReady.length).toBeGreaterThan(0);
      expect(afterReady.filter((x) => x.status !== 200)).toEqual([]);
      const all = [...answers.map((a) => a.ms), ready.ms, ...bg.samples.map((x) => x.ms)];
      const slowest = Math.max(...all);
      expect(slowest).toBeLessThan(BOUND_MS);
      const sorted = [...answers.map((a) => a.ms), ...during.map((x) => x.ms)].sort((a, b) => a - b);
      report.push(
        `${mode} : ${sorted.length} appels en 503 (dont ${inFlight.length} en vol à la coupure : ` +
          `${inFlight.filter((x) => x.status === 200).length} × 200, ${inFlight.filter((x) => x.status === 503).length} × 503), ` +
          `médiane ${Math.round(sorted[sorted.length >> 1])} ms, max ${Math.round(slowest)} ms ` +
          `(coupure tenue ${restoreAt - cutAt} ms) ; rétabli en ${recoverMs} ms`,
      );
    }
    expect(s.child.exitCode).toBeNull();
    expect(s.output()).not.toMatch(/Uncaught|unhandled|FATAL/i);
    console.log(`[base injoignable] ${report.join(' | ')}`);
    expect((await s.stop()).code).toBe(0);
  }, 240_000);

  it('gives back the connection of a transaction whose BEGIN timed out, so the pool heals when the network does', async () => {
    const tpl = await newTestDatabase();
    const url = (tpl.source as { url: string }).url;
    const target = new URL(url);
    const p = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const viaProxy = new URL(url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(p.port);
    const before = process.env.PG_POOL_SIZE;
    process.env.PG_POOL_SIZE = '1'; // one connection: a leaked one would be the whole pool
    const d = await createDatabase({ databaseUrl: viaProxy.toString(), timeouts: { connectMs: 1000, statementMs: 1000 } });
    if (before === undefined) delete process.env.PG_POOL_SIZE;
    else process.env.PG_POOL_SIZE = before;
    try {
      await d.db.execute(sql`select 1`);
      await p.cut('blackhole');
      const started = Date.now();
      // Drizzle sends BEGIN outside its try block: when BEGIN fails it never releases the client.
      await expect(d.db.transaction((tx) => tx.execute(sql`select 1`))).rejects.toThrow();
      const failedAfter = Date.now() - started;
      expect(failedAfter).toBeLessThan(5000);
      await p.restore();
      const res = (await within(10_000, d.db.execute(sql`select 42 as n`), 'requête après rétablissement')) as unknown as {
        rows: { n: number }[];
      };
      expect(res.rows[0].n).toBe(42);
      console.log(`[pool] BEGIN sans réponse : échec en ${failedAfter} ms, connexion rendue, pool rétabli`);
    } finally {
      await within(10_000, d.close(), 'fermeture du pool').catch(() => undefined);
      await p.close();
      await tpl.drop();
    }
  }, 60_000);
});
