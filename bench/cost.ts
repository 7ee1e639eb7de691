/**
 * What one request costs the server, independent of the machine's load (docs/decisions/performance-targets.md targets 3
 * and 4): CPU time per request (process.cpuUsage, user + system, µs) and SQL statements per request, over requests sent
 * one at a time through app.inject (no network, no client in the measured work):
 * - a bare Fastify hello-world (`GET /` answering `{hello: 'world'}`), the floor of any request;
 * - `GET /api/statut/liste` signed in as the Paris agent (token, signed-in user, permission, answer);
 * - `POST /api/colis/create`, the registrations bench's body (1 kg, known sender, new recipient each time), on
 *   PostgreSQL only: statements per registration, and the CPU of the one PostgreSQL backend serving it (the pool is
 *   one connection here; /proc/<pid>/stat, 10 ms ticks) beside the Node process's own;
 * - with --get=PATH[,PATH…], each of these GETs signed in as the administrator (e.g. a list page on a database of
 *   bench/generate.ts), with its PostgreSQL backend's CPU on PostgreSQL.
 * CPU time is what the work costs whatever else runs on the machine (a busy machine makes it wait, not cost more:
 * caches aside); statements are counted at the driver (node-postgres Client.query: BEGIN and COMMIT included).
 * A measurement, not a test. Run it with `node --cpu-prof` to see where the time goes. On a shared machine CPU time
 * still moves with the load (caches, frequency, the other hyperthread): repeat runs, and read each figure against
 * the hello-world of the same run (this machine's VM has no hardware counter for instruction counts).
 *
 * Usage: npx tsx bench/cost.ts [--requests=3000] [--registrations=500] [--only=hello|statut|colis] [--profile=DIR]
 *          [--get='/api/colis/liste/x?_perPage=25&_page=1,/api/encaissement/liste/x?_perPage=25&_page=1']
 *        (in-memory PGlite without BENCH_DATABASE_URL: no registrations)
 *        createdb -h 127.0.0.1 -U root regbench
 *        BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/regbench npx tsx bench/cost.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { eq, sql } from 'drizzle-orm';
import { addDays, todayIso } from '../common/dates';
import { modesEnvoi, modesLivraison, naturesColis, pays, villes } from '../server/db/schema';
import { benchAppOn, openSeededDatabase } from './benchApp';

const arg = (name: string, def: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? def);
const requests = arg('requests', 3000);
const registrations = arg('registrations', 500);
/** Only the scenarios whose name matches (e.g. --only=hello, --only=statut, --only=colis). */
const only = new RegExp(process.argv.find((a) => a.startsWith('--only='))?.split('=')[1] ?? '.', 'i');
const url = process.env.BENCH_DATABASE_URL;
/** --profile=DIR: a CPU profile of each measured loop alone (no start-up, no warm-up), DIR/<scenario>.cpuprofile. */
const profileDir = process.argv.find((a) => a.startsWith('--profile='))?.split('=')[1];
// One connection: every statement of a registration goes to the backend whose CPU is read.
process.env.PG_POOL_SIZE = '1';

let statements = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements++;
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;

const database = await openSeededDatabase(url);
const db = database.db;
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const app = await benchAppOn(db);
const hello = Fastify({ logger: false });
hello.get('/', async () => ({ hello: 'world' }));
await hello.ready();

