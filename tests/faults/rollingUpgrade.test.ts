/**
 * A rolling upgrade loses nothing (docs/architecture.md "Migrations beside a running version";
 * docs/decisions/fault-tolerance.md). Two API processes A and B on one PostgreSQL database, behind a load balancer the
 * test drives (tests/faults/balancer.ts); registrations (each with its own Idempotency-Key, as the browser sends them),
 * payments and reads run through it all along. A is taken out of rotation and stopped with SIGTERM while it still runs
 * requests (held on a departure's row lock), then started again as A2 on a newer release's migrations — a copy of
 * server/db/migrations plus one "expand" migration (MIGRATIONS_DIR): A2 applies it while B, on the previous release,
 * keeps serving on the expanded schema; then the same for B → B2 (the migration is already there). Afterwards:
 * every request was answered 2xx, each acknowledged registration is exactly one parcel row (none lost, none twice),
 * each departure's poids_reel, the payments and every counter table equal a recount, and the journal holds the new
 * migration once, and no process logged an unexpected error. Then, each on its own database: a migration deadlocked
 * with a running transaction runs again (server/db/client.ts); a registration deadlocked with an ALTER TABLE answers 503
 * and writes nothing (server/plugins/errors.ts), its retry with the same key registers once; two processes of the new
 * release started together apply its migration once (advisory lock). PostgreSQL pass only: PGlite is one process.
 */
import { createHash, randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCurrentUser } from '../../server/auth/currentUser';
import { circularStats, colisParMois, dashboardCounts } from '../../server/colis/stats';
import { createDatabase, MIGRATIONS_FOLDER } from '../../server/db/client';
import { STOPPING_MESSAGE } from '../../server/plugins/lifecycle';
import { listDaysDrift } from '../server/fixtures';
import { BACKEND_HEADER, startBalancer, type Balancer } from './balancer';
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

/** Concurrent registration loops (half on each of the two departures) and read loops. */
const WRITERS = 6;
const READERS = 1;
/** Each writer registers every PAY_EVERY-th parcel with an advance of 1 €, then pays 1 € more on it. */
const PAY_EVERY = 3;

let database: TestDatabase | null = null;
let balancer: Balancer | null = null;
const migrationsCopies: string[] = [];
const servers: ServerProcess[] = [];
afterAll(async () => {
  await balancer?.close();
  for (const s of servers) await s.kill9();
  await database?.drop();
  for (const dir of migrationsCopies) rmSync(dir, { recursive: true, force: true });
});

/** The "expand" step of the newer release: only what the previous release can run beside (nothing it reads changes). */
const EXPAND_SQL = `-- Expand (docs/architecture.md "Migrations beside a running version"): a nullable column on the parcels and the
-- clients, and an index; the running release neither reads nor writes them, its inserts leave them null.
ALTER TABLE "colis" ADD COLUMN "note_interne" text;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "surnom" text;
--> statement-breakpoint
CREATE INDEX "colis_note_interne_idx" ON "colis" USING btree ("note_interne") WHERE "note_interne" IS NOT NULL;
`;

/**
 * A copy of server/db/migrations with one more migration (the next index of the journal, 1 s after its newest).
 * @param migration its SQL (default EXPAND_SQL)
 * @returns the folder, the new migration's journal time (`when`, ms) and the number of migrations in it
 */
function newerMigrations(migration = EXPAND_SQL): { dir: string; when: number; total: number } {
  const root = mkdtempSync(path.join(os.tmpdir(), 'colis-migrations-'));
  const dir = path.join(root, 'migrations');
  cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
    entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
  };
  const idx = Math.max(...journal.entries.map((e) => e.idx)) + 1;
  const when = Math.max(...journal.entries.map((e) => e.when)) + 1000;
  const tag = `${String(idx).padStart(4, '0')}_mise_a_jour_progressive`;
  writeFileSync(path.join(dir, `${tag}.sql`), migration);
  journal.entries.push({ idx, version: '7', when, tag, breakpoints: true });
  writeFileSync(journalPath, JSON.stringify(journal, null, 2));
  migrationsCopies.push(root);
  return { dir, when, total: journal.entries.length };
}

