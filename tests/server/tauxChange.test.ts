/**
 * Exchange rates (docs/decisions/currencies.md; key tauxChange): tauxChange/liste (paged, filtered by currency, newest
 * first, with its author) and tauxChange/create (a currency other than the euro and the CFA francs, a rate above 0 with
 * up to 6 decimals, a real first day; one rate per currency and day; only a role that sees every agency; journaled).
 * The history is kept: the database refuses to rewrite it, and the rate in force on a day (server/tauxChange/rates.ts)
 * is the latest one starting on or before it, a French 409 before the first one. Back-dated rates and the correction
 * of today's: tests/server/tauxHistorique.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { addDays, isoToFr, todayIso } from '../../common/dates';
import { TAUX_MESSAGES as M, tauxPasseMessage } from '../../common/schemas/tauxChange';
import { audits, tauxChange } from '../../server/db/schema';
import { convertirAuJour, tauxEnVigueur, tauxManquantMessage } from '../../server/tauxChange/rates';
import { AppError } from '../../server/http/errors';
import { setupTestApp, type TestContext } from './helpers';
import { insertRoleWithKeys } from './fixtures';

let t: TestContext;
/** An agent of the seeded role AGENT (no tauxChange key), in Dakar. */
let agent: { id: string; token: string };
/** A role bound to an agency (Dakar) that holds the key: it lists, it may not enter a rate. */
let caissier: { id: string; token: string };

/** A row of tauxChange/liste as the tests read it. */
interface TauxRow {
  id: string;
  devise: string;
  taux: string;
  dateDebut: string;
  fixe: boolean;
  auteur: { id: string; nom: string; prenoms: string } | null;
  createdAt: string;
}

/** POST tauxChange/create as the administrator (or `token`). */
const create = (body: unknown, token = t.adminToken) => t.call('POST', '/api/tauxChange/create', { token, body });

