/**
 * Currencies in the database (migration 0021, docs/decisions/currencies.md): the `devises` table equals common/devises.ts
 * DEVISES (its twin), the CFA francs' legal rate is seeded, the rates' history is never rewritten, and every amount's
 * currency follows its record: a departure its origin country's, a parcel its departure's, a payment its parcel's.
 */
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
