/**
 * Currencies in the database (migrations 0021, 0024; docs/decisions/currencies.md): the `devises` table equals
 * common/devises.ts DEVISES (its twin), no currency has more decimals than the money columns hold, every currency column
 * refers to it by a validated foreign key, the CFA francs' legal rate is seeded, the rates' history is never rewritten,
 * and every amount's currency follows its record: a departure its origin country's, a parcel its departure's, a payment
 * its parcel's.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVISES, TAUX_FIXES } from '../../common/devises';
import { pays } from '../../server/db/schema';
import { createEnvoiByApi, idByCode, insertColis } from './fixtures';
import { setupTestApp, type TestContext } from './helpers';

let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(async () => t.close());

const rows = async <T>(query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

describe('currencies (migration 0021)', () => {
  it('the devises table is common/devises.ts DEVISES, code for code', async () => {
    const table = await rows<{ code: string; libelle: string; decimales: number }>(
      sql`SELECT code, libelle, decimales FROM devises ORDER BY code`,
    );
    const list = [...DEVISES].sort((a, b) => a.code.localeCompare(b.code));
    expect(table.map((d) => ({ ...d, decimales: Number(d.decimales) }))).toEqual(list);
  });

  it('no currency has more decimals than the money columns, numeric(12,2), hold', async () => {
    expect(DEVISES.filter((d) => d.decimales > 2)).toEqual([]);
    const scales = await rows<{ table_name: string; column_name: string; numeric_scale: number }>(sql`
      SELECT table_name, column_name, numeric_scale FROM information_schema.columns
       WHERE table_schema = 'public' AND (table_name, column_name) IN (('colis', 'montant_total'), ('encaissements', 'montant_encaisse'),
             ('operations', 'montant'), ('caisse_comptes', 'attendu'))`);
    expect(scales.map((c) => Number(c.numeric_scale))).toEqual([2, 2, 2, 2]);
  });

  it('every currency column refers to the devises table by a validated foreign key (migration 0024)', async () => {
    const keys = await rows<{ conname: string; convalidated: boolean }>(sql`
      SELECT conname, convalidated FROM pg_constraint
       WHERE contype = 'f' AND confrelid = 'devises'::regclass ORDER BY conname`);
    expect(keys.filter((k) => !k.convalidated)).toEqual([]);
    expect(keys.map((k) => k.conname)).toEqual(
      expect.arrayContaining([
        'colis_devise_devises_code_fk',
        'encaissements_devise_devises_code_fk',
        'encaissements_devise_tendue_devises_code_fk',
        'envois_devise_devises_code_fk',
        'operations_devise_devises_code_fk',
        'pays_devise_devises_code_fk',
      ]),
    );
  });

  it('seeds the fixed CFA rate and refuses to rewrite the history', async () => {
    const fixed = await rows<{ devise: string; taux: string; fixe: boolean }>(
      sql`SELECT devise, taux::text AS taux, fixe FROM taux_change WHERE fixe ORDER BY devise`,
    );
    expect(fixed.map((r) => [r.devise, Number(r.taux)])).toEqual(
      Object.entries(TAUX_FIXES)
        .map(([d, v]) => [d, Number(v)])
        .sort(),
    );
    await expect(t.database.db.execute(sql`UPDATE taux_change SET taux = 1 WHERE devise = 'XOF'`)).rejects.toMatchObject({
      cause: expect.objectContaining({ code: 'CL003' }),
    });
    await expect(t.database.db.execute(sql`DELETE FROM taux_change WHERE devise = 'XAF'`)).rejects.toBeTruthy();
    expect((await rows(sql`SELECT 1 FROM taux_change WHERE fixe`)).length).toBe(2);
  });

  it("gives a departure its origin country's currency, its parcels and payments the departure's", async () => {
    const db = t.database.db;
    const dakar = await createEnvoiByApi(t, { paysEmetteurID: await idByCode(db, pays, 'SN'), paysID: await idByCode(db, pays, 'FR') });
    const colisID = await insertColis(db, { envoiID: dakar.id, statut: 'RECEPTIONNE', agence: 'DKR1' });
    const [answer] = await rows<{ devise: string; colis: string }>(
      sql`SELECT e.devise, c.devise AS colis FROM envois e JOIN colis c ON c.envoi_id = e.id WHERE c.id = ${colisID}`,
    );
    expect(answer).toEqual({ devise: 'XOF', colis: 'XOF' });
    // A parcel cannot claim another currency than its departure's.
    await db.execute(sql`UPDATE colis SET devise = 'EUR' WHERE id = ${colisID}`);
    await db.execute(sql`UPDATE colis SET envoi_id = envoi_id WHERE id = ${colisID}`);
    expect((await rows<{ devise: string }>(sql`SELECT devise FROM colis WHERE id = ${colisID}`))[0]!.devise).toBe('XOF');
    const mismatched = await rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM envois e JOIN pays p ON p.id = e.pays_emetteur_id WHERE e.devise <> p.devise`);
    expect(mismatched[0]!.n).toBe(0);
    const colis = await rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM colis c JOIN envois e ON e.id = c.envoi_id WHERE c.devise <> e.devise`);
    expect(colis[0]!.n).toBe(0);
    const payments = await rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM encaissements x JOIN colis c ON c.id = x.colis_id WHERE x.devise <> c.devise`);
    expect(payments[0]!.n).toBe(0);
    // At least one departure leaves a CFA country in the seeded data, so the check above is not vacuous.
    const cfa = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM envois WHERE devise = 'XOF'`);
    expect(cfa[0]!.n).toBeGreaterThan(0);
  });
});

describe('migration 0024 on a database written before it', () => {
  const migration = readFileSync(path.resolve(__dirname, '../../server/db/migrations/0024_caisse_verrou.sql'), 'utf8');
  const statements = migration.split('--> statement-breakpoint').map((x) => x.trim());
  /** The statements of the migration from the one starting with `from` on (its functions are in place already). */
  const from = (start: string) => statements.slice(statements.findIndex((x) => x.startsWith(start)));
  const run = async (list: string[]) => {
    for (const statement of list) await t.database.db.execute(sql.raw(statement));
  };
  /** A currency foreign key dropped, to write a code outside the list, then put back NOT VALID as migration 0021 left it. */
  const withoutKey = async (table: string, write: () => Promise<unknown>) => {
    const key = `${table}_devise_devises_code_fk`;
    await t.database.db.execute(sql.raw(`ALTER TABLE "${table}" DROP CONSTRAINT "${key}"`));
    await write();
    await t.database.db.execute(
      sql.raw(`ALTER TABLE "${table}" ADD CONSTRAINT "${key}" FOREIGN KEY ("devise") REFERENCES "devises"("code") NOT VALID`),
    );
  };

  it("takes TND off only when no row uses it, in a notice's words otherwise", async () => {
    const tnd = sql`INSERT INTO devises (code, libelle, decimales) VALUES ('TND', 'Dinar tunisien', 3)`;
    const present = async () => (await rows(sql`SELECT 1 FROM devises WHERE code = 'TND'`)).length;
    const deleteTnd = statements.filter((x) => x.startsWith('DO $$') && x.includes("'TND'"));
    expect(deleteTnd).toHaveLength(1);
    await t.database.db.execute(tnd);
    await t.database.db.execute(sql`UPDATE pays SET devise = 'TND' WHERE code = 'ML'`);
    await run(deleteTnd);
    expect(await present()).toBe(1);
    await t.database.db.execute(sql`UPDATE pays SET devise = 'XOF' WHERE code = 'ML'`);
    await run(deleteTnd);
    expect(await present()).toBe(0);
  });

  it("maps the legacy CFA codes to XOF, a closed day's operation too, and validates the currency keys", async () => {
    const db = t.database.db;
    const [{ id: agence }] = await rows<{ id: string }>(sql`SELECT id FROM agences WHERE code = 'DKR1'`);
    const [{ id: auteur }] = await rows<{ id: string }>(sql`SELECT id FROM users WHERE agence_id IS NULL LIMIT 1`);
    const [{ id: motif }] = await rows<{ id: string }>(sql`SELECT id FROM types_operation LIMIT 1`);
    const [{ id: operation }] = await rows<{ id: string }>(sql`
      INSERT INTO operations (id, date, montant, devise, motif_id, type, user_id, agence_id)
      VALUES (gen_random_uuid(), now(), 5000, 'XOF', ${motif}, 'entrée', ${auteur}, ${agence}) RETURNING id`);
    await db.execute(sql`INSERT INTO caisse_clotures (id, agence_id, jour, auteur_id)
      VALUES (gen_random_uuid(), ${agence}, (now() AT TIME ZONE 'Europe/Paris')::date, ${auteur})`);
    await withoutKey('pays', () => db.execute(sql`UPDATE pays SET devise = 'FCFA' WHERE code = 'SN'`));
    await withoutKey('envois', () => db.execute(sql`UPDATE envois SET devise = 'F CFA' WHERE devise = 'XOF'`));
    await withoutKey('operations', async () => {
      await db.execute(sql`ALTER TABLE operations DISABLE TRIGGER operations_caisse_ouverte`);
      await db.execute(sql`UPDATE operations SET devise = 'CFA' WHERE id = ${operation}`);
      await db.execute(sql`ALTER TABLE operations ENABLE TRIGGER operations_caisse_ouverte`);
    });
    const invalid = async () => rows(sql`SELECT conname FROM pg_constraint WHERE confrelid = 'devises'::regclass AND NOT convalidated`);
    expect(await invalid()).toHaveLength(3);

    await run(from('UPDATE "pays"'));
    expect(await rows(sql`SELECT devise FROM pays WHERE code = 'SN'`)).toEqual([{ devise: 'XOF' }]);
    expect(await rows(sql`SELECT 1 FROM envois WHERE devise IN ('FCFA', 'CFA', 'F CFA')`)).toEqual([]);
    expect(await rows(sql`SELECT devise FROM operations WHERE id = ${operation}`)).toEqual([{ devise: 'XOF' }]);
    expect(await invalid()).toEqual([]);
    // The closed day's guard is back: the operation cannot change.
    await expect(db.execute(sql`UPDATE operations SET montant = 1 WHERE id = ${operation}`)).rejects.toMatchObject({
      cause: expect.objectContaining({ code: 'CL004' }),
    });
  });
});
