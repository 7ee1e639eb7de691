/**
 * Every reference resource declared on the factory (spec 001 §7): list, populated references, create with French
 * validation, update, toggle and delete, walked with one table of valid bodies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestContext } from './helpers';

let t: TestContext;
/** A listed reference record as these tests read it (a city's country populated one level). */
interface RefRecord {
  id: string;
  code?: string;
  paysID?: { id: string };
}
const ref: Record<string, RefRecord[]> = {};
beforeAll(async () => {
  t = await setupTestApp();
  for (const path of ['pays', 'ville', 'groupeNatureColis', 'modeEnvoi']) {
    ref[path] = (await t.call('GET', `/api/${path}/liste`, { token: t.adminToken })).body.datas;
  }
});
afterAll(() => t.close());

/** A valid create body per resource path, built from the seeded data, and a field its answer must hold. */
const cases: { path: string; body: () => Record<string, unknown>; expect: Record<string, unknown>; requiredField: string }[] = [
  {
    path: 'ville',
    body: () => ({ code: 'tst', libelle: 'Testville', paysID: ref.pays[0].id }),
    expect: { code: 'TST' },
    requiredField: 'paysID',
  },
  {
    path: 'agence',
    body: () => ({ libelle: 'Agence Test', latitude: 48.85, longitude: 2.35, villeID: ref.ville[0].id, telephone: '612345678' }),
    expect: { libelle: 'Agence Test' },
    requiredField: 'villeID',
  },
  {
    path: 'role',
    body: () => ({ code: 'caissier', libelle: 'Caissier', description: 'Encaisse les paiements' }),
    expect: { code: 'CAISSIER' },
    requiredField: 'description',
  },
  {
    path: 'privilege',
    body: () => ({ libelle: 'exportCsv', description: 'Exporter en CSV' }),
    expect: { libelle: 'exportCsv' },
    requiredField: 'description',
  },
  {
    path: 'modeEnvoi',
    body: () => ({ code: 'route', libelle: 'Routier', description: 'Par camion' }),
    expect: { code: 'ROUTE' },
    requiredField: 'description',
  },
  {
    path: 'modeLivraison',
    body: () => ({ code: 'relais', libelle: 'Point relais', description: 'Retrait en point relais' }),
    expect: { code: 'RELAIS' },
    requiredField: 'libelle',
  },
  {
    path: 'groupeNatureColis',
    body: () => ({ code: 'meubles', libelle: 'Meubles' }),
    expect: { code: 'MEUBLES', description: '' },
    requiredField: 'code',
  },
  {
    path: 'natureColis',
    body: () => ({
      code: 'chaise',
      libelle: 'Chaise',
      description: 'Chaise pliante',
      groupeNatureColisID: ref.groupeNatureColis[0].id,
      prixExceptionnel: '12',
      unite: 'Kg',
    }),
    expect: { code: 'CHAISE', prixExceptionnel: 12 },
    requiredField: 'groupeNatureColisID',
  },
  {
    path: 'paramNatureMode',
    body: () => ({
      libelle: 'Test prix',
      prixUnitaire: 7.5,
      groupeNatureColisID: ref.groupeNatureColis[0].id,
      villeDorigineID: ref.ville[0].id,
      // A route joins two countries (server/paramNatureMode/routes.ts).
      villeID: ref.ville.find((v) => v.paysID?.id !== ref.ville[0].paysID?.id)!.id,
      modeEnvoiID: ref.modeEnvoi[0].id,
    }),
    expect: { prixUnitaire: 7.5 },
    requiredField: 'modeEnvoiID',
  },
  { path: 'typeoperation', body: () => ({ code: 'taxe', libelle: 'Taxes' }), expect: { code: 'TAXE' }, requiredField: 'libelle' },
];

describe.each(cases)('$path', ({ path, body, expect: expected, requiredField }) => {
  it('lists, creates, reads, updates, toggles and deletes', async () => {
    const list = await t.call('GET', `/api/${path}/liste?_page=1&_perPage=5`, { token: t.adminToken });
    expect(list.status).toBe(200);
    expect(list.body.datas.length).toBeLessThanOrEqual(5);
    expect(list.body.total).toBeGreaterThanOrEqual(list.body.datas.length);

    const created = await t.call('POST', `/api/${path}/create`, { token: t.adminToken, body: body() });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data).toMatchObject(expected);
    const id = created.body.data.id;

    const got = await t.call('GET', `/api/${path}/getBy/${id}`, { token: t.adminToken });
    expect(got.body.data.id).toBe(id);

    const upd = await t.call('PUT', `/api/${path}/update/${id}`, { token: t.adminToken, body: { ...body(), libelle: 'Libellé modifié' } });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    expect(upd.body.data.libelle).toBe('Libellé modifié');

    const off = await t.call('PUT', `/api/${path}/update/${id}`, { token: t.adminToken, body: { isActive: false } });
    expect(off.body.data.isActive).toBe(false);

    const del = await t.call('DELETE', `/api/${path}/delete/${id}`, { token: t.adminToken });
    expect(del.body.success).toBe(true);
    expect((await t.call('GET', `/api/${path}/getBy/${id}`, { token: t.adminToken })).status).toBe(404);
  });

  it('reports field errors of a full update body', async () => {
    const id = (await t.call('GET', `/api/${path}/liste?_page=1&_perPage=1`, { token: t.adminToken })).body.datas[0].id;
    const { [requiredField]: _omit, ...rest } = body();
    const res = await t.call('PUT', `/api/${path}/update/${id}`, { token: t.adminToken, body: rest });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toContain(requiredField);
  });

  it(`refuses a body without ${requiredField} with a French message`, async () => {
    const { [requiredField]: _omit, ...rest } = body();
    const res = await t.call('POST', `/api/${path}/create`, { token: t.adminToken, body: rest });
    expect(res.status).toBe(400);
    expect(res.body.errors[requiredField]).toMatch(/obligatoire|requis|invalide/i);
  });
});

