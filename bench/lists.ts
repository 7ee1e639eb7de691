/**
 * List and detail latency at scale (bench/): runs each scenario many times against the API (app.inject, so the
 * server's own work without network) on the database made by bench/generate.ts, --concurrency requests in flight
 * (default 4), and prints
 * p50 / p95 / p99 in ms. A measurement, not a test: nothing here fails on a number.
 *
 * Usage: BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/colis_bench npx tsx bench/lists.ts [--runs=40] [--concurrency=4]
 */
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { createDatabase } from '../server/db/client';

const runs = Number(process.argv.find((a) => a.startsWith('--runs='))?.split('=')[1] ?? 40);
const concurrency = Number(process.argv.find((a) => a.startsWith('--concurrency='))?.split('=')[1] ?? 4);
const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL manquant');

const database = await createDatabase({ databaseUrl: url });
const app = await buildApp({
  db: database.db,
  config: { ...loadConfig({ JWT_SECRET: 'bench-secret-0123456789' }), loginRateLimit: 1000 },
  logger: false,
  uiDir: '/none',
});
await app.ready();

async function login(email: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/loginAD', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login ${email}: ${res.body}`);
  return res.json().token;
}
const admin = await login('admin@colis.local', 'Admin123!');
const agent = await login('agent.dakar@colis.local', 'Agent123!');
const sample = (
  await app.inject({ method: 'GET', url: '/api/colis/liste/x?_page=1&_perPage=1', headers: { authorization: `Bearer ${admin}` } })
).json();
const ref: string = sample.datas[0].reference;
const agence = (await app.inject({ method: 'GET', url: '/api/agence/liste', headers: { authorization: `Bearer ${admin}` } })).json()
  .datas[0].id;

const scenarios: { name: string; url: string; token: string }[] = [
  { name: 'colis: page 1 (25), newest first', url: '/api/colis/liste/x?_page=1&_perPage=25&_sort=createdAt&_order=DESC', token: admin },
  { name: 'colis: page 1, one agency', url: `/api/colis/liste/x?_page=1&_perPage=25&agenceID=${agence}`, token: admin },
  { name: 'colis: page 1, agency user scope', url: '/api/colis/liste/x?_page=1&_perPage=25', token: agent },
  { name: 'colis: page 1, status filter', url: '/api/colis/liste/x?_page=1&_perPage=25&statut=EXPEDIE', token: admin },
  {
    name: 'colis: search reference fragment',
    url: `/api/colis/liste/x?_page=1&_perPage=25&q=${encodeURIComponent(ref.slice(-7))}`,
    token: admin,
  },
  { name: 'colis: search recipient name', url: '/api/colis/liste/x?_page=1&_perPage=25&q=Destinataire4242', token: admin },
  { name: 'colis: page 400 (offset 10 000)', url: '/api/colis/liste/x?_page=400&_perPage=25', token: admin },
  { name: 'colis: details by reference', url: `/api/colis/getByReference/${encodeURIComponent(ref)}`, token: admin },
  { name: 'envois: page 1', url: '/api/envoi/liste?_page=1&_perPage=25', token: admin },
  { name: 'clients: search phone', url: '/api/user/listeClients?_page=1&_perPage=25&q=00004242', token: admin },
];

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
console.log(`| scenario | p50 ms | p95 ms | p99 ms | total rows |`);
console.log(`|---|---|---|---|---|`);
for (const s of scenarios) {
  const times: number[] = [];
  let total = 0;
  let next = 0;
  const worker = async () => {
    while (next < runs) {
      next++;
      const t = performance.now();
      const res = await app.inject({ method: 'GET', url: s.url, headers: { authorization: `Bearer ${s.token}` } });
      times.push(performance.now() - t);
      if (res.statusCode !== 200) throw new Error(`${s.name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      total = res.json().total ?? 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  times.sort((a, b) => a - b);
  console.log(`| ${s.name} | ${pct(times, 50).toFixed(0)} | ${pct(times, 95).toFixed(0)} | ${pct(times, 99).toFixed(0)} | ${total} |`);
}
await app.close();
await database.close();
