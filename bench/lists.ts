/**
 * List and detail latency at scale (docs/decisions/performance-targets.md target 1): runs each scenario many times
 * against the API (app.inject, so the server's own work without network) on the database made by bench/generate.ts,
 * --concurrency requests in flight (default 4), and prints p50 / p95 / p99 in ms with the list's `total`. With
 * --explain, prints instead the time PostgreSQL itself spends on the statements of one request (sum of their EXPLAIN
 * ANALYZE execution times, median of --runs), the request path (token, current user, serialisation) left out.
 * A measurement, not a test: nothing here fails on a number. A statement running over 30 s is stopped (the
 * scenario then reads "timeout").
 *
 * Usage: BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/colis_bench npx tsx bench/lists.ts [--runs=40]
 *   [--concurrency=4] [--only=<regexp on the scenario name>] [--explain] [--warmup=20]
 */
import { createDatabase } from '../server/db/client';
import { benchAppOn, statementRecorder } from './benchApp';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const runs = Number(arg('runs') ?? 40);
const concurrency = Number(arg('concurrency') ?? 4);
const only = arg('only') ? new RegExp(arg('only')!) : undefined;
const explain = process.argv.includes('--explain');
// Untimed requests per connection in flight before each scenario is timed: a steady server has parsed its statements
// and PostgreSQL keeps a generic plan of a prepared statement after its fifth execution (server/db/fast/namedStatements.ts)
// on each connection. The pool hands its idle connections back last in, first out, unevenly: with 5 per connection in
// flight some had not passed their five custom plans when the timing began (eight in flight, one agency's p99 27–61 ms
// against 22–37 ms with 20: bench/README.md, eighth session).
const warmup = Number(arg('warmup') ?? 20);
const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL manquant');

const database = await createDatabase({ databaseUrl: url, timeouts: { statementMs: 30_000 } });
const app = await benchAppOn(database.db);

// The statements of the request being explained (--explain).
const recorder = statementRecorder(database);

async function get(path: string, token: string) {
  return app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${token}` } });
}
async function login(email: string, password: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/loginAD', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login ${email}: ${res.body}`);
  return res.json().token;
}
const admin = await login('admin@colis.local', 'Admin123!');
const agent = await login('agent.dakar@colis.local', 'Agent123!');
const ref: string = (await get('/api/colis/liste/x?_page=1&_perPage=1', admin)).json().datas[0].reference;
const agence: string = (await get('/api/agence/liste', admin)).json().datas[0].id;
const envoiRef: string = (await get('/api/envoi/liste?_page=1&_perPage=1', admin)).json().envois[0].reference;

