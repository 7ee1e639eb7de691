/**
 * Screens (docs/decisions/performance-targets.md targets 5 and 6): for each screen of the back-office, the JavaScript a
 * browser downloads to show it (compressed bytes on the wire, as the server sends them: brotli when accepted), counted
 * from a fresh browser cache; the time from navigation to the parcel list showing its rows; and the embedded start,
 * from `npm start` on an existing PGlite database with the demo data to its first answer. A measurement, not a test:
 * nothing fails on a number.
 *
 * Usage (after `npx vite build`): npx tsx bench/screens.ts [--port=3299] [--runs=5] [--start-only[=N]]
 * --start-only: only the embedded start, N measured starts (default 3), their median; no browser.
 * It runs `npm start` itself on a temporary PGlite folder (demo data): the first start creates and seeds the
 * database (and builds the server bundle if server/ changed), the next ones are the measured starts on an existing
 * database.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';

const arg = (name: string, def: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? def);
const port = arg('port', 3299);
const runs = arg('runs', 5);
const base = `http://127.0.0.1:${port}`;
const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'colis-bench-screens-')), 'db');

/** Runs `npm start` and resolves with the process and the ms until /api/health answered. */
async function startServer(): Promise<{ child: ChildProcess; ms: number }> {
  const t0 = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '1000',
      ADMIN_PASSWORD: 'Admin123!',
    },
    stdio: 'inherit',
    // Its own process group: npm, scripts/start.mjs and the server are stopped together.
    detached: true,
  });
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { child, ms: performance.now() - t0 };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}
/** Stops npm start's process group and waits until the server has let go of its database (its lock file is gone). */
async function stopServer(child: ChildProcess) {
  const exited = new Promise((r) => child.once('exit', r));
  process.kill(-child.pid!, 'SIGTERM');
  await exited;
  while (existsSync(`${dataDir}.lock`)) await new Promise((r) => setTimeout(r, 20));
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const first = await startServer();
await stopServer(first.child);

/** The load average and the measured starts, as the report prints them. */
function startReport(starts: number[]): string {
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
  return `Load average (1, 5, 15 min): ${load}\nEmbedded start on an existing database (${starts.length} starts), ms: ${starts
    .map((ms) => ms.toFixed(0))
    .join(', ')}; median ${median(starts).toFixed(0)}; first start (create + seed): ${first.ms.toFixed(0)}`;
}

const startOnly = process.argv.find((a) => a.startsWith('--start-only'));
const startCount = startOnly ? Number(startOnly.split('=')[1] ?? 3) : 3;
// The last start's server stays up for the screens (unless --start-only).
const starts: number[] = [];
let server!: ChildProcess;
for (let i = 0; i < startCount; i++) {
  const s = await startServer();
  starts.push(s.ms);
  if (startOnly || i < startCount - 1) await stopServer(s.child);
  else server = s.child;
}
if (startOnly) {
  rmSync(path.dirname(dataDir), { recursive: true, force: true });
  console.log(startReport(starts));
  process.exit(0);
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });

/**
 * Compressed JavaScript bytes downloaded by `page` while `action` runs (fresh context: nothing cached), response
 * headers included. The screen has settled when the network is idle, the main thread is idle (the code that arrived
 * has run and asked for its lazy chunks) and no byte came in since the previous check: on a loaded machine, running
 * the entry takes longer than networkidle's 500 ms, which alone would stop the count before the lazy chunks.
 */
async function jsBytes(page: Page, action: () => Promise<void>): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const js = new Set<string>();
  let bytes = 0;
  let pending = 0;
  cdp.on('Network.requestWillBeSent', () => pending++);
  cdp.on('Network.loadingFailed', () => pending--);
  cdp.on('Network.responseReceived', (e) => {
    if (e.type === 'Script') js.add(e.requestId);
  });
  cdp.on('Network.loadingFinished', (e) => {
    pending--;
    if (js.has(e.requestId)) bytes += e.encodedDataLength;
  });
  await action();
  for (let seen = -1; seen !== bytes || pending > 0;) {
    seen = bytes;
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 3000 })));
    await page.waitForTimeout(300);
  }
  await cdp.detach();
  return bytes;
}

async function signedInContext() {
  const context = await browser.newContext({ locale: 'fr-FR' });
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.locator('input[name="email"]').fill('admin@colis.local');
  await page.locator('input[name="password"]').fill('Admin123!');
  await page.getByRole('button', { name: /je me connecte/i }).click();
  await page.getByText('Tableau de bord').first().waitFor();
  return { context, page };
}

const SCREENS = [
  '/',
  '/colis',
  '/colis/create',
  '/depart',
  '/encaissements',
  '/clients',
  '/pays',
  '/agence',
  '/user',
  '/autorisation',
  '/operation',
  '/inventaire',
  '/messagerie',
];
const rows: string[] = [];
{
  const context = await browser.newContext({ locale: 'fr-FR' });
  const page = await context.newPage();
  const kb = (await jsBytes(page, async () => void (await page.goto(`${base}/login`)))) / 1024;
  rows.push(`| sign-in page (/login) | ${kb.toFixed(0)} |`);
  await context.close();
}
for (const screen of SCREENS) {
  const { context, page } = await signedInContext();
  // A fresh context for the measure: the screen opened directly by its address, signed in (stored token), no cache.
  const state = await context.storageState();
  await context.close();
  const fresh = await browser.newContext({ locale: 'fr-FR', storageState: state });
  const p = await fresh.newPage();
  const kb = (await jsBytes(p, async () => void (await p.goto(`${base}${screen}`)))) / 1024;
  rows.push(`| ${screen} | ${kb.toFixed(0)} |`);
  await fresh.close();
  void page;
}

const listTimes: number[] = [];
for (let i = 0; i < runs; i++) {
  const { context, page } = await signedInContext();
  const t0 = performance.now();
  await page.goto(`${base}/colis`);
  await page.locator('table tbody tr').first().waitFor();
  listTimes.push(performance.now() - t0);
  await context.close();
}

await browser.close();
await stopServer(server);
rmSync(path.dirname(dataDir), { recursive: true, force: true });

console.log(startReport(starts));
console.log(`\n| screen (opened by its address, empty cache) | JavaScript KB (compressed) |\n|---|---|\n${rows.join('\n')}`);
console.log(
  `\nParcel list: navigation → first row shown, median of ${runs}: ${median(listTimes).toFixed(0)} ms (${listTimes.map((t) => t.toFixed(0)).join(', ')})`,
);
