/**
 * The embedded database's wait limit (server/db/pgliteGate.ts, docs/decisions/transaction-handle.md): a query sent on
 * the outer handle inside a transaction — the mistake that froze the server on its first payment — fails after the
 * limit instead of waiting for ever; the transaction rolls back, the query given up never runs later, and the
 * database serves the next calls. PGlite only (PostgreSQL has a connection per transaction and its own timeouts).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../server/db/client';
import { DatabaseBusyError } from '../../server/db/pgliteGate';
import { isDatabaseUnavailable } from '../../server/plugins/errors';

let database: Database;

beforeAll(async () => {
  database = await createDatabase({ dataDir: 'memory://', timeouts: { statementMs: 300 } });
  await database.db.execute(sql`create table gate_probe (n int)`);
});
afterAll(() => database.close());

/** Rows of gate_probe. */
const probeRows = async () => {
  const res = await database.db.execute(sql`select n from gate_probe order by n`);
  return (res as unknown as { rows: { n: number }[] }).rows.map((r) => r.n);
};

describe('a call on the outer handle inside a transaction', () => {
  it('fails with a 503-class error after the wait limit, the transaction rolls back, nothing runs later', async () => {
    const { db } = database;
    const outcome = await db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into gate_probe values (1)`);
        // The mistake on purpose: the outer handle inside the transaction.
        // eslint-disable-next-line local/transaction-handle
        await db.execute(sql`insert into gate_probe values (2)`);
      })
      .then(
        () => 'committed',
        (err: unknown) => err,
      );
    // Drizzle wraps the driver's error ("Failed query: …") with it as the cause.
    expect((outcome as Error).cause).toBeInstanceOf(DatabaseBusyError);
    expect(isDatabaseUnavailable(outcome)).toBe(true);
    // Served again at once; neither the transaction's row nor the given-up insert was written, even later.
    await new Promise((r) => setTimeout(r, 50));
    expect(await probeRows()).toEqual([]);
    await db.execute(sql`insert into gate_probe values (3)`);
    expect(await probeRows()).toEqual([3]);
  });

  it('calls queued behind a short transaction wait their turn and run, in order', async () => {
    const { db } = database;
    await db.execute(sql`delete from gate_probe`);
    const tx = db.transaction(async (t) => {
      await t.execute(sql`insert into gate_probe values (10)`);
      await new Promise((r) => setTimeout(r, 100));
    });
    const queued = [11, 12, 13].map((n) => db.execute(sql`insert into gate_probe values (${n})`));
    await Promise.all([tx, ...queued]);
    expect(await probeRows()).toEqual([10, 11, 12, 13]);
  });
});
