/**
 * Countries, the pattern of every reference resource (spec 001 §2 Countries, §5, §6, §7): list with paging,
 * sorting and search; create and update with French validation; active toggle; delete; keys by action.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { pays } from '../../server/db/schema';
import { setupTestApp, type TestContext } from './helpers';

let t: TestContext;
let agentToken: string;
beforeAll(async () => {
  t = await setupTestApp();
  agentToken = (await t.createStaff('AGENT')).token;
});
afterAll(() => t.close());

const body = { code: 'gh', libelle: 'Ghana', indicatif: '233', longueurNumero: 9, devise: 'ghs' };

describe('pays', () => {
  it('lists the whole table without paging, with id and _id', async () => {
    const res = await t.call('GET', '/api/pays/liste', { token: t.adminToken });
    expect(res.status).toBe(200);
    const rows = await t.database.db.select().from(pays);
    expect(res.body.datas).toHaveLength(rows.length);
    expect(res.body.total).toBe(rows.length);
    expect(res.body.datas[0]._id).toBe(res.body.datas[0].id);
  });

  it('pages, sorts and searches on the server', async () => {
    const page1 = await t.call('GET', '/api/pays/liste?_page=1&_perPage=3&_sort=libelle&_order=ASC', { token: t.adminToken });
    const page2 = await t.call('GET', '/api/pays/liste?_page=2&_perPage=3&_sort=libelle&_order=ASC', { token: t.adminToken });
    const all = (await t.database.db.select().from(pays)).map((p) => p.libelle).sort((a, b) => a.localeCompare(b, 'fr'));
    expect(page1.body.datas.map((p: { libelle: string }) => p.libelle)).toEqual(all.slice(0, 3));
    expect(page2.body.datas.map((p: { libelle: string }) => p.libelle)).toEqual(all.slice(3, 6));
    expect(page1.body.total).toBe(all.length);
    const search = await t.call('GET', `/api/pays/liste?q=${encodeURIComponent('sénég')}`, { token: t.adminToken });
    expect(search.body.datas.map((p: { libelle: string }) => p.libelle)).toEqual(['Sénégal']);
  });

  it('creates a country (code and currency upper-cased, dial code prefixed)', async () => {
    const res = await t.call('POST', '/api/pays/create', { token: t.adminToken, body });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Pays ajouté avec succès!');
    expect(res.body.data).toMatchObject({
      code: 'GH',
      libelle: 'Ghana',
      indicatif: '+233',
      longueurNumero: 9,
      devise: 'GHS',
      isActive: true,
    });
    const [row] = await t.database.db.select().from(pays).where(eq(pays.code, 'GH'));
    expect(row.libelle).toBe('Ghana');
  });

  it('refuses invalid input with a French message per field', async () => {
    const res = await t.call('POST', '/api/pays/create', {
      token: t.adminToken,
      body: { code: '', libelle: 'X', indicatif: 'abc', longueurNumero: 'douze' },
    });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.errors.code).toBe('Le code est obligatoire');
    expect(res.body.errors.indicatif).toBe("L'indicatif doit être de la forme +33");
    expect(res.body.errors.longueurNumero).toBe('La longueur du numéro doit être un nombre');
    expect(res.body.errors.devise).toBe('La devise est obligatoire');
    const unknown = await t.call('POST', '/api/pays/create', { token: t.adminToken, body: { ...body, code: 'ZZ', devise: 'CFA' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.devise).toMatch(/^Devise inconnue : indiquez un code ISO 4217 \(EUR, XOF, XAF/);
  });

  it('refuses a duplicate code with 409', async () => {
    const res = await t.call('POST', '/api/pays/create', { token: t.adminToken, body: { ...body, libelle: 'Ghana bis' } });
    expect(res.status).toBe(409);
    expect(res.body.errors.code).toBe('Ce code existe déjà.');
  });

  it('updates, toggles and deletes', async () => {
    const [row] = await t.database.db.select().from(pays).where(eq(pays.code, 'GH'));
    const upd = await t.call('PUT', `/api/pays/update/${row.id}`, {
      token: t.adminToken,
      body: { code: 'GH', libelle: 'République du Ghana', indicatif: '+233', longueurNumero: 9 },
    });
    expect(upd.status).toBe(200);
    expect(upd.body.message).toBe('Mise à jour du Pays réussie!');
    expect(upd.body.data.devise).toBe('GHS');
    const off = await t.call('PUT', `/api/pays/update/${row.id}`, { token: t.adminToken, body: { isActive: false } });
    expect(off.body).toMatchObject({ success: true, message: 'Statut mis à jour avec succès !' });
    expect(
      (await t.call('GET', '/api/pays/liste?isActive=false', { token: t.adminToken })).body.datas.map((p: { code: string }) => p.code),
    ).toContain('GH');
    const del = await t.call('DELETE', `/api/pays/delete/${row.id}`, { token: t.adminToken });
    expect(del.body).toEqual({ success: true, message: 'suppression effectuée' });
    expect(await t.database.db.select().from(pays).where(eq(pays.id, row.id))).toHaveLength(0);
    expect((await t.call('GET', `/api/pays/getBy/${row.id}`, { token: t.adminToken })).status).toBe(404);
  });

  it('refuses to delete a country in use (409) and keeps it', async () => {
    const [france] = await t.database.db.select().from(pays).where(eq(pays.code, 'FR'));
    const res = await t.call('DELETE', `/api/pays/delete/${france.id}`, { token: t.adminToken });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/suppression du pays/);
    expect(await t.database.db.select().from(pays).where(eq(pays.id, france.id))).toHaveLength(1);
  });

  it('lets an agency user read but not write', async () => {
    expect((await t.call('GET', '/api/pays/liste', { token: agentToken })).status).toBe(200);
    const res = await t.call('POST', '/api/pays/create', { token: agentToken, body: { ...body, code: 'NG' } });
    expect(res.status).toBe(403);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await t.call('GET', '/api/pays/getBy/0193a3b4-0000-7000-8000-000000000000', { token: t.adminToken })).status).toBe(404);
    expect((await t.call('GET', '/api/pays/getBy/abc', { token: t.adminToken })).status).toBe(400);
  });
});

describe('French sort order', () => {
  it("sorts labels ignoring accents and case: 'Bénin' before 'Burkina Faso', 'Côte d'Ivoire' after 'Cameroun'", async () => {
    const res = await t.call('GET', '/api/pays/liste?_sort=libelle&_order=ASC', { token: t.adminToken });
    const labels: string[] = res.body.datas.map((p: { libelle: string }) => p.libelle);
    expect(labels.indexOf('Bénin')).toBeLessThan(labels.indexOf('Burkina Faso'));
    expect(labels.indexOf('Belgique')).toBeLessThan(labels.indexOf('Bénin'));
    expect(labels.indexOf('Cameroun')).toBeLessThan(labels.indexOf("Côte d'Ivoire"));
  });
});