/** The database name of a postgres:// URL. */
const dbName = (url: string) => new URL(url).pathname.slice(1);

/** One answer the load got through the balancer. */
interface Outcome {
  what: 'colis' | 'paiement' | 'lecture';
  status: number;
  /** Network error (status 0). */
  error?: string;
  /** The backend that answered (balancer header). */
  backend?: string;
  /** The phase of the upgrade when the answer came. */
  phase: string;
  body: any;
}

describe.runIf(!!process.env.DATABASE_URL)('rolling upgrade of two API processes on one PostgreSQL', () => {
  it('SIGTERM and restart on newer migrations, one process at a time, under load: nothing failed, lost or doubled', async () => {
    const started = Date.now();
    database = await newTestDatabase();
    const url = (database.source as { url: string }).url;
    const newer = newerMigrations();
    const [a, b] = await Promise.all([startServer(database.source), startServer(database.source)]);
    servers.push(a, b);
    balancer = await startBalancer();
    await Promise.all([balancer.add('A', a.port), balancer.add('B', b.port)]);

    // Everything below goes through the balancer.
    let phase = 'A+B';
    const outcomes: Outcome[] = [];
    const call = async (what: Outcome['what'], method: string, url: string, token: string, body?: unknown) => {
      try {
        const res = await fetch(`${balancer!.base}${url}`, {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            ...(body !== undefined ? { 'content-type': 'application/json', 'idempotency-key': randomUUID() } : {}),
          },
          body: body !== undefined ? JSON.stringify(body) : undefined,
          signal: AbortSignal.timeout(30_000),
        });
        const text = await res.text();
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          // not JSON
        }
        const o: Outcome = { what, status: res.status, backend: res.headers.get(BACKEND_HEADER) ?? undefined, phase, body: parsed };
        outcomes.push(o);
        return o;
      } catch (err) {
        const e = err as Error & { cause?: { code?: string } };
        const o: Outcome = { what, status: 0, error: e.cause?.code ?? e.name, phase, body: null };
        outcomes.push(o);
        return o;
      }
    };

    const token = await a.login();
    const refs = await loadRefs(a, token);
    const envoiIDs = [await createEnvoi(a, token, refs, 1_000_000), await createEnvoi(a, token, refs, 1_000_000)];
    const modes = await a.call('GET', '/api/modePaiement/liste', { token });
    const especes = (modes.body.datas as { id: string; code: string }[]).find((m) => m.code === 'ESPECES')!.id;

    let stop = false;
    const writer = async (i: number) => {
      for (let n = 1; !stop; n++) {
        // Every PAY_EVERY-th: an advance of 1 € with the registration (a payment row, in the registration's
        // transaction), then a payment of 1 € more.
        const advance = n % PAY_EVERY === 0;
        const body = {
          ...colisBody(refs, envoiIDs[i % 2], 1),
          ...(advance ? { reglement: 1, encaissement: { modePaiementID: especes, paymentby: 'expediteur' } } : {}),
        };
        const r = await call('colis', 'POST', '/api/colis/create', token, body);
        if (r.status === 200 && advance) {
          await call('paiement', 'POST', '/api/encaissement/create', token, {
            colisID: r.body.data.id,
            modePaiementID: especes,
            paymentby: 'expediteur',
            montantEncaisse: 1,
          });
        }
      }
    };
    const reader = async () => {
      for (let n = 0; !stop; n++) {
        if (n % 2) await call('lecture', 'GET', `/api/envoi/getBy/${envoiIDs[n % 4 < 2 ? 0 : 1]}`, token);
        // A page, as the list screen asks (an unpaged list is a heavy call, counted per user: plugins/usageLimits.ts).
        else await call('lecture', 'GET', '/api/colis/liste/x?_page=1&_perPage=25', token);
      }
    };
    const load = Promise.all([...Array.from({ length: WRITERS }, (_, i) => writer(i)), ...Array.from({ length: READERS }, reader)]);
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    await sleep(1000);

    /**
     * Replaces backend `name` (process `old`) by `next` on the newer migrations: out of rotation, SIGTERM while it
     * still runs registrations (held on the first departure's row lock for 300 ms), exit 0, then the new process in.
     * @returns the requests it was running at the signal
     */
    const upgrade = async (name: string, old: ServerProcess, next: string) => {
      const holder = new pg.Client({ connectionString: url });
      await holder.connect();
      await holder.query('begin');
      await holder.query('select id from envois where id = $1 for update', [envoiIDs[0]]);
      const until = Date.now() + 10_000;
      while (balancer!.inFlight(name) === 0 && Date.now() < until) await sleep(5);
      phase = `${name} arrêté`;
      balancer!.drain(name);
      const running = balancer!.inFlight(name);
      old.child.kill('SIGTERM');
      // While it drains (its registrations held), its readiness probe says it is stopping.
      const signalled = Date.now();
      let ready = await old.call('GET', '/api/ready', { timeoutMs: 2000 });
      while (ready.status === 200 && Date.now() - signalled < 3000) {
        await sleep(20);
        ready = await old.call('GET', '/api/ready', { timeoutMs: 2000 });
      }
      await sleep(Math.max(0, 300 - (Date.now() - signalled)));
      await holder.query('commit');
      await holder.end();
      const exit = await old.exited;
      expect(exit, old.output().slice(-3000)).toEqual({ code: 0, signal: null });
      expect(balancer!.inFlight(name)).toBe(0);
      balancer!.remove(name);
      phase = `${next} démarre`;
      const s = await startServer(database!.source, { env: { MIGRATIONS_DIR: newer.dir } });
      servers.push(s);
      await balancer!.add(next, s.port);
      phase = `${next} en service`;
      return { server: s, running, ready: { status: ready.status, message: ready.body?.message } };
    };

    const up1 = await upgrade('A', a, 'A2');
    phase = 'A2+B';
    await sleep(1000);
    const up2 = await upgrade('B', b, 'B2');
    phase = 'A2+B2';
    await sleep(1000);
    stop = true;
    await load;
    const stats = balancer.stats();

    // Per kind and phase: status counts, and who answered.
    const summary: Record<string, Record<string, number>> = {};
    for (const o of outcomes) {
      const k = `${o.phase} ${o.what}`;
      summary[k] ??= {};
      const s = o.status ? `${o.status}${o.backend ? `@${o.backend}` : ''}` : (o.error ?? '0');
      summary[k][s] = (summary[k][s] ?? 0) + 1;
    }
    console.log(
      `[mise à jour progressive] ${outcomes.length} réponses en ${Math.round((Date.now() - started) / 1000)} s ; ` +
        `requêtes en cours au SIGTERM : A ${up1.running}, B ${up2.running} ; balancer ${JSON.stringify(stats)}\n` +
        Object.entries(summary)
          .map(([k, v]) => `  ${k} : ${JSON.stringify(v)}`)
          .join('\n'),
    );

    // The servers' errors (log level 50 and above: a 500's query and cause), to tell why should anything fail.
    const serverErrors = servers.flatMap((s) =>
      s
        .output()
        .split('\n')
        .filter((l) => /"level":(50|60)/.test(l))
        .map((l) => `[serveur ${s.port}] ${l.slice(0, 300)} … ${l.slice(-2000)}`),
    );
    if (serverErrors.length) console.log(serverErrors.join('\n'));
    // 0 failed requests: every answer 2xx (a registration 200, never a 409/503/502, never a dropped connection).
    expect(
      outcomes.filter((o) => o.status < 200 || o.status > 299).map((o) => ({ ...o, body: JSON.stringify(o.body).slice(0, 300) })),
    ).toEqual([]);
    // Nor any unexpected error inside the processes (health checks included).
    expect(serverErrors).toEqual([]);
    // Each stopped process was running registrations at its signal, and finished them (all answered 200 above); its
    // readiness probe answered 503 "stopping" meanwhile (a balancer takes it out of rotation).
    expect(up1.running).toBeGreaterThan(0);
    expect(up2.running).toBeGreaterThan(0);
    expect([up1.ready, up2.ready]).toEqual(Array(2).fill({ status: 503, message: STOPPING_MESSAGE }));
    // Both new processes served, and the old B served registrations on the schema A2 had expanded.
    const registered = outcomes.filter((o) => o.what === 'colis');
    expect(registered.filter((o) => o.backend === 'A2').length).toBeGreaterThan(0);
    expect(registered.filter((o) => o.backend === 'B2').length).toBeGreaterThan(0);
    expect(registered.filter((o) => o.phase === 'A2+B' && o.backend === 'B').length).toBeGreaterThan(0);
    // Registrations went on while each process was stopped and replaced.
    expect(registered.filter((o) => o.phase === 'A arrêté' || o.phase === 'A2 démarre').length).toBeGreaterThan(0);
    expect(registered.filter((o) => o.phase === 'B arrêté' || o.phase === 'B2 démarre').length).toBeGreaterThan(0);

    // 0 duplicates, 0 lost: the parcels of the two departures are exactly the acknowledged registrations.
    const ids = registered.map((o) => o.body.data.id as string);
    expect(new Set(ids).size).toBe(ids.length);
    const paid = outcomes.filter((o) => o.what === 'paiement');
    expect(paid.length).toBeGreaterThan(0);

    const direct = new pg.Client({ connectionString: url });
    await direct.connect();
    const drizzleDb = await createDatabase({ databaseUrl: url });
    try {
      const rows = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
        (await direct.query(text, values)).rows as T[];
      const stored = await rows<{ id: string }>('select id from colis where envoi_id = any($1) and deleted_at is null order by id', [
        envoiIDs,
      ]);
      expect(stored.map((r) => r.id)).toEqual([...ids].sort());
      // Each departure's poids_reel (the capacity check's counter) = the weights of its parcels = 1 kg per answer.
      const weights = await rows(
        `select e.id, e.poids_reel::text as reel, coalesce(sum(c.poids), 0)::numeric(10,3)::text as recount, count(c.id)::int as n
           from envois e left join colis c on c.envoi_id = e.id and c.deleted_at is null
          where e.id = any($1) group by e.id order by e.id`,
        [envoiIDs],
      );
      for (const w of weights) expect(w.reel).toBe(w.recount);
      expect(weights.reduce((n, w) => n + (w.n as number), 0)).toBe(ids.length);
      // Payments: one row per acknowledged advance and payment, and each parcel's reglement = what was paid on it.
      const payments = await rows<{ n: number; drift: number }>(
        `select (select count(*)::int from encaissements p join colis c on c.id = p.colis_id where c.envoi_id = any($1)) as n,
                (select count(*)::int from colis c
                  where c.envoi_id = any($1)
                    and c.reglement <> coalesce((select sum(p.montant_encaisse) from encaissements p where p.colis_id = c.id and p.deleted_at is null), 0)) as drift`,
        [envoiIDs],
      );
      const advances = registered.filter((o) => Number(o.body.data.reglement) > 0).length;
      expect(advances).toBeGreaterThan(0);
      expect(payments[0]).toEqual({ n: advances + paid.length, drift: 0 });

      // Counter tables (server/db/fast/counters.ts) = a recount of the rows they summarise.
      const [admin] = await rows<{ id: string }>('select id from users where email = $1', [TEST_ADMIN.adminEmail]);
      const user = (await loadCurrentUser(drizzleDb.db, admin.id))!;
      expect(await dashboardCounts(drizzleDb.db, user, 'counters')).toEqual(await dashboardCounts(drizzleDb.db, user, 'parcels'));
      expect(await colisParMois(drizzleDb.db, user, 'counters')).toEqual(await colisParMois(drizzleDb.db, user, 'parcels'));
      expect(await circularStats(drizzleDb.db, user, 'counters')).toEqual(await circularStats(drizzleDb.db, user, 'parcels'));
      const days = await listDaysDrift(drizzleDb.db);
      expect(days.counted).toEqual(days.recounted);
      const folded = await drizzleDb.db.execute(sql`
        SELECT agence_id AS a, colis_agence_id AS ca, envoi_id AS e, sum(nb)::int AS n
          FROM encaissements_stats GROUP BY 1, 2, 3 HAVING sum(nb) <> 0 ORDER BY 1, 2, 3`);
      const recounted = await drizzleDb.db.execute(sql`
        SELECT e.agence_id AS a, c.agence_id AS ca, c.envoi_id AS e, count(*)::int AS n
          FROM encaissements e JOIN colis c ON c.id = e.colis_id WHERE e.deleted_at IS NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`);
      expect((folded as unknown as { rows: unknown[] }).rows).toEqual((recounted as unknown as { rows: unknown[] }).rows);

      // The newer migration: applied once (by A2; B2 found it there), whole, and recorded with its file's hash.
      const journal = await rows<{ hash: string; created_at: string }>('select hash, created_at::text from drizzle.__drizzle_migrations');
      expect(journal).toHaveLength(newer.total);
      const mine = journal.filter((j) => Number(j.created_at) === newer.when);
      expect(mine.map((j) => j.hash)).toEqual([createHash('sha256').update(EXPAND_SQL).digest('hex')]);
      const added = await rows('select table_name, column_name from information_schema.columns where column_name in ($1, $2) order by 1', [
        'note_interne',
        'surnom',
      ]);
      expect(added).toEqual([
        { table_name: 'colis', column_name: 'note_interne' },
        { table_name: 'users', column_name: 'surnom' },
      ]);
      expect(await rows('select count(*)::int as n from colis where note_interne is not null')).toEqual([{ n: 0 }]);
    } finally {
      await direct.end();
      await drizzleDb.close();
    }

    expect((await up1.server.stop()).code).toBe(0);
    expect((await up2.server.stop()).code).toBe(0);
  }, 180_000);

  it('a migration deadlocked with a running transaction is rolled back and runs again: the process starts', async () => {
    const db = await newTestDatabase();
    const url = (db.source as { url: string }).url;
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      const newer = newerMigrations();
      // A running transaction that wrote `users` (its lock held to the commit); the migration locks `colis`, then
      // waits for `users`; the transaction then reads `colis`: each waits for the other. PostgreSQL rolls back the one
      // whose deadlock check runs first: the server's (5 s, set on the database) before the test's (60 s).
      await holder.query(`alter database ${dbName(url)} set deadlock_timeout = '5s'`);
      await holder.query(`set deadlock_timeout = '60s'`);
      await holder.query('begin');
      await holder.query('update users set nom = nom where false');
      const starting = startServer(db.source, { env: { MIGRATIONS_DIR: newer.dir } });
      starting.catch(() => undefined);
      // Read by another connection: inside a transaction, pg_stat_activity stays as it was at its first read.
      const watcher = new pg.Client({ connectionString: url });
      await watcher.connect();
      const waiting = async () =>
        (
          await watcher.query(
            `select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock' and query like '%ALTER TABLE "users"%'`,
          )
        ).rows[0].n as number;
      const until = Date.now() + 60_000;
      while ((await waiting()) === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      const migrationWaited = await waiting();
      await watcher.end();
      expect(migrationWaited).toBe(1);
      const read = await holder.query('select count(*)::int as n from colis');
      expect(read.rows).toHaveLength(1);
      await holder.query('commit');
      const s = await starting;
      servers.push(s);
      const { rows } = await holder.query(
        'select count(*)::int as n, count(*) filter (where created_at = $1)::int as mine from drizzle.__drizzle_migrations',
        [newer.when],
      );
      expect(rows[0]).toEqual({ n: newer.total, mine: 1 });
      expect((await s.stop()).code).toBe(0);
    } finally {
      await holder.end();
      await db.drop();
    }
  }, 120_000);

  it('a registration deadlocked with an ALTER TABLE answers 503, writes nothing, and its retry with the same key registers', async () => {
    const db = await newTestDatabase();
    const url = (db.source as { url: string }).url;
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      // The server's deadlock check after 5 s, the test's after 60 s: the registration, which waits first, is rolled back.
      await holder.query(`alter database ${dbName(url)} set deadlock_timeout = '5s'`);
      await holder.query(`set deadlock_timeout = '60s'`);
      const s = await startServer(db.source);
      servers.push(s);
      const token = await s.login();
      const refs = await loadRefs(s, token);
      const envoiID = await createEnvoi(s, token, refs, 100);
      const register = (key: string, body: unknown) =>
        fetch(`${s.base}/api/colis/create`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
          body: JSON.stringify(body),
        });
      const key = randomUUID();
      const body = colisBody(refs, envoiID, 1);

      // The departure's row held: the registration (its tables' locks taken) waits for it; then an ALTER TABLE of the
      // parcels waits for the registration's lock on them: each waits for the other.
      await holder.query('begin');
      await holder.query('select id from envois where id = $1 for update', [envoiID]);
      const first = register(key, body);
      const watcher = new pg.Client({ connectionString: url });
      await watcher.connect();
      const until = Date.now() + 30_000;
      const waiting = async () =>
        (
          await watcher.query(
            `select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock' and query like '%WITH claim AS%'`,
          )
        ).rows[0].n as number;
      while ((await waiting()) === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      await watcher.end();
      await holder.query('alter table colis add column essai text');
      await holder.query('rollback');
      const res = await first;
      expect({ status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() }).toEqual({
        status: 503,
        retryAfter: '1',
        body: { success: false, message: 'Opération en conflit avec une autre, réessayez dans un instant.' },
      });
      const count = async () =>
        (
          await holder.query(
            'select poids_reel::text as p, (select count(*)::int from colis where envoi_id = $1) as n from envois where id = $1',
            [envoiID],
          )
        ).rows[0];
      expect(await count()).toEqual({ p: '0.000', n: 0 });

      // The same key again: registered once.
      const again = await register(key, body);
      expect(again.status).toBe(200);
      expect(await count()).toEqual({ p: '1.000', n: 1 });
      expect((await s.stop()).code).toBe(0);
    } finally {
      await holder.end();
      await db.drop();
    }
  }, 120_000);

  it('two processes of the new release started together: the migration runs once, both start', async () => {
    const db = await newTestDatabase();
    try {
      // A migration of 3 s: the two start-ups overlap (without the migrations' lock, the second one would read the
      // journal before the first committed and apply it again: "column already exists", the process exits).
      const newer = newerMigrations(`SELECT pg_sleep(3);\n--> statement-breakpoint\n${EXPAND_SQL}`);
      const both = await Promise.allSettled([0, 1].map(() => startServer(db.source, { env: { MIGRATIONS_DIR: newer.dir } })));
      for (const r of both) if (r.status === 'fulfilled') servers.push(r.value);
      expect(both.map((r) => (r.status === 'rejected' ? String(r.reason).slice(0, 2000) : 'prêt'))).toEqual(['prêt', 'prêt']);
      const direct = new pg.Client({ connectionString: (db.source as { url: string }).url });
      await direct.connect();
      const { rows } = await direct.query(
        'select count(*)::int as n, count(*) filter (where created_at = $1)::int as mine from drizzle.__drizzle_migrations',
        [newer.when],
      );
      await direct.end();
      expect(rows[0]).toEqual({ n: newer.total, mine: 1 });
      for (const r of both) if (r.status === 'fulfilled') expect((await r.value.stop()).code).toBe(0);
    } finally {
      await db.drop();
    }
  }, 120_000);
});
