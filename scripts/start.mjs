#!/usr/bin/env node
/**
 * `npm start` (docs/architecture.md §1): installs dependencies if missing, builds the UI when src/ changed since the last
 * build and the server bundle when server/ or common/ changed (scripts/serverBundle.mjs), then runs the server
 * (migrations, seed, listen) in this same process group.
 */
import { execSync, spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
process.chdir(root);

if (!existsSync('node_modules/.bin/vite') || !existsSync('node_modules/tsx')) {
  console.log('Installation des dépendances (npm ci)…');
  execSync('npm ci', { stdio: 'inherit' });
}

// Imported once the dependencies are there (esbuild comes with them).
const { buildServerIfStale, newestUnder, SERVER_BUNDLE } = await import('./serverBundle.mjs');

const built = existsSync('dist/index.html') ? statSync('dist/index.html').mtimeMs : 0;
const sources = Math.max(newestUnder('src'), newestUnder('common'), statSync('index.html').mtimeMs);
if (built < sources) {
  console.log("Construction de l'interface (vite build)…");
  execSync('npx vite build', { stdio: 'inherit' });
}

await buildServerIfStale();
// A young generation of 32 MB semispaces rather than V8's 16: a million-row export allocates ~1 GB of short-lived
// rows and cells, collected in half the pauses (docs/decisions/list-exports.md "Runtime").
const child = spawn(process.execPath, ['--max-semi-space-size=32', SERVER_BUNDLE], { stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