async function call(server: FastifyInstance, method: 'GET' | 'POST', path: string, token?: string, body?: unknown) {
  const res = await server.inject({
    method,
    url: path,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: body as never,
  });
  return { status: res.statusCode, json: () => res.json() as Record<string, never> };
}
async function login(email: string, password: string) {
  const res = await call(app, 'POST', '/api/auth/loginAD', undefined, { email, password });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status}`);
  return res.json().token as string;
}
const admin = await login('admin@colis.local', 'Admin123!');
const agent = await login('agent.paris@colis.local', 'Agent123!');

/** The CPU ticks (user + system, 1/100 s) of a PostgreSQL backend, or null when unreadable. */
function backendTicks(pid: number | null): number | null {
  if (!pid) return null;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/** Runs `n` requests one at a time; CPU µs (this process), statements and backend CPU µs per request. */
async function measure(name: string, n: number, one: (i: number) => Promise<number>, backend: number | null = null) {
  if (!only.test(name)) return;
  for (let i = 0; i < Math.min(200, n); i++) if ((await one(-1 - i)) >= 300) throw new Error(`${name}: échec à l'échauffement`);
  const inspector = profileDir ? new Session() : null;
  if (inspector) {
    inspector.connect();
    await inspector.post('Profiler.enable');
    await inspector.post('Profiler.start');
  }
  const s0 = statements;
  const t0 = backendTicks(backend);
  const c0 = process.cpuUsage();
  const w0 = performance.now();
  for (let i = 0; i < n; i++) {
    const status = await one(i);
    if (status >= 300) throw new Error(`${name}: ${status}`);
  }
  const cpu = process.cpuUsage(c0);
  const wall = performance.now() - w0;
  const t1 = backendTicks(backend);
  if (inspector) {
    const { profile } = await inspector.post('Profiler.stop');
    writeFileSync(`${profileDir}/${name.replace(/[^A-Za-z]+/g, '-')}.cpuprofile`, JSON.stringify(profile));
    inspector.disconnect();
  }
  const perReq = (cpu.user + cpu.system) / n;
  const pgUs = t0 !== null && t1 !== null ? ((t1 - t0) * 10_000) / n : null;
  console.log(
    `| ${name} | ${n} | ${perReq.toFixed(0)} | ${pgUs === null ? '–' : pgUs.toFixed(0)} | ${((statements - s0) / n).toFixed(2)} | ${((wall * 1000) / n).toFixed(0)} |`,
  );
}

console.log(
  `${new Date().toISOString()}; ${os.cpus().length} cores; load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}; ${database.kind}\n`,
);
console.log('| request | n | Node CPU µs / request | PostgreSQL backend CPU µs / request | statements / request | wall µs / request |');
console.log('|---|---|---|---|---|---|');
await measure('bare Fastify hello-world', requests, async () => (await call(hello, 'GET', '/')).status);
await measure('GET /api/statut/liste (signed in)', requests, async () => (await call(app, 'GET', '/api/statut/liste', agent)).status);
const gets =
  process.argv
    .find((a) => a.startsWith('--get='))
    ?.slice('--get='.length)
    .split(',') ?? [];
if (gets.length) {
  const [{ pid }] =
    database.kind === 'postgres' ? rowsOf<{ pid: number }>(await db.execute(sql`SELECT pg_backend_pid() AS pid`)) : [{ pid: null }];
  for (const path of gets) await measure(`GET ${path}`, requests, async () => (await call(app, 'GET', path, admin)).status, pid);
}

if (database.kind === 'postgres' && registrations > 0) {
  const idOf = async (table: typeof pays | typeof modesEnvoi | typeof villes | typeof modesLivraison | typeof naturesColis, code: string) =>
    (await db.select({ id: table.id }).from(table).where(eq(table.code, code)))[0].id;
  const envoi = await call(app, 'POST', '/api/envoi/create', admin, {
    modeEnvoiID: await idOf(modesEnvoi, 'AERIEN'),
    paysID: await idOf(pays, 'SN'),
    paysEmetteurID: await idOf(pays, 'FR'),
    dateFin: addDays(todayIso(), 1),
    dateDebut: addDays(todayIso(), 2),
    dateArrive: addDays(todayIso(), 3),
    contenu: 'Fret (bench)',
    poids: 1_000_000,
  });
  if (envoi.status !== 200) throw new Error(`envoi/create: ${envoi.status}`);
  const envoiID = (envoi.json().data as { id: string }).id;
  const [dkr, agence, vet] = [await idOf(villes, 'DKR'), await idOf(modesLivraison, 'AGENCE'), await idOf(naturesColis, 'VET_ADULTE')];
  let phone = Math.floor(Math.random() * 9_000_000);
  const [{ pid }] = rowsOf<{ pid: number }>(await db.execute(sql`SELECT pg_backend_pid() AS pid`));
  await measure(
    'POST /api/colis/create (1 kg, known sender, new recipient)',
    registrations,
    async () =>
      (
        await call(app, 'POST', '/api/colis/create', agent, {
          envoiID,
          villeID: dkr,
          modeLivraisonID: agence,
          naturesColis: [{ natureColisID: vet, poids: 1 }],
          detailsContenu: 'Vêtements',
          expediteurNom: 'Bench',
          expediteurPrenom: 'Expéditeur',
          NumeroSaisi: '+33610000001',
          nomDestinataire: 'Bench',
          prenomsDestinataire: 'Destinataire',
          adresseDestinataire: 'Médina, Dakar',
          telephoneDestinataire: `+22177${String(phone++ % 10_000_000).padStart(7, '0')}`,
        })
      ).status,
    pid,
  );
}
await hello.close();
await app.close();
await database.close();
