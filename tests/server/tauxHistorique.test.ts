/**
 * Rates are history (docs/decisions/exchange-rate-history.md): a rate applies from its day and the past keeps the rates
 * its amounts were converted at. Audit 001 B5: a GNF operation of 15 days ago counted 10 € at 9 000 GNF for 1 € must
 * still count 10 € after someone tries a rate dated before it (refused, 409); a rate may still start on a past day the
 * currency had no rate on (before its first). Audit 001 B6: a rate of today is corrected today (`remplacer`: journaled, before and after), and a
 * payment recorded at the first rate keeps it; the database refuses to change a rate already in force before today.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { addDays, todayIso } from '../../common/dates';
import { TAUX_MESSAGES as M, tauxExistantMessage, tauxPasseMessage } from '../../common/schemas/tauxChange';
import { audits, colis, encaissements, modesPaiement, pays, tauxChange, typesOperation, users } from '../../server/db/schema';
import { tauxEnVigueur } from '../../server/tauxChange/rates';
import { setupTestApp, type TestContext } from './helpers';
import { createEnvoiByApi, idByCode, insertColis } from './fixtures';

let t: TestContext;
const today = todayIso();

/** POST tauxChange/create as the administrator. */
const create = (body: Record<string, unknown>) => t.call('POST', '/api/tauxChange/create', { token: t.adminToken, body });

/** The euro revenue of the GNF operations, as the dashboard's card sums it (each at its day's rate). */
async function revenueGnf(): Promise<number> {
  const res = await t.call('GET', '/api/operation/liste/x?_page=1&_perPage=50&periode=annee&devise=GNF', { token: t.adminToken });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.totalRevenue;
}

/** The GNF rates as the history lists them: [dateDebut, taux]. */
async function historyGnf(): Promise<[string, string][]> {
  const res = await t.call('GET', '/api/tauxChange/liste?devise=GNF&_sort=dateDebut&_order=ASC', { token: t.adminToken });
  return res.body.datas.map((r: { dateDebut: string; taux: string }) => [r.dateDebut, r.taux]);
}

beforeAll(async () => {
  t = await setupTestApp();
  const db = t.database.db;
  // GNF's history, already in force: 9 000 GNF for 1 € from 30 days ago, 9 350 from yesterday.
  await db.insert(tauxChange).values([
    { devise: 'GNF', taux: '9000', dateDebut: addDays(today, -30) },
    { devise: 'GNF', taux: '9350', dateDebut: addDays(today, -1) },
  ]);
  // An income of 90 000 GNF 15 days ago (the operation's date decides its rate): 10 €.
  const [commission] = await db.select({ id: typesOperation.id }).from(typesOperation).where(eq(typesOperation.code, 'COMMISSION'));
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@test.local'));
  const op = await t.call('POST', '/api/operation/create', {
    token: t.adminToken,
    body: {
      date: addDays(today, -15),
      montant: '90 000',
      devise: 'GNF',
      description: 'Commission Conakry',
      userID: admin.id,
      motif: commission.id,
      type: 'entrée',
    },
  });
  expect(op.status, JSON.stringify(op.body)).toBe(200);
});
afterAll(() => t.close());

describe('001 B5: a rate dated in the past does not rewrite the euro figures already counted', () => {
  it('counts the operation of 15 days ago 10 € at 9 000, and refuses a rate dated before it (409 under dateDebut)', async () => {
    expect(await revenueGnf()).toBe(10);
    const before = await historyGnf();
    for (const [dateDebut, remplacer] of [
      [addDays(today, -20), undefined],
      [addDays(today, -10), undefined],
      [addDays(today, -1), true],
    ] as const) {
      const res = await create({ devise: 'GNF', taux: '18 000', dateDebut, ...(remplacer ? { remplacer } : {}) });
      expect(res.status, dateDebut).toBe(409);
      expect(res.body.message).toBe(tauxPasseMessage(today));
      expect(res.body.errors).toEqual({ dateDebut: tauxPasseMessage(today) });
    }
    expect(await revenueGnf()).toBe(10);
    expect(await historyGnf()).toEqual(before);
  });

  it('the database itself refuses to change a rate in force before today, or to delete one', async () => {
    const db = t.database.db;
    const past = and(eq(tauxChange.devise, 'GNF'), eq(tauxChange.dateDebut, addDays(today, -1)));
    await expect(db.update(tauxChange).set({ taux: '18000' }).where(past)).rejects.toMatchObject({
      cause: expect.objectContaining({ code: 'CL003' }),
    });
    await expect(db.delete(tauxChange).where(past)).rejects.toBeTruthy();
    expect(await revenueGnf()).toBe(10);
  });

  it('takes a past day the currency had no rate on: before its first rate nothing of it was converted', async () => {
    const first = await create({ devise: 'NGN', taux: '1 650', dateDebut: addDays(today, -40) });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(await tauxEnVigueur(t.database.db, 'NGN', addDays(today, -40))).toBe('1650.000000');
    // Earlier still: those days had no rate either (it is in force until the first one).
    expect((await create({ devise: 'NGN', taux: '1 600', dateDebut: addDays(today, -50) })).status).toBe(200);
    expect(await tauxEnVigueur(t.database.db, 'NGN', addDays(today, -41))).toBe('1600.000000');
    expect(await tauxEnVigueur(t.database.db, 'NGN', addDays(today, -40))).toBe('1650.000000');
    // A past day already under a rate is refused; from today the new rate applies.
    const late = await create({ devise: 'NGN', taux: '1 700', dateDebut: addDays(today, -5) });
    expect([late.status, late.body.message]).toEqual([409, tauxPasseMessage(today)]);
    expect(await tauxEnVigueur(t.database.db, 'NGN', addDays(today, -5))).toBe('1650.000000');
    expect((await create({ devise: 'NGN', taux: '1 700', dateDebut: today })).status).toBe(200);
  });
});

