/**
 * Cash operations, the 'Tableau de bord administratif' (spec 001 §2, §3 Operation, §4 period filter and sums, §5
 * Operation add, §6 keys, §7 operation/…, §8 texts): the cards and the top 5 of each period equal the sums of the rows
 * the list gives for it; an agent of another agency can neither read nor change an operation; the validation
 * messages; the keys (addOperation, operationUpdate, operationUpdateStatut, operationDelete, operation); the
 * cancellation is soft and the database refuses a DELETE.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { addDays, todayIso } from '../../common/dates';
import { OPERATION_MESSAGES as M, OPERATION_PERIODS, operationPeriodStart } from '../../common/operationRules';
import { sumMoney } from '../../common/money';
import { TAUX_FIXES, convertir } from '../../common/devises';
import { agences, operations, tauxChange, typesOperation, users } from '../../server/db/schema';
import { setupTestApp, type TestContext } from './helpers';
import { idByCode, insertClient, insertRoleWithKeys } from './fixtures';

let t: TestContext;
let adminId: string;
type Staff = { id: string; token: string };
let caissierParis: Staff;
let caissierDakar: Staff;
const motif: Record<string, string> = {};
const agence: Record<string, string> = {};
const OP_KEYS = ['operation', 'addOperation', 'operationUpdate', 'operationDelete', 'operationUpdateStatut'] as const;

/** A row of operation/liste as the tests read it. */
interface OpRow {
  id: string;
  _id: string;
  date: string;
  montant: number;
  devise: string;
  type: string;
  isActive: boolean;
  motif: { id: string; code: string };
  agenceID: { id: string } | null;
}

