/**
 * Deep pages of the parcels and payments lists (docs/decisions/counted-list-pages.md; server/db/fast/listSeek.ts,
 * migrations 0014 list_jours and 0017 list_jours_portee): a page far into a list in creation order starts at its day
 * found from the rows per day instead of walking every row before it, for a role that sees every agency and for an
 * agency's staff (its scope: parcels of its agency or travelling to its country, and their payments). These tests read
 * every deep page of both lists, newest and oldest first, through the API as the administrator and as agents of three
 * agencies, and compare it with the same page walked by OFFSET in SQL over the same scope, on rows of two agencies and
 * two destinations that share creation instants, sit on midnight UTC and span many days; again after deletions,
 * cancellations, re-dated rows, parcels moved to another agency or departure, a departure's new destination and a
 * compaction; and the counters equal a recount each time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { compactStats } from '../../server/colis/stats';
import { SEEK_FROM_OFFSET, seekByDay } from '../../server/db/fast/listSeek';
import { listDaysScope } from '../../server/access/scopes';
import { loadCurrentUser } from '../../server/auth/currentUser';
import { setupTestApp, type TestContext } from './helpers';
import { createEnvoiByApi, idByCode, insertClient, listDaysDrift } from './fixtures';
import { agences, colis, pays, statuts } from '../../server/db/schema';

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

/** Who reads a list: its token and, for an agency's staff, its agency and that agency's country (its scope). */
interface Reader {
  token: string;
  agence?: { id: string; paysId: string };
  /** The staff member's user id (agents). */
  id?: string;
}
const admin = (): Reader => ({ token: t.adminToken });

/**
 * The rows of a list a reader sees, as SQL on the list's table (access/scopes.ts written anew): for an agency's staff,
 * the parcels registered by its agency or on a departure to its country, and the payments of those parcels.
 */
function scopeOf(liste: Liste, reader: Reader) {
  if (!reader.agence) return sql`true`;
  const parcels = sql`SELECT id FROM colis WHERE agence_id = ${reader.agence.id}
                         OR envoi_id IN (SELECT id FROM envois WHERE pays_id = ${reader.agence.paysId})`;
  return liste === 'colis' ? sql`id IN (${parcels})` : sql`colis_id IN (${parcels})`;
}

/** The ids of a page walked by OFFSET in SQL: rows not deleted of the reader's scope, by creation date then id (runList's order). */
async function walked(liste: Liste, page: number, order: 'asc' | 'desc', reader: Reader = admin()) {
  const dir = order === 'desc' ? sql`DESC` : sql`ASC`;
  return rowsOf<{ id: string }>(
    await t.database.db.execute(sql`
      SELECT id FROM ${sql.identifier(LISTS[liste].table)} WHERE deleted_at IS NULL AND ${scopeOf(liste, reader)}
       ORDER BY created_at ${dir}, id ASC LIMIT ${PER_PAGE} OFFSET ${(page - 1) * PER_PAGE}`),
  ).map((r) => r.id);
}

/**
 * Pages 1, 2, and every page from just before SEEK_FROM_OFFSET to one past the last, both orders, read by `reader`:
 * the API's equal the walked ones, and the total is the number of rows of its scope.
 * @returns that number of rows
 */
