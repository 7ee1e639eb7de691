/**
 * The collections list's calls (spec 001 §2 Collections list, §4 active flag, §6 encaissementDelete, §7
 * encaissement/liste/{userId}, encaissement/update/{id}, encaissement/delete/{id}; 000 §4 Parcel payment): the agency
 * scope of the list and ADMIN's agency filter, the active toggle with its key (and only within the scope), the
 * deletion for ADMIN alone, which cancels the payment softly and gives its amount back to the parcel; malformed ids
 * and bodies answer 400; the list's totals read from the payment counters (migration 0013) equal a recount; with
 * refunds (negative rows, docs/decisions/refunds-and-cash.md), the dashboard's collected total is the sum of the rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { toCents } from '../../common/money';
import { encaissementScope } from '../../server/access/scopes';
import { loadCurrentUser } from '../../server/auth/currentUser';
import { compactStats } from '../../server/colis/stats';
import { agences, colis, encaissements, envois, modesEnvoi, modesPaiement, pays, users } from '../../server/db/schema';
import { countEncaissements } from '../../server/encaissement/query';
import { setupTestApp, type TestContext } from './helpers';
import { createEnvoiByApi, deletionCode, idByCode, inDays, insertColis, insertRoleWithKeys, listDaysDrift } from './fixtures';
import { TEST_ADMIN } from './testConfig';

let t: TestContext;
let agentParis: { id: string; token: string };
let agentDakar: { id: string; token: string };
const id: Record<string, string> = {};
/** A parcel of PAR1 and one of DKR1 (both France → Sénégal), each with one payment of 20 €. */
const p: Record<'paris' | 'dakar', { colisID: string; payment: string; reference: string }> = {
  paris: { colisID: '', payment: '', reference: '' },
  dakar: { colisID: '', payment: '', reference: '' },
};

