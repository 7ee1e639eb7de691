/**
 * Registration throughput on one departure (docs/decisions/performance-targets.md target 3): the product's own app
 * (buildApp) listening on a local port, `--clients` concurrent HTTP clients (Node's fetch, keep-alive) signed in as the
 * Paris agent, each registering 1 kg parcels (`POST /api/colis/create`, new recipient each time) in a loop for
 * `--seconds`, on one departure France → Sénégal by air. The clients run on the server's own thread
 * (--clients-in-worker: in a worker thread of the same process, as a load generator of its own would). Two scenarios:
 * - a large capacity (nothing refused): accepted parcels/s, p50 / p95 / p99 latency in ms, errors;
 * - a small capacity (`--small-kg`, default 200): most registrations must be refused with 409, and the used weight
 *   must end exactly at capacity.
 * Afterwards each scenario checks the departure's used weight (poids_reel) equals the sum of its accepted parcels
 * (as the API answered them and as the parcel table holds them) and never exceeds its capacity.
 * A measurement, not a test: nothing here fails on a number; a broken invariant exits with code 1.
 *
 * The database must exist and be empty or made by this script (it migrates it and seeds the reference data once).
 * Usage: createdb -h 127.0.0.1 -U root regbench
 *        BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/regbench npx tsx bench/registrations.ts [--seconds=30] [--clients=64] [--small-kg=200]
 *          [--clients-in-worker]   (the clients in a worker thread instead of on the server's thread)
 *          [--dispatcher]          (the notice dispatcher of server/main.ts runs meanwhile, as in production: the
 *                                   registration's notices become outbox rows within the measured seconds)
 */
import { once } from 'node:events';
import http from 'node:http';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { addDays, todayIso } from '../common/dates';
import { agences, modesEnvoi, modesLivraison, naturesColis, pays, villes } from '../server/db/schema';
import { dispatchNotices, startNoticeDispatcher } from '../server/notification/dispatch';
import { benchAppOn, openSeededDatabase } from './benchApp';

const arg = (name: string, def: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? def);
const seconds = arg('seconds', 30);
const clients = arg('clients', 64);
const smallKg = arg('small-kg', 200);
/** --clients-in-worker: the clients run in a worker thread instead of on the server's own thread. */
const inProcess = !process.argv.includes('--clients-in-worker');
/** --fetch: the clients post with Node's fetch (undici) instead of node:http with a keep-alive agent. */
const useFetch = process.argv.includes('--fetch');
/** --dispatcher: the notice dispatcher runs during the scenarios (docs/decisions/notice-dispatch.md). */
const withDispatcher = process.argv.includes('--dispatcher');
const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL manquant');

const database = await openSeededDatabase(url);
const db = database.db;
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const app = await benchAppOn(db);
await app.listen({ port: 0, host: '127.0.0.1' });
const stopDispatcher = withDispatcher ? startNoticeDispatcher({ db, log: console }) : undefined;
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

/** An API answer as far as this bench reads it (a non-JSON body is kept as text). */
type Answer = { token?: string; data?: { id: string; reference: string; poids: number | string } } | string;