const colis = '/api/colis/liste/x?_perPage=25';
const envoi = '/api/envoi/liste?_perPage=25';
const clients = '/api/user/listeClients?_perPage=25';
const enc = '/api/encaissement/liste/x?_perPage=25';
const scenarios: { name: string; url: string; token: string }[] = [
  { name: 'colis: page 1 (25), newest first', url: `${colis}&_page=1&_sort=createdAt&_order=DESC`, token: admin },
  { name: 'colis: page 1, one agency', url: `${colis}&_page=1&agenceID=${agence}`, token: admin },
  { name: 'colis: page 1, agency user scope', url: `${colis}&_page=1`, token: agent },
  { name: 'colis: page 1, status filter', url: `${colis}&_page=1&statut=EXPEDIE`, token: admin },
  { name: 'colis: search reference fragment', url: `${colis}&_page=1&q=${encodeURIComponent(ref.slice(-7))}`, token: admin },
  { name: 'colis: search recipient name', url: `${colis}&_page=1&q=Destinataire4242`, token: admin },
  { name: 'colis: search phone', url: `${colis}&_page=1&q=00004242`, token: admin },
  // A first name alone matches one client in 48 (bench/generate.ts PRENOMS), as the sender, the recipient and the
  // free-text recipient; a full name (client 4242 and recipient 4242 are Bineta), and a national number with its trunk 0.
  { name: 'colis: search first name', url: `${colis}&_page=1&q=Bineta`, token: admin },
  // A name shared by many (Client42, Client420…, Client42999: 1 111 clients), the broad search a last name always was.
  { name: 'colis: search common name', url: `${colis}&_page=1&q=Client42`, token: admin },
  { name: 'colis: search full name', url: `${colis}&_page=1&q=${encodeURIComponent('Bineta Destinataire4242')}`, token: admin },
  { name: 'colis: search national phone', url: `${colis}&_page=1&q=${encodeURIComponent('0 4242 1')}`, token: admin },
  { name: 'colis: page 400 (offset 10 000)', url: `${colis}&_page=400`, token: admin },
  { name: 'colis: page 20 000 (offset 499 975)', url: `${colis}&_page=20000`, token: admin },
  { name: 'colis: page 400, agency user scope', url: `${colis}&_page=400`, token: agent },
  { name: 'colis: page 10 000, agency user scope', url: `${colis}&_page=10000`, token: agent },
  { name: 'colis: details by reference', url: `/api/colis/getByReference/${encodeURIComponent(ref)}`, token: admin },
  { name: 'envois: page 1', url: `${envoi}&_page=1`, token: admin },
  { name: 'envois: page 80 (last)', url: `${envoi}&_page=80`, token: admin },
  { name: 'envois: page 1, agency user scope', url: `${envoi}&_page=1`, token: agent },
  { name: 'envois: page 1, status filter', url: `${envoi}&_page=1&statut=OUVERT`, token: admin },
  { name: 'envois: search reference', url: `${envoi}&_page=1&q=${encodeURIComponent(envoiRef.slice(-4))}`, token: admin },
  { name: 'clients: page 1', url: `${clients}&_page=1`, token: admin },
  { name: 'clients: page 400', url: `${clients}&_page=400`, token: admin },
  { name: 'clients: page 1, agency user scope', url: `${clients}&_page=1`, token: agent },
  { name: 'clients: page 400, agency user scope', url: `${clients}&_page=400`, token: agent },
  { name: 'clients: search name', url: `${clients}&_page=1&q=Client4242`, token: admin },
  { name: 'clients: search phone', url: `${clients}&_page=1&q=00004242`, token: admin },
  { name: 'clients: search full name', url: `${clients}&_page=1&q=${encodeURIComponent('Bineta Client4242')}`, token: admin },
  { name: 'clients: search national phone', url: `${clients}&_page=1&q=${encodeURIComponent('0 4242 1')}`, token: admin },
  { name: 'encaissements: page 1', url: `${enc}&_page=1`, token: admin },
  { name: 'encaissements: page 400', url: `${enc}&_page=400`, token: admin },
  { name: 'encaissements: page 20 000', url: `${enc}&_page=20000`, token: admin },
  { name: 'encaissements: page 1, one agency', url: `${enc}&_page=1&agenceID=${agence}`, token: admin },
  { name: 'encaissements: page 1, agency user scope', url: `${enc}&_page=1`, token: agent },
  { name: 'encaissements: page 400, agency user scope', url: `${enc}&_page=400`, token: agent },
  { name: 'encaissements: page 10 000, agency user scope', url: `${enc}&_page=10000`, token: agent },
  { name: 'encaissements: search reference', url: `${enc}&_page=1&q=${encodeURIComponent(ref.slice(-7))}`, token: admin },
].filter((s) => !only || only.test(s.name));

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** The SQL time of one request: the sum of the EXPLAIN ANALYZE execution times of its statements (ms). */
async function sqlTime(path: string, token: string): Promise<number> {
  const statements = await recorder.record(() => get(path, token));
  let ms = 0;
  for (const s of statements) {
    if (!/^\s*(select|with)/i.test(s.text)) continue;
    const res = (await recorder.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${s.text}`, s.values)) as {
      rows: { 'QUERY PLAN': { 'Execution Time': number }[] }[];
    };
    ms += res.rows[0]['QUERY PLAN'][0]['Execution Time'];
  }
  return ms;
}

if (explain) {
  console.log(`| scenario | SQL p50 ms | SQL max ms |`);
  console.log(`|---|---|---|`);
  for (const s of scenarios) {
    const times: number[] = [];
    try {
      for (let i = 0; i < runs; i++) times.push(await sqlTime(s.url, s.token));
      times.sort((a, b) => a - b);
      console.log(`| ${s.name} | ${pct(times, 50).toFixed(1)} | ${times[times.length - 1].toFixed(1)} |`);
    } catch (err) {
      console.log(`| ${s.name} | ${(err as Error).message.slice(0, 60)} | |`);
    }
  }
} else {
  console.log(`| scenario | p50 ms | p95 ms | p99 ms | total rows |`);
  console.log(`|---|---|---|---|---|`);
  for (const s of scenarios) {
    const times: number[] = [];
    let total = 0;
    let next = 0;
    let failed = '';
    const warm = warmup * concurrency;
    const worker = async () => {
      while (next < runs + warm && !failed) {
        const timed = next++ >= warm;
        const t = performance.now();
        const res = await get(s.url, s.token);
        if (timed) times.push(performance.now() - t);
        if (res.statusCode !== 200) failed = `${res.statusCode} after ${(performance.now() - t).toFixed(0)} ms`;
        else total = res.json().total ?? 1;
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    times.sort((a, b) => a - b);
    if (failed) console.log(`| ${s.name} | timeout (${failed}) | | | |`);
    else
      console.log(`| ${s.name} | ${pct(times, 50).toFixed(0)} | ${pct(times, 95).toFixed(0)} | ${pct(times, 99).toFixed(0)} | ${total} |`);
  }
}
await app.close();
await database.close();
