/**
 * Queries built once and run on any handle (server/db/fast/reusable.ts): inside a transaction a reusable query runs on the
 * transaction's connection (its writes roll back with it, it reads the transaction's own writes), its values are bound
 * per run, a left join's missing row is still null, and a query that would repeat a value Drizzle computes while
 * building (a column's uuidv7 id, an updated_at) or drop a value without placeholder is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { reusable, reusableSql } from '../../server/db/fast/reusable';
import { typeUsers, users } from '../../server/db/schema';
import { setupTestApp, type TestContext } from './helpers';

let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t.close());

const insertType = reusable((db) =>
  db
    .insert(typeUsers)
    .values({ id: sql.placeholder('id'), code: sql.placeholder('code'), libelle: sql.placeholder('libelle') })
    .returning({ id: typeUsers.id, code: typeUsers.code }),
);
/** A user type by code, with the user of id `userID` of that type (a left join: null when none). */
const typeByCode = reusable((db) =>
  db
    .select({ code: typeUsers.code, libelle: typeUsers.libelle, user: { id: users.id, nom: users.nom } })
    .from(typeUsers)
    .leftJoin(users, and(eq(users.typeUserID, typeUsers.id), eq(users.id, sql.placeholder('userID'))))
    .where(eq(typeUsers.code, sql.placeholder('code'))),
);

describe('reusable queries', () => {
  it('runs on the transaction it is given: its reads see the transaction, its writes roll back with it', async () => {
    const db = t.database.db;
    const code = `TST_${Date.now()}`;
    // Both first built and run on the database handle, then given the transaction.
    await insertType(db, { id: uuidv7(), code: `${code}_DB`, libelle: 'Essai' });
    expect(await typeByCode(db, { code, userID: null })).toEqual([]);
    await expect(
      db.transaction(async (tx) => {
        const [inserted] = await insertType(tx, { id: uuidv7(), code, libelle: 'Essai' });
        expect(inserted.code).toBe(code);
        expect(await typeByCode(tx, { code, userID: null })).toEqual([{ code, libelle: 'Essai', user: null }]);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await typeByCode(db, { code, userID: null })).toEqual([]);
  });

  it('binds its values on every run, and maps a joined row', async () => {
    const db = t.database.db;
    const a = await insertType(db, { id: uuidv7(), code: `TST_A_${Date.now()}`, libelle: 'A' });
    const b = await insertType(db, { id: uuidv7(), code: `TST_B_${Date.now()}`, libelle: 'B' });
    expect(a[0].id).not.toBe(b[0].id);
    const [user] = await db
      .insert(users)
      .values({ nom: 'Essai', prenoms: '', typeUserID: a[0].id, telephoneComplet: `+3361${Date.now() % 1e7}` })
      .returning({ id: users.id });
    expect(await typeByCode(db, { code: a[0].code, userID: user.id })).toEqual([
      { code: a[0].code, libelle: 'A', user: { id: user.id, nom: 'Essai' } },
    ]);
    expect(await typeByCode(db, { code: b[0].code, userID: user.id })).toEqual([{ code: b[0].code, libelle: 'B', user: null }]);
  });

  it('refuses a column Drizzle would compute once (an id left to its default) and a value without placeholder', async () => {
    const db = t.database.db;
    const withoutId = reusable((d) => d.insert(typeUsers).values({ code: sql.placeholder('code'), libelle: 'x' }));
    await expect(async () => withoutId(db, { code: 'NOPE' })).rejects.toThrow(/column id is computed/);
    const withoutUpdatedAt = reusable((d) =>
      d
        .update(typeUsers)
        .set({ libelle: sql`${sql.placeholder('libelle')}` })
        .where(sql`false`),
    );
    await expect(async () => withoutUpdatedAt(db, { libelle: 'x' })).rejects.toThrow(/column updated_at is computed/);
    await expect(async () => typeByCode(db, { code: 'X', userID: null, nom: 'dropped' })).rejects.toThrow(/no placeholder nom/);
  });

  it('runs a statement for several values in a row on a transaction: each sees the ones before, values arrive intact', async () => {
    // On PostgreSQL the runs after the first go in one simple query of EXECUTE commands with quoted literals: the
    // values a user can type (quotes, backslashes, a semicolon, accents, e-mails), nulls, arrays and JSON must arrive
    // as they are, and never as SQL.
    const db = t.database.db;
    const code = `TST_EACH_${Date.now()}`;
    const insert = reusableSql<{ code: string; libelle: string; n: number; tags: string[] | null; doc: unknown }>(sql`
      INSERT INTO ${typeUsers} (id, code, libelle) VALUES (${sql.placeholder('id')}::uuid, ${sql.placeholder('code')}::text,
             ${sql.placeholder('libelle')}::text)
      RETURNING code, libelle,
                (SELECT count(*)::int FROM ${typeUsers} WHERE code LIKE ${code + '%'}) AS n,
                ${sql.placeholder('tags')}::text[] AS tags, ${sql.placeholder('doc')}::jsonb AS doc`);
    const libelles = ["l'agence d'Abidjan", "a\\b \\' ; DROP TABLE type_users; --", "$$ $tag$ E'x' \n", 'Élodie Ñúñez — 東京', ''];
    const valuesList = libelles.map((libelle, i) => ({
      id: uuidv7(),
      code: `${code}_${i}`,
      libelle,
      tags: i === 4 ? null : [libelle, 'b"c', 'd,e'],
      doc: JSON.stringify({ libelle, i }),
    }));
    const answers = await db.transaction((tx) => insert.each(tx, valuesList));
    expect(answers.map(([r]) => r.libelle)).toEqual(libelles);
    // Each run saw the rows of the runs before it in the transaction (not its own: a statement reads its snapshot).
    expect(answers.map(([r]) => r.n)).toEqual([0, 1, 2, 3, 4]);
    expect(answers.map(([r]) => r.tags)).toEqual(valuesList.map((v) => v.tags));
    expect(answers.map(([r]) => r.doc)).toEqual(libelles.map((libelle, i) => ({ libelle, i })));
    const stored = await db
      .select({ libelle: typeUsers.libelle })
      .from(typeUsers)
      .where(sql`${typeUsers.code} LIKE ${code + '%'}`)
      .orderBy(typeUsers.code);
    expect(stored.map((r) => r.libelle)).toEqual(libelles);
  });

  it('a failing run among several fails the call and its transaction writes nothing', async () => {
    const db = t.database.db;
    const code = `TST_FAIL_${Date.now()}`;
    const insert = reusableSql<{ id: string }>(
      sql`INSERT INTO ${typeUsers} (id, code, libelle) VALUES (${sql.placeholder('id')}::uuid, ${sql.placeholder('code')}::text, 'x') RETURNING id`,
    );
    // The third has the second's code: the unique index refuses it.
    const codes = [`${code}_1`, `${code}_2`, `${code}_2`, `${code}_3`];
    await expect(
      db.transaction((tx) =>
        insert.each(
          tx,
          codes.map((c) => ({ id: uuidv7(), code: c })),
        ),
      ),
    ).rejects.toThrow();
    const stored = await db
      .select()
      .from(typeUsers)
      .where(sql`${typeUsers.code} LIKE ${code + '%'}`);
    expect(stored).toEqual([]);
  });
});