/** Inserts a received parcel of `agence` (50 € to pay) and collects 20 € on it with `token`; returns the ids. */
async function paidParcel(envoiID: string, agence: string, token: string) {
  const db = t.database.db;
  const colisID = await insertColis(db, { envoiID, statut: 'RECEPTIONNE', agence });
  const res = await t.call('POST', '/api/encaissement/create', {
    token,
    body: { colisID, modePaiementID: id.ESPECES, paymentby: 'expediteur', montantEncaisse: 20 },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const [row] = await db.select({ reference: colis.reference }).from(colis).where(eq(colis.id, colisID));
  return { colisID, payment: res.body.data.id as string, reference: row.reference };
}

/** A row of encaissement/liste as these tests read it (its parcel populated one level). */
interface EncaissementRow {
  colisID: { reference: string };
  [field: string]: unknown;
}

/** The payment rows a token lists with `query`. */
async function listed(token: string, query: string) {
  const res = await t.call('GET', `/api/encaissement/liste/x?${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { datas: EncaissementRow[]; total: number };
}

beforeAll(async () => {
  t = await setupTestApp();
  const db = t.database.db;
  const [mode] = await db.select({ id: modesPaiement.id }).from(modesPaiement).where(eq(modesPaiement.code, 'ESPECES'));
  id.ESPECES = mode.id;
  id.PAR1 = await idByCode(db, agences, 'PAR1');
  id.DKR1 = await idByCode(db, agences, 'DKR1');
  const envoi = await t.call('POST', '/api/envoi/create', {
    token: t.adminToken,
    body: {
      modeEnvoiID: await idByCode(db, modesEnvoi, 'AERIEN'),
      paysEmetteurID: await idByCode(db, pays, 'FR'),
      paysID: await idByCode(db, pays, 'SN'),
      dateFin: inDays(1),
      dateDebut: inDays(2),
      dateArrive: inDays(3),
      contenu: 'Fret encaissements',
      poids: 500,
    },
  });
  expect(envoi.status).toBe(200);
  agentParis = await t.createStaff('AGENT', { agenceCode: 'PAR1' });
  agentDakar = await t.createStaff('AGENT', { agenceCode: 'DKR1' });
  p.paris = await paidParcel(envoi.body.data.id, 'PAR1', agentParis.token);
  p.dakar = await paidParcel(envoi.body.data.id, 'DKR1', agentDakar.token);
});
afterAll(() => t.close());

describe('encaissement/liste — scope, filter, search, sort', () => {
  it('an agent lists the payments of its scope only; ADMIN every one, narrowed by the agency filter', async () => {
    const refs = (rows: EncaissementRow[]) => rows.map((r) => r.colisID.reference);
    const mine = await listed(agentParis.token, '_page=1&_perPage=100');
    expect(refs(mine.datas)).toContain(p.paris.reference);
    expect(refs(mine.datas)).not.toContain(p.dakar.reference);
    // The agency filter does not widen an agent's scope.
    expect((await listed(agentParis.token, `agenceID=${id.DKR1}`)).datas).toHaveLength(0);

    const all = await listed(t.adminToken, '_page=1&_perPage=100');
    expect(refs(all.datas)).toEqual(expect.arrayContaining([p.paris.reference, p.dakar.reference]));
    const dakar = await listed(t.adminToken, `agenceID=${id.DKR1}&_page=1&_perPage=100`);
    expect(refs(dakar.datas)).toEqual([p.dakar.reference]);
    expect(dakar.datas[0]).toMatchObject({
      paymentby: 'expediteur',
      montantEncaisse: 20,
      montantRestant: 30,
      isActive: true,
      modePaiementID: { libelle: 'Espèces' },
      agenceID: { id: id.DKR1 },
      colisID: { id: p.dakar.colisID, reference: p.dakar.reference, montantTotal: 50, reglement: 20, resteAPayer: 30, deletedAt: null },
    });
  });

  it('searches by parcel reference and sorts by the columns of the screen', async () => {
    const found = await listed(t.adminToken, `q=${encodeURIComponent(p.paris.reference)}&_page=1&_perPage=10`);
    expect(found.total).toBe(1);
    for (const sort of ['createdAt', 'montantEncaisse', 'montantRestant', 'modePaiementID']) {
      const res = await t.call('GET', `/api/encaissement/liste/x?_sort=${sort}&_order=ASC&_page=1&_perPage=5`, { token: t.adminToken });
      expect(res.status, sort).toBe(200);
    }
  });
});

describe('encaissement/update — the active toggle', () => {
  it('needs encaissementUpdateStatut, and stays within the scope', async () => {
    const body = { isActive: false };
    expect((await t.call('PUT', `/api/encaissement/update/${p.paris.payment}`, { token: agentParis.token, body })).status).toBe(403);
    await insertRoleWithKeys(t.database.db, 'CAISSE_PARIS', ['encaissements', 'encaissementUpdateStatut']);
    const cashier = await t.createStaff('CAISSE_PARIS', { agenceCode: 'PAR1' });
    const other = await t.call('PUT', `/api/encaissement/update/${p.dakar.payment}`, { token: cashier.token, body });
    expect(other.status).toBe(404);
    const ok = await t.call('PUT', `/api/encaissement/update/${p.paris.payment}`, { token: cashier.token, body });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Statut mis à jour avec succès !');
    const [row] = (await listed(cashier.token, `q=${encodeURIComponent(p.paris.reference)}`)).datas;
    expect(row.isActive).toBe(false);
    // An inactive payment still counts: the parcel's amounts do not move.
    const [parcel] = await t.database.db.select().from(colis).where(eq(colis.id, p.paris.colisID));
    expect([parcel.reglement, parcel.resteAPayer]).toEqual(['20.00', '30.00']);
    expect(
      (await t.call('PUT', `/api/encaissement/update/${p.paris.payment}`, { token: t.adminToken, body: { isActive: true } })).status,
    ).toBe(200);
  });

  it('answers 400 to a malformed id or body', async () => {
    const admin = t.adminToken;
    expect((await t.call('PUT', '/api/encaissement/update/abc', { token: admin, body: { isActive: false } })).status).toBe(400);
    for (const body of [{ isActive: 'non' }, { isActive: false, montantEncaisse: 1 }, { montantEncaisse: 1 }, {}]) {
      const res = await t.call('PUT', `/api/encaissement/update/${p.paris.payment}`, { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const [row] = await t.database.db.select().from(encaissements).where(eq(encaissements.id, p.paris.payment));
    expect(row).toMatchObject({ isActive: true, montantEncaisse: '20.00' });
  });
});

describe('encaissement/delete — ADMIN only, a soft cancellation that gives the amount back', () => {
  it('an agency role refused even with encaissementDelete; ADMIN cancels and the parcel owes the amount again', async () => {
    await insertRoleWithKeys(t.database.db, 'CAISSE_SUPPR', ['encaissements', 'encaissementDelete']);
    const agency = await t.createStaff('CAISSE_SUPPR', { agenceCode: 'DKR1' });
    const refused = await t.call('DELETE', `/api/encaissement/delete/${p.dakar.payment}`, { token: agency.token });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Seul un administrateur peut supprimer un encaissement.');
    expect((await t.call('DELETE', `/api/encaissement/delete/${p.dakar.payment}`, { token: agentDakar.token })).status).toBe(403);

    const ok = await t.call('DELETE', `/api/encaissement/delete/${p.dakar.payment}`, { token: t.adminToken });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('suppression effectuée');
    const [parcel] = await t.database.db.select().from(colis).where(eq(colis.id, p.dakar.colisID));
    expect([parcel.reglement, parcel.resteAPayer]).toEqual(['0.00', '50.00']);
    const [row] = await t.database.db.select().from(encaissements).where(eq(encaissements.id, p.dakar.payment));
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect(row.isActive).toBe(false);
    expect((await listed(t.adminToken, `q=${encodeURIComponent(p.dakar.reference)}`)).datas).toHaveLength(0);
    // Twice: nothing more is given back.
    expect((await t.call('DELETE', `/api/encaissement/delete/${p.dakar.payment}`, { token: t.adminToken })).status).toBe(404);
    expect((await t.call('DELETE', '/api/encaissement/delete/abc', { token: t.adminToken })).status).toBe(400);
  });
});

describe('encaissement/liste — totals from the payment counters (migration 0013)', () => {
  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

  /**
   * The counters, folded by key, equal the payments not cancelled recounted by key (payment's agency, parcel's agency,
   * parcel's departure); and every total the list answers from them (a full page: ADMIN and each agent, unfiltered and
   * per agency) equals a count of the list's own rows (countEncaissements within encaissementScope).
   */
  async function expectTotalsEqualRecount(staff: { id: string; token: string }[]) {
    const db = t.database.db;
    const counters = await db.execute(sql`
      SELECT agence_id AS a, colis_agence_id AS ca, envoi_id AS e, sum(nb)::int AS n
        FROM encaissements_stats GROUP BY 1, 2, 3 HAVING sum(nb) <> 0 ORDER BY 1, 2, 3`);
    const recount = await db.execute(sql`
      SELECT e.agence_id AS a, c.agence_id AS ca, c.envoi_id AS e, count(*)::int AS n
        FROM encaissements e JOIN colis c ON c.id = e.colis_id WHERE e.deleted_at IS NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`);
    expect(rowsOf(counters)).toEqual(rowsOf(recount));
    // The lists' rows per day of deep pages (migrations 0014 and 0017).
    const days = await listDaysDrift(db);
    expect(days.counted).toEqual(days.recounted);
    const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, TEST_ADMIN.adminEmail));
    const totals: number[] = [];
    for (const who of [{ id: admin.id, token: t.adminToken }, ...staff]) {
      const user = (await loadCurrentUser(db, who.id))!;
      for (const agence of [undefined, id.PAR1, id.DKR1]) {
        const { total } = await listed(who.token, `_page=1&_perPage=1${agence ? `&agenceID=${agence}` : ''}`);
        const rows = countEncaissements(db).where(and(encaissementScope(user), agence ? eq(encaissements.agenceID, agence) : undefined));
        const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(rows.as('rows'));
        expect(total, `${user.roleCode} ${agence ?? ''}`).toBe(n);
        totals.push(total);
      }
    }
    return totals;
  }

  /** Collects `montant` euros (all that remains without it) on a parcel as `token`. */
  const pay = (token: string, colisID: string, montant?: number) =>
    t.call('POST', '/api/encaissement/create', {
      token,
      body: { colisID, modePaiementID: id.ESPECES, paymentby: 'expediteur', ...(montant ? { montantEncaisse: montant } : {}) },
    });

  /** Refunds `montant` euros of a payment as `token`. */
  const refund = (token: string, paymentID: string, montant: number) =>
    t.call('POST', `/api/encaissement/rembourser/${paymentID}`, {
      token,
      body: { montant, modePaiementID: id.ESPECES, motif: 'Remboursement de test' },
    });

  it('equal a recount after concurrent payments, a cancellation, a parcel deletion, a status cascade and parcel and departure moves', async () => {
    const db = t.database.db;
    const agentBamako = await t.createStaff('AGENT', { agenceCode: 'BKO1' });
    const staff = [agentParis, agentDakar, agentBamako];
    await expectTotalsEqualRecount(staff);

    const ML = await idByCode(db, pays, 'ML');
    const versDakar = await createEnvoiByApi(t, { poids: 500 });
    const versBamako = await createEnvoiByApi(t, { paysID: ML, poids: 500 });
    const parcel = async (envoiID: string, agence: string) => insertColis(db, { envoiID, statut: 'RECEPTIONNE', agence });
    const [c0, c1, c2, c3, c4] = [
      await parcel(versDakar.id, 'PAR1'),
      await parcel(versDakar.id, 'PAR1'),
      await parcel(versBamako.id, 'PAR1'),
      await parcel(versDakar.id, 'DKR1'),
      await parcel(versDakar.id, 'PAR1'),
    ];
    // Paid before: c0 (its payment is cancelled below) and c4 (refunded, then the parcel is deleted below; its payment
    // and refund stay listed).
    const toCancel = await pay(agentParis.token, c0, 15);
    expect(toCancel.status, JSON.stringify(toCancel.body)).toBe(200);
    const paid4 = await pay(agentParis.token, c4, 10);
    expect(paid4.status).toBe(200);
    expect((await refund(t.adminToken, paid4.body.data.id, 10)).status).toBe(200);
    const [before] = await expectTotalsEqualRecount(staff);
    const [{ reference: ref4 }] = await db.select({ reference: colis.reference }).from(colis).where(eq(colis.id, c4));
    const asked = await t.call('DELETE', `/api/colis/delete/${c4}/AGENT`, { token: agentParis.token });
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    const code = await deletionCode(db, ref4);

    // All at once (truly concurrent on PostgreSQL): two payments on one parcel, two on others, a cancellation, the
    // deletion of a paid parcel and the status cascade of a departure holding a parcel being paid. (Not the deletion
    // of a parcel of the cascading departure: both lock that departure and its parcels, in opposite orders.)
    const answers = await Promise.all([
      pay(agentParis.token, c1, 10),
      pay(agentDakar.token, c1, 10),
      pay(t.adminToken, c2),
      pay(agentDakar.token, c3),
      t.call('DELETE', `/api/encaissement/delete/${toCancel.body.data.id}`, { token: t.adminToken }),
      t.call('POST', '/api/colis/deleteWithOtp', { token: agentParis.token, body: { colisId: c4, codeOtp: code } }),
      t.call('PUT', `/api/envoi/update/${versBamako.id}`, { token: t.adminToken, body: { statutID: 'EN_COURS_ENVOI' } }),
    ]);
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
    const [deleted] = await db.select({ deletedAt: colis.deletedAt }).from(colis).where(eq(colis.id, c4));
    expect(deleted.deletedAt).toBeInstanceOf(Date);
    // Four payments more, one cancelled; the deleted parcel's payment and refund still count.
    const [after] = await expectTotalsEqualRecount(staff);
    expect(after).toBe(before + 3);

    // A paid parcel moved to another agency and departure (c2 to DKR1): the counters follow the parcel.
    await db.update(colis).set({ agenceID: id.DKR1, envoiID: versDakar.id }).where(eq(colis.id, c2));
    await expectTotalsEqualRecount(staff);
    // The departure for Dakar now goes to Bamako: Dakar's agent loses the rows of Paris's parcels on it (c1's two
    // payments, the deleted c4's payment and refund) and keeps those of its own agency's (c3, c2); Bamako's gains all
    // six.
    const scopeTotal = async (who: { token: string }) => (await listed(who.token, '_page=1&_perPage=1')).total;
    const [dakarBefore, bamakoBefore] = [await scopeTotal(agentDakar), await scopeTotal(agentBamako)];
    await db.update(envois).set({ paysID: ML }).where(eq(envois.id, versDakar.id));
    expect(await scopeTotal(agentDakar)).toBe(dakarBefore - 4);
    expect(await scopeTotal(agentBamako)).toBe(bamakoBefore + 4 + 2);
    await expectTotalsEqualRecount(staff);
    await db
      .update(envois)
      .set({ paysID: await idByCode(db, pays, 'SN') })
      .where(eq(envois.id, versDakar.id));
    expect(await scopeTotal(agentDakar)).toBe(dakarBefore);

    // Folding the delta rows changes no total.
    const unfolded = await expectTotalsEqualRecount(staff);
    await compactStats(db);
    expect(await expectTotalsEqualRecount(staff)).toEqual(unfolded);
  }, 240_000);

  /** The sum, in cents, of the montantEncaisse of every row `token` lists (every page). */
  async function listedSum(token: string): Promise<bigint> {
    let sum = 0n;
    for (let page = 1; ; page++) {
      const { datas, total } = await listed(token, `_page=${page}&_perPage=100`);
      for (const row of datas) sum += toCents(row.montantEncaisse as number);
      if (page * 100 >= total) return sum;
    }
  }

  it("after payments, refunds, a cancellation and a deletion, the dashboard's collected total is the list's sum", async () => {
    const db = t.database.db;
    const agentBamako = await t.createStaff('AGENT', { agenceCode: 'BKO1' });
    const staff = [agentParis, agentDakar, agentBamako];
    const versDakar = await createEnvoiByApi(t, { poids: 500 });
    const parcel = async (agence: string) => insertColis(db, { envoiID: versDakar.id, statut: 'RECEPTIONNE', agence });
    const [d1, d2, d3] = [await parcel('PAR1'), await parcel('DKR1'), await parcel('PAR1')];
    const ok = async (answer: Promise<{ status: number; body: any }>) => {
      const res = await answer;
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data?.id as string;
    };
    // d1 paid in two parts, the first refunded in part; d2 paid twice, one payment cancelled; d3 paid, refunded in
    // full, then deleted (by code).
    const first = await ok(pay(agentParis.token, d1, 30));
    await ok(pay(agentDakar.token, d1, 20));
    await ok(refund(t.adminToken, first, 12.5));
    const toCancel = await ok(pay(agentDakar.token, d2, 25));
    await ok(pay(agentDakar.token, d2, 10));
    await ok(t.call('DELETE', `/api/encaissement/delete/${toCancel}`, { token: t.adminToken }));
    const paid3 = await ok(pay(agentParis.token, d3, 40));
    await ok(refund(t.adminToken, paid3, 40));
    const [{ reference: ref3 }] = await db.select({ reference: colis.reference }).from(colis).where(eq(colis.id, d3));
    expect((await t.call('DELETE', `/api/colis/delete/${d3}/AGENT`, { token: agentParis.token })).status).toBe(202);
    const code = await deletionCode(db, ref3);
    await ok(t.call('POST', '/api/colis/deleteWithOtp', { token: agentParis.token, body: { colisId: d3, codeOtp: code } }));

    // Every parcel of this file is in euros (departures from France): one currency, one sum.
    const currencies = await db.execute(sql`SELECT DISTINCT devise FROM encaissements`);
    expect(rowsOf<{ devise: string }>(currencies).map((r) => r.devise)).toEqual(['EUR']);
    const d1Rows = (await listed(t.adminToken, `colisID=${d1}&_page=1&_perPage=10`)).datas;
    expect(d1Rows.map((r) => r.montantEncaisse).sort()).toEqual([-12.5, 20, 30]);
    for (const who of [{ token: t.adminToken }, ...staff]) {
      const circ = await t.call('GET', '/api/colis/circularStatistiques/moi', { token: who.token });
      expect(circ.status, JSON.stringify(circ.body)).toBe(200);
      expect(toCents(circ.body.data.financialStats.money.totalEncaisse)).toBe(await listedSum(who.token));
    }
    // And both are what the parcels not deleted hold.
    const [{ n }] = await db
      .select({ n: sql<string>`coalesce(sum(${colis.reglement}), 0)::text` })
      .from(colis)
      .where(isNull(colis.deletedAt));
    expect(await listedSum(t.adminToken)).toBe(toCents(n));
    await expectTotalsEqualRecount(staff);
    await compactStats(db);
    await expectTotalsEqualRecount(staff);
  }, 120_000);
});