/** The rows of tauxChange/liste for a query string. */
async function liste(query = '', token = t.adminToken): Promise<{ datas: TauxRow[]; total: number }> {
  const res = await t.call('GET', `/api/tauxChange/liste?${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const today = todayIso();

beforeAll(async () => {
  t = await setupTestApp();
  agent = await t.createStaff('AGENT', { agenceCode: 'DKR1' });
  await insertRoleWithKeys(t.database.db, 'CAISSIER_TAUX', ['tauxChange']);
  caissier = await t.createStaff('CAISSIER_TAUX', { agenceCode: 'DKR1' });
});
afterAll(() => t.close());

describe('tauxChange/create', () => {
  it('records a rate typed with a French comma, exactly, with its author, and journals it', async () => {
    const res = await create({ devise: 'usd', taux: '1,0845', dateDebut: '2026-01-01' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Taux de change enregistré avec succès !');
    expect(res.body.data).toMatchObject({ devise: 'USD', taux: '1.0845', dateDebut: '2026-01-01', fixe: false });
    expect(res.body.data.auteur).toMatchObject({ nom: expect.any(String), prenoms: expect.any(String) });
    const [row] = await t.database.db.select().from(tauxChange).where(eq(tauxChange.id, res.body.data.id));
    expect(row.taux).toBe('1.084500');
    const [audit] = await t.database.db
      .select()
      .from(audits)
      .where(and(eq(audits.entite, 'tauxChange'), eq(audits.entiteID, row.id)));
    expect(audit).toMatchObject({ action: 'create', auteurID: row.auteurID });
    expect(audit.apres).toMatchObject({ devise: 'USD', taux: '1.084500', dateDebut: '2026-01-01' });
  });

  it('refuses the CFA francs, whose rate is fixed by law (409), and leaves their rate alone', async () => {
    for (const devise of ['XOF', 'xaf']) {
      const res = await create({ devise, taux: '650', dateDebut: today });
      expect(res.status, devise).toBe(409);
      expect(res.body.message).toBe('Le taux du franc CFA est fixé par la loi (655,957 F pour 1 €) : il ne se saisit pas.');
      expect(res.body.errors).toEqual({ devise: M.tauxFixe });
    }
    expect(await tauxEnVigueur(t.database.db, 'XOF', today)).toBe('655.957000');
  });

  it('refuses the euro (the accounting currency, rate 1) and an unknown currency, with French messages (400)', async () => {
    const euro = await create({ devise: 'EUR', taux: '1', dateDebut: today });
    expect(euro.status).toBe(400);
    expect(euro.body.errors).toEqual({ devise: M.deviseComptable });
    const unknown = await create({ devise: 'ZZZ', taux: '2', dateDebut: today });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.devise).toBe(M.deviseInconnue);
    expect(unknown.body.message).toBe(`Données invalides : ${M.deviseInconnue}`);
  });

  it('refuses malformed bodies with the field and its French message (400)', async () => {
    const cases: [unknown, Record<string, string>][] = [
      [{}, { devise: M.deviseRequired, taux: M.tauxRequired, dateDebut: M.dateRequired }],
      [{ devise: 'USD', taux: '0', dateDebut: today }, { taux: M.tauxPositif }],
      [{ devise: 'USD', taux: -3, dateDebut: today }, { taux: M.tauxPositif }],
      [{ devise: 'USD', taux: '1,1234567', dateDebut: today }, { taux: M.tauxDecimales }],
      [{ devise: 'USD', taux: 'abc', dateDebut: today }, { taux: M.tauxInvalide }],
      [{ devise: 'USD', taux: true, dateDebut: today }, { taux: M.tauxInvalide }],
      [{ devise: 'USD', taux: '1000000000000', dateDebut: today }, { taux: M.tauxMax }],
      [{ devise: 'USD', taux: '1,2', dateDebut: '2026-02-30' }, { dateDebut: M.dateInvalide }],
      [{ devise: 'USD', taux: '1,2', dateDebut: 'demain' }, { dateDebut: M.dateInvalide }],
      [{ devise: ['USD'], taux: '1,2', dateDebut: today }, { devise: M.deviseInconnue }],
    ];
    for (const [body, errors] of cases) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors, JSON.stringify(body)).toEqual(errors);
      expect(res.body.success).toBe(false);
    }
    // Strict: a field the call does not know is refused, never dropped silently.
    const extra = await create({ devise: 'USD', taux: '1,2', dateDebut: today, agenceID: 'x' });
    expect(extra.status).toBe(400);
    expect((await liste('devise=USD')).datas.every((r) => r.dateDebut !== today)).toBe(true);
  });

  it('refuses a second rate of a currency on a past day (409 under dateDebut); a day before its first is taken', async () => {
    expect((await create({ devise: 'GBP', taux: '0,85', dateDebut: '2026-03-01' })).status).toBe(200);
    const dup = await create({ devise: 'GBP', taux: '0,86', dateDebut: '2026-03-01' });
    expect(dup.status).toBe(409);
    expect(dup.body.errors).toEqual({ dateDebut: tauxPasseMessage(today) });
    // Before the first GBP rate no GBP amount could be converted: that history may still be filled in
    // (docs/decisions/exchange-rate-history.md; the corrections of today are in tauxHistorique.test.ts).
    expect((await create({ devise: 'GBP', taux: '0,84', dateDebut: '2026-02-15' })).status).toBe(200);
  });

  it('refuses an agent (no key, 403) and a role bound to an agency holding the key (403), whatever the body says', async () => {
    const body = { devise: 'CHF', taux: '0,95', dateDebut: today };
    const byAgent = await create(body, agent.token);
    expect(byAgent.status).toBe(403);
    expect((await t.call('GET', '/api/tauxChange/liste', { token: agent.token })).status).toBe(403);
    const byCaissier = await create(body, caissier.token);
    expect(byCaissier.status).toBe(403);
    expect(byCaissier.body.message).toBe(M.roleAgence);
    // Naming an agency in the call changes nothing: a rate belongs to no agency, and the body is strict.
    expect((await create({ ...body, agenceID: agent.id }, caissier.token)).status).toBe(400);
    expect((await create(body, caissier.token)).status).toBe(403);
    expect((await liste('devise=CHF')).total).toBe(0);
    expect((await t.call('POST', '/api/tauxChange/create', { body })).status).toBe(401);
  });

  it('has no update nor delete route, and the database refuses to rewrite the history', async () => {
    const [row] = (await liste('devise=USD')).datas;
    expect((await t.call('PUT', `/api/tauxChange/update/${row.id}`, { token: t.adminToken, body: { taux: '2' } })).status).toBe(404);
    expect((await t.call('DELETE', `/api/tauxChange/delete/${row.id}`, { token: t.adminToken })).status).toBe(404);
    await expect(t.database.db.update(tauxChange).set({ taux: '2' }).where(eq(tauxChange.id, row.id))).rejects.toThrow();
    await expect(t.database.db.delete(tauxChange).where(eq(tauxChange.id, row.id))).rejects.toThrow();
  });
});

describe('tauxChange/liste', () => {
  it('lists newest first with the seeded legal rates (fixed, no author), filtered by currency, paged', async () => {
    const all = await liste('_page=1&_perPage=50');
    expect(all.total).toBe(all.datas.length);
    const created = all.datas.map((r) => r.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
    const xof = await liste('devise=XOF');
    expect(xof.datas).toEqual([
      expect.objectContaining({ devise: 'XOF', taux: '655.957', dateDebut: '1999-01-01', fixe: true, auteur: null }),
    ]);
    const gbp = await liste('devise=GBP&_sort=dateDebut&_order=DESC');
    expect(gbp.datas.map((r) => [r.dateDebut, r.taux])).toEqual([
      ['2026-03-01', '0.85'],
      ['2026-02-15', '0.84'],
    ]);
    const page = await liste('_page=1&_perPage=2');
    expect(page.datas).toHaveLength(2);
    expect(page.total).toBe(all.total);
    // The key is enough to read: a role bound to an agency lists the same rates.
    expect((await liste('_page=1&_perPage=50', caissier.token)).total).toBe(all.total);
  });

  it('exports the list as CSV under the same key', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/tauxChange/liste?format=csv&devise=GBP',
      headers: { authorization: `Bearer ${t.adminToken}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Devise;Taux (pour 1 €);En vigueur depuis;Fixe;Saisi par;Date de saisie');
    expect(res.body).toContain('GBP;0.85;01/03/2026;Non');
  });
});