/** Creates an operation through the API and returns its id. */
async function create(token: string, body: Record<string, unknown>) {
  const res = await t.call('POST', '/api/operation/create', { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id as string;
}

/** The list answer of a token for a query string. */
async function liste(token: string, query = '') {
  const res = await t.call('GET', `/api/operation/liste/x?_page=1&_perPage=500&${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as {
    datas: OpRow[];
    total: number;
    totalRevenue: number;
    totalExpenses: number;
    topRevenueSources: { motif: { code: string }; montant: number }[];
    topExpenseCategories: { motif: { code: string }; montant: number }[];
    byAgence: { id: string | null; agenceLibelle: string; datas: { totalRevenue: number; totalExpenses: number } }[];
    horsTaux: number;
  };
}

const today = todayIso();

beforeAll(async () => {
  t = await setupTestApp();
  const db = t.database.db;
  for (const row of await db.select().from(typesOperation)) motif[row.code] = row.id;
  agence.PAR1 = await idByCode(db, agences, 'PAR1');
  agence.DKR1 = await idByCode(db, agences, 'DKR1');
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@test.local'));
  adminId = admin.id;
  await insertRoleWithKeys(db, 'CAISSIER', OP_KEYS);
  caissierParis = await t.createStaff('CAISSIER', { agenceCode: 'PAR1' });
  caissierDakar = await t.createStaff('CAISSIER', { agenceCode: 'DKR1' });

  // Paris: operations today, 3 days ago, 20 days ago and 200 days ago; Dakar: two today. One is then turned off.
  const paris = (date: string, code: string, type: string, montant: number) =>
    create(caissierParis.token, { date, montant, description: `${code} ${date}`, userID: caissierParis.id, motif: motif[code], type });
  await paris(today, 'COMMISSION', 'entrée', 120.5);
  await paris(addDays(today, -3), 'AUTRE_RECETTE', 'entrée', 30);
  await paris(addDays(today, -3), 'CARBURANT', 'sortie', 45.25);
  await paris(addDays(today, -20), 'LOYER', 'sortie', 1800);
  await paris(addDays(today, -20), 'VENTE_EMBALLAGE', 'entrée', 12.1);
  await paris(addDays(today, -200), 'SALAIRE', 'sortie', 3200);
  const off = await paris(today, 'COMMISSION', 'entrée', 999);
  const toggled = await t.call('PUT', `/api/operation/update/${off}`, { token: caissierParis.token, body: { isActive: false } });
  expect(toggled.status).toBe(200);
  for (const [code, type, montant] of [
    ['COMMISSION', 'entrée', 300],
    ['ELECTRICITE', 'sortie', 80],
  ] as const) {
    await create(caissierDakar.token, { date: today, montant, description: 'Dakar', userID: caissierDakar.id, motif: motif[code], type });
  }
});
afterAll(() => t.close());

/**
 * A row's amount in euros as the cards count it: at its day's rate, rounded to the cent (the fixture's operations are
 * in euros, or in F CFA for Dakar's, whose rate is fixed: 655,957 F for 1 €).
 */
const enEuros = (r: OpRow) => convertir(r.montant, r.devise, 'EUR', TAUX_FIXES[r.devise] ?? '1', '1');

/** Σ montant in euros of the active rows of a type, as the browser would add them (exactly, in cents). */
const sumOf = (rows: OpRow[], type: string) => sumMoney(rows.filter((r) => r.isActive && r.type === type).map(enEuros));

describe('operation/liste — the cards and the top 5 are the sums of the rows of the same filter', () => {
  it('for each period, totals = Σ of the listed active rows, and the rows are those dated from the period start', async () => {
    for (const periode of OPERATION_PERIODS) {
      const all = await liste(t.adminToken, `periode=${periode}`);
      const start = operationPeriodStart(periode);
      expect(
        all.datas.every((r) => !start || r.date >= start),
        periode,
      ).toBe(true);
      expect(all.total).toBe(all.datas.length);
      expect(all.totalRevenue, periode).toBe(sumOf(all.datas, 'entrée'));
      expect(all.totalExpenses, periode).toBe(sumOf(all.datas, 'sortie'));
      // The top 5 lines are the sums per motif over the same rows, largest first.
      const perMotif = (type: string) => {
        const sums = new Map<string, number>();
        for (const r of all.datas.filter((r) => r.isActive && r.type === type))
          sums.set(r.motif.code, sumMoney([sums.get(r.motif.code) ?? 0, enEuros(r)]));
        return [...sums.entries()].sort((a, b) => b[1] - a[1]).slice(0, 5);
      };
      expect(all.topRevenueSources.map((l) => [l.motif.code, l.montant])).toEqual(perMotif('entrée'));
      expect(all.topExpenseCategories.map((l) => [l.motif.code, l.montant])).toEqual(perMotif('sortie'));
      // ADMIN's per-agency lines add up to the cards.
      expect(sumMoney(all.byAgence.map((a) => a.datas.totalRevenue))).toBe(all.totalRevenue);
      expect(sumMoney(all.byAgence.map((a) => a.datas.totalExpenses))).toBe(all.totalExpenses);
    }
  });

  it('gives the expected figures on known data (Année = every operation; the inactive one is listed but not counted)', async () => {
    const year = await liste(caissierParis.token, 'periode=annee');
    expect(year.total).toBe(7);
    expect(year.totalRevenue).toBe(162.6); // 120.50 + 30 + 12.10, not the inactive 999
    expect(year.totalExpenses).toBe(5045.25); // 45.25 + 1800 + 3200
    expect(year.datas.find((r) => r.montant === 999)?.isActive).toBe(false);
    expect(year.byAgence).toEqual([]); // a role bound to an agency gets no per-agency lines
    const week = await liste(caissierParis.token, 'periode=semaine');
    expect(week.totalRevenue).toBe(150.5);
    expect(week.totalExpenses).toBe(45.25);
    expect(week.total).toBe(4);
    // The default period is Année; an unknown one reads as Année too.
    expect((await liste(caissierParis.token)).total).toBe(7);
    expect((await liste(caissierParis.token, 'periode=siecle')).total).toBe(7);
  });

  it('the search, the type filter and the agency filter narrow the rows and the sums alike', async () => {
    const loyer = await liste(t.adminToken, 'q=LOYER');
    expect(loyer.datas.map((r) => r.motif.code)).toEqual(['LOYER']);
    expect(loyer.totalExpenses).toBe(1800);
    expect(loyer.totalRevenue).toBe(0);
    const entrees = await liste(t.adminToken, 'type=ENTREE');
    expect(entrees.datas.every((r) => r.type === 'entrée')).toBe(true);
    expect(entrees.totalExpenses).toBe(0);
    const dakar = await liste(t.adminToken, `agenceID=${agence.DKR1}`);
    expect(dakar.total).toBe(2);
    // Dakar's operations are in F CFA (its country's currency): the cards count them in euros, 300 F → 0,46 €, 80 F → 0,12 €.
    expect(dakar.datas.map((r) => r.devise)).toEqual(['XOF', 'XOF']);
    expect([dakar.totalRevenue, dakar.totalExpenses]).toEqual([0.46, 0.12]);
    expect(dakar.byAgence).toEqual([expect.objectContaining({ id: agence.DKR1, datas: { totalRevenue: 0.46, totalExpenses: 0.12 } })]);
  });

  it('pages and sorts on the server, the sums still over every page', async () => {
    const all = await liste(t.adminToken);
    const res = await t.call('GET', '/api/operation/liste/x?_page=1&_perPage=2&_sort=montant&_order=DESC', { token: t.adminToken });
    expect(res.body.datas.map((r: OpRow) => r.montant)).toEqual([3200, 1800]);
    expect(res.body.total).toBe(9);
    expect([res.body.totalRevenue, res.body.totalExpenses]).toEqual([all.totalRevenue, all.totalExpenses]);
    for (const sort of ['date', 'montant', 'type', 'motif', 'userID', 'isActive', 'createdAt']) {
      expect(
        (await t.call('GET', `/api/operation/liste/x?_sort=${sort}&_order=ASC&_page=1&_perPage=3`, { token: t.adminToken })).status,
      ).toBe(200);
    }
  });

  it('answers each row with the spec fields: date, montant, motif {code, libelle}, type, description, userID {nom, prenoms}, isActive', async () => {
    const [row] = (await liste(caissierDakar.token, 'q=ELECTRICITE')).datas;
    expect(row).toMatchObject({
      date: today,
      montant: 80,
      type: 'sortie',
      description: 'Dakar',
      isActive: true,
      motif: { id: motif.ELECTRICITE, code: 'ELECTRICITE' },
      userID: { id: caissierDakar.id, nom: 'Testeur', prenoms: 'CAISSIER' },
      agenceID: { id: agence.DKR1 },
    });
    expect(row._id).toBe(row.id);
  });
});

describe('agency scope — another agency can neither read nor change', () => {
  it("an agent lists only its agency's operations, and the agency filter does not widen it", async () => {
    const dakar = await liste(caissierDakar.token);
    expect(dakar.total).toBe(2);
    expect(dakar.datas.every((r) => r.agenceID?.id === agent('DKR1'))).toBe(true);
    expect((await liste(caissierDakar.token, `agenceID=${agence.PAR1}`)).total).toBe(0);
  });

  it('refuses 403 to read, change, toggle or cancel an operation of another agency, and leaves it unchanged', async () => {
    const [paris] = (await liste(caissierParis.token, 'q=CARBURANT')).datas;
    const token = caissierDakar.token;
    const body = { date: today, montant: 5, description: 'x', userID: caissierDakar.id, motif: motif.LOYER, type: 'sortie' };
    expect((await t.call('GET', `/api/operation/getBy/${paris.id}`, { token })).status).toBe(403);
    const upd = await t.call('PUT', `/api/operation/update/${paris.id}`, { token, body });
    expect(upd.status).toBe(403);
    expect(upd.body.message).toBe(M.otherAgence);
    expect((await t.call('PUT', `/api/operation/update/${paris.id}`, { token, body: { isActive: false } })).status).toBe(403);
    expect((await t.call('DELETE', `/api/operation/delete/${paris.id}`, { token })).status).toBe(403);
    const after = await t.call('GET', `/api/operation/getBy/${paris.id}`, { token: caissierParis.token });
    expect(after.body.data).toMatchObject({ montant: 45.25, isActive: true, motif: { code: 'CARBURANT' } });
  });

  it('an agent records only for a staff member of its agency; ADMIN records for anyone, in that person’s agency', async () => {
    const body = { date: today, montant: 10, description: 'x', motif: motif.CARBURANT, type: 'sortie' };
    const foreign = await t.call('POST', '/api/operation/create', {
      token: caissierParis.token,
      body: { ...body, userID: caissierDakar.id },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toBe(M.userOtherAgence);
    const byAdmin = await t.call('POST', '/api/operation/create', { token: t.adminToken, body: { ...body, userID: caissierDakar.id } });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.data.agenceID.id).toBe(agence.DKR1);
    const forHimself = await t.call('POST', '/api/operation/create', { token: t.adminToken, body: { ...body, userID: adminId } });
    expect(forHimself.body.data.agenceID).toBeNull();
    // Not visible to the agents of any agency; cancelled again so the other tests' figures stay.
    expect((await t.call('GET', `/api/operation/getBy/${forHimself.body.data.id}`, { token: caissierParis.token })).status).toBe(403);
    for (const id of [byAdmin.body.data.id, forHimself.body.data.id]) {
      expect((await t.call('DELETE', `/api/operation/delete/${id}`, { token: t.adminToken })).status).toBe(200);
    }
  });
});

/** The id of a seeded agency by code (the beforeAll ones). */
function agent(code: 'PAR1' | 'DKR1') {
  return agence[code];
}

describe('operation/create and update — validation messages (spec 001 §5)', () => {
  const valid = () => ({
    date: today,
    montant: 25,
    description: 'Achat',
    userID: caissierParis.id,
    motif: motif.FOURNITURES,
    type: 'sortie',
  });

  it('an empty form says what each field needs', async () => {
    const res = await t.call('POST', '/api/operation/create', { token: caissierParis.token, body: {} });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(['date', 'description', 'montant', 'motif', 'type', 'userID']);
    expect(res.body.errors.date).toBe(M.dateRequired);
    expect(res.body.errors.description).toBe(M.descriptionRequired);
    expect(res.body.errors.userID).toBe(M.userRequired);
    expect(res.body.errors.motif).toBe(M.motifRequired);
    expect(res.body.errors.type).toBe(M.typeInvalid);
  });

  it.each([
    [{ montant: 0.99 }, 'montant', M.montantMin],
    [{ montant: 0.994 }, 'montant', M.montantMin],
    [{ montant: 'abc' }, 'montant', 'Le montant doit être un nombre'],
    [{ montant: true }, 'montant', 'Le montant doit être un nombre'],
    [{ type: 'virement' }, 'type', M.typeInvalid],
    [{ date: '2026-13-45' }, 'date', M.dateInvalid],
    [{ date: 'hier' }, 'date', M.dateInvalid],
    [{ date: addDays(today, 1) }, 'date', M.dateFuture],
    [{ description: '   ' }, 'description', M.descriptionRequired],
    [{ motif: 'pas-un-id' }, 'motif', M.motifRequired],
  ])('%j → 400 under its field', async (change, field, message) => {
    const res = await t.call('POST', '/api/operation/create', { token: caissierParis.token, body: { ...valid(), ...change } });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.errors[field]).toBe(message);
  });

  it('the motif must be an active operation type, the user an active staff member', async () => {
    const db = t.database.db;
    const [inactive] = await db.insert(typesOperation).values({ code: 'ANCIEN', libelle: 'Ancien motif', isActive: false }).returning();
    let res = await t.call('POST', '/api/operation/create', { token: caissierParis.token, body: { ...valid(), motif: inactive.id } });
    expect([res.status, res.body.errors?.motif]).toEqual([400, M.motifInactive]);
    res = await t.call('POST', '/api/operation/create', { token: caissierParis.token, body: { ...valid(), motif: randomUUID() } });
    expect([res.status, res.body.errors?.motif]).toEqual([400, M.motifInactive]);
    const client = await insertClient(db);
    res = await t.call('POST', '/api/operation/create', { token: t.adminToken, body: { ...valid(), userID: client } });
    expect([res.status, res.body.errors?.userID]).toEqual([400, M.userInvalid]);
    const inactiveStaff = await t.createStaff('CAISSIER', { agenceCode: 'PAR1' });
    await db.update(users).set({ isActive: false }).where(eq(users.id, inactiveStaff.id));
    res = await t.call('POST', '/api/operation/create', { token: caissierParis.token, body: { ...valid(), userID: inactiveStaff.id } });
    expect([res.status, res.body.errors?.userID]).toEqual([400, M.userInvalid]);
    res = await t.call('POST', '/api/operation/create', { token: caissierParis.token, body: { ...valid(), userID: randomUUID() } });
    expect([res.status, res.body.errors?.userID]).toEqual([400, M.userInvalid]);
  });

  it("answers the spec's success text, rounds to the cent, reads 'ENTREE' as 'entrée', and an edit changes every field", async () => {
    const res = await t.call('POST', '/api/operation/create', {
      token: caissierParis.token,
      body: { ...valid(), type: 'ENTREE', montant: '12,345', motif: motif.VENTE_EMBALLAGE },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Entrée ajouté avec succès !');
    expect(res.body.data).toMatchObject({ type: 'entrée', montant: 12.35, date: today, isActive: true });
    const id = res.body.data.id;
    const sortie = await t.call('POST', '/api/operation/create', { token: caissierParis.token, body: valid() });
    expect(sortie.body.message).toBe('Sortie ajouté avec succès !');

    const edited = {
      date: addDays(today, -1),
      montant: 40,
      description: 'Corrigé',
      userID: caissierParis.id,
      motif: motif.CARBURANT,
      type: 'sortie',
    };
    const upd = await t.call('PUT', `/api/operation/update/${id}`, { token: caissierParis.token, body: edited });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    const got = await t.call('GET', `/api/operation/getBy/${id}`, { token: caissierParis.token });
    expect(got.body.data).toMatchObject({ ...edited, motif: { id: motif.CARBURANT }, userID: { id: caissierParis.id } });
    const bad = await t.call('PUT', `/api/operation/update/${id}`, { token: caissierParis.token, body: { ...edited, montant: 0 } });
    expect([bad.status, bad.body.errors?.montant]).toEqual([400, M.montantMin]);
    for (const op of [id, sortie.body.data.id]) {
      expect((await t.call('DELETE', `/api/operation/delete/${op}`, { token: caissierParis.token })).status).toBe(200);
    }
  });

  it('guessed ids answer 404, malformed ids 400, forged or missing tokens 401', async () => {
    const token = caissierParis.token;
    expect((await t.call('GET', `/api/operation/getBy/${randomUUID()}`, { token })).status).toBe(404);
    expect((await t.call('PUT', `/api/operation/update/${randomUUID()}`, { token, body: { isActive: true } })).status).toBe(404);
    expect((await t.call('DELETE', `/api/operation/delete/${randomUUID()}`, { token })).status).toBe(404);
    expect((await t.call('GET', '/api/operation/getBy/42', { token })).status).toBe(400);
    expect((await t.call('PUT', `/api/operation/update/${randomUUID()}`, { token, body: { isActive: 'oui' } })).status).toBe(400);
    expect((await t.call('PUT', `/api/operation/update/${randomUUID()}`, { token, body: [1, 2] })).status).toBe(400);
    expect((await t.call('GET', '/api/operation/liste/x', { token: null })).status).toBe(401);
    expect((await t.call('GET', '/api/operation/liste/x', { token: `${token.slice(0, -4)}AAAA` })).status).toBe(401);
    expect((await t.call('POST', '/api/operation/create', { token: 'forged.token.value', body: {} })).status).toBe(401);
  });
});

describe('keys (spec 001 §6)', () => {
  it('each call needs its key: operation, addOperation, operationUpdate, operationUpdateStatut, operationDelete', async () => {
    const db = t.database.db;
    const [target] = (await liste(caissierParis.token, 'q=AUTRE_RECETTE')).datas;
    const body = { date: today, montant: 30, description: 'x', userID: caissierParis.id, motif: motif.AUTRE_RECETTE, type: 'entrée' };
    // The agency role AGENT holds none of them by default.
    const agent = await t.createStaff('AGENT', { agenceCode: 'PAR1' });
    expect((await t.call('GET', '/api/operation/liste/x', { token: agent.token })).status).toBe(403);
    expect((await t.call('POST', '/api/operation/create', { token: agent.token, body })).status).toBe(403);
    // addColis (the spec's add button) does not open operation/create: addOperation does.
    await insertRoleWithKeys(db, 'LECTEUR_OP', ['operation', 'addColis']);
    const reader = await t.createStaff('LECTEUR_OP', { agenceCode: 'PAR1' });
    expect((await t.call('GET', '/api/operation/liste/x', { token: reader.token })).status).toBe(200);
    expect((await t.call('GET', `/api/operation/getBy/${target.id}`, { token: reader.token })).status).toBe(200);
    expect((await t.call('POST', '/api/operation/create', { token: reader.token, body })).status).toBe(403);
    expect((await t.call('PUT', `/api/operation/update/${target.id}`, { token: reader.token, body })).status).toBe(403);
    expect((await t.call('PUT', `/api/operation/update/${target.id}`, { token: reader.token, body: { isActive: false } })).status).toBe(
      403,
    );
    expect((await t.call('DELETE', `/api/operation/delete/${target.id}`, { token: reader.token })).status).toBe(403);
    // operationUpdate without the status key: the full form passes, the toggle alone does not.
    await insertRoleWithKeys(db, 'EDITEUR_OP', ['operationUpdate']);
    const editor = await t.createStaff('EDITEUR_OP', { agenceCode: 'PAR1' });
    expect((await t.call('PUT', `/api/operation/update/${target.id}`, { token: editor.token, body })).status).toBe(200);
    expect((await t.call('PUT', `/api/operation/update/${target.id}`, { token: editor.token, body: { isActive: false } })).status).toBe(
      403,
    );
    expect((await t.call('GET', `/api/operation/getBy/${target.id}`, { token: editor.token })).status).toBe(200);
  });
});

describe('operation/delete — money is never deleted', () => {
  it('cancels softly: the row leaves the list and the sums, stays in the table with who cancelled it; a DELETE is refused', async () => {
    const db = t.database.db;
    const before = await liste(caissierDakar.token);
    const target = before.datas.find((r) => r.motif.code === 'ELECTRICITE')!;
    const res = await t.call('DELETE', `/api/operation/delete/${target.id}`, { token: caissierDakar.token });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('suppression effectuée');
    const after = await liste(caissierDakar.token);
    expect(after.total).toBe(before.total - 1);
    expect(after.totalExpenses).toBe(sumMoney([before.totalExpenses, -enEuros(target)]));
    expect((await t.call('GET', `/api/operation/getBy/${target.id}`, { token: caissierDakar.token })).status).toBe(404);
    expect((await t.call('DELETE', `/api/operation/delete/${target.id}`, { token: caissierDakar.token })).status).toBe(404);
    expect((await t.call('PUT', `/api/operation/update/${target.id}`, { token: t.adminToken, body: { isActive: true } })).status).toBe(404);
    const [row] = await db.select().from(operations).where(eq(operations.id, target.id));
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect(row.deletedByID).toBe(caissierDakar.id);
    expect(row.montant).toBe('80.00');
    await expect(db.execute(sql`DELETE FROM operations WHERE id = ${target.id}`)).rejects.toThrow();
    // A montant below 1 € cannot be stored either (CHECK constraint behind the rule).
    await expect(db.update(operations).set({ montant: '0.50' }).where(eq(operations.id, target.id))).rejects.toThrow();
  });
});

describe("an operation's currency (docs/decisions/currencies.md)", () => {
  /** The body of an operation of a staff member, in `devise` when given. */
  const body = (staff: Staff, montant: number | string, extra: Record<string, unknown> = {}) => ({
    date: today,
    montant,
    description: 'Devise',
    userID: staff.id,
    motif: motif.COMMISSION,
    type: 'entrée',
    ...extra,
  });

  it('an operation a Dakar agent records in XOF is stored and listed in XOF, to the whole franc (it was booked in euros)', async () => {
    const id = await create(caissierDakar.token, body(caissierDakar, '15 000,5', { devise: 'XOF' }));
    const [row] = await t.database.db.select().from(operations).where(eq(operations.id, id));
    expect([row.devise, row.montant]).toEqual(['XOF', '15001.00']);
    const listed = (await liste(caissierDakar.token, 'devise=XOF')).datas.find((r) => r.id === id);
    expect(listed).toMatchObject({ montant: 15001, devise: 'XOF' });
    const one = await t.call('GET', `/api/operation/getBy/${id}`, { token: caissierDakar.token });
    expect(one.body.data).toMatchObject({ montant: 15001, devise: 'XOF' });
  });

  it("defaults to the operation's agency's country's currency: XOF in Dakar, EUR in Paris, the staff member's for ADMIN", async () => {
    const dakar = await t.call('POST', '/api/operation/create', { token: caissierDakar.token, body: body(caissierDakar, 2500) });
    expect(dakar.body.data).toMatchObject({ devise: 'XOF', montant: 2500 });
    const paris = await t.call('POST', '/api/operation/create', { token: caissierParis.token, body: body(caissierParis, '12,345') });
    expect(paris.body.data).toMatchObject({ devise: 'EUR', montant: 12.35 });
    // ADMIN (no agency) records for a Dakar staff member: the operation is Dakar's, so are its francs.
    const byAdmin = await t.call('POST', '/api/operation/create', { token: t.adminToken, body: body(caissierDakar, 1000) });
    expect(byAdmin.body.data).toMatchObject({ devise: 'XOF', agenceID: { id: agence.DKR1 } });
    // ADMIN recording for itself (no agency): the euro.
    const own = await t.call('POST', '/api/operation/create', {
      token: t.adminToken,
      body: { ...body(caissierDakar, 5), userID: adminId },
    });
    expect(own.body.data).toMatchObject({ devise: 'EUR', agenceID: null });
  });

  it('an edit changes the currency when it names one and keeps it otherwise', async () => {
    const id = await create(caissierDakar.token, body(caissierDakar, 700));
    const put = (b: unknown) => t.call('PUT', `/api/operation/update/${id}`, { token: caissierDakar.token, body: b });
    expect((await put(body(caissierDakar, 800))).body.data).toMatchObject({ devise: 'XOF', montant: 800 });
    expect((await put(body(caissierDakar, '800,5', { devise: 'eur' }))).body.data).toMatchObject({ devise: 'EUR', montant: 800.5 });
    expect((await put(body(caissierDakar, '800,5'))).body.data).toMatchObject({ devise: 'EUR', montant: 800.5 });
  });

  it('refuses an unknown currency and an unknown field with French messages, and records nothing', async () => {
    const before = (await liste(caissierDakar.token)).total;
    const unknown = await t.call('POST', '/api/operation/create', {
      token: caissierDakar.token,
      body: body(caissierDakar, 5, { devise: 'FCFA' }),
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.devise).toMatch(/^Devise inconnue/);
    const extra = await t.call('POST', '/api/operation/create', {
      token: caissierDakar.token,
      body: body(caissierDakar, 5, { monnaie: 'XAF' }),
    });
    expect(extra.status).toBe(400);
    expect(extra.body.message).toMatch(/^Données invalides/);
    expect((await liste(caissierDakar.token)).total).toBe(before);
  });

  it("counts each amount in euros at its own day's rate; without a rate it counts nowhere and is told", async () => {
    const usd = (date: string, montant: number) => create(t.adminToken, { ...body(caissierParis, montant, { devise: 'USD' }), date });
    await usd(addDays(today, -3), 100);
    await usd(today, 100);
    const sansTaux = await liste(t.adminToken, 'devise=USD');
    expect([sansTaux.total, sansTaux.horsTaux, sansTaux.totalRevenue]).toEqual([2, 2, 0]);
    expect(sansTaux.topRevenueSources).toEqual([{ motif: expect.objectContaining({ code: 'COMMISSION' }), montant: 0 }]);
    // 2 $ for 1 € from 10 days ago, 1,25 $ from yesterday: 100 $ three days ago = 50 €, today = 80 €. The first is
    // entered now (a past day before the currency's first rate is taken); the second as it was entered yesterday.
    expect(
      (
        await t.call('POST', '/api/tauxChange/create', {
          token: t.adminToken,
          body: { devise: 'USD', taux: '2', dateDebut: addDays(today, -10) },
        })
      ).status,
    ).toBe(200);
    await t.database.db.insert(tauxChange).values({ devise: 'USD', taux: '1.25', dateDebut: addDays(today, -1) });
    const converted = await liste(t.adminToken, 'devise=USD');
    expect([converted.horsTaux, converted.totalRevenue]).toEqual([0, 130]);
    expect(converted.datas.map((r) => [r.montant, r.devise])).toEqual([
      [100, 'USD'],
      [100, 'USD'],
    ]);
    // Every currency together: the cards are still the sum of each row in euros.
    const all = await liste(t.adminToken, 'periode=annee');
    expect(all.horsTaux).toBe(0);
    const rate: Record<string, string> = { ...TAUX_FIXES, USD: '1.25', EUR: '1' };
    const euros = (r: OpRow) =>
      r.devise === 'USD' && r.date < addDays(today, -1)
        ? convertir(r.montant, 'USD', 'EUR', '2', '1')
        : convertir(r.montant, r.devise, 'EUR', rate[r.devise], '1');
    expect(all.totalRevenue).toBe(sumMoney(all.datas.filter((r) => r.isActive && r.type === 'entrée').map(euros)));
  });
});
