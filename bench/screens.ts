/**
 * Screens (docs/decisions/performance-targets.md targets 5 and 6): for each screen of the back-office, the JavaScript a
 * browser downloads to show it (compressed bytes on the wire, as the server sends them: brotli when accepted), counted
 * from a fresh browser cache, with the number of scripts; the same for the public pages (sign-in, forgotten password,
 * tracking page), opened without a session; the time from navigation to the parcel list showing its rows; on Chrome
 * DevTools' "Slow 4G" network preset (below), the time from navigation to a usable sign-in form and from the click on
 * « Je me connecte » to the dashboard's first figures; and the embedded start, from `npm start` on an existing PGlite
 * database with the demo data to its first answer. A measurement, not a test: nothing fails on a number.
 *
 * Usage (after `npx vite build`): npx tsx bench/screens.ts [--port=3299] [--runs=5] [--slow-runs=3] [--start-only[=N]]
 * --start-only: only the embedded start, N measured starts (default 3), their median; no browser.
 * --slow-runs: how many Slow 4G sign-ins (fresh browser context each), their median.
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
const slowRuns = arg('slow-runs', 3);
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
async function jsBytes(page: Page, action: () => Promise<void>): Promise<{ kb: number; scripts: number }> {
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
  return { kb: bytes / 1024, scripts: js.size };
}

/** One row of the report: KB and number of scripts. */
const row = (label: string, m: { kb: number; scripts: number }) => `| ${label} | ${m.kb.toFixed(0)} | ${m.scripts} |`;

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
/** The pages shown without a session: the sign-in page, the forgotten password, the public tracking page. */
const PUBLIC_PAGES = [
  ['sign-in page (/login)', '/login'],
  ['forgotten password (/forgotpassword)', '/forgotpassword'],
  ['tracking page (/suivi/{token})', '/suivi/inconnu'],
];
for (const [label, address] of PUBLIC_PAGES) {
  const context = await browser.newContext({ locale: 'fr-FR' });
  const page = await context.newPage();
  rows.push(row(label, await jsBytes(page, async () => void (await page.goto(`${base}${address}`)))));
  await context.close();
}
for (const screen of SCREENS) {
  const { context, page } = await signedInContext();
  // A fresh context for the measure: the screen opened directly by its address, signed in (stored token), no cache.
  const state = await context.storageState();
  await context.close();
  const fresh = await browser.newContext({ locale: 'fr-FR', storageState: state });
  const p = await fresh.newPage();
  rows.push(row(screen, await jsBytes(p, async () => void (await p.goto(`${base}${screen}`)))));
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

/**
 * Chrome DevTools' "Slow 4G" preset (front_end/core/sdk/NetworkManager.ts, `Slow4GConditions`): 562.5 ms of latency
 * (150 ms × 3.75), 1.6 Mbit/s down and 750 kbit/s up, each × 0.9; CDP takes bytes per second. No CPU throttling.
 */
const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: (1.6e6 / 8) * 0.9, uploadThroughput: (750e3 / 8) * 0.9 };
const formTimes: number[] = [];
const figureTimes: number[] = [];
for (let i = 0; i < slowRuns; i++) {
  const context = await browser.newContext({ locale: 'fr-FR' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  const t0 = performance.now();
  await page.goto(`${base}/login`, { waitUntil: 'commit' });
  // Usable: both fields and an enabled button on screen (the page is drawn by its script, so drawn means running).
  await page.locator('input[name="email"]').waitFor();
  await page.locator('input[name="password"]').waitFor();
  const button = page.getByRole('button', { name: /je me connecte/i });
  await button.waitFor();
  formTimes.push(performance.now() - t0);
  await page.locator('input[name="email"]').fill('admin@colis.local');
  await page.locator('input[name="password"]').fill('Admin123!');
  const t1 = performance.now();
  await button.click();
  // The first figures: the first counter tile showing its number (a skeleton until the counts arrive).
  await page.locator('[data-testid^="tile-"][data-testid$="-value"]').first().waitFor({ timeout: 120_000 });
  figureTimes.push(performance.now() - t1);
  await context.close();
}

await browser.close();
await stopServer(server);
rmSync(path.dirname(dataDir), { recursive: true, force: true });

console.log(startReport(starts));
console.log(`\n| screen (opened by its address, empty cache) | JavaScript KB (compressed) | scripts |\n|---|---|---|\n${rows.join('\n')}`);
console.log(
  `\nParcel list: navigation → first row shown, median of ${runs}: ${median(listTimes).toFixed(0)} ms (${listTimes.map((t) => t.toFixed(0)).join(', ')})`,
);
const list = (xs: number[]) => `median of ${xs.length}: ${median(xs).toFixed(0)} ms (${xs.map((t) => t.toFixed(0)).join(', ')})`;
console.log(`Slow 4G, navigation → usable sign-in form, ${list(formTimes)}`);
console.log(`Slow 4G, click on « Je me connecte » → dashboard's first figures, ${list(figureTimes)}`);
