/**
 * Writes grouped by key into transactions (server/db/fast/keyedBatches.ts, docs/decisions/registration-write.md), on the
 * test database (PGlite or PostgreSQL): the writes of a key that wait behind a running group are written together, in
 * arrival order, in one transaction; a failing write rolls its group back and every write of the group is written again
 * alone, so the others land once and the failing one leaves nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { keyedBatches, type BatchWrite } from '../../server/db/fast/keyedBatches';
import type { Tx } from '../../server/db/client';
import { setupTestApp, type TestContext } from './helpers';

let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
  await t.database.db.execute(sql`CREATE TABLE batch_rows (name text PRIMARY KEY, tx bigint NOT NULL)`);
});
afterAll(() => t.close());

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** A write that inserts a row `name` (recording its transaction's id) and answers that id; `fail` then fails. */
function insertRow(name: string, fail?: 'database' | 'code'): BatchWrite<number> {
  return {
    run: async (tx: Tx) => {
      const [row] = rowsOf<{ tx: number }>(
        await tx.execute(sql`INSERT INTO batch_rows (name, tx) VALUES (${name}, txid_current()) RETURNING tx::int AS tx`),
      );
      // A database error (the row again: a duplicate key) or an error of the write's own code, after its insert.
      if (fail === 'database') await tx.execute(sql`INSERT INTO batch_rows (name, tx) VALUES (${name}, 0)`);
      if (fail === 'code') throw new Error(`échec ${name}`);
      return row.tx;
    },
  };
}

async function rowsNamed(prefix: string) {
  return rowsOf<{ name: string; tx: number }>(
    await t.database.db.execute(sql`SELECT name, tx::int AS tx FROM batch_rows WHERE name LIKE ${prefix + '%'} ORDER BY name`),
  );
}

