/**
 * Walks every registered API route (docs/architecture.md §6; spec 000 §6, 001 §6): 401 without a token, 403 without the permission key,
 * and the table of access rules matches the registered routes exactly. Every route declares its answers
 * (common/schemas/answer.ts), and representative calls answer what they declare: every field named, and no field
 * answered that the schema does not name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { ROUTE_ACCESS, routeKey } from '../../server/access/routeAccess';
import { modesEnvoi, modesPaiement, pays, roles } from '../../server/db/schema';
import { idByCode, inDays, insertColis } from './fixtures';
import { setupTestApp, type TestContext } from './helpers';
import { TEST_ADMIN } from './testConfig';

let t: TestContext;
let noKeyToken: string;

beforeAll(async () => {
  t = await setupTestApp();
  // A role with no authorisation at all: it may sign in but holds no key.
  await t.database.db.insert(roles).values({ code: 'SANS_DROIT', libelle: 'Sans droit', description: 'Aucune permission' });
  noKeyToken = (await t.createStaff('SANS_DROIT')).token;
});
afterAll(() => t.close());

const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, () => randomUUID());

describe('route access table', () => {
  it('lists exactly the registered routes', () => {
    const registered = t.app.apiRoutes.map((r) => routeKey(r.method, r.url)).sort();
    expect(registered.length).toBeGreaterThan(15);
    expect(registered).toEqual(Object.keys(ROUTE_ACCESS).sort());
  });

  it('declares the answer schema of every route (OpenAPI at /api/docs)', async () => {
    expect(t.app.apiRoutes.filter((r) => !r.response).map((r) => `${r.method} ${r.url}`)).toEqual([]);
    // A success answer, and the shared refusals.
    const incomplete = t.app.apiRoutes.filter((r) => !['200', '400', '401', '403', '404', '409', '429'].every((s) => r.response?.[s]));
    expect(incomplete.map((r) => `${r.method} ${r.url}`)).toEqual([]);
    const doc = await t.call('GET', '/api/docs/json');
    expect(doc.status).toBe(200);
    expect(Object.keys(doc.body.paths)).toContain('/api/colis/create');
    const created = doc.body.paths['/api/colis/create'].post.responses;
    expect(Object.keys(created['200'].content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['success', 'message', 'data']),
    );
    expect(created['409'].content['application/json'].schema.properties).toHaveProperty('errors');
    // A route's own refusal: only the parcel deletions' 409 says what the parcel collected, in its currency.
    expect(created['409'].content['application/json'].schema.properties).not.toHaveProperty('encaisse');
    for (const [path, method] of [
      ['/api/colis/delete/{reference}', 'delete'],
      ['/api/colis/delete/{id}/{roleCode}', 'delete'],
      ['/api/colis/deleteWithOtp', 'post'],
    ]) {
      const refusal = doc.body.paths[path][method].responses['409'].content['application/json'].schema.properties;
      expect(Object.keys(refusal), path).toEqual(expect.arrayContaining(['message', 'errors', 'encaisse', 'devise']));
    }
  });

  it('answers 401 without a token on every non-public route', async () => {
    const checked: string[] = [];
    for (const r of t.app.apiRoutes) {
      const access = ROUTE_ACCESS[routeKey(r.method, r.url)];
      if (access.kind === 'public') continue;
      const res = await t.call(r.method, concrete(r.url), { body: r.method === 'GET' || r.method === 'DELETE' ? undefined : {} });
      expect(res.status, `${r.method} ${r.url}`).toBe(401);
      expect(res.body.success).toBe(false);
      checked.push(r.url);
    }
    expect(checked.length).toBeGreaterThan(10);
  });

  it('answers 401 with a forged or expired token', async () => {
    const forged = await t.call('GET', '/api/pays/liste', { token: 'abc.def.ghi' });
    expect(forged.status).toBe(401);
    const jwt = (await import('jsonwebtoken')).default;
    const expired = jwt.sign({ tv: 0 }, 'test-secret-0123456789', { subject: randomUUID(), expiresIn: -10 });
    expect((await t.call('GET', '/api/pays/liste', { token: expired })).status).toBe(401);
  });

  it('answers 403 without the key on every key-guarded route', async () => {
    let checked = 0;
    for (const r of t.app.apiRoutes) {
      const access = ROUTE_ACCESS[routeKey(r.method, r.url)];
      if (access.kind !== 'key') continue;
      const res = await t.call(r.method, concrete(r.url), {
        token: noKeyToken,
        body: r.method === 'GET' || r.method === 'DELETE' ? undefined : {},
      });
      expect(res.status, `${r.method} ${r.url}`).toBe(403);
      checked++;
    }
    expect(checked).toBeGreaterThan(8);
  });

  it('lets a signed-in user without keys read the reference lists', async () => {
    const res = await t.call('GET', '/api/pays/liste', { token: noKeyToken });
    expect(res.status).toBe(200);
    expect(res.body.datas.length).toBeGreaterThan(0);
  });

  it('requires the status key, not the edit key, for the active toggle', async () => {
    const list = await t.call('GET', '/api/pays/liste', { token: t.adminToken });
    const id = list.body.datas[0].id;
    const res = await t.call('PUT', `/api/pays/update/${id}`, { token: noKeyToken, body: { isActive: false } });
    expect(res.status).toBe(403);
  });
});

/**
 * What a JSON answer does not match in a declared zod schema: a missing or mistyped field, or a field the schema does
 * not name (a loose object lets it through; here it must be declared). An instant (z.date) is an ISO text in JSON.
 * @returns the paths of the problems, empty when the answer is what the schema declares
 */
