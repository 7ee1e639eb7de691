/**
 * Dashboard latency at scale (docs/decisions/performance-targets.md, docs/decisions/dashboard-figures.md): the three
 * dashboard calls (colis/getAllData,
 * colis/colisEnvoyesParMois, colis/circularStatistiques) fired together as the screen does, for ADMIN and for an
 * agency user, on the database made by bench/generate.ts (app.inject: the server's own work, no network). Prints, as
 * Markdown tables for bench/README.md:
 * - the three calls together (all in flight at once, time until the last answers) and each call, p50 / p95 / p99 in ms,
 *   one dashboard at a time, then `--concurrency` dashboards at a time;
 * - the same figures recounted from the parcel table (the 'parcels' source of server/colis/stats.ts, what the counters
 *   replace), a few runs, and whether counters and recount agree at this scale;
 * - what the counter triggers cost a write: one parcel's status change and a departure's cascade over its parcels,
 *   with and without the triggers (each in a transaction rolled back).
 * A measurement, not a test: nothing here fails on a number.
 *
 * Usage: BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/colis_bench npx tsx bench/dashboard.ts [--runs=40] [--concurrency=4]
 */
import { isDeepStrictEqual } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadCurrentUser } from '../server/auth/currentUser';
import { circularStats, colisParMois, dashboardCounts, type StatsSource } from '../server/colis/stats';
import { createDatabase } from '../server/db/client';
import { benchAppOn } from './benchApp';

const arg = (name: string, def: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? def);
const runs = arg('runs', 40);
const concurrency = arg('concurrency', 4);
const recountRuns = arg('recount-runs', 3);
const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL manquant');

const database = await createDatabase({ databaseUrl: url });
const db = database.db;
const app = await benchAppOn(db);

async function login(email: string, password: string): Promise<{ token: string; id: string }> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/loginAD', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login ${email}: ${res.body}`);
  return { token: res.json().token, id: res.json().data.id };
}
const users = [
  { name: 'ADMIN', ...(await login('admin@colis.local', 'Admin123!')) },
  { name: 'agent Dakar', ...(await login('agent.dakar@colis.local', 'Agent123!')) },
  { name: 'agent Paris', ...(await login('agent.paris@colis.local', 'Agent123!')) },
];
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const [{ n: parcels }] = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM colis WHERE deleted_at IS NULL`));
console.log(
  `Parcels: ${parcels}; load average: ${(await import('node:os'))
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}\n`,
);

const CALLS = ['getAllData', 'colisEnvoyesParMois', 'circularStatistiques'] as const;
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const fmt = (times: number[]) => {
  const s = [...times].sort((a, b) => a - b);
  return `${pct(s, 50).toFixed(0)} | ${pct(s, 95).toFixed(0)} | ${pct(s, 99).toFixed(0)}`;
};

async function call(name: string, token: string): Promise<number> {
  const t = performance.now();
  const res = await app.inject({ method: 'GET', url: `/api/colis/${name}/x`, headers: { authorization: `Bearer ${token}` } });
  if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  return performance.now() - t;
}

/** One dashboard: the three calls in flight together; returns the time until the last answered and each call's. */
async function dashboard(token: string) {
  const t = performance.now();
  const each = await Promise.all(CALLS.map((c) => call(c, token)));
  return { together: performance.now() - t, each };
}

async function measure(inFlight: number) {
  console.log(`### ${inFlight === 1 ? 'One dashboard at a time' : `${inFlight} dashboards in flight`} (${runs} runs per user)\n`);
  console.log(
    `| user | three calls together p50 / p95 / p99 ms | getAllData p50 / p95 / p99 | colisEnvoyesParMois | circularStatistiques |`,
  );
  console.log(`|---|---|---|---|---|`);
  for (const u of users) {
    for (let i = 0; i < 3; i++) await dashboard(u.token); // warm-up
    const together: number[] = [];
    const each: number[][] = [[], [], []];
    let next = 0;
    const worker = async () => {
      while (next < runs) {
        next++;
        const r = await dashboard(u.token);
        together.push(r.together);
        r.each.forEach((ms, i) => each[i].push(ms));
      }
    };
    await Promise.all(Array.from({ length: inFlight }, worker));
    console.log(`| ${u.name} | ${fmt(together)} | ${each.map(fmt).join(' | ')} |`);
  }
  console.log('');
}