describe('populated references and special lists', () => {
  it('nests the country in cities, agencies and unit prices', async () => {
    const villes = await t.call('GET', '/api/ville/liste?_page=1&_perPage=1', { token: t.adminToken });
    expect(villes.body.datas[0].paysID.libelle).toBeTruthy();
    const agences = await t.call('GET', '/api/agence/liste?_page=1&_perPage=1', { token: t.adminToken });
    expect(agences.body.datas[0].villeID.paysID.libelle).toBeTruthy();
    expect(agences.body.datas[0].telephoneComplet).toMatch(/^\+\d+/);
    const prix = await t.call('GET', '/api/paramNatureMode/liste?_page=1&_perPage=1', { token: t.adminToken });
    expect(prix.body.datas[0].villeDestinationID.paysID.libelle).toBeTruthy();
    expect(typeof prix.body.datas[0].prixUnitaire).toBe('number');
  });

  it('lists the cities of a country and the agencies of a city', async () => {
    const pays = ref.pays.find((p) => p.code === 'SN')!;
    const villes = await t.call('GET', `/api/ville/getVilleByPaysID/${pays.id}`, { token: t.adminToken });
    expect(villes.body.villes.length).toBeGreaterThan(0);
    expect(villes.body.villes.every((v: RefRecord) => v.paysID?.id === pays.id)).toBe(true);
    const agences = await t.call('GET', `/api/agence/getAgenceByPaysID/${pays.id}`, { token: t.adminToken });
    expect(agences.body.agences.every((a: RefRecord) => a.paysID?.id === pays.id)).toBe(true);
  });

  it('refuses a second unit price for the same group, route and mode', async () => {
    const existing = (await t.call('GET', '/api/paramNatureMode/liste?_page=1&_perPage=1', { token: t.adminToken })).body.datas[0];
    const res = await t.call('POST', '/api/paramNatureMode/create', {
      token: t.adminToken,
      body: {
        libelle: 'Doublon',
        prixUnitaire: 1,
        groupeNatureColisID: existing.groupeNatureColisID.id,
        villeOrigineID: existing.villeOrigineID.id,
        villeDestinationID: existing.villeDestinationID.id,
        modeEnvoiID: existing.modeEnvoiID.id,
      },
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/existe déjà/);
  });

  it('lists active payment modes and priced sending modes and countries', async () => {
    expect((await t.call('GET', '/api/modePaiement/liste', { token: t.adminToken })).body.datas.length).toBeGreaterThan(1);
    expect((await t.call('GET', '/api/modeEnvoi/listeByParamNature', { token: t.adminToken })).body.datas.length).toBe(2);
    const dest = (await t.call('GET', '/api/pays/listeByParamNature', { token: t.adminToken })).body.datas;
    expect(dest.length).toBeGreaterThan(0);
  });
});

describe('permission keys of a new release', () => {
  it('adds the missing keys to an existing database and grants them to ADMIN', async () => {
    const { syncPermissions } = await import('../../server/db/seed');
    const { privileges } = await import('../../server/db/schema');
    const { eq } = await import('drizzle-orm');
    const db = t.database.db;
    await db.delete(privileges).where(eq(privileges.libelle, 'addGroupeNatureColis'));
    expect(await syncPermissions(db)).toEqual(['addGroupeNatureColis']);
    expect(await syncPermissions(db)).toEqual([]);
    const me = await t.call('POST', '/api/auth/loginAD', { body: { email: 'admin@test.local', password: 'Admin-Test-123' } });
    const perms = await t.call('GET', `/api/autorisation/listePermissionByRoleID/${me.body.data.roleID.id}`, { token: me.body.token });
    expect(
      perms.body.datas.find((a: { privilegeID: { libelle: string } }) => a.privilegeID.libelle === 'addGroupeNatureColis')?.isActive,
    ).toBe(true);
  });
});