describe('the rate in force on a day (rates.ts)', () => {
  beforeAll(async () => {
    // A history of CAD, as entered over the days: from 10 days ago, then a new rate from yesterday.
    await t.database.db.insert(tauxChange).values([
      { devise: 'CAD', taux: '1.5', dateDebut: addDays(today, -10) },
      { devise: 'CAD', taux: '1.6', dateDebut: addDays(today, -1) },
    ]);
  });

  it('takes the latest rate starting on or before the day', async () => {
    const db = t.database.db;
    expect(await tauxEnVigueur(db, 'CAD', addDays(today, -10))).toBe('1.500000');
    expect(await tauxEnVigueur(db, 'CAD', addDays(today, -2))).toBe('1.500000');
    expect(await tauxEnVigueur(db, 'CAD', addDays(today, -1))).toBe('1.600000');
    expect(await tauxEnVigueur(db, 'CAD', addDays(today, 30))).toBe('1.600000');
    expect(await tauxEnVigueur(db, 'EUR', '1990-01-01')).toBe('1');
    // 100 CAD → € at each day's rate, then → XOF through the euro.
    expect((await convertirAuJour(db, 100, 'CAD', 'EUR', addDays(today, -5))).montant).toBe(66.67);
    expect((await convertirAuJour(db, 100, 'CAD', 'EUR', today)).montant).toBe(62.5);
    expect((await convertirAuJour(db, 16, 'CAD', 'XOF', today)).montant).toBe(6560); // 10 € = 6 559,57 F → 6 560 F
  });

  it('answers a French 409 before the first rate, and for a currency without any', async () => {
    const db = t.database.db;
    const before = addDays(today, -11);
    const err = await tauxEnVigueur(db, 'CAD', before).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ statusCode: 409, message: tauxManquantMessage('CAD', before) });
    expect((err as AppError).message).toBe(`Aucun taux de change pour CAD au ${isoToFr(before)} : saisissez-le dans « Taux de change ».`);
    await expect(tauxEnVigueur(db, 'NGN', today)).rejects.toMatchObject({ statusCode: 409 });
  });
});