/** The parts of a zod 4 schema's definition (`_zod.def`) that `mismatches` reads; which are set depends on `type`. */
interface ZodDef {
  type: string;
  innerType: z.ZodType;
  element: z.ZodType;
  options: z.ZodType[];
  shape: Record<string, z.ZodType>;
  valueType: z.ZodType;
}

function mismatches(schema: z.ZodType, value: unknown, path = '$'): string[] {
  const def = (schema as unknown as { _zod: { def: ZodDef } })._zod.def;
  switch (def.type) {
    case 'optional':
      return value === undefined ? [] : mismatches(def.innerType, value, path);
    case 'nullable':
      return value === null ? [] : mismatches(def.innerType, value, path);
    case 'date':
      return typeof value === 'string' && Number.isFinite(Date.parse(value)) ? [] : [`${path}: not an ISO instant`];
    case 'array':
      if (!Array.isArray(value)) return [`${path}: not an array`];
      return value.flatMap((v, i) => mismatches(def.element, v, `${path}[${i}]`));
    case 'union': {
      const results = def.options.map((o) => mismatches(o, value, path));
      return results.find((r) => r.length === 0) ?? results[0];
    }
    case 'object': {
      if (!value || typeof value !== 'object' || Array.isArray(value)) return [`${path}: not an object`];
      const shape = def.shape;
      const record = value as Record<string, unknown>;
      return [
        ...Object.entries(shape).flatMap(([k, s]) => mismatches(s, record[k], `${path}.${k}`)),
        ...Object.keys(record)
          .filter((k) => !(k in shape))
          .map((k) => `${path}.${k}: not declared`),
      ];
    }
    case 'record':
      if (!value || typeof value !== 'object') return [`${path}: not an object`];
      return Object.entries(value).flatMap(([k, v]) => mismatches(def.valueType, v, `${path}.${k}`));
    default:
      return schema.safeParse(value).success ? [] : [`${path}: ${JSON.stringify(value)} is not a ${def.type}`];
  }
}

