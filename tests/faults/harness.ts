/**
 * Harness of the fault tests: the real server process (the server bundle dist-server/main.mjs, as `npm start` runs it:
 * scripts/serverBundle.mjs, built by tests/faults/globalSetup.ts) on a database of its own — a copy of the seeded
 * PGlite template directory, or a PostgreSQL database created from the template database
 * (tests/server/globalSetup.ts) — driven over HTTP with fetch.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { SERVER_BUNDLE } from '../../scripts/serverBundle.mjs';
import { withDatabase } from '../server/globalSetup';
import { TEST_ADMIN } from '../server/testConfig';

export { TEST_ADMIN };

/** A free TCP port on 127.0.0.1 (asked from the system, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** Where a server keeps its data: a PGlite directory or a PostgreSQL URL. */
export type DataSource = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

/** A private database for one test: a copy of the PGlite template, or a new PostgreSQL database from the template. */
export interface TestDatabase {
  source: DataSource;
  /** Removes the copy or drops the database. */
  drop(): Promise<void>;
}

/** Creates a private database from the template prepared by globalSetup (kind follows DATABASE_URL). */
export async function newTestDatabase(): Promise<TestDatabase> {
  const tpl = inject('dbTemplate');
  if (tpl.kind === 'postgres') {
    const name = `colis_f_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const admin = new pg.Client({ connectionString: tpl.url });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${tpl.template}`);
    } finally {
      await admin.end();
    }
    return {
      source: { kind: 'postgres', url: withDatabase(tpl.url, name) },
      drop: async () => {
        const c = new pg.Client({ connectionString: tpl.url });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  }
  const root = mkdtempSync(path.join(os.tmpdir(), 'colis-f-'));
  const dataDir = path.join(root, 'db');
  cpSync(tpl.dir, dataDir, { recursive: true });
  return { source: { kind: 'pglite', dataDir }, drop: async () => rmSync(root, { recursive: true, force: true }) };
}

/** Environment of a server process on a data source (PGlite directory or PostgreSQL URL). */
export function serverEnv(source: DataSource, extra: Record<string, string> = {}): Record<string, string> {
  return {
    DEMO_DATA: '0',
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: TEST_ADMIN.adminEmail,
    ADMIN_PASSWORD: TEST_ADMIN.adminPassword,
    LOGIN_RATE_LIMIT: '1000',
    // The fault tests load a shared two-core machine on purpose; shedding is tested in tests/server/underPressure.test.ts.
    LOAD_SHEDDING: '0',
    ...(source.kind === 'pglite' ? { DATA_DIR: source.dataDir, DATABASE_URL: '' } : { DATABASE_URL: source.url, DATA_DIR: '' }),
    ...extra,
  };
}

/** Answer of one HTTP call: status (0 when the connection failed), parsed body, duration in ms, network error. */
export interface CallResult {
  status: number;
  body: any;
  ms: number;
  error?: string;
}