describe('keyedBatches (a departure’s registrations written in groups)', () => {
  it('writes the writes waiting behind a running one in one transaction, in arrival order, each its own answer', async () => {
    const write = keyedBatches();
    const db = t.database.db;
    const order: string[] = [];
    const tracked = (name: string): BatchWrite<number> => {
      const w = insertRow(name) as { run: (tx: Tx) => Promise<number> };
      return { run: async (tx: Tx) => (order.push(name), w.run(tx)) };
    };
    const answers = await Promise.all(['g1-a', 'g1-b', 'g1-c', 'g1-d'].map((n) => write(db, 'envoi-1', tracked(n))));
    // The first is written alone (nothing waited); the three that arrived meanwhile, together.
    expect(answers[0]).not.toBe(answers[1]);
    expect(new Set(answers.slice(1)).size).toBe(1);
    expect(order).toEqual(['g1-a', 'g1-b', 'g1-c', 'g1-d']);
    expect((await rowsNamed('g1-')).map((r) => r.tx)).toEqual(answers);
  });

  it('writes consecutive writes sharing a `together` function by one call of it, in the group’s transaction', async () => {
    const write = keyedBatches();
    const db = t.database.db;
    const calls: string[][] = [];
    const together = async (tx: Tx, names: string[]) => {
      calls.push(names);
      const out: number[] = [];
      for (const n of names) out.push(await insertRow(n).run(tx));
      return out;
    };
    const joint = (name: string): BatchWrite<number, string> => ({ ...insertRow(name), together, data: name });
    const answers = await Promise.all([
      write(db, 'envoi-4', joint('g4-a')),
      write(db, 'envoi-4', joint('g4-b')),
      write(db, 'envoi-4', joint('g4-c')),
      write(db, 'envoi-4', insertRow('g4-d')),
      write(db, 'envoi-4', joint('g4-e')),
      write(db, 'envoi-4', joint('g4-f')),
    ]);
    // a alone (its own `run`); then b and c together, d by its run, e and f together: one transaction.
    expect(calls).toEqual([
      ['g4-b', 'g4-c'],
      ['g4-e', 'g4-f'],
    ]);
    expect(new Set(answers.slice(1)).size).toBe(1);
    expect((await rowsNamed('g4-')).map((r) => r.tx)).toEqual(answers);
  });

  it('keeps groups within `max` and keys apart', async () => {
    const write = keyedBatches({ max: 2 });
    const db = t.database.db;
    const answers = await Promise.all([
      write(db, 'envoi-1', insertRow('g2-a')),
      write(db, 'envoi-1', insertRow('g2-b')),
      write(db, 'envoi-2', insertRow('g2-c')),
      write(db, 'envoi-1', insertRow('g2-d')),
      write(db, 'envoi-1', insertRow('g2-e')),
      write(db, 'envoi-2', insertRow('g2-f')),
    ]);
    const [a, b, c, d, e, f] = answers;
    // envoi-1: a alone, then b and d (the group's limit), then e; envoi-2: c alone, then f: five transactions.
    expect(b).toBe(d);
    expect(new Set([a, b, e, c, f]).size).toBe(5);
  });

  it('reads `max` given as a function each time it forms a group (a switch changed in the process)', async () => {
    let max = 1;
    const write = keyedBatches({ max: () => max });
    const db = t.database.db;
    const alone = await Promise.all(['g6-a', 'g6-b', 'g6-c'].map((n) => write(db, 'envoi-6', insertRow(n))));
    expect(new Set(alone).size).toBe(3);
    max = 32;
    // e and f wait behind d (or, with d, behind the last group of the three): written together.
    const [, e, f] = await Promise.all(['g6-d', 'g6-e', 'g6-f'].map((n) => write(db, 'envoi-6', insertRow(n))));
    expect(e).toBe(f);
  });

  it.each(['database', 'code'] as const)(
    'a write failing in a group (%s error) answers its error, leaves nothing, and the others are written once',
    async (kind) => {
      const write = keyedBatches();
      const db = t.database.db;
      const p = `g3-${kind}-`;
      const results = await Promise.allSettled([
        write(db, 'envoi-1', insertRow(p + 'a')),
        write(db, 'envoi-1', insertRow(p + 'b')),
        write(db, 'envoi-1', insertRow(p + 'c', kind)),
        write(db, 'envoi-1', insertRow(p + 'd')),
      ]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
      const rows = await rowsNamed(p);
      expect(rows.map((r) => r.name)).toEqual([p + 'a', p + 'b', p + 'd']);
      // Written again alone: b and d each in a transaction of its own.
      expect(rows[1].tx).not.toBe(rows[2].tx);
      // And the key is free again: the next write goes through.
      await expect(write(db, 'envoi-1', insertRow(p + 'e'))).resolves.toBeGreaterThan(0);
    },
  );

  it('a group cut from the database is not written again: each of its writes answers that error', async () => {
    // A lost connection (during the COMMIT, say) leaves the group's outcome unknown: writing its parcels again could
    // write them twice (or answer a duplicate key for a parcel that was written). Each answers the 503 it would alone.
    const lost = Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });
    const write = keyedBatches({ unreachable: (e) => (e as { code?: string }).code === 'ECONNRESET' });
    const db = t.database.db;
    const runs: string[] = [];
    const counted = (name: string, fail = false): BatchWrite<number> => ({
      run: async (tx: Tx) => {
        runs.push(name);
        const tx1 = await insertRow(name).run(tx);
        if (fail) throw lost;
        return tx1;
      },
    });
    const results = await Promise.allSettled([
      write(db, 'envoi-5', counted('g5-a')),
      write(db, 'envoi-5', counted('g5-b')),
      write(db, 'envoi-5', counted('g5-c', true)),
      write(db, 'envoi-5', counted('g5-d')),
    ]);
    expect(results.map((r) => (r.status === 'rejected' ? (r.reason as Error).message : 'written'))).toEqual([
      'written',
      'Connection terminated unexpectedly',
      'Connection terminated unexpectedly',
      'Connection terminated unexpectedly',
    ]);
    // Each ran once (no second attempt), and the group's rows were rolled back with it.
    expect(runs).toEqual(['g5-a', 'g5-b', 'g5-c']);
    expect((await rowsNamed('g5-')).map((r) => r.name)).toEqual(['g5-a']);
  });

  it('an atomic write alone runs on the database handle itself, with no transaction around it', async () => {
    const write = keyedBatches();
    const db = t.database.db;
    const seen: unknown[] = [];
    await write(db, 'envoi-3', { atomic: true, run: async (h) => void seen.push(h) });
    expect(seen).toEqual([db]);
  });
});