describe('declared answers', () => {
  /** Calls a route and checks its answer against the schema it declares for the status answered. */
  async function expectDeclared(method: string, pattern: string, url: string, opts: { body?: unknown; token?: string | null } = {}) {
    const route = t.app.apiRoutes.find((r) => r.method === method && r.url === pattern);
    expect(route, `${method} ${pattern}`).toBeDefined();
    const res = await t.call(method, url, { token: opts.token === undefined ? t.adminToken : opts.token, body: opts.body });
    const schema = route!.response![String(res.status)];
    expect(schema, `${method} ${url} answered ${res.status} ${JSON.stringify(res.body)}`).toBeDefined();
    expect(mismatches(schema, res.body), `${method} ${url} → ${res.status}`).toEqual([]);
    return res;
  }

  it('checks the check: a missing, mistyped or undeclared field is found', () => {
    const route = t.app.apiRoutes.find((r) => r.method === 'GET' && r.url === '/api/statut/getByCode/:code')!;
    const ok = { success: true, data: { id: 'a', _id: 'a', code: 'OUVERT', libelle: 'Ouvert' } };
    expect(mismatches(route.response!['200'], ok)).toEqual([]);
    expect(mismatches(route.response!['200'], { ...ok, extra: 1 })).toEqual(['$.extra: not declared']);
    expect(mismatches(route.response!['200'], { success: true, data: { ...ok.data, code: 3, libelle: undefined } })).toEqual([
      '$.data.code: 3 is not a string',
      '$.data.libelle: undefined is not a string',
    ]);
  });

  it('2xx answers of representative calls validate against their declared schema, every field named', async () => {
    const db = t.database.db;
    const login = await expectDeclared('POST', '/api/auth/loginAD', '/api/auth/loginAD', {
      token: null,
      body: { email: TEST_ADMIN.adminEmail, password: TEST_ADMIN.adminPassword, type: 'ADMIN' },
    });
    const me = login.body.data;
    expect(me.id).toBeDefined();

    const envoi = await expectDeclared('POST', '/api/envoi/create', '/api/envoi/create', {
      body: {
        modeEnvoiID: await idByCode(db, modesEnvoi, 'AERIEN'),
        paysID: await idByCode(db, pays, 'SN'),
        paysEmetteurID: await idByCode(db, pays, 'FR'),
        dateFin: inDays(1),
        dateDebut: inDays(2),
        dateArrive: inDays(3),
        contenu: 'Fret',
        poids: 100,
      },
    });
    const envoiId = envoi.body.data.id;
    const colisId = await insertColis(db, { envoiID: envoiId, statut: 'RECEPTIONNE' });
    const colis = await expectDeclared('GET', '/api/colis/getBy/:id', `/api/colis/getBy/${colisId}`);
    const reference = colis.body.colis.reference;
    const [mode] = await db.select({ id: modesPaiement.id }).from(modesPaiement).limit(1);

    const calls: [string, string, string, unknown?][] = [
      ['GET', '/api/user/getBy/:id', `/api/user/getBy/${me.id}`],
      ['GET', '/api/autorisation/listePermissionByRoleID/:roleId', `/api/autorisation/listePermissionByRoleID/${me.roleID.id}`],
      ['GET', '/api/pays/liste', '/api/pays/liste?_page=1&_perPage=5'],
      ['GET', '/api/ville/liste', '/api/ville/liste?_page=1&_perPage=5'],
      ['GET', '/api/agence/liste', '/api/agence/liste'],
      ['GET', '/api/natureColis/liste', '/api/natureColis/liste'],
      ['GET', '/api/paramNatureMode/liste', '/api/paramNatureMode/liste?_page=1&_perPage=5'],
      ['GET', '/api/modePaiement/liste', '/api/modePaiement/liste'],
      ['GET', '/api/statut/liste', '/api/statut/liste'],
      ['GET', '/api/envoi/liste', '/api/envoi/liste?_page=1&_perPage=5'],
      ['GET', '/api/envoi/getBy/:id', `/api/envoi/getBy/${envoiId}`],
      ['GET', '/api/envoi/checkEnvoiPoids/:id', `/api/envoi/checkEnvoiPoids/${envoiId}?poids=2`],
      ['GET', '/api/colis/liste/:userId', `/api/colis/liste/${me.id}?_page=1&_perPage=5`],
      ['GET', '/api/colis/getByReference/:reference', `/api/colis/getByReference/${reference}`],
      ['GET', '/api/colis/ListClientsBy/:envoiId', `/api/colis/ListClientsBy/${envoiId}`],
      ['POST', '/api/encaissement/create', '/api/encaissement/create', { colisID: colisId, modePaiementID: mode.id, montantEncaisse: 10 }],
      ['GET', '/api/encaissement/getByColisID/:id', `/api/encaissement/getByColisID/${colisId}`],
      ['GET', '/api/encaissement/liste/:userId', `/api/encaissement/liste/${me.id}`],
      ['GET', '/api/colis/getHistoriqueByReference/:reference', `/api/colis/getHistoriqueByReference/${reference}`],
      ['PUT', '/api/envoi/update/:id', `/api/envoi/update/${envoiId}`, { isActive: false }],
    ];
    for (const [method, pattern, url, body] of calls) {
      const res = await expectDeclared(method, pattern, url, { body });
      expect(res.status, `${method} ${url} ${JSON.stringify(res.body)}`).toBe(200);
    }

    // Paid, the parcel is not deleted (it is refunded below): a 409 saying what it collected, declared.
    const refused = await expectDeclared('DELETE', '/api/colis/delete/:reference', `/api/colis/delete/${reference}`);
    expect(refused.body).toMatchObject({ success: false, encaisse: 10, devise: 'EUR' });

    // The calls no other test file answers with a 2xx.
    const agence = (await t.call('GET', '/api/agence/liste', { token: t.adminToken })).body.datas[0];
    const groupe = (await t.call('GET', '/api/groupeNatureColis/liste', { token: t.adminToken })).body.datas[0];
    const payment = (await t.call('GET', `/api/encaissement/getByColisID/${colisId}`, { token: t.adminToken })).body.encaissements[0];
    const more: [string, string, string, unknown?][] = [
      ['GET', '/api/agence/getAgenceByVilleID/:id', `/api/agence/getAgenceByVilleID/${agence.villeID.id}`],
      ['GET', '/api/groupeNatureColis/listeByDepart/:departId', `/api/groupeNatureColis/listeByDepart/${envoiId}`],
      ['GET', '/api/natureColis/liste/:groupeId', `/api/natureColis/liste/${groupe.id}`],
      ['GET', '/api/colis/getColisByEnvoiId/:envoiId', `/api/colis/getColisByEnvoiId/${envoiId}`],
      [
        'GET',
        '/api/envoi/listeDepartParVille/:countryId/:modeId',
        `/api/envoi/listeDepartParVille/${await idByCode(db, pays, 'SN')}/${await idByCode(db, modesEnvoi, 'AERIEN')}`,
      ],
      ['GET', '/api/envoi/ouvertActif', '/api/envoi/ouvertActif'],
      ['GET', '/api/statut/getByCode/:code', '/api/statut/getByCode/OUVERT'],
      ['GET', '/api/user/listeClients', '/api/user/listeClients?_page=1&_perPage=5'],
      ['GET', '/api/user/getByTelephone/:telephone', '/api/user/getByTelephone/+33999999999'],
      ['PUT', '/api/encaissement/update/:id', `/api/encaissement/update/${payment.id}`, { isActive: true }],
      // Refunded in full, so that the parcel may be deleted below (docs/decisions/refunds-and-cash.md).
      [
        'POST',
        '/api/encaissement/rembourser/:id',
        `/api/encaissement/rembourser/${payment.id}`,
        { montant: 10, modePaiementID: mode.id, motif: 'Test' },
      ],
      [
        'POST',
        '/api/notification/create',
        '/api/notification/create',
        { message: 'Bonjour', receiverID: colis.body.colis.expediteurID.id, colisID: colisId },
      ],
    ];
    for (const [method, pattern, url, body] of more) {
      const res = await expectDeclared(method, pattern, url, { body });
      expect(res.status, `${method} ${url} ${JSON.stringify(res.body)}`).toBe(200);
    }
    // Inventories: the expected parcels, a scan, a statement, the list and the statement read back.
    for (const [method, pattern, url, body] of [
      ['GET', '/api/inventaire/attendus', `/api/inventaire/attendus?agenceID=${agence.id}`],
      ['GET', '/api/inventaire/verifier', `/api/inventaire/verifier?agenceID=${agence.id}&reference=${reference}`],
      ['POST', '/api/inventaire/create', '/api/inventaire/create', { agenceID: agence.id, references: [reference, 'INCONNU-1'] }],
      ['GET', '/api/inventaire/liste', '/api/inventaire/liste?_page=1&_perPage=5'],
    ] as [string, string, string, unknown?][]) {
      const res = await expectDeclared(method, pattern, url, { body });
      expect(res.status, `${method} ${url} ${JSON.stringify(res.body)}`).toBe(200);
    }
    const statement = (await t.call('GET', '/api/inventaire/liste?_page=1&_perPage=1', { token: t.adminToken })).body.data[0];
    const one = await expectDeclared('GET', '/api/inventaire/liste', `/api/inventaire/liste?id=${statement.id}`);
    expect(one.body.data.colisId.length).toBe(1);
    // A parcel already received needs a code to be deleted: 202, its own declared answer.
    const deletion = await expectDeclared('DELETE', '/api/colis/delete/:reference', `/api/colis/delete/${reference}`);
    expect(deletion.status).toBe(202);
  });

  it('refusals answer the shared error schema', async () => {
    const unknown = randomUUID();
    expect((await expectDeclared('GET', '/api/envoi/getBy/:id', `/api/envoi/getBy/${unknown}`)).status).toBe(404);
    expect((await expectDeclared('POST', '/api/pays/create', '/api/pays/create', { body: { code: '' } })).status).toBe(400);
    expect((await expectDeclared('GET', '/api/pays/liste', '/api/pays/liste', { token: null })).status).toBe(401);
  });
});

describe('the OpenAPI document', () => {
  it('marks the public routes public and every other route as needing the bearer token', async () => {
    const doc = (t.app as unknown as { swagger(): { paths: Record<string, Record<string, { security?: unknown[] }>> } }).swagger();
    const security = (path: string, method: string) => doc.paths[path]?.[method]?.security;
    for (const [path, method] of [
      ['/api/auth/loginAD', 'post'],
      ['/api/auth/forgotPassword', 'post'],
      ['/api/auth/validerPassword', 'post'],
      ['/api/health', 'get'],
      ['/api/ready', 'get'],
    ]) {
      expect(security(path, method), path).toEqual([]);
    }
    // Signed-in routes inherit the document's bearer requirement (no `security: []` of their own).
    expect(security('/api/colis/liste/{userId}', 'get')).toBeUndefined();
    expect(security('/api/envoi/ouvertActif', 'get')).toBeUndefined();
  });
});
