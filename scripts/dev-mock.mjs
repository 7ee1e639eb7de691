#!/usr/bin/env node
/**
 * `npm run dev:mock` (docs/decisions/mock-api.md): the UI's vite dev server against the mock API, no database.
 * 1. (Re)generates mock-api/db.json when it is missing or older than what it is made from (seeds, migrations, the
 *    generator, the resource table): `npm run mock:generate`, about 10 s;
 * 2. starts the mock API (mock-api/server.cjs) on MOCK_API_PORT (default 3001);
 * 3. starts vite with /api proxied to it (API_PROXY_TARGET, vite.config.ts); extra arguments go to vite
 *    (`npm run dev:mock -- --port 5174`).
 * Ctrl+C stops both; if one stops, the other is stopped too.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
process.chdir(root);

const DB_FILE = 'mock-api/db.json';
const SOURCES = ['server/db/seed', 'server/db/migrations', 'mock-api/generate.ts', 'mock-api/routeMap.ts', 'src/providers/resourceApi.ts'];

/** Newest modification time of a file or of the files under a folder (ms). */
function newest(p) {
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(0, ...readdirSync(p).map((name) => newest(path.join(p, name))));
}

const generatedAt = existsSync(DB_FILE) ? statSync(DB_FILE).mtimeMs : 0;
if (generatedAt < Math.max(...SOURCES.map(newest))) {
  console.log(`Génération de ${DB_FILE} depuis les données de démonstration (npm run mock:generate)…`);
  const gen = spawnSync(process.execPath, ['--import', 'tsx', 'mock-api/generate.ts'], { stdio: 'inherit' });
  if (gen.status !== 0) process.exit(gen.status ?? 1);
}

const port = process.env.MOCK_API_PORT || '3001';
const children = [
  spawn(process.execPath, ['mock-api/server.cjs', `--port=${port}`], { stdio: 'inherit' }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js', ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, API_PROXY_TARGET: `http://127.0.0.1:${port}` },
  }),
];
console.log('Connexion (API fictive) : admin@colis.local / Admin123!');

let stopping = false;
/** Stops every child with the signal, then exits with the code. */
function stopAll(signal, code) {
  if (!stopping) {
    stopping = true;
    for (const child of children) if (child.exitCode === null) child.kill(signal);
  }
  process.exitCode = code;
}
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => stopAll(sig, 0));
for (const child of children) child.on('exit', (code) => stopAll('SIGTERM', code ?? 0));
