/**
 * The product against json-server (docs/decisions/performance-targets.md target 2): the same parcels, as the API
 * answers them, served by json-server 0.17.4 from a db.json and by the product on PostgreSQL, both listening on local
 * ports and driven by autocannon with the same connections and duration for four list queries. Prints a markdown table
 * of requests per second, latencies and the ratio product / json-server. A measurement, not a test: nothing fails on a
 * number.
 *
 * Usage (the database made by bench/generate.ts, e.g. --colis=100000 --clients=10000 --envois=200):
 *   BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/colis_bench100k npx tsx bench/vs-json-server.ts
 *     [--seconds=10] [--connections=10] [--port=3360] [--json-port=3361] [--db-json=/tmp/vs-json-server/db.json]
 *     [--in-process]   (autocannon on the product's thread, as before, instead of a worker thread)
 *     [--grouped]      (the administrator's answer with its byAgence groups, as before 2026-12-06, instead of the
 *                       answer the parcel list screen asks for, `_byAgence=0`: docs/decisions/list-by-agence.md)
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import autocannon from 'autocannon';
import { startBenchApp } from './benchApp';

const arg = (name: string, def: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? def;
const seconds = Number(arg('seconds', '10'));
const connections = Number(arg('connections', '10'));
const port = Number(arg('port', '3360'));
const jsonPort = Number(arg('json-port', '3361'));
const dbJson = arg('db-json', '/tmp/vs-json-server/db.json');
/**
 * --in-process: autocannon on this process's main thread, which also runs the product (how this bench measured before
 * 2026-11-25, third session); by default it runs in a worker thread, as json-server runs in its own process, so
 * neither server shares its thread with the load generator.
 */
const inProcess = process.argv.includes('--in-process');
/** The product's answers as the screen asks them (each row once), or with --grouped the spec's default answer. */
const shape = process.argv.includes('--grouped') ? '' : '&_byAgence=0';

const { base: api, headers, close } = await startBenchApp(port);

// db.json: every parcel exactly as colis/liste answers it (newest first), read page by page.
const parcels: Record<string, unknown>[] = [];
for (let page = 1; ; page++) {
  const res = await fetch(`${api}/api/colis/liste/x?_page=${page}&_perPage=500&_sort=createdAt&_order=DESC`, { headers });
  const body = (await res.json()) as { datas: Record<string, unknown>[]; total: number };
  parcels.push(...body.datas);
  if (body.datas.length < 500) break;
}
mkdirSync(dirname(dbJson), { recursive: true });
writeFileSync(dbJson, JSON.stringify({ colis: parcels }));
console.log(`db.json: ${parcels.length} parcels (${dbJson})`);
const agence = (parcels[0].agenceID as { id: string }).id;

const jsonServer = spawn('node_modules/.bin/json-server', [dbJson, '--port', String(jsonPort), '--quiet'], { stdio: 'inherit' });
const jsonApi = `http://127.0.0.1:${jsonPort}`;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${jsonApi}/colis?_limit=1`)).ok) break;
  } catch {
    if (i > 600) throw new Error('json-server ne répond pas');
  }
  await new Promise((r) => setTimeout(r, 500));
}

const queries: { name: string; product: string; json: string }[] = [
  {
    name: 'page 2 000 of 25, newest first',
    product: '/api/colis/liste/x?_page=2000&_perPage=25&_sort=createdAt&_order=DESC',
    json: '/colis?_page=2000&_limit=25&_sort=createdAt&_order=desc',
  },
  {
    name: 'page 1 of 25, newest first',
    product: '/api/colis/liste/x?_page=1&_perPage=25&_sort=createdAt&_order=DESC',
    json: '/colis?_page=1&_limit=25&_sort=createdAt&_order=desc',
  },
  {
    name: 'one agency, page 1',
    product: `/api/colis/liste/x?_page=1&_perPage=25&_sort=createdAt&_order=DESC&agenceID=${agence}`,
    json: `/colis?_page=1&_limit=25&_sort=createdAt&_order=desc&agenceID.id=${agence}`,
  },
  {
    name: 'search a recipient name',
    product: '/api/colis/liste/x?_page=1&_perPage=25&q=Destinataire4242',
    json: '/colis?_page=1&_limit=25&q=Destinataire4242',
  },
];

interface Run {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}
async function drive(target: string, extra: Record<string, string> = {}): Promise<Run> {
  const r = await autocannon({ url: target, connections, duration: seconds, headers: extra, ...(inProcess ? {} : { workers: 1 }) });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts + r.non2xx };
}

const lines = [
  `| query | json-server req/s | json-server p50 / p99 ms | product req/s | product p50 / p99 ms | product ÷ json-server |`,
  `|---|---|---|---|---|---|`,
];
for (const q of queries) {
  const j = await drive(`${jsonApi}${q.json}`);
  const p = await drive(`${api}${q.product}${shape}`, headers);
  const errs = j.errors || p.errors ? ` (errors: json-server ${j.errors}, product ${p.errors})` : '';
  lines.push(
    `| ${q.name} | ${j.rps.toFixed(1)} | ${j.p50} / ${j.p99} | ${p.rps.toFixed(0)} | ${p.p50} / ${p.p99} | ${(p.rps / Math.max(j.rps, 0.01)).toFixed(0)}×${errs} |`,
  );
  console.log(lines[lines.length - 1]);
}
console.log(`\n${lines.join('\n')}`);
jsonServer.kill();
await close();