await measure(1);
await measure(concurrency);

// ---------------------------------------------------------------- what the counters replace
console.log(`### The same figures recounted from the parcel table (${recountRuns} runs, functions called directly)\n`);
console.log(`| user | counters: three calls p50 ms | recount: three calls p50 / max ms | counters = recount |`);
console.log(`|---|---|---|---|`);
for (const u of users) {
  const user = (await loadCurrentUser(db, u.id))!;
  const three = (source: StatsSource) =>
    Promise.all([dashboardCounts(db, user, source), colisParMois(db, user, source), circularStats(db, user, source)]);
  const timed = async (source: StatsSource, n: number) => {
    const times: number[] = [];
    let last: unknown;
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      last = await three(source);
      times.push(performance.now() - t);
    }
    return { times: times.sort((a, b) => a - b), last };
  };
  const counters = await timed('counters', 10);
  const recount = await timed('parcels', recountRuns);
  console.log(
    `| ${u.name} | ${pct(counters.times, 50).toFixed(0)} | ${pct(recount.times, 50).toFixed(0)} / ${recount.times.at(-1)!.toFixed(0)} | ${
      isDeepStrictEqual(counters.last, recount.last) ? 'yes' : 'NO'
    } |`,
  );
}
console.log('');

// ---------------------------------------------------------------- what the triggers cost a write
const [envoi] = rowsOf<{ id: string; n: number }>(
  await db.execute(sql`SELECT envoi_id AS id, count(*)::int AS n FROM colis GROUP BY envoi_id ORDER BY count(*) DESC LIMIT 1`),
);
const [one] = rowsOf<{ id: string }>(await db.execute(sql`SELECT id FROM colis WHERE envoi_id = ${envoi.id} LIMIT 1`));
const [target] = rowsOf<{ id: string }>(await db.execute(sql`SELECT id FROM statuts WHERE code = 'EN_COURS_ENVOI'`));
class Rollback extends Error {}
async function timedWrite(withTriggers: boolean, where: 'one' | 'envoi'): Promise<number> {
  let ms = 0;
  try {
    await db.transaction(async (tx) => {
      if (!withTriggers) await tx.execute(sql`ALTER TABLE colis DISABLE TRIGGER USER`);
      const t = performance.now();
      await tx.execute(
        where === 'one'
          ? sql`UPDATE colis SET statut_id = ${target.id}, updated_at = now() WHERE id = ${one.id}`
          : sql`UPDATE colis SET statut_id = ${target.id}, updated_at = now() WHERE envoi_id = ${envoi.id}`,
      );
      ms = performance.now() - t;
      throw new Rollback();
    });
  } catch (e) {
    if (!(e instanceof Rollback)) throw e;
  }
  return ms;
}
console.log(`### What the counter triggers cost a write (20 runs each, rolled back)\n`);
console.log(`| write | without triggers p50 ms | with triggers p50 ms |`);
console.log(`|---|---|---|`);
for (const where of ['one', 'envoi'] as const) {
  const without: number[] = [];
  const withT: number[] = [];
  for (let i = 0; i < 20; i++) {
    without.push(await timedWrite(false, where));
    withT.push(await timedWrite(true, where));
  }
  const p50 = (a: number[]) =>
    pct(
      [...a].sort((x, y) => x - y),
      50,
    ).toFixed(1);
  console.log(
    `| ${where === 'one' ? 'one parcel changes status' : `a departure's ${envoi.n} parcels change status`} | ${p50(without)} | ${p50(withT)} |`,
  );
}
await app.close();
await database.close();