async function post(path: string, body: unknown, token?: string): Promise<{ status: number; json: Answer }> {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  let json: Answer;
  try {
    json = JSON.parse(text) as Answer;
  } catch {
    json = text;
  }
  return { status: res.status, json };
}
async function login(email: string, password: string): Promise<string> {
  const res = await post('/api/auth/loginAD', { email, password });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${JSON.stringify(res.json)}`);
  return (res.json as { token: string }).token;
}
const admin = await login('admin@colis.local', 'Admin123!');
const agent = await login('agent.paris@colis.local', 'Agent123!');

const idOf = async (table: typeof pays | typeof modesEnvoi | typeof villes | typeof modesLivraison | typeof naturesColis, code: string) =>
  (await db.select({ id: table.id }).from(table).where(eq(table.code, code)))[0].id;
const ids = {
  FR: await idOf(pays, 'FR'),
  SN: await idOf(pays, 'SN'),
  AERIEN: await idOf(modesEnvoi, 'AERIEN'),
  DKR: await idOf(villes, 'DKR'),
  AGENCE: await idOf(modesLivraison, 'AGENCE'),
  VET: await idOf(naturesColis, 'VET_ADULTE'),
};
if (!(await db.select({ id: agences.id }).from(agences).where(eq(agences.code, 'PAR1'))).length) throw new Error('agence PAR1 absente');

async function openEnvoi(poids: number): Promise<{ id: string; reference: string }> {
  const res = await post(
    '/api/envoi/create',
    {
      modeEnvoiID: ids.AERIEN,
      paysID: ids.SN,
      paysEmetteurID: ids.FR,
      dateFin: addDays(todayIso(), 1),
      dateDebut: addDays(todayIso(), 2),
      dateArrive: addDays(todayIso(), 3),
      contenu: 'Fret (bench)',
      poids,
    },
    admin,
  );
  if (res.status !== 200) throw new Error(`envoi/create: ${res.status} ${JSON.stringify(res.json)}`);
  return (res.json as { data: { id: string; reference: string } }).data;
}

// Recipients' phones: unique per run (+221 77 + 7 digits), so every registration creates its recipient as a new client.
let phoneSeq = Math.floor(Math.random() * 9_000_000);
const colisBody = (envoiID: string, worker: number) => ({
  envoiID,
  villeID: ids.DKR,
  modeLivraisonID: ids.AGENCE,
  naturesColis: [{ natureColisID: ids.VET, poids: 1 }],
  detailsContenu: 'Vêtements',
  expediteurNom: 'Bench',
  expediteurPrenom: `Expéditeur ${worker}`,
  NumeroSaisi: `+3361${String(worker).padStart(7, '0')}`, // one sender per client: reused after its first parcel
  nomDestinataire: 'Bench',
  prenomsDestinataire: 'Destinataire',
  adresseDestinataire: 'Médina, Dakar',
  telephoneDestinataire: `+22177${String(phoneSeq++ % 10_000_000).padStart(7, '0')}`,
});

/** What the clients of a scenario saw: accepted and refused latencies (ms), kg accepted, other answers by kind. */
interface ClientsResult {
  okTimes: number[];
  refusedTimes: number[];
  acceptedKg: number;
  errors: [string, number][];
}

/**
 * The clients' loop: `clients` loops each posting registrations until `seconds` have passed. It runs on the server's
 * own thread (default, as this bench always measured) or, with --clients-in-worker, in a worker thread (the server's
 * event loop then does only the server's work, but the clients take the core PostgreSQL would use: measured slower
 * on 2 cores, bench/README.md). Plain JavaScript (a worker's source); the body is colisBody's, built from `body` and
 * the client's number.
 */
const clientsLoop = `
async function run({ base, token, clients, seconds, body, phoneStart, useFetch }, http) {
  let phoneSeq = phoneStart;
  const okTimes = [], refusedTimes = [], errors = new Map();
  let acceptedKg = 0;
  const deadline = performance.now() + seconds * 1000;
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const { hostname, port } = new URL(base);
  // One POST: with node:http (a keep-alive agent, one socket per client) or, with --fetch, Node's fetch.
  const postHttp = (payload) => new Promise((resolve, reject) => {
    const req = http.request({ agent, hostname, port, path: '/api/colis/create', method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), authorization: 'Bearer ' + token } },
      (res) => { let text = ''; res.setEncoding('utf8'); res.on('data', (c) => { text += c; }); res.on('end', () => resolve({ status: res.statusCode, text })); });
    req.on('error', reject);
    req.end(payload);
  });
  const postFetch = async (payload) => {
    const res = await fetch(base + '/api/colis/create', { method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer ' + token }, body: payload });
    return { status: res.status, text: await res.text() };
  };
  const post = useFetch ? postFetch : postHttp;
  const loop = async (w) => {
    while (performance.now() < deadline) {
      const t = performance.now();
      let status = 0, json;
      try {
        const res = await post(JSON.stringify({ ...body, expediteurPrenom: 'Expéditeur ' + w, NumeroSaisi: '+3361' + String(w).padStart(7, '0'),
          telephoneDestinataire: '+22177' + String(phoneSeq++ % 10000000).padStart(7, '0') }));
        status = res.status;
        try { json = JSON.parse(res.text); } catch { json = res.text; }
      } catch (e) { json = String(e); }
      const ms = performance.now() - t;
      if (status === 200) { okTimes.push(ms); acceptedKg += Number(json.data.poids); }
      else if (status === 409) refusedTimes.push(ms);
      else { const k = status + ' ' + JSON.stringify(json).slice(0, 120); errors.set(k, (errors.get(k) ?? 0) + 1); }
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, w) => loop(w)));
  agent.destroy();
  return { okTimes, refusedTimes, acceptedKg, errors: [...errors] };
}`;

/** Runs the clients of a scenario on `envoiID` (in a worker thread with --clients-in-worker) and returns what they saw. */
async function runClients(envoiID: string): Promise<ClientsResult> {
  const data = { base, token: agent, clients, seconds, body: colisBody(envoiID, 0), phoneStart: phoneSeq, useFetch };
  phoneSeq += 1_000_000;
  if (inProcess) {
    return (new Function(`${clientsLoop}; return run;`)() as (d: typeof data, h: typeof http) => Promise<ClientsResult>)(data, http);
  }
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads'); ${clientsLoop}; run(workerData, require('node:http')).then((r) => parentPort.postMessage(r));`,
    { eval: true, workerData: data },
  );
  const [result] = (await once(worker, 'message')) as [ClientsResult];
  await worker.terminate();
  return result;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function scenario(name: string, capacity: number, mustFill: boolean) {
  const envoi = await openEnvoi(capacity);
  const started = performance.now();
  const { okTimes, refusedTimes, acceptedKg, errors: errorList } = await runClients(envoi.id);
  const errors = new Map(errorList);
  const elapsed = (performance.now() - started) / 1000;

  const [after] = rowsOf<{ poids: string; poids_reel: string; n: number; sum: string | null }>(
    await db.execute(sql`SELECT e.poids, e.poids_reel,
      (SELECT count(*)::int FROM colis c WHERE c.envoi_id = e.id AND c.deleted_at IS NULL) AS n,
      (SELECT sum(c.poids) FROM colis c WHERE c.envoi_id = e.id AND c.deleted_at IS NULL) AS sum
      FROM envois e WHERE e.id = ${envoi.id}`),
  );
  const all = [...okTimes, ...refusedTimes].sort((a, b) => a - b);
  okTimes.sort((a, b) => a - b);
  const used = Number(after.poids_reel);
  const checks = {
    'used = sum of accepted (API)': Math.abs(used - acceptedKg) < 1e-9,
    'used = sum of parcels (table)': Math.abs(used - Number(after.sum ?? 0)) < 1e-9,
    'parcels in table = accepted': after.n === okTimes.length,
    'used ≤ capacity': used <= Number(after.poids),
    ...(mustFill ? { 'used = capacity': used === Number(after.poids) } : {}),
  };
  console.log(`### ${name}: departure ${envoi.reference}, capacity ${capacity} kg, ${clients} clients, ${elapsed.toFixed(1)} s\n`);
  console.log(
    `| accepted | accepted/s | refused 409 | other errors | answers/s | accepted p50 / p95 / p99 ms | all answers p50 / p95 / p99 ms |`,
  );
  console.log(`|---|---|---|---|---|---|---|`);
  console.log(
    `| ${okTimes.length} | ${(okTimes.length / elapsed).toFixed(0)} | ${refusedTimes.length} | ${[...errors.values()].reduce((a, b) => a + b, 0)} | ${(
      all.length / elapsed
    ).toFixed(0)} | ${[50, 95, 99].map((p) => pct(okTimes, p).toFixed(0)).join(' / ')} | ${[50, 95, 99]
      .map((p) => pct(all, p).toFixed(0))
      .join(' / ')} |\n`,
  );
  console.log(
    `Used weight ${after.poids_reel} kg of ${after.poids} kg; ${Object.entries(checks)
      .map(([k, v]) => `${k}: ${v ? 'yes' : 'NO'}`)
      .join('; ')}\n`,
  );
  for (const [k, v] of errors) console.log(`  error ×${v}: ${k}`);
  return Object.values(checks).every(Boolean);
}

console.log(
  `${new Date().toISOString()}; ${os.cpus().length} cores; load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(
      ' ',
    )}; pool ${process.env.PG_POOL_SIZE ?? 10} connections; clients ${inProcess ? 'on the server thread' : 'in a worker thread'} with ${useFetch ? 'fetch' : 'node:http'}\n`,
);
// Warm-up: a few registrations so the first requests do not pay for JIT and connections.
{
  const warm = await openEnvoi(1000);
  await Promise.all(Array.from({ length: 8 }, (_, w) => post('/api/colis/create', colisBody(warm.id, w), agent)));
}
const okLarge = await scenario('Large capacity', 1_000_000, false);
const okSmall = await scenario('Small capacity', smallKg, true);
if (stopDispatcher) {
  await stopDispatcher();
  console.log(`\nNotices left to the dispatcher at the end: ${await dispatchNotices(db)}`);
}
await app.close();
await database.close();
if (!okLarge || !okSmall) process.exit(1);
