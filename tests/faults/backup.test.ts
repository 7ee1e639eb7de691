/**
 * Backups (docs/decisions/fault-tolerance.md): `npm run backup` and `npm run restore` round trip on the
 * database of the pass (PGlite: dumpDataDir / loadDataDir, server stopped; PostgreSQL: pg_dump / pg_restore + psql).
 * Records are created through the API, backed up, then changed, deleted and added to; the restore brings back exactly
 * the backed-up state, and the server serves it. Also: the embedded database refuses a backup or a restore while a
 * server holds it, and PostgreSQL refuses a restore while an API process is connected.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  colisBody,
  createEnvoi,
  loadRefs,
  newTestDatabase,
  serverEnv,
  startServer,
  type ServerProcess,
  type TestDatabase,
} from './harness';

let database: TestDatabase | null = null;
const servers: ServerProcess[] = [];
const dir = mkdtempSync(path.join(os.tmpdir(), 'colis-backup-'));
afterAll(async () => {
  for (const s of servers) await s.kill9();
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs `npm run <script> -- <file>` on the test database. @returns exit code and output */
function npmRun(script: 'backup' | 'restore', file: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script, '--', file], {
      env: { ...process.env, ...serverEnv(database!.source) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.once('exit', (code) => resolve({ code, out }));
  });
}

const niger = { code: 'NE', libelle: 'Niger', indicatif: '+227', longueurNumero: 8, devise: 'XOF' };

describe('npm run backup / npm run restore', () => {
  it('restores exactly the backed-up records', async () => {
    database = await newTestDatabase();
    const kind = database.source.kind;
    const file = path.join(dir, kind === 'pglite' ? 'colis.tar.gz' : 'colis.dump');

    // 1. Records: a country, a departure and a parcel.
    let s = await startServer(database.source);
    servers.push(s);
    let token = await s.login();
    const refs = await loadRefs(s, token);
    const pays = await s.call('POST', '/api/pays/create', { token, body: niger });
    expect(pays.status).toBe(200);
    const paysId = pays.body.data.id as string;
    const envoiID = await createEnvoi(s, token, refs, 100);
    const parcel = await s.call('POST', '/api/colis/create', { token, body: colisBody(refs, envoiID, 2.5) });
    expect(parcel.status).toBe(200);
    const { id: colisId, reference } = parcel.body.data as { id: string; reference: string };

    // 2. Backup: PGlite refuses while the server holds the directory; PostgreSQL backs up a running database.
    if (kind === 'pglite') {
      const refused = await npmRun('backup', file);
      expect(refused.code).toBe(1);
      expect(refused.out).toMatch(/est déjà ouverte par le processus \d+ : arrêtez-le d'abord/);
      expect(existsSync(file)).toBe(false);
      expect((await s.stop()).code).toBe(0);
    }
    const saved = await npmRun('backup', file);
    expect(saved.code, saved.out).toBe(0);
    expect(saved.out).toMatch(/^Sauvegarde de la base .* écrite dans /m);
    expect(existsSync(file)).toBe(true);

    // 3. After the backup: rename the country, delete the parcel, add a country.
    if (kind === 'pglite') {
      s = await startServer(database.source);
      servers.push(s);
      token = await s.login();
    }
    expect((await s.call('PUT', `/api/pays/update/${paysId}`, { token, body: { ...niger, libelle: 'Niger (modifié)' } })).status).toBe(200);
    expect((await s.call('DELETE', `/api/colis/delete/${colisId}/ADMIN`, { token })).status).toBe(200);
    expect((await s.call('GET', `/api/colis/getBy/${colisId}`, { token })).status).toBe(404);
    expect(
      (await s.call('POST', '/api/pays/create', { token, body: { ...niger, code: 'TD', libelle: 'Tchad', indicatif: '+235' } })).status,
    ).toBe(200);

    // 4. Restore: refused while the server runs, done once it is stopped.
    const busy = await npmRun('restore', file);
    expect(busy.code).toBe(1);
    expect(busy.out).toMatch(kind === 'pglite' ? /est déjà ouverte par le processus/ : /arrêtez les serveurs avant de restaurer/);
    expect((await s.stop()).code).toBe(0);
    const restored = await npmRun('restore', file);
    expect(restored.code, restored.out).toBe(0);
    expect(restored.out).toMatch(/restaurée dans la base/);
    if (kind === 'pglite') {
      // The replaced directory is kept beside it.
      const previous = /conservée dans (.+)\./.exec(restored.out)?.[1];
      expect(previous && existsSync(previous)).toBe(true);
    }

    // 5. The server on the restored database: the records as they were at the backup.
    s = await startServer(database.source);
    servers.push(s);
    token = await s.login(); // the administrator (and the token secret) came back too
    const back = await s.call('GET', `/api/pays/getBy/${paysId}`, { token });
    expect(back.body.data.libelle).toBe('Niger');
    const colisBack = await s.call('GET', `/api/colis/getBy/${colisId}`, { token });
    expect([colisBack.status, colisBack.body.colis?.reference, Number(colisBack.body.colis?.poids)]).toEqual([200, reference, 2.5]);
    const tchad = await s.call('GET', '/api/pays/liste?q=Tchad', { token });
    expect(tchad.body.datas).toEqual([]);
    const envoi = await s.call('GET', `/api/envoi/getBy/${envoiID}`, { token });
    expect(envoi.body.data.poidsReel).toBe(2.5);
    // And it takes writes again (sequences restored: no duplicate reference).
    const next = await s.call('POST', '/api/colis/create', { token, body: colisBody(refs, envoiID, 1) });
    expect(next.status).toBe(200);
    expect(next.body.data.reference).not.toBe(reference);
    expect((await s.stop()).code).toBe(0);
    console.log(`[sauvegarde ${kind}] ${saved.out.trim()} | ${restored.out.trim().replace(/\n/g, ' ')}`);
  }, 240_000);
});
