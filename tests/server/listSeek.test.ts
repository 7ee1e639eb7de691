/**
 * Deep pages of the parcels and payments lists (issue 12 §1–2; server/http/listSeek.ts, migration 0014 list_jours): a
 * page far into a list in creation order, for a role that sees every agency, starts at its day found from the rows per
 * day instead of walking every row before it. These tests read every deep page of both lists, newest and oldest first,
 * through the API as the administrator and compare it with the same page walked by OFFSET in SQL, on rows that share
 * creation instants, sit on midnight UTC and span many days; again after deletions, cancellations, re-dated rows and a
 * compaction; and the counters equal a recount each time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { compactStats } from '../../server/colis/stats';
import { SEEK_FROM_OFFSET, seekByDay } from '../../server/http/listSeek';
import { setupTestApp, type TestContext } from './helpers';
import { createEnvoiByApi, idByCode, insertClient, listDaysDrift } from './fixtures';
import { agences, colis, statuts } from '../../server/db/schema';

let t: TestContext;
const PER_PAGE = 25;
/** Parcels inserted (enough for deep pages: SEEK_FROM_OFFSET rows and more than a page beyond). */
const N = SEEK_FROM_OFFSET + 600;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The lists read here: their API path and their table. */
const LISTS = {
  colis: { path: '/api/colis/liste/x', table: 'colis' },
  encaissements: { path: '/api/encaissement/liste/x', table: 'encaissements' },
} as const;
type Liste = keyof typeof LISTS;

/** The ids of a page walked by OFFSET in SQL: rows not deleted, by creation date then id (runList's order). */
async function walked(liste: Liste, page: number, order: 'asc' | 'desc') {
  const dir = order === 'desc' ? sql`DESC` : sql`ASC`;
  return rowsOf<{ id: string }>(
    await t.database.db.execute(sql`
      SELECT id FROM ${sql.identifier(LISTS[liste].table)} WHERE deleted_at IS NULL
       ORDER BY created_at ${dir}, id ASC LIMIT ${PER_PAGE} OFFSET ${(page - 1) * PER_PAGE}`),
  ).map((r) => r.id);
}

