/**
 * Prepared statements of the PostgreSQL pool (server/db/fast/namedStatements.ts): a parameterised query runs as a named
 * statement prepared once per connection, the same text always under the same name; a text without parameters (which
 * may hold several statements) runs as before; and the pool's sessions do not JIT-compile (server/db/pgPool.ts).
 * PostgreSQL only: PGlite has no pool.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { createPgPool } from '../../server/db/pgPool';
import { statementName } from '../../server/db/fast/namedStatements';

describe.runIf(process.env.DATABASE_URL)('named statements on PostgreSQL', () => {
  let named: pg.Pool;
  let plain: pg.Pool;
  beforeAll(() => {
    named = createPgPool(process.env.DATABASE_URL!, { max: 1, namedStatements: true });
    plain = createPgPool(process.env.DATABASE_URL!, { max: 1 });
  });
  afterAll(async () => {
    await named.end();
    await plain.end();
  });

  const prepared = async (pool: pg.Pool) =>
    (await pool.query<{ name: string; statement: string }>('SELECT name, statement FROM pg_prepared_statements ORDER BY name')).rows;

  it('prepares a parameterised query once, under the name of its text, and answers it the same', async () => {
    const text = 'SELECT $1::int + $2::int AS n';
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push((await named.query(text, [i, 40])).rows[0].n);
    expect(answers).toEqual([40, 41, 42]);
    // The object form Drizzle uses, with array rows.
    const rows = (await named.query({ text, values: [1, 1], rowMode: 'array' })).rows;
    expect(rows).toEqual([[2]]);
    const statements = await prepared(named);
    expect(statements).toEqual([{ name: statementName(text), statement: text }]);
  });

  it('runs a text without parameters unnamed, several statements included', async () => {
    const result = (await named.query('SELECT 1 AS a; SELECT 2 AS b')) as unknown as pg.QueryResult[];
    expect(result.map((r) => r.rows[0])).toEqual([{ a: 1 }, { b: 2 }]);
    expect((await prepared(named)).map((s) => s.statement)).not.toContain('SELECT 1 AS a; SELECT 2 AS b');
  });

  it('keeps a name given by the caller, and names nothing when switched off', async () => {
    await named.query({ name: 'mine', text: 'SELECT $1::text AS t', values: ['x'] });
    expect((await prepared(named)).map((s) => s.name)).toContain('mine');
    await plain.query('SELECT $1::int AS n', [1]);
    expect(await prepared(plain)).toEqual([]);
  });

  it('runs its sessions without JIT compilation nor parallel workers', async () => {
    expect((await named.query('SHOW jit')).rows[0].jit).toBe('off');
    // Starting workers cost a payment search 27–45 ms for a ~2 ms plan (bench/README.md, seventh session).
    expect((await named.query('SHOW max_parallel_workers_per_gather')).rows[0].max_parallel_workers_per_gather).toBe('0');
  });

  it('gives one text one name, and different texts different names', () => {
    expect(statementName('SELECT $1')).toBe(statementName('SELECT $1'));
    expect(statementName('SELECT $1')).not.toBe(statementName('SELECT $1 '));
  });
});
