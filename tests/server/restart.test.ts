/**
 * The product as `npm start` runs it (docs/architecture.md §1): the server bundle it builds from server/main.ts
 * (scripts/serverBundle.mjs, dist-server/main.mjs) migrates and seeds a new embedded database, serves the API, stops
 * cleanly on SIGTERM, and keeps every record across a restart.
 * Runs once, in the PGlite pass (the PostgreSQL pass shares a server whose data outlives any process anyway).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServerIfStale, SERVER_BUNDLE } from '../../scripts/serverBundle.mjs';

const dir = mkdtempSync(path.join(os.tmpdir(), 'colis-restart-'));
const port = 3900 + Math.floor(Math.random() * 90);
const base = `http://127.0.0.1:${port}`;
let child: ChildProcess | null = null;

/** The server's environment: a fresh embedded database in `dir`, no demo data. */
const serverEnv = () => ({
  ...process.env,
  PORT: String(port),
  DATA_DIR: path.join(dir, 'db'),
  DATABASE_URL: '',
  DEMO_DATA: '0',
  LOG_LEVEL: 'warn',
  // Given explicitly: the test signs in as admin@colis.local directly (docs/decisions/default-admin-password.md).
  ADMIN_PASSWORD: 'Admin123!',
});

/** Starts the server bundle on a fresh embedded database (no demo data) and waits until it answers. */
async function start(): Promise<void> {
  child = spawn(process.execPath, [SERVER_BUNDLE], { env: serverEnv(), stdio: 'ignore' });
  await answering();
}

/**
 * Starts the server bundle under a parent that never reaps it (as a supervisor busy elsewhere would): once killed, it
 * stays a zombie. Resolves the server's pid and a function that ends the parent.
 */
async function startUnreaped(): Promise<{ pid: number; end: () => void }> {
  const parent = spawn(
    'python3',
    [
      '-c',
      'import subprocess, sys, time\np = subprocess.Popen(sys.argv[1:])\nprint(p.pid, flush=True)\ntime.sleep(600)',
      process.execPath,
      SERVER_BUNDLE,
    ],
    { env: serverEnv(), stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const pid = await new Promise<number>((resolve) => parent.stdout.once('data', (b: Buffer) => resolve(Number(String(b).trim()))));
  await answering();
  return { pid, end: () => parent.kill('SIGKILL') };
}

/** Waits until the server answers (two minutes at most: a first start migrates and seeds). */
async function answering(): Promise<void> {
  for (let i = 0; i < 480; i++) {
    try {
      // Bodies are read to the end: an answer left unread keeps its connection busy, and the stop then waits for it.
      const res = await fetch(`${base}/api/docs/json`);
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start');
}

/** Sends SIGTERM and waits for the process to exit; returns its exit code. */
function stop(): Promise<number | null> {
  return new Promise((resolve) => {
    if (!child) return resolve(null);
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

async function login(): Promise<string> {
  const res = await fetch(`${base}/api/auth/loginAD`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@colis.local', password: 'Admin123!', type: 'ADMIN' }),
  });
  expect(res.status).toBe(200);
  return (await res.json()).token;
}

beforeAll(async () => {
  await buildServerIfStale();
}, 60_000);

afterAll(async () => {
  if (child && child.exitCode === null) await stop();
  rmSync(dir, { recursive: true, force: true });
});

describe.runIf(!process.env.DATABASE_URL)('npm start on an embedded database', () => {
  it('seeds, serves, stops on SIGTERM and keeps the data across a restart', async () => {
    await start();
    const token = await login();
    const created = await fetch(`${base}/api/pays/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ code: 'NE', libelle: 'Niger', indicatif: '+227', longueurNumero: 8, devise: 'XOF' }),
    });
    expect(created.status).toBe(200);
    expect(await stop()).toBe(0);

    await start();
    const token2 = await login();
    const list = await (await fetch(`${base}/api/pays/liste?q=Niger`, { headers: { authorization: `Bearer ${token2}` } })).json();
    expect(list.datas.map((p: { code: string }) => p.code)).toEqual(['NE']);
    // The token signed before the restart is still valid: the signing secret lives in the database.
    const old = await fetch(`${base}/api/pays/liste`, { headers: { authorization: `Bearer ${token}` } });
    expect(old.status).toBe(200);
    expect((await old.json()).datas.length).toBeGreaterThan(0);
    expect(await stop()).toBe(0);
  }, 300_000);

  it('starts again 0,3 s after a kill -9, its dead predecessor not yet reaped, and keeps the data', async () => {
    const first = await startUnreaped();
    try {
      const created = await fetch(`${base}/api/pays/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${await login()}` },
        body: JSON.stringify({ code: 'TD', libelle: 'Tchad', indicatif: '+235', longueurNumero: 8, devise: 'XAF' }),
      });
      expect(created.status).toBe(200);
      process.kill(first.pid, 'SIGKILL');
      await new Promise((r) => setTimeout(r, 300));
      // Still a zombie: it answers kill(pid, 0) and its pid is in the lock file.
      expect(() => process.kill(first.pid, 0)).not.toThrow();
      await start();
      const list = await (await fetch(`${base}/api/pays/liste?q=Tchad`, { headers: { authorization: `Bearer ${await login()}` } })).json();
      expect(list.datas.map((p: { code: string }) => p.code)).toEqual(['TD']);
      expect(await stop()).toBe(0);
    } finally {
      first.end();
    }
  }, 300_000);
});