/** Pages 1, 2, and every page from just before SEEK_FROM_OFFSET to one past the last, both orders: the API's equal the walked ones. */
async function expectDeepPagesEqualWalked(liste: Liste) {
  const [{ n }] = rowsOf<{ n: number }>(
    await t.database.db.execute(sql`SELECT count(*)::int AS n FROM ${sql.identifier(LISTS[liste].table)} WHERE deleted_at IS NULL`),
  );
  const first = Math.floor(SEEK_FROM_OFFSET / PER_PAGE);
  const last = Math.ceil(n / PER_PAGE) + 1;
  // The first pages too: walked from the first row, in the same one statement (http/list.ts jsonCountedPage).
  const pages = [1, 2, ...Array.from({ length: last - first + 1 }, (_, i) => first + i)];
  for (const order of ['desc', 'asc'] as const) {
    for (const page of pages) {
      const res = await t.call(
        'GET',
        `${LISTS[liste].path}?_page=${page}&_perPage=${PER_PAGE}&_sort=createdAt&_order=${order.toUpperCase()}`,
        {
          token: t.adminToken,
        },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const ids = (res.body.datas as { id: string }[]).map((r) => r.id);
      expect(ids, `${liste} page ${page} ${order}`).toEqual(await walked(liste, page, order));
      expect(res.body.total).toBe(n);
    }
  }
}

beforeAll(async () => {
  t = await setupTestApp();
  const db = t.database.db;
  const envoi = await createEnvoiByApi(t);
  const client = await insertClient(db);
  const agence = await idByCode(db, agences, 'PAR1');
  const statut = await idByCode(db, statuts, 'RECEPTIONNE');
  // Spread over 40 days; one instant in 7 is shared by several parcels (ties ordered by id), one in 11 is midnight UTC
  // exactly (the first instant of its day), the rest anywhere in the day.
  await db.execute(sql`
    INSERT INTO colis (id, reference, envoi_id, agence_id, statut_id, expediteur_id, destinataire_id, poids, montant_total,
                       reglement, reste_a_payer, created_at)
    SELECT gen_random_uuid(), 'SEEK-' || g, ${envoi.id}, ${agence}, ${statut}, ${client}, ${client}, 1, 10, 10, 0,
           CASE WHEN g % 7 = 0 THEN timestamptz '2026-03-01 12:00:00+00' - (g % 40) * interval '1 day'
                WHEN g % 11 = 0 THEN timestamptz '2026-03-01 00:00:00+00' - (g % 40) * interval '1 day'
                ELSE timestamptz '2026-03-01 00:00:00+00' - (g % 40) * interval '1 day' + (g * 7919 % 86400) * interval '1 second' END
      FROM generate_series(1, ${N}::int) g`);
  await db.execute(sql`
    INSERT INTO encaissements (id, colis_id, agence_id, montant_encaisse, montant_restant, mode_paiement_id, created_at)
    SELECT gen_random_uuid(), c.id, c.agence_id, 10, 0, (SELECT id FROM modes_paiement ORDER BY code LIMIT 1),
           c.created_at + CASE WHEN c.reference LIKE '%3' THEN interval '0' ELSE interval '5 minutes' END
      FROM colis c WHERE c.reference LIKE 'SEEK-%'`);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('deep pages by day (issue 12 §1–2)', () => {
  it('the counters hold the rows per day, and a deep page starts at its day, not at the first row', async () => {
    const drift = await listDaysDrift(t.database.db);
    expect(drift.counted).toEqual(drift.recounted);
    expect(drift.counted.filter((r) => r.liste === 'colis').length).toBeGreaterThanOrEqual(40);
    // The seek skips whole days: what is left to walk is less than one day's rows.
    const seek = await seekByDay(t.database.db, 'colis', colis.createdAt, SEEK_FROM_OFFSET + 100, 'desc');
    expect(seek).toBeDefined();
    expect(seek!.offset).toBeLessThan(Math.ceil(N / 40) + 1);
    // Below the threshold, the page is walked.
    expect(await seekByDay(t.database.db, 'colis', colis.createdAt, SEEK_FROM_OFFSET - 1, 'desc')).toBeUndefined();
  });

  it('every deep page, newest and oldest first, equals the page walked by OFFSET (parcels and payments)', async () => {
    await expectDeepPagesEqualWalked('colis');
    await expectDeepPagesEqualWalked('encaissements');
  }, 180_000);

  it('after deletions, cancellations and re-dated rows, and after a compaction, pages and counters still agree', async () => {
    const db = t.database.db;
    // A parcel deleted through the API (EN_ATTENTE: deleted at once) and many deleted directly, one day emptied.
    const [one] = rowsOf<{ id: string }>(
      await db.execute(sql`UPDATE colis SET statut_id = (SELECT id FROM statuts WHERE code = 'EN_ATTENTE')
                            WHERE reference = 'SEEK-101' RETURNING id`),
    );
    const del = await t.call('DELETE', `/api/colis/delete/${one.id}/ADMIN`, { token: t.adminToken });
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    await db.execute(
      sql`UPDATE colis SET deleted_at = now() WHERE reference LIKE 'SEEK-%' AND (substr(reference, 6)::int % 40 = 5 OR substr(reference, 6)::int % 13 = 0)`,
    );
    // A payment cancelled through the API, and more directly.
    const [pay] = rowsOf<{ id: string }>(
      await db.execute(sql`SELECT e.id FROM encaissements e JOIN colis c ON c.id = e.colis_id WHERE c.reference = 'SEEK-202'`),
    );
    const cancelled = await t.call('DELETE', `/api/encaissement/delete/${pay.id}`, { token: t.adminToken });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    await db.execute(sql`UPDATE encaissements SET deleted_at = now() WHERE id IN (SELECT id FROM encaissements ORDER BY id LIMIT 150)`);
    // Rows moved to another day, one restored.
    await db.execute(
      sql`UPDATE colis SET created_at = created_at - interval '3 days' WHERE reference LIKE 'SEEK-%' AND substr(reference, 6)::int % 9 = 0`,
    );
    await db.execute(sql`UPDATE colis SET deleted_at = NULL WHERE reference = 'SEEK-26'`);

    let drift = await listDaysDrift(db);
    expect(drift.counted).toEqual(drift.recounted);
    await expectDeepPagesEqualWalked('colis');
    await expectDeepPagesEqualWalked('encaissements');

    await compactStats(db);
    drift = await listDaysDrift(db);
    expect(drift.counted).toEqual(drift.recounted);
    const [{ rows }] = rowsOf<{ rows: number }>(await db.execute(sql`SELECT count(*)::int AS rows FROM list_jours WHERE liste = 'colis'`));
    expect(rows).toBe(drift.counted.filter((r) => r.liste === 'colis').length);
    await expectDeepPagesEqualWalked('colis');
  }, 240_000);

  it('an agent (its agency scope) and a search are walked, and still page right; a searched page tells its total', async () => {
    const agent = await t.createStaff('AGENT', { agenceCode: 'PAR1' });
    const res = await t.call('GET', `${LISTS.colis.path}?_page=90&_perPage=${PER_PAGE}`, { token: agent.token });
    expect(res.status).toBe(200);
    // Every parcel here is PAR1's: the agent's scope holds them all, so its page is the one walked over every parcel.
    expect((res.body.datas as { id: string }[]).map((r) => r.id)).toEqual(await walked('colis', 90, 'desc'));
    const searched = await t.call('GET', `${LISTS.colis.path}?_page=2&_perPage=${PER_PAGE}&q=SEEK-1`, { token: t.adminToken });
    expect(searched.status).toBe(200);
    expect((searched.body.datas as { reference: string }[]).every((r) => r.reference.includes('SEEK-1'))).toBe(true);
    // Its total is counted with the page's ids (a window over the matches): the number of parcels the search finds.
    const [{ n }] = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`SELECT count(*)::int AS n FROM colis WHERE deleted_at IS NULL AND reference LIKE '%SEEK-1%'`),
    );
    expect(n).toBeGreaterThan(2 * PER_PAGE);
    expect(searched.body.total).toBe(n);
  });
});