describe('001 B6: the rate of today is corrected today', () => {
  it('replaces it when asked, journaled before/after; a payment recorded at the first rate keeps it', async () => {
    const db = t.database.db;
    // 9 400 GNF for 1 € from today; a Conakry → Paris parcel of 188 000 GNF; 10 € paid in Paris: 94 000 GNF.
    const entered = await create({ devise: 'GNF', taux: '9 400', dateDebut: today });
    expect([entered.status, entered.body.message]).toEqual([200, 'Taux de change enregistré avec succès !']);
    const envoi = await createEnvoiByApi(t, { paysEmetteurID: await idByCode(db, pays, 'GN'), paysID: await idByCode(db, pays, 'FR') });
    const colisID = await insertColis(db, { envoiID: envoi.id, statut: 'RECEPTIONNE', agence: 'PAR1' });
    await db.update(colis).set({ montantTotal: '188000', reglement: '0', resteAPayer: '188000' }).where(eq(colis.id, colisID));
    const [especes] = await db.select({ id: modesPaiement.id }).from(modesPaiement).where(eq(modesPaiement.code, 'ESPECES'));
    const agent = await t.createStaff('AGENT', { agenceCode: 'PAR1' });
    const pay = (montantTendu: number) =>
      t.call('POST', '/api/encaissement/create', {
        token: agent.token,
        body: { colisID, modePaiementID: especes.id, montantTendu, deviseTendue: 'EUR' },
      });
    const paid = await pay(10);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data).toMatchObject({ montantEncaisse: 94000, devise: 'GNF', tauxColis: '9400.000000' });

    // The same day again without saying it replaces: refused, naming the rate already there.
    const again = await create({ devise: 'GNF', taux: '9 500', dateDebut: today });
    const existant = tauxExistantMessage({ devise: 'GNF', dateDebut: today, taux: '9400.000000' });
    expect(existant.replace(/\s/g, ' ')).toContain('(9 400 pour 1 €)');
    expect([again.status, again.body.message, again.body.errors]).toEqual([409, existant, { dateDebut: existant }]);

    const corrected = await create({ devise: 'GNF', taux: '9 500', dateDebut: today, remplacer: true });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    expect(corrected.body.message).toBe(M.corrige);
    expect(corrected.body.data).toMatchObject({ id: entered.body.data.id, devise: 'GNF', taux: '9500', dateDebut: today });
    expect((await historyGnf()).filter(([d]) => d === today)).toEqual([[today, '9500']]);
    expect(await tauxEnVigueur(db, 'GNF', today)).toBe('9500.000000');
    const journal = await db
      .select()
      .from(audits)
      .where(and(eq(audits.entite, 'tauxChange'), eq(audits.entiteID, entered.body.data.id), eq(audits.action, 'update')));
    expect(journal).toHaveLength(1);
    expect(journal[0].avant).toMatchObject({ taux: '9400.000000' });
    expect(journal[0].apres).toMatchObject({ taux: '9500.000000' });

    // The payment keeps the rate it was recorded with; the next one takes the corrected rate.
    const [row] = await db.select().from(encaissements).where(eq(encaissements.colisID, colisID));
    expect(row).toMatchObject({ montantEncaisse: '94000.00', tauxColis: '9400.000000', montantTendu: '10.000' });
    const next = await pay(5);
    expect(next.body.data).toMatchObject({ montantEncaisse: 47500, tauxColis: '9500.000000', resteAPayer: 46500 });
    // And the past is untouched.
    expect(await revenueGnf()).toBe(10);
  });

  it('a rate of a day to come is replaced the same way; a fixed rate never', async () => {
    const later = addDays(today, 5);
    expect((await create({ devise: 'GNF', taux: '9 600', dateDebut: later })).status).toBe(200);
    expect((await create({ devise: 'GNF', taux: '9 650', dateDebut: later })).status).toBe(409);
    expect((await create({ devise: 'GNF', taux: '9 650', dateDebut: later, remplacer: true })).status).toBe(200);
    expect(await tauxEnVigueur(t.database.db, 'GNF', later)).toBe('9650.000000');
    const fixe = await create({ devise: 'XOF', taux: '650', dateDebut: today, remplacer: true });
    expect([fixe.status, fixe.body.message]).toEqual([409, M.tauxFixe]);
  });
});