async function expectDeepPagesEqualWalked(liste: Liste, reader: Reader = admin()): Promise<number> {
  const [{ n }] = rowsOf<{ n: number }>(
    await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(LISTS[liste].table)} WHERE deleted_at IS NULL AND ${scopeOf(liste, reader)}`,
    ),
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
        { token: reader.token },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const ids = (res.body.datas as { id: string }[]).map((r) => r.id);
      expect(ids, `${liste} page ${page} ${order}`).toEqual(await walked(liste, page, order, reader));
      expect(res.body.total).toBe(n);
    }
  }
  return n;
}

/** Agents of three agencies: Paris (its agency's parcels), Dakar (those to Senegal), Abidjan (those to Côte d'Ivoire). */
let agents: Record<'paris' | 'dakar' | 'abidjan', Reader>;
/** The departure to Côte d'Ivoire (one parcel in 8). */
let envoiCIId: string;

beforeAll(async () => {
  t = await setupTestApp();
  const db = t.database.db;
  const [senegal, coteDIvoire] = [await idByCode(db, pays, 'SN'), await idByCode(db, pays, 'CI')];
  const envoi = await createEnvoiByApi(t, { paysID: senegal });
  const envoiCI = await createEnvoiByApi(t, { paysID: coteDIvoire });
  envoiCIId = envoiCI.id;
  const client = await insertClient(db);
  const [paris, marseille] = [await idByCode(db, agences, 'PAR1'), await idByCode(db, agences, 'MRS1')];
  const statut = await idByCode(db, statuts, 'RECEPTIONNE');
  // Spread over 40 days; one instant in 7 is shared by several parcels (ties ordered by id), one in 11 is midnight UTC
  // exactly (the first instant of its day), the rest anywhere in the day. One parcel in 5 is Marseille's (the others
  // Paris's), one in 8 goes to Côte d'Ivoire (the others to Senegal): the Dakar agent's scope is more than
  // SEEK_FROM_OFFSET rows, the Paris agent's too.
  await db.execute(sql`
    INSERT INTO colis (id, reference, envoi_id, agence_id, statut_id, expediteur_id, destinataire_id, poids, montant_total,
                       reglement, reste_a_payer, created_at)
    SELECT gen_random_uuid(), 'SEEK-' || g, CASE WHEN g % 8 = 0 THEN ${envoiCI.id}::uuid ELSE ${envoi.id}::uuid END,
           CASE WHEN g % 5 = 0 THEN ${marseille}::uuid ELSE ${paris}::uuid END, ${statut}, ${client}, ${client}, 1, 10, 10, 0,
           CASE WHEN g % 7 = 0 THEN timestamptz '2026-03-01 12:00:00+00' - (g % 40) * interval '1 day'
                WHEN g % 11 = 0 THEN timestamptz '2026-03-01 00:00:00+00' - (g % 40) * interval '1 day'
                ELSE timestamptz '2026-03-01 00:00:00+00' - (g % 40) * interval '1 day' + (g * 7919 % 86400) * interval '1 second' END
      FROM generate_series(1, ${N}::int) g`);
  await db.execute(sql`
    INSERT INTO encaissements (id, colis_id, agence_id, montant_encaisse, montant_restant, mode_paiement_id, created_at)
    SELECT gen_random_uuid(), c.id, c.agence_id, 10, 0, (SELECT id FROM modes_paiement ORDER BY code LIMIT 1),
           c.created_at + CASE WHEN c.reference LIKE '%3' THEN interval '0' ELSE interval '5 minutes' END
      FROM colis c WHERE c.reference LIKE 'SEEK-%'`);
  const agentOf = async (code: string, paysCode: string): Promise<Reader> => {
    const { id, token } = await t.createStaff('AGENT', { agenceCode: code });
    return { id, token, agence: { id: await idByCode(db, agences, code), paysId: await idByCode(db, pays, paysCode) } };
  };
  agents = { paris: await agentOf('PAR1', 'FR'), dakar: await agentOf('DKR1', 'SN'), abidjan: await agentOf('ABJ1', 'CI') };
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('deep pages by day', () => {
  it('the counters hold the rows per day, and a deep page starts at its day, not at the first row', async () => {
    const drift = await listDaysDrift(t.database.db);
    expect(drift.counted).toEqual(drift.recounted);
    expect(drift.counted.filter((r) => r.liste === 'colis').length).toBeGreaterThanOrEqual(40);
    // The seek skips whole days: what is left to walk is less than one day's rows.
    const seek = await seekByDay(t.database.db, { liste: 'colis' }, colis.createdAt, SEEK_FROM_OFFSET + 100, 'desc');
    expect(seek).toBeDefined();
    expect(seek!.offset).toBeLessThan(Math.ceil(N / 40) + 1);
    // Below the threshold, the page is walked.
    expect(await seekByDay(t.database.db, { liste: 'colis' }, colis.createdAt, SEEK_FROM_OFFSET - 1, 'desc')).toBeUndefined();
    // An agent's deep page is sought too, on its agency scope's counters: it skips whole days of that scope.
    const dakar = (await loadCurrentUser(t.database.db, agents.dakar.id!))!;
    const scoped = await seekByDay(t.database.db, listDaysScope(dakar, 'colis'), colis.createdAt, SEEK_FROM_OFFSET + 100, 'desc');
    expect(scoped!.offset).toBeLessThan(Math.ceil(N / 40) + 1);
    expect(scoped!.total).toBe(N - N / 8);
  });

  it('every deep page, newest and oldest first, equals the page walked by OFFSET (parcels and payments)', async () => {
    await expectDeepPagesEqualWalked('colis');
    await expectDeepPagesEqualWalked('encaissements');
  }, 180_000);

  it("an agent's deep pages, sought on its scope's counters, equal its pages walked by OFFSET (three agencies)", async () => {
    // Dakar: the parcels to Senegal; Paris: its agency's; Abidjan: the few to Côte d'Ivoire (walked only).
    expect(await expectDeepPagesEqualWalked('colis', agents.dakar)).toBeGreaterThan(SEEK_FROM_OFFSET + PER_PAGE);
    expect(await expectDeepPagesEqualWalked('encaissements', agents.dakar)).toBeGreaterThan(SEEK_FROM_OFFSET + PER_PAGE);
    expect(await expectDeepPagesEqualWalked('colis', agents.paris)).toBeGreaterThan(SEEK_FROM_OFFSET + PER_PAGE);
    expect(await expectDeepPagesEqualWalked('colis', agents.abidjan)).toBe(N / 8);
  }, 180_000);

  it('after deletions, cancellations and re-dated rows, and after a compaction, pages and counters still agree', async () => {
    const db = t.database.db;
    // A parcel deleted through the API (EN_ATTENTE: deleted at once) and many deleted directly, one day emptied.
    const [one] = rowsOf<{ id: string }>(
      await db.execute(sql`UPDATE colis SET statut_id = (SELECT id FROM statuts WHERE code = 'EN_ATTENTE')
                            WHERE reference = 'SEEK-101' RETURNING id`),
    );
    // Its payment refunded first: a parcel holding collected money is not deleted (tests/server/refund.test.ts).
    const [paid] = rowsOf<{ id: string; mode: string }>(
      await db.execute(sql`SELECT id, mode_paiement_id AS mode FROM encaissements WHERE colis_id = ${one.id}`),
    );
    const body = { montant: 10, modePaiementID: paid.mode, motif: 'Suppression' };
    expect((await t.call('POST', `/api/encaissement/rembourser/${paid.id}`, { token: t.adminToken, body })).status).toBe(200);
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
    // Parcels moved to another agency and to another departure (their payments follow them), and a departure's new
    // destination: the parcels to Côte d'Ivoire now travel to Mali, out of the Abidjan agent's scope.
    await db.execute(sql`UPDATE colis SET agence_id = (SELECT id FROM agences WHERE code = 'MRS1')
                          WHERE reference LIKE 'SEEK-%' AND substr(reference, 6)::int % 17 = 0`);
    await db.execute(sql`UPDATE colis SET envoi_id = ${envoiCIId} WHERE reference LIKE 'SEEK-%' AND substr(reference, 6)::int % 19 = 0`);
    await db.execute(sql`UPDATE envois SET pays_id = (SELECT id FROM pays WHERE code = 'ML') WHERE id = ${envoiCIId}`);

    let drift = await listDaysDrift(db);
    expect(drift.counted).toEqual(drift.recounted);
    await expectDeepPagesEqualWalked('colis');
    await expectDeepPagesEqualWalked('encaissements');
    await expectDeepPagesEqualWalked('colis', agents.dakar);
    await expectDeepPagesEqualWalked('encaissements', agents.paris);
    expect(await expectDeepPagesEqualWalked('colis', agents.abidjan)).toBe(0);

    await compactStats(db);
    drift = await listDaysDrift(db);
    expect(drift.counted).toEqual(drift.recounted);
    const [{ rows }] = rowsOf<{ rows: number }>(await db.execute(sql`SELECT count(*)::int AS rows FROM list_jours WHERE liste = 'colis'`));
    expect(rows).toBe(drift.counted.filter((r) => r.liste === 'colis' && !r.portee).length);
    await expectDeepPagesEqualWalked('colis');
    await expectDeepPagesEqualWalked('encaissements', agents.dakar);
  }, 300_000);

  it('a search is walked, and still pages right; a searched page tells its total', async () => {
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

describe.runIf(process.env.DATABASE_URL)("a departure's new destination beside a payment in progress (PostgreSQL)", () => {
  it('waits for the payment to commit, then moves it with the parcel: the counters equal a recount', async () => {
    const db = t.database.db;
    const e = await createEnvoiByApi(t, { paysID: await idByCode(db, pays, 'SN') });
    const [c] = rowsOf<{ id: string }>(
      await db.execute(sql`
        INSERT INTO colis (id, reference, envoi_id, agence_id, statut_id, poids, montant_total, reglement, reste_a_payer)
        SELECT gen_random_uuid(), 'MOVE-1', ${e.id}, id, (SELECT id FROM statuts WHERE code = 'RECEPTIONNE'), 1, 10, 0, 10
          FROM agences WHERE code = 'PAR1'
        RETURNING id`),
    );
    // A payment written as the API writes one (server/encaissement/service.ts: the parcel locked first, then the payment
    // and the parcel's amounts), its transaction held open while the departure changes destination.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let written!: () => void;
    const paymentWritten = new Promise<void>((resolve) => (written = resolve));
    const payment = db.transaction(async (tx) => {
      await tx.execute(sql`SELECT id FROM colis WHERE id = ${c.id} FOR UPDATE`);
      await tx.execute(sql`
        INSERT INTO encaissements (id, colis_id, agence_id, montant_encaisse, montant_restant, mode_paiement_id)
        SELECT gen_random_uuid(), id, agence_id, 10, 0, (SELECT id FROM modes_paiement ORDER BY code LIMIT 1) FROM colis WHERE id = ${c.id}`);
      await tx.execute(sql`UPDATE colis SET reglement = 10, reste_a_payer = 0 WHERE id = ${c.id}`);
      written();
      await held;
    });
    await paymentWritten;
    let moved = false;
    const move = db
      .execute(sql`UPDATE envois SET pays_id = (SELECT id FROM pays WHERE code = 'ML') WHERE id = ${e.id}`)
      .then(() => (moved = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The move waits for the payment's transaction (its parcel is locked), then counts the payment with it.
    expect(moved).toBe(false);
    release();
    await payment;
    await move;
    const drift = await listDaysDrift(db);
    expect(drift.counted).toEqual(drift.recounted);
  });
});
