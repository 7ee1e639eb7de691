/**
 * Orderly stop (docs/decisions/fault-tolerance.md): SIGTERM to the real server process while registrations
 * run. Requests in flight finish (200), requests arriving later are refused cleanly (503 in French, or the port is
 * closed), the process exits with code 0, PGlite is closed (its pg_control says "shut down" and the directory lock is
 * given back), and after a restart the parcels are exactly the acknowledged ones. Both passes.
 *
 * Which requests were running inside the server when the signal came is read afterwards from its request log
 * (LOG_LEVEL=info: "incoming request" and "request completed" per request id, and the "arrêt" line of the signal).
 * On PostgreSQL the test holds the departure's row lock while the burst arrives, so the registrations are certainly
 * running (waiting for the lock) when SIGTERM comes; it lets go 300 ms later.
 */
import { existsSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { lockPath } from '../../server/db/dataDirLock';
import { STOPPING_MESSAGE } from '../../server/plugins/lifecycle';
import {
  colisBody,
  createEnvoi,
  loadRefs,
  newTestDatabase,
  spawnServer,
  startServer,
  type CallResult,
  type ServerProcess,
  type TestDatabase,
} from './harness';

const BURST = 32;

let database: TestDatabase | null = null;
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const s of servers) await s.kill9();
  await database?.drop();
});

/** A refusal that processed nothing: 503 with the French message, or a connection refused or closed by the stopped server. */
function cleanRefusal(r: CallResult): boolean {
  if (r.status === 503) return r.body?.message === STOPPING_MESSAGE;
  return r.status === 0 && ['ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET'].includes(r.error ?? '');
}

/** Registration requests of the server's log: when each arrived and ended (ms), and its status. */
function requestLog(output: string) {
  const lines = output
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { time: number; msg: string; reqId?: string; req?: { url: string }; res?: { statusCode: number } });
  const term = lines.find((l) => l.msg === 'arrêt')?.time ?? NaN;
  const byId = new Map<string, { in: number; out?: number; status?: number }>();
  for (const l of lines) {
    if (l.msg === 'incoming request' && l.req?.url === '/api/colis/create') byId.set(l.reqId!, { in: l.time });
    const r = l.reqId ? byId.get(l.reqId) : undefined;
    if (r && l.msg === 'request completed') Object.assign(r, { out: l.time, status: l.res?.statusCode });
  }
  return { term, requests: [...byId.values()] };
}

