#!/usr/bin/env node
/**
 * `npm start` (DESIGN.md §1): installs dependencies if missing, builds the UI when src/ changed since the last
 * build, then runs the server (migrations, seed, listen) in this same process group.
 */
import { execSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
process.chdir(root);

if (!existsSync('node_modules/.bin/vite') || !existsSync('node_modules/tsx')) {
  console.log('Installation des dépendances (npm ci)…');
  execSync('npm ci', { stdio: 'inherit' });
}

/** Newest modification time under a folder (ms). */
function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const built = existsSync('dist/index.html') ? statSync('dist/index.html').mtimeMs : 0;
const sources = Math.max(newest('src'), newest('common'), statSync('index.html').mtimeMs);
if (built < sources) {
  console.log("Construction de l'interface (vite build)…");
  execSync('npx vite build', { stdio: 'inherit' });
}

const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
