/**
 * How much one abusive client slows everybody else (issue filed from ../shared/reviews/security-probe-2026-11-26.md
 * §4; docs/decisions/usage-limits.md). The real server process (`node --import tsx server/main.ts`, as `npm start`
 * runs it) on a fresh embedded database with the demonstration data; for each scenario one client attacks for
 * `--seconds` (autocannon, N connections) while a probe signed in as agent.paris calls
 * `GET /api/colis/liste/x?_page=1&_perPage=25` every 100 ms. Reports, per scenario, the attack's requests/s and
 * answers by status class, and the probe's count, p50 / p95 / max (ms) and p50 ratio to the quiet run. Target: the
 * probe's p50 ≤ 2× quiet in every scenario. A measurement, not a test: nothing fails on a number.
 *
 * Usage: npx tsx bench/abuse.ts [--seconds=30] [--only=quiet,docs,…] [--root=<checkout to start the server from>]
 *   --root lets the same script measure an older commit (a clone whose node_modules is a symlink to this one's).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const argValue = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const seconds = Number(argValue('seconds') ?? 30);
const only = argValue('only')?.split(',');
const root = path.resolve(argValue('root') ?? path.join(import.meta.dirname, '..'));

/** A free TCP port on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'colis-abuse-'));
const logFile = path.join(os.tmpdir(), 'colis-abuse-server.log');
const log = openSync(logFile, 'w');
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(dataDir, 'db'),
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: 'Admin123!',
  },
  // The server's log (warnings and errors) goes to a file: a 5xx flood would drown the table.
  stdio: ['ignore', log, log],
});
const stop = () => {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
};

for (let i = 0; ; i++) {
  const ready = await fetch(`${base}/api/ready`).then(
    (r) => r.ok,
    () => false,
  );
  if (ready) break;
  if (i > 600) throw new Error('le serveur ne démarre pas');
  await new Promise((r) => setTimeout(r, 500));
}

/** A bearer token of a seeded account. */
async function token(email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/loginAD`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { token?: string };
  if (!body.token) throw new Error(`connexion de ${email} : ${res.status}`);
  return body.token;
}
const probeToken = await token('agent.paris@colis.local', 'Agent123!');
const attackerToken = await token('agent.marseille@colis.local', 'Agent123!');
const attacker = { authorization: `Bearer ${attackerToken}` };
const json = { 'content-type': 'application/json' };
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const refs = Array.from({ length: 5000 }, (_, i) => `MRS1-2611-${String(i + 1).padStart(6, '0')}`);

interface Scenario {
  name: string;
  label: string;
  connections: number;
  url?: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}
/** The review's scenarios (security-probe-2026-11-26.md §4), same connections. */
const scenarios: Scenario[] = [
  { name: 'quiet', label: 'sans attaque', connections: 0 },
  { name: 'docs', label: 'GET /api/docs/json, sans jeton', connections: 50, url: '/api/docs/json' },
  {
    name: 'body',
    label: 'POST colis/create 1 Mio, sans jeton',
    connections: 20,
    url: '/api/colis/create',
    method: 'POST',
    headers: json,
    body: JSON.stringify({ x: 'a'.repeat(1_048_000) }),
  },
  {
    name: 'nested',
    label: 'POST colis/create, profondeur 7 000, sans jeton',
    connections: 20,
    url: '/api/colis/create',
    method: 'POST',
    headers: json,
    body: nested(7000),
  },
  {
    name: 'login',
    label: 'POST loginAD, mauvais mot de passe',
    connections: 50,
    url: '/api/auth/loginAD',
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email: 'agent.paris@colis.local', password: 'faux' }),
  },
  {
    name: 'badToken',
    label: 'jeton invalide sur colis/liste',
    connections: 50,
    url: '/api/colis/liste/x',
    headers: { authorization: 'Bearer x.y.z' },
  },
  { name: 'csv', label: 'AGENT colis/liste?format=csv', connections: 10, url: '/api/colis/liste/x?format=csv', headers: attacker },
  { name: 'xlsx', label: 'AGENT colis/liste?format=xlsx', connections: 10, url: '/api/colis/liste/x?format=xlsx', headers: attacker },
  {
    name: 'search',
    label: 'AGENT q=a, tri detailsContenu, 500 par page',
    connections: 20,
    url: '/api/colis/liste/x?q=a&_sort=detailsContenu&_order=DESC&_perPage=500',
    headers: attacker,
  },
  {
    name: 'inventaire',
    label: 'AGENT inventaire/create, 5 000 références',
    connections: 4,
    url: '/api/inventaire/create',
    method: 'POST',
    headers: { ...attacker, ...json },
    body: JSON.stringify({ references: refs }),
  },
];

/** Percentile (nearest rank) of sorted values. */
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/** The probe: one signed-in list call every 100 ms until `until` (ms); latencies of the 2xx answers, failures. */
async function probe(until: number): Promise<{ ms: number[]; failed: number }> {
  const ms: number[] = [];
  let failed = 0;
  while (Date.now() < until) {
    const t0 = performance.now();
    try {
      const res = await fetch(`${base}/api/colis/liste/x?_page=1&_perPage=25`, {
        headers: { authorization: `Bearer ${probeToken}` },
        signal: AbortSignal.timeout(30_000),
      });
      await res.arrayBuffer();
      if (res.ok) ms.push(performance.now() - t0);
      else failed++;
    } catch {
      failed++;
    }
    const wait = 100 - (performance.now() - t0);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  return { ms: ms.sort((a, b) => a - b), failed };
}

const rows: string[] = [];
let quietP50 = NaN;
for (const s of scenarios) {
  if (only && !only.includes(s.name)) continue;
  const until = Date.now() + seconds * 1000;
  const [attack, seen] = await Promise.all([
    s.connections
      ? autocannon({
          url: base + s.url,
          connections: s.connections,
          duration: seconds,
          method: s.method ?? 'GET',
          headers: s.headers,
          body: s.body,
        })
      : Promise.resolve(null),
    probe(until),
  ]);
  const p50 = pct(seen.ms, 50);
  if (s.name === 'quiet') quietP50 = p50;
  const answers = attack
    ? ['2xx', '4xx', '5xx']
        .map((k) => `${k} ${attack[k as '2xx' | '4xx' | '5xx'] ?? 0}`)
        .concat(attack.timeouts ? [`délais ${attack.timeouts}`] : [])
        .join(', ')
    : '–';
  const row = [
    s.label,
    attack ? Math.round(attack.requests.average) : '–',
    answers,
    `${seen.ms.length}/${seen.ms.length + seen.failed}`,
    p50.toFixed(1),
    pct(seen.ms, 95).toFixed(1),
    (seen.ms.at(-1) ?? NaN).toFixed(0),
    (p50 / quietP50).toFixed(2),
  ].join(' | ');
  rows.push(`| ${row} |`);
  console.log(`| ${row} |`);
}
console.log(`\nJournal du serveur : ${logFile}`);
console.log(`\n| scénario (un client, ${seconds} s) | attaque req/s | réponses | sonde ok | p50 ms | p95 ms | max ms | p50 / calme |`);
console.log('|---|---|---|---|---|---|---|---|');
for (const r of rows) console.log(r);
stop();
process.exit(0);