describe('SIGTERM', () => {
  it('lets running requests finish, refuses new ones cleanly, closes the database and exits 0', async () => {
    database = await newTestDatabase();
    const s = await startServer(database.source, { env: { LOG_LEVEL: 'info' } });
    servers.push(s);
    const token = await s.login();
    const refs = await loadRefs(s, token);
    const envoiID = await createEnvoi(s, token, refs, 100_000);

    // PostgreSQL: hold the departure's row, so the burst waits inside the server.
    let holder: pg.Client | null = null;
    if (database.source.kind === 'postgres') {
      holder = new pg.Client({ connectionString: database.source.url });
      await holder.connect();
      await holder.query('begin');
      await holder.query('select id from envois where id = $1 for update', [envoiID]);
    }

    let answered = 0;
    const burst = Array.from({ length: BURST }, () =>
      s.call('POST', '/api/colis/create', { token, body: colisBody(refs, envoiID, 1) }).then((r) => {
        answered++;
        return { ...r, doneAt: Date.now() };
      }),
    );
    const arrived = () => (s.output().match(/"url":"\/api\/colis\/create"[^\n]*"msg":"incoming request"/g) ?? []).length;
    if (holder) {
      while (arrived() < BURST / 2) await new Promise((r) => setTimeout(r, 10));
    } else {
      while (answered === 0) await new Promise((r) => setTimeout(r, 2));
    }
    const termAt = Date.now();
    s.child.kill('SIGTERM');
    if (holder) {
      await new Promise((r) => setTimeout(r, 300));
      await holder.query('commit');
      await holder.end();
    }

    // Newcomers, every 25 ms until the process is gone.
    const late: CallResult[] = [];
    let gone = false;
    const exit = s.exited.then((e) => {
      gone = true;
      return e;
    });
    while (!gone) {
      late.push(await s.call('POST', '/api/colis/create', { token, body: colisBody(refs, envoiID, 1), timeoutMs: 15_000 }));
      await new Promise((r) => setTimeout(r, 25));
    }
    const { code, signal } = await exit;
    const exitMs = Date.now() - termAt;
    const answers = await Promise.all(burst);
    const log = requestLog(s.output());
    const runningAtTerm = log.requests.filter((r) => r.in < log.term && (r.out === undefined || r.out > log.term));

    const kinds = (rs: CallResult[]) =>
      JSON.stringify(
        rs.reduce<Record<string, number>>((acc, r) => {
          const k = r.status ? String(r.status) : (r.error ?? '0');
          return { ...acc, [k]: (acc[k] ?? 0) + 1 };
        }, {}),
      );
    console.log(
      `[SIGTERM ${database.source.kind}] rafale de ${BURST} : ${kinds(answers)}, ${runningAtTerm.length} en cours dans le serveur au signal ; ` +
        `nouveaux venus : ${kinds(late)} ; sortie ${code} en ${exitMs} ms`,
    );

    expect({ code, signal }, s.output().slice(-3000)).toEqual({ code: 0, signal: null });
    // In flight: the requests running inside the server at the signal all finished with 200. (PGlite runs one
    // request at a time, each to its end without yielding to the event loop, so the signal is handled between two.)
    if (database.source.kind === 'postgres') expect(runningAtTerm.length).toBeGreaterThan(0);
    expect(runningAtTerm.map((r) => r.status)).toEqual(runningAtTerm.map(() => 200));
    // Every call: 200, 503 in French, or a connection the server never read (refused, or reset in its listen queue
    // when the port closed); never a 500, never cut half-way, never a hang.
    expect([...answers, ...late].filter((r) => r.status !== 200 && !cleanRefusal(r))).toEqual([]);
    expect(late.length).toBeGreaterThan(0);
    // A connection error means the server never saw the request: it logged exactly the calls answered 200 or 503.
    expect(log.requests.length).toBe([...answers, ...late].filter((r) => r.status === 200 || r.status === 503).length);
    expect(s.output()).not.toMatch(/Arrêt trop long|Fermeture de la base de données|unexpected error/);

    if (database.source.kind === 'pglite') {
      // PGlite closed: checkpoint written, cluster state "shut down" (1), lock given back.
      expect(readFileSync(path.join(database.source.dataDir, 'global', 'pg_control')).readUInt32LE(16)).toBe(1);
      expect(existsSync(lockPath(database.source.dataDir))).toBe(false);
    }

    // Restart: exactly the acknowledged registrations are there.
    const acked = [...answers, ...late].filter((r) => r.status === 200).map((r) => r.body.data.id as string);
    const again = await startServer(database.source);
    servers.push(again);
    const token2 = await again.login();
    const onEnvoi = await again.call('GET', `/api/colis/getColisByEnvoiId/${envoiID}`, { token: token2 });
    expect((onEnvoi.body.data as { id: string }[]).map((c) => c.id).sort()).toEqual(acked.sort());
    expect((await again.stop()).code).toBe(0);
  }, 240_000);

  it('a client that never finishes its request does not hold the stop: it is cut, the database is still closed', async () => {
    const db = await newTestDatabase();
    try {
      const s = await startServer(db.source);
      servers.push(s);
      // Half a request (headers never ended), and an answer asked for and never read (socket paused): neither
      // connection is idle, so the HTTP server's close would wait for them (Node's own headers timeout is 60 s).
      const sockets = [net.connect(s.port, '127.0.0.1'), net.connect(s.port, '127.0.0.1')];
      await Promise.all(sockets.map((c) => new Promise((r) => c.once('connect', r))));
      sockets[0].write('GET /api/ready HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Lent: ');
      sockets[1].pause();
      sockets[1].write(`GET /api/docs/json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
      await new Promise((r) => setTimeout(r, 200));

      s.child.kill('SIGTERM');
      const { code, signal } = await s.exited;
      for (const c of sockets) c.destroy();
      expect({ code, signal }, s.output().slice(-3000)).toEqual({ code: 0, signal: null });
      expect(s.output()).not.toMatch(/Arrêt trop long|Fermeture de la base de données/);
      if (db.source.kind === 'pglite') {
        expect(readFileSync(path.join(db.source.dataDir, 'global', 'pg_control')).readUInt32LE(16)).toBe(1);
        expect(existsSync(lockPath(db.source.dataDir))).toBe(false);
      }
    } finally {
      await db.drop();
    }
  }, 120_000);
  it.runIf(!process.env.DATABASE_URL)(
    'a SIGTERM while the server starts stops it in order once started: database closed, lock given back',
    async () => {
      const db = await newTestDatabase();
      try {
        if (db.source.kind !== 'pglite') throw new Error('PGlite expected');
        const lock = lockPath(db.source.dataDir);
        const { child, output, exited } = await spawnServer(db.source);
        // The lock is taken as the database opens: the start is under way, not yet listening.
        while (!existsSync(lock)) await new Promise((r) => setTimeout(r, 5));
        child.kill('SIGTERM');
        const { code, signal } = await exited;
        expect({ code, signal }, output().slice(-3000)).toEqual({ code: 0, signal: null });
        expect(readFileSync(path.join(db.source.dataDir, 'global', 'pg_control')).readUInt32LE(16)).toBe(1);
        expect(existsSync(lock)).toBe(false);
        // And the next start opens it.
        const again = await startServer(db.source);
        servers.push(again);
        expect((await again.call('GET', '/api/ready')).status).toBe(200);
        expect((await again.stop()).code).toBe(0);
      } finally {
        await db.drop();
      }
    },
    120_000,
  );
});
