/**
 * Export time and memory at scale (issue 14 §3, bench/README.md "Exports"): the parcels list exported whole as CSV
 * and XLSX over real HTTP (the server listens on a local port, the client reads the stream and only counts bytes and
 * lines), on the database made by bench/generate.ts. Samples the process's RSS and heap every 50 ms and prints the
 * peak above the level before the export. A measurement, not a test.
 *
 * Usage: BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/colis_bench npx tsx bench/exports.ts
 *   (EXPORT_BATCH_SIZE to change the rows read per query, default 1000)
 */
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { createDatabase } from '../server/db/client';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL manquant');

const database = await createDatabase({ databaseUrl: url });
const app = await buildApp({
  db: database.db,
  config: { ...loadConfig({ JWT_SECRET: 'bench-secret-0123456789' }), loginRateLimit: 1000 },
  logger: false,
  uiDir: '/none',
});
const base = await app.listen({ port: 0, host: '127.0.0.1' });
const login = await fetch(`${base}/api/auth/loginAD`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'admin@colis.local', password: 'Admin123!' }),
});
const token = ((await login.json()) as { token: string }).token;
const headers = { authorization: `Bearer ${token}` };

const mb = (n: number) => (n / 1024 / 1024).toFixed(0);

/** Downloads one export, counting bytes and newlines; returns seconds, rows (CSV) and memory peaks. */
async function run(name: string, path: string) {
  global.gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 50);
  const t0 = performance.now();
  const res = await fetch(`${base}${path}`, { headers });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const b of chunk) if (b === 10) lines++;
  }
  const s = (performance.now() - t0) / 1000;
  clearInterval(timer);
  console.log(
    `${name.padEnd(44)} ${s.toFixed(1).padStart(6)} s  ${mb(bytes).padStart(4)} MB  ${String(lines).padStart(8)} lines  ` +
      `RSS ${mb(before.rss)}→${mb(peakRss)} MB  heap ${mb(before.heapUsed)}→${mb(peakHeap)} MB`,
  );
}

const total = ((await (await fetch(`${base}/api/colis/liste/x?_page=1&_perPage=1`, { headers })).json()) as { total: number }).total;
console.log(`parcels: ${total}`);
await run('colis CSV, newest first', '/api/colis/liste/x?format=csv');
await run('colis CSV, by agency (joined sort key)', '/api/colis/liste/x?format=csv&_sort=agenceID&_order=ASC');
await run('colis XLSX, newest first', '/api/colis/liste/x?format=xlsx');
await app.close();
await database.close();
