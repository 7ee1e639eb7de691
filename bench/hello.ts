/**
 * The cost of the request path (docs/decisions/performance-targets.md target 4): a bare Fastify hello-world against the
 * product's authenticated small GET (`GET /api/statut/liste` signed in as the Paris agent: token check, signed-in user
 * and permissions, permission key, the list, serialisation), both measured with autocannon in the same process and run,
 * same connections and duration, one after the other. Target: the authenticated GET ≥ 50 % of the hello-world's
 * requests/s. A measurement, not a test: nothing here fails on a number (a non-2xx answer exits with code 1).
 *
 * Usage: BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/regbench npx tsx bench/hello.ts [--seconds=10] [--connections=32]
 *          [--path=/api/modeEnvoi/liste]   (another signed-in GET than the statuses list)
 *        (without BENCH_DATABASE_URL: an in-memory PGlite database, seeded here)
 */
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { benchAppOn, openSeededDatabase } from './benchApp';

const arg = (name: string, def: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? def);
const seconds = arg('seconds', 10);
const connections = arg('connections', 32);
const url = process.env.BENCH_DATABASE_URL;
/** --path=/api/…: the signed-in GET measured (default the statuses list, the issue's). */
const path = process.argv.find((a) => a.startsWith('--path='))?.slice('--path='.length) ?? '/api/statut/liste';

const database = await openSeededDatabase(url);
const app = await benchAppOn(database.db);
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const login = await fetch(`${base}/api/auth/loginAD`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'agent.paris@colis.local', password: 'Agent123!' }),
});
const { token } = (await login.json()) as { token: string };
if (!token) throw new Error(`connexion: ${login.status}`);

const hello = Fastify({ logger: false });
hello.get('/', async () => ({ hello: 'world' }));
await hello.listen({ port: 0, host: '127.0.0.1' });
const helloUrl = `http://127.0.0.1:${(hello.server.address() as AddressInfo).port}/`;

/** One autocannon run: requests/s (mean), latency p50 / p99 ms, non-2xx answers. */
async function run(name: string, target: string, headers: Record<string, string> = {}) {
  const r = await autocannon({ url: target, connections, duration: seconds, headers });
  const row = { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx + r.errors };
  console.log(`| ${name} | ${row.rps.toFixed(0)} | ${row.p50} / ${row.p99} | ${row.non2xx} |`);
  return row;
}

console.log(
  `${new Date().toISOString()}; ${os.cpus().length} cores; load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}; ${database.kind}; ${connections} connections, ${seconds} s each\n`,
);
// Warm-up (JIT, pool connections, the user cache).
await autocannon({ url: `${base}${path}`, connections, duration: 2, headers: { authorization: `Bearer ${token}` } });
await autocannon({ url: helloUrl, connections, duration: 2 });
console.log('| server | requests/s | latency p50 / p99 ms | non-2xx or errors |');
console.log('|---|---|---|---|');
const bare = await run('bare Fastify hello-world', helloUrl);
const authed = await run(`GET ${path} (signed in)`, `${base}${path}`, { authorization: `Bearer ${token}` });
console.log(`\nratio: ${((100 * authed.rps) / bare.rps).toFixed(0)} % (target ≥ 50 %)`);
await hello.close();
await app.close();
await database.close();
if (bare.non2xx || authed.non2xx) process.exit(1);
