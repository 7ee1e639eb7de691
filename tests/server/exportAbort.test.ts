/**
 * A client going away in the middle of an export (docs/decisions/list-exports.md "Progress and cancel"): on a
 * PostgreSQL server the export reads its rows by a cursor on a connection of the pool, in a transaction; a client that
 * reads the first bytes of a file larger than the sockets' buffers and closes its connection must end that reading (the
 * writer stops waiting for the socket, the cursor is closed, the transaction ended, the connection given back), and the
 * server must answer the next export whole. Real HTTP on a local port: app.inject has no socket to close.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { createEnvoiByApi, insertColis } from './fixtures';
import { setupTestApp, type TestContext } from './helpers';

/** Parcels of the export: about 6 MB of CSV, more than loopback's socket buffers hold for a client that stops reading. */
const ROWS = 30_000;

let t: TestContext;
let base: string;

/**
 * The states of the test database's sessions, other than this one's, that are in a transaction: the export's cursor
 * (nothing else runs during these tests; pg_stat_activity cuts a statement's text at 1 kB, before its FROM).
 */
async function exportSessions(): Promise<{ state: string }[]> {
  const { rows } = (await t.database.db.execute(
    sql`SELECT state FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()
        AND xact_start IS NOT NULL`,
  )) as unknown as { rows: { state: string }[] };
  return rows;
}

/**
 * Opens the export as the administrator and stops reading at its first chunk: the chunk's bytes and a function that
 * closes the connection.
 */
function openExport(url: string): Promise<{ bytes: number; leave: () => void }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { authorization: `Bearer ${t.adminToken}` } }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`export: ${res.statusCode}`));
      res.once('data', (chunk: Buffer) => {
        res.pause();
        resolve({ bytes: chunk.length, leave: () => req.destroy() });
      });
    });
    req.on('error', (err) => (req.destroyed ? undefined : reject(err)));
  });
}

describe.runIf(process.env.DATABASE_URL)('an export the client leaves (PostgreSQL cursor)', () => {
  beforeAll(async () => {
    t = await setupTestApp();
    const envoi = await createEnvoiByApi(t, { poids: 1_000_000 });
    const first = await insertColis(t.database.db, { envoiID: envoi.id, statut: 'EN_ATTENTE', poids: 1 });
    // Copies of the first parcel, set-based: every column but its id, reference and tracking token (their defaults).
    const { rows } = (await t.database.db.execute(
      sql`SELECT column_name FROM information_schema.columns WHERE table_name = 'colis' AND column_name NOT IN ('id', 'reference', 'suivi_token')`,
    )) as unknown as { rows: { column_name: string }[] };
    const cols = sql.raw(rows.map((r) => `"${r.column_name}"`).join(', '));
    await t.database.db.execute(
      sql`INSERT INTO colis (id, reference, ${cols}) SELECT gen_random_uuid(), 'ABORT-' || g, ${cols} FROM colis, generate_series(2, ${ROWS}) g WHERE id = ${first}`,
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it('ends the reading and gives its connection back; the next export is whole', async () => {
    const url = `${base}/api/colis/liste/x?format=csv`;
    const { bytes, leave } = await openExport(url);
    leave();
    expect(bytes).toBeGreaterThan(0);
    // While the client was there the cursor held a connection in a transaction (reading or waiting between fetches);
    // once it left, no session reads parcels any more.
    await vi.waitFor(async () => expect(await exportSessions()).toEqual([]), { timeout: 10_000, interval: 100 });
    const whole = await fetch(url, { headers: { authorization: `Bearer ${t.adminToken}` } });
    expect(whole.status).toBe(200);
    const lines = (await whole.text()).split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(ROWS + 1);
  }, 60_000);

  it('a client that stops reading holds the cursor until it leaves', async () => {
    const url = `${base}/api/colis/liste/x?format=csv`;
    const { leave } = await openExport(url);
    // The server fills the buffers then waits: its cursor's transaction stays open between two fetches (its state
    // 'active': a cursor's fetches send no Sync).
    await vi.waitFor(async () => expect(await exportSessions()).toHaveLength(1), {
      timeout: 10_000,
      interval: 100,
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(await exportSessions()).toHaveLength(1);
    leave();
    await vi.waitFor(async () => expect(await exportSessions()).toEqual([]), { timeout: 10_000, interval: 100 });
  }, 60_000);
});