/** A running server process. */
export interface ServerProcess {
  child: ChildProcess;
  port: number;
  base: string;
  /** Everything the process wrote on stdout and stderr. */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Calls the API; never throws (a refused or reset connection gives status 0). @param timeoutMs abort after this */
  call(method: string, url: string, opts?: { token?: string; body?: unknown; timeoutMs?: number }): Promise<CallResult>;
  /** Signs in with the seeded administrator (or the given account) and returns the token. */
  login(email?: string, password?: string): Promise<string>;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILL (kill -9), then waits for the exit. */
  kill9(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Spawns the server bundle on a data source on a free port, without waiting for anything: the process, its port,
 * everything it writes (stdout and stderr) and its exit (code, or the signal that ended it).
 */
export async function spawnServer(source: DataSource, env?: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER_BUNDLE], {
    env: { ...process.env, ...serverEnv(source, env), PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { port, child, output: () => out, exited };
}

/**
 * Starts the server bundle on a data source and waits until GET /api/ready answers 200.
 * @param opts.env extra environment variables; opts.startTimeoutMs how long to wait for readiness (default 60 s)
 */
export async function startServer(
  source: DataSource,
  opts: { env?: Record<string, string>; startTimeoutMs?: number } = {},
): Promise<ServerProcess> {
  const { port, child, output, exited } = await spawnServer(source, opts.env);
  const base = `http://127.0.0.1:${port}`;

  const call: ServerProcess['call'] = async (method, url, o = {}) => {
    const started = performance.now();
    try {
      const res = await fetch(`${base}${url}`, {
        method,
        headers: {
          ...(o.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
        },
        body: o.body !== undefined ? JSON.stringify(o.body) : undefined,
        signal: AbortSignal.timeout(o.timeoutMs ?? 60_000),
      });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON
      }
      return { status: res.status, body, ms: performance.now() - started };
    } catch (err) {
      const e = err as Error & { cause?: { code?: string } };
      return { status: 0, body: null, ms: performance.now() - started, error: e.cause?.code ?? e.name ?? String(e) };
    }
  };
  const login: ServerProcess['login'] = async (email = TEST_ADMIN.adminEmail, password = TEST_ADMIN.adminPassword) => {
    const res = await call('POST', '/api/auth/loginAD', { body: { email, password, type: 'ADMIN' } });
    if (res.status !== 200) throw new Error(`connexion ${email} : ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.token as string;
  };
  const signal = (s: NodeJS.Signals) => () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(s);
    return exited;
  };
  const server: ServerProcess = {
    child,
    port,
    base,
    output,
    exited,
    call,
    login,
    stop: signal('SIGTERM'),
    kill9: signal('SIGKILL'),
  };

  const deadline = Date.now() + (opts.startTimeoutMs ?? 60_000);
  let exitedEarly = false;
  void exited.then(() => (exitedEarly = true));
  while (Date.now() < deadline && !exitedEarly) {
    const r = await call('GET', '/api/ready', { timeoutMs: 2000 });
    if (r.status === 200) return server;
    await new Promise((r) => setTimeout(r, 150));
  }
  if (!exitedEarly) await server.kill9();
  throw new Error(`le serveur n'a pas démarré :\n${output()}`);
}

/** Ids of the seeded reference rows the fault tests use, read through the API. */
export interface Refs {
  FR: string;
  SN: string;
  AERIEN: string;
  DKR: string;
  VET: string;
  AGENCE: string;
  PAR1: string;
}

/** Reads the ids of the reference rows by code through the list calls. */
export async function loadRefs(s: ServerProcess, token: string): Promise<Refs> {
  const byCode = async (url: string, code: string) => {
    const res = await s.call('GET', url, { token });
    const row = (res.body.datas as { id: string; code: string }[]).find((r) => r.code === code);
    if (!row) throw new Error(`${url} : code ${code} introuvable`);
    return row.id;
  };
  return {
    FR: await byCode('/api/pays/liste', 'FR'),
    SN: await byCode('/api/pays/liste', 'SN'),
    AERIEN: await byCode('/api/modeEnvoi/liste', 'AERIEN'),
    DKR: await byCode('/api/ville/liste', 'DKR'),
    VET: await byCode('/api/natureColis/liste', 'VET_ADULTE'),
    AGENCE: await byCode('/api/modeLivraison/liste', 'AGENCE'),
    PAR1: await byCode('/api/agence/liste', 'PAR1'),
  };
}

/** ISO date `days` from today (YYYY-MM-DD, local time). */
export function inDays(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Body of envoi/create: an open air departure France → Senegal of `poids` kg. */
export function envoiBody(refs: Refs, poids: number) {
  return {
    modeEnvoiID: refs.AERIEN,
    paysID: refs.SN,
    paysEmetteurID: refs.FR,
    dateFin: inDays(1),
    dateDebut: inDays(2),
    dateArrive: inDays(3),
    contenu: 'Fret',
    poids,
  };
}

let phoneSeq = Math.floor(Math.random() * 1e6);
/** Body of colis/create by the administrator (agency PAR1): one nature line of `poids` kg, a new recipient. */
export function colisBody(refs: Refs, envoiID: string, poids: number) {
  return {
    envoiID,
    agenceID: refs.PAR1,
    villeID: refs.DKR,
    modeLivraisonID: refs.AGENCE,
    naturesColis: [{ natureColisID: refs.VET, poids }],
    detailsContenu: 'Vêtements',
    expediteurNom: 'Diop',
    expediteurPrenom: 'Awa',
    NumeroSaisi: '+33612345678',
    nomDestinataire: 'Fall',
    prenomsDestinataire: 'Moussa',
    adresseDestinataire: 'Médina, Dakar',
    telephoneDestinataire: `+22177${String(phoneSeq++ % 1e7).padStart(7, '0')}`,
  };
}

/** Creates a departure of `poids` kg through the API and returns its id. */
export async function createEnvoi(s: ServerProcess, token: string, refs: Refs, poids: number): Promise<string> {
  const res = await s.call('POST', '/api/envoi/create', { token, body: envoiBody(refs, poids) });
  if (res.status !== 200) throw new Error(`envoi/create : ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id as string;
}
