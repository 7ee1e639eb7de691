/**
 * Durability (docs/decisions/fault-tolerance.md): parallel parcel registrations through the API of the
 * real server process, `kill -9` of the process while they run, restart on the same data; every registration that
 * was acknowledged (200 with its id and reference) is found after the restart, whole (the departure's used weight is
 * the sum of the parcels found: no half-written registration). PGlite pass: the same DATA_DIR, which PGlite must
 * recover after the crash; PostgreSQL pass: a database of its own.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { colisBody, createEnvoi, loadRefs, newTestDatabase, startServer, type ServerProcess, type TestDatabase } from './harness';

const WORKERS = 8;
/** Kill once this many registrations are acknowledged (or after KILL_AFTER_MS, whichever comes first). */
const KILL_AT_ACKS = 40;
const KILL_AFTER_MS = 15_000;

let database: TestDatabase | null = null;
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const s of servers) await s.kill9();
  await database?.drop();
});

/** The cluster state written in pg_control (offset 16): 1 shut down, 6 in production (PostgreSQL 18). */
function controlState(dataDir: string): number {
  return readFileSync(path.join(dataDir, 'global', 'pg_control')).readUInt32LE(16);
}

async function crashAndRecover(kind: 'pglite' | 'postgres') {
  database = await newTestDatabase();
  expect(database.source.kind).toBe(kind);
  let server = await startServer(database.source);
  servers.push(server);
  const token = await server.login();
  const refs = await loadRefs(server, token);
  const envoiID = await createEnvoi(server, token, refs, 100_000);

  // Writers: each registers 1 kg parcels one after another until the process dies under them.
  const acked: { id: string; reference: string }[] = [];
  const refused: string[] = [];
  let sent = 0;
  let killed = false;
  const writers = Array.from({ length: WORKERS }, async () => {
    while (!killed) {
      sent++;
      const res = await server.call('POST', '/api/colis/create', { token, body: colisBody(refs, envoiID, 1) });
      if (res.status === 200) acked.push({ id: res.body.data.id, reference: res.body.data.reference });
      else if (res.status !== 0) refused.push(`${res.status} ${JSON.stringify(res.body)}`);
    }
  });
  const started = Date.now();
  while (acked.length < KILL_AT_ACKS && Date.now() - started < KILL_AFTER_MS) await new Promise((r) => setTimeout(r, 20));
  const exit = await server.kill9();
  killed = true;
  await Promise.all(writers);
  expect(exit.signal).toBe('SIGKILL');
  expect(refused).toEqual([]);
  expect(acked.length).toBeGreaterThan(0);
  if (database.source.kind === 'pglite') expect(controlState(database.source.dataDir)).toBe(6); // killed while in production

  // Restart on the same data: PGlite replays its WAL; every acknowledged registration is there.
  const restartedAt = Date.now();
  server = await startServer(database.source);
  servers.push(server);
  const recoveryMs = Date.now() - restartedAt;
  const token2 = await server.login();
  const missing: string[] = [];
  for (const a of acked) {
    const res = await server.call('GET', `/api/colis/getBy/${a.id}`, { token: token2 });
    if (res.status !== 200 || res.body.colis?.reference !== a.reference) missing.push(`${a.reference} (${res.status})`);
  }
  expect(missing).toEqual([]);
  const onEnvoi = await server.call('GET', `/api/colis/getColisByEnvoiId/${envoiID}`, { token: token2 });
  const found: { id: string }[] = onEnvoi.body.data;
  const envoi = await server.call('GET', `/api/envoi/getBy/${envoiID}`, { token: token2 });
  // Whole transactions only: the used weight is exactly the parcels found (1 kg each), acknowledged or not.
  expect(Number(envoi.body.data.poidsReel)).toBe(found.length);
  expect(found.length).toBeGreaterThanOrEqual(acked.length);
  // The database still takes writes after the recovery.
  expect((await server.call('POST', '/api/colis/create', { token: token2, body: colisBody(refs, envoiID, 1) })).status).toBe(200);
  expect((await server.stop()).code).toBe(0);

  console.log(
    `[durabilité ${kind}] ${sent} envois, ${acked.length} acquittés, ${acked.length - missing.length} retrouvés après kill -9, ` +
      `${found.length - acked.length} validés sans réponse ; redémarrage en ${recoveryMs} ms`,
  );
}

describe.runIf(!process.env.DATABASE_URL)('kill -9 on an embedded database (PGlite)', () => {
  it('keeps every acknowledged registration across a kill -9 and a restart on the same DATA_DIR', () => crashAndRecover('pglite'), 240_000);
});

describe.runIf(!!process.env.DATABASE_URL)('kill -9 on PostgreSQL', () => {
  it('keeps every acknowledged registration across a kill -9 of the API process', () => crashAndRecover('postgres'), 240_000);
});
