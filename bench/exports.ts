/**
 * Export time and memory at scale (docs/decisions/list-exports.md, bench/README.md "Exports"): lists exported whole as
 * CSV and XLSX over real HTTP (the server listens on a local port, the client reads the stream and only counts bytes
 * and lines), on the database made by bench/generate.ts. Samples the process's RSS and heap every 50 ms and prints the
 * peak above the level before the export, the rows per second, and the load average before and after. With --explain,
 * prints instead the statements each export runs and the EXPLAIN ANALYZE time of a few of them (the first ones, one in
 * the middle, the last; --plans prints their plans): the SQL's own cost, whatever the machine's load.
 * A measurement, not a test.
 *
 * Usage: BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/colis_bench npx tsx bench/exports.ts
 *   [--only=<regexp on the scenario name>] [--explain [--plans] [--rows=N: only the statements of the first N lines]]
 *   (BENCH_PORT: the port to listen on, any free one by default; NODE_OPTIONS=--expose-gc to collect garbage before
 *   each export; EXPORT_BATCH_SIZE and EXPORT_ID_WINDOW change
 *   the rows read per query, server/http/export.ts)
 */
import os from 'node:os';
import { startBenchApp, statementRecorder } from './benchApp';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const only = arg('only') ? new RegExp(arg('only')!) : undefined;
const explain = process.argv.includes('--explain');
const plans = process.argv.includes('--plans');
const maxLines = Number(arg('rows') ?? Infinity);

const { base, headers, login, database, close } = await startBenchApp(Number(process.env.BENCH_PORT ?? 0));
const recorder = explain ? statementRecorder(database) : undefined;
const agent = await login('agent.dakar@colis.local', 'Agent123!');

const mb = (n: number) => (n / 1024 / 1024).toFixed(0);
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/** Downloads one export, counting bytes and newlines (going away after maxLines lines, when given). */
async function download(path: string, auth: Record<string, string>, maxLines = Infinity) {
  const res = await fetch(`${base}${path}`, { headers: auth });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const b of chunk) if (b === 10) lines++;
    if (lines >= maxLines) break;
  }
  return { bytes, lines };
}

/** One export: seconds, rows per second (CSV: lines less the header), memory peaks, load average before/after. */
async function run(name: string, path: string, auth: Record<string, string>) {
  global.gc?.();
  const loadBefore = load();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 50);
  const t0 = performance.now();
  const { bytes, lines } = await download(path, auth);
  const s = (performance.now() - t0) / 1000;
  clearInterval(timer);
  const rows = path.includes('format=csv') ? String(Math.round((lines - 1) / s)) : '';
  console.log(
    `| ${name} | ${s.toFixed(1)} s | ${rows} | ${mb(bytes)} MB | ${lines} | ${mb(before.rss)} → ${mb(peakRss)} MB | ` +
      `${mb(before.heapUsed)} → ${mb(peakHeap)} MB | ${loadBefore} / ${load()} |`,
  );
}

/** One export's statements: how many, and the EXPLAIN ANALYZE time (and plan) of a few of them. */
async function explainRun(name: string, path: string, auth: Record<string, string>) {
  const statements = (await recorder!.record(() => download(path, auth, maxLines))).filter((s) => /^\s*(select|with)/i.test(s.text));
  const n = statements.length;
  // The first statements, the next one that is not a batch of rows by ids (a later window of ids), a middle one, the last.
  const nextWindow = statements.findIndex((s, i) => i > 2 && !/ in \(\$/i.test(s.text));
  const picked = [...new Set([0, 1, 2, nextWindow, Math.floor(n / 2), n - 1].filter((i) => i >= 0 && i < n))].sort((a, b) => a - b);
  const times: string[] = [];
  for (const i of picked) {
    const res = (await recorder!.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${statements[i].text}`, statements[i].values)) as {
      rows: { 'QUERY PLAN': { 'Execution Time': number; Plan: { 'Actual Rows': number } }[] }[];
    };
    const plan = res.rows[0]['QUERY PLAN'][0];
    times.push(`#${i + 1}: ${plan['Execution Time'].toFixed(1)} ms (${plan.Plan['Actual Rows']} rows)`);
    if (plans) {
      const text = (await recorder!.query(`EXPLAIN (ANALYZE, BUFFERS) ${statements[i].text}`, statements[i].values)) as {
        rows: { 'QUERY PLAN': string }[];
      };
      console.log(`\n${name}, statement ${i + 1}/${n}:\n${statements[i].text.slice(0, 600)}\n`);
      console.log(text.rows.map((r) => r['QUERY PLAN']).join('\n'));
    }
  }
  console.log(`| ${name} | ${n} | ${times.join('; ')} | ${load()} |`);
}

const total = ((await (await fetch(`${base}/api/colis/liste/x?_page=1&_perPage=1`, { headers })).json()) as { total: number }).total;
console.log(`parcels: ${total}; load average ${load()}`);
const scenarios: [string, string, Record<string, string>][] = [
  ['colis CSV, newest first', '/api/colis/liste/x?format=csv', headers],
  ['colis CSV, by agency (joined sort key)', '/api/colis/liste/x?format=csv&_sort=agenceID&_order=ASC', headers],
  ['colis CSV, by status descending (joined sort key)', '/api/colis/liste/x?format=csv&_sort=statutID&_order=DESC', headers],
  ['colis CSV, by weight (no index)', '/api/colis/liste/x?format=csv&_sort=poids&_order=ASC', headers],
  ['colis CSV, search a recipient name', '/api/colis/liste/x?format=csv&q=Destinataire42', headers],
  ['colis CSV, agency user scope', '/api/colis/liste/x?format=csv', agent],
  ['colis XLSX, newest first', '/api/colis/liste/x?format=xlsx', headers],
  ['encaissements CSV, newest first', '/api/encaissement/liste/x?format=csv', headers],
];
if (explain) {
  console.log('| export | statements | EXPLAIN ANALYZE of statement #i | load average after |\n|---|---|---|---|');
} else {
  console.log('| export | time | rows/s | file | lines | RSS before → peak | heap before → peak | load average before / after |');
  console.log('|---|---|---|---|---|---|---|---|');
}
for (const [name, path, auth] of scenarios) {
  if (only && !only.test(name)) continue;
  await (explain ? explainRun : run)(name, path, auth);
}
await close();
