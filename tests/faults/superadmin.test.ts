/**
 * `npm run superadmin -- --email=…` (server/user/superadminCli.ts; docs/decisions/no-lock-out.md): on a database as a
 * fresh clone has it (empty: PGlite directory that does not exist yet, or an empty PostgreSQL database, following the
 * pass), the command migrates, seeds the reference data and creates the account; the real server then lets it sign in
 * and do what only a SUPERADMIN may (edit the ADMIN role's grants). Run again (a lost password), it restores the
 * account with the new password and ends its older sessions. Bad arguments exit with code 2 and write nothing.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { withDatabase } from '../server/globalSetup';
import { serverEnv, startServer, type DataSource, type ServerProcess } from './harness';

const root = mkdtempSync(path.join(os.tmpdir(), 'colis-superadmin-'));
const servers: ServerProcess[] = [];
let dropDatabase: (() => Promise<void>) | null = null;
afterAll(async () => {
  for (const s of servers) await s.kill9();
  await dropDatabase?.();
  rmSync(root, { recursive: true, force: true });
});

/** An empty data source of the pass's kind: a PGlite directory not created yet, or a new empty PostgreSQL database. */
async function emptySource(): Promise<DataSource> {
  const tpl = inject('dbTemplate');
  if (tpl.kind !== 'postgres') return { kind: 'pglite', dataDir: path.join(root, 'data') };
  const name = `colis_sa_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: tpl.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  dropDatabase = async () => {
    const c = new pg.Client({ connectionString: tpl.url });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
  return { kind: 'postgres', url: withDatabase(tpl.url, name) };
}

/** Runs `npm run superadmin -- <args>` with stdin closed (no terminal). @returns exit code and output */
function superadmin(source: DataSource, args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', 'superadmin', '--', ...args], {
      env: { ...process.env, ...serverEnv(source), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.once('exit', (code) => resolve({ code, out }));
  });
}

describe('npm run superadmin', () => {
  it('creates the account on an empty database, restores it later, and refuses bad arguments', async () => {
    const source = await emptySource();
    const bad = await superadmin(source, ['--email=pas-une-adresse']);
    expect(bad.code).toBe(2);
    expect(bad.out).toMatch(/Adresse e-mail manquante ou invalide/);

    // Generated password: printed once, to be changed at the first sign-in.
    const first = await superadmin(source, ['--email=Secours@Colis.local']);
    expect(first.code, first.out).toBe(0);
    expect(first.out).toMatch(/Compte SUPERADMIN créé : secours@colis\.local/);
    expect(first.out).toMatch(/Connexion : http/);
    const generated = /Mot de passe provisoire \(à changer à la première connexion\) : (\S+)/.exec(first.out)?.[1];
    expect(generated).toBeTruthy();

    let s = await startServer(source);
    servers.push(s);
    const firstToken = await s.login('secours@colis.local', generated!);
    const blocked = await s.call('GET', '/api/role/liste', { token: firstToken });
    expect(blocked.status).toBe(403); // the generated password must be changed first
    const me = (await s.call('POST', '/api/auth/loginAD', { body: { email: 'secours@colis.local', password: generated, type: 'ADMIN' } }))
      .body;
    expect(me.data.roleID.systeme).toBe('SUPERADMIN');
    const changed = await s.call('POST', `/api/auth/changePassword/${me.data.id}`, {
      token: firstToken,
      body: { oldPassword: generated, newPassword: 'Secours-Pass-2026' },
    });
    expect(changed.status).toBe(200);
    const token = await s.login('secours@colis.local', 'Secours-Pass-2026');
    // Only a SUPERADMIN edits the ADMIN role's grants.
    const roles = (await s.call('GET', '/api/role/liste', { token })).body.datas as { id: string; systeme: string | null }[];
    const adminRole = roles.find((r) => r.systeme === 'ADMIN')!;
    const keys = (await s.call('GET', '/api/privilege/liste?q=stats', { token })).body.datas as { id: string; libelle: string }[];
    const stats = keys.find((k) => k.libelle === 'stats')!;
    const edit = await s.call('PUT', `/api/autorisation/updateMany/${adminRole.id}`, {
      token,
      body: { privilegeIDs: [stats.id], isActive: true },
    });
    expect(edit.status).toBe(200);
    await s.stop();

    // Its password lost, the account is restored from the machine with a chosen one: older sessions end.
    const again = await superadmin(source, ['--email=secours@colis.local'], { SUPERADMIN_PASSWORD: 'Nouveau-Secours-99' });
    expect(again.code, again.out).toBe(0);
    expect(again.out).toMatch(/Compte SUPERADMIN rétabli : secours@colis\.local/);
    expect(again.out).not.toMatch(/Mot de passe provisoire/);
    // It names the address the server ran at (recorded by its start), not the default port of this shell (audit B21).
    expect(again.out).toContain(`Connexion : http://localhost:${s.port}/`);
    s = await startServer(source);
    servers.push(s);
    expect((await s.call('GET', '/api/role/liste', { token })).status).toBe(401);
    const restored = await s.login('secours@colis.local', 'Nouveau-Secours-99');
    expect((await s.call('GET', '/api/role/liste', { token: restored })).status).toBe(200);
    await s.stop();
  }, 180_000);
});
