/**
 * Contract of the mock API (docs/decisions/mock-api.md: the web tests of the dataProvider run against both the mock and
 * the real server, so the mock cannot drift from the API). One demo database (mock-api/generate.ts buildSeededApi, a
 * few parcels) feeds both: the real Fastify app listens on a free port, and json-server (mock-api/server.cjs) serves
 * the db.json dumped from it on another. The same dataProvider and authProvider calls, with the same assertions, run
 * against each (describe.each); the raw answers of a few list and getBy calls must be equal on both.
 */
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildSeededApi, dumpMockDb, routesJson, ROUTES_FILE, type SeededApi } from '../../mock-api/generate';
import { DEFAULT_ADMIN_EMAIL, DEFAULT_ADMIN_PASSWORD } from '../../server/config';
import { dataProvider } from '../../src/appDataProvider';
import { authProvider } from '../../src/providers/authProvider';
import { readSession } from '../../src/providers/session';
import { installBrowserStubs } from './helpers';

const require = createRequire(import.meta.url);
/** mock-api/server.cjs: the express app of the mock API. */
const { createMockServer } = require('../../mock-api/server.cjs') as {
  createMockServer: (opts: { db: unknown; logger: boolean }) => { listen: (port: number, host: string, ready: () => void) => Server };
};
const { MOCK_PASSWORD } = require('../../mock-api/middleware.cjs') as { MOCK_PASSWORD: string };

// Two live servers on a machine shared by several test runs: a call may wait its turn for seconds.
vi.setConfig({ testTimeout: 30_000 });

/** Parcels of the test's demo set: enough to page, quick to seed. */
const COLIS = 24;

let seeded: SeededApi;
let mockServer: Server;
const urls: Record<'mock' | 'réel', string> = { mock: '', réel: '' };

beforeAll(async () => {
  seeded = await buildSeededApi({ colisCount: COLIS });
  const db = await dumpMockDb(seeded, { details: false });
  mockServer = await new Promise<Server>((resolve) => {
    const server = createMockServer({ db, logger: false }).listen(0, '127.0.0.1', () => resolve(server));
  });
  urls.mock = `http://127.0.0.1:${(mockServer.address() as AddressInfo).port}`;
  urls.réel = await seeded.app.listen({ port: 0, host: '127.0.0.1' });
  // About 10 s on an idle machine (migrations, demo seed, dump); minutes when the shared machine is loaded.
}, 600_000);

afterAll(async () => {
  await new Promise((resolve) => mockServer?.close(resolve));
  await seeded?.close();
});

/** GETs an API path as the administrator from a backend; returns status and JSON. */
async function rawGet(base: string, apiPath: string): Promise<{ status: number; body: any }> {
  const res = await fetch(`${base}/api/${apiPath}`, { headers: { authorization: `Bearer ${await tokenFor(base)}` } });
  return { status: res.status, body: await res.json() };
}

const tokens = new Map<string, string>();
/** The administrator's token on a backend (signed in once). */
async function tokenFor(base: string): Promise<string> {
  if (!tokens.has(base)) {
    const res = await fetch(`${base}/api/auth/loginAD`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEFAULT_ADMIN_EMAIL, password: DEFAULT_ADMIN_PASSWORD, type: 'ADMIN' }),
    });
    tokens.set(base, ((await res.json()) as { token: string }).token);
  }
  return tokens.get(base)!;
}

describe('mock-api files', () => {
  it('routes.json is what mock:generate writes from src/providers/resourceApi.ts', () => {
    expect(readFileSync(ROUTES_FILE, 'utf8'), 'mock-api/routes.json est périmé : lancer npm run mock:generate').toBe(routesJson());
  });

  it("the mock's password is the real server's default administrator password", () => {
    expect(MOCK_PASSWORD).toBe(DEFAULT_ADMIN_PASSWORD);
  });
});

describe('the mock answers as the real API', () => {
  it.each([
    ['pays/liste?_page=1&_perPage=5&_sort=code&_order=ASC'],
    ['pays/liste?_page=3&_perPage=5&_sort=code&_order=DESC'],
    ['ville/liste?_sort=code&_order=ASC'],
    ['agence/liste'],
    ['colis/liste/{userId}?_page=2&_perPage=5'],
    ['colis/liste/{userId}?_page=2&_perPage=5&_byAgence=0'],
    ['envoi/liste?_page=1&_perPage=4'],
    ['user/listeClients?_page=1&_perPage=3'],
    ['encaissement/liste/{userId}?_page=1&_perPage=3'],
    ['encaissement/liste/{userId}?_page=1&_perPage=3&_byAgence=0'],
    ['role/liste'],
    ['privilege/liste?_page=1&_perPage=10&_sort=libelle&_order=ASC'],
    ['typeUser/getAll'],
    ['envoi/ouvertActif'],
    ['colis/getAllData/{userId}'],
  ])('GET %s', async (apiPath) => {
    const userId = String((seeded.login.data as { id: string }).id);
    const p = apiPath.replace('{userId}', userId);
    const [mock, real] = await Promise.all([rawGet(urls.mock, p), rawGet(urls.réel, p)]);
    expect(real.status).toBe(200);
    expect(mock).toEqual(real);
  });

  it.each([['pays'], ['ville'], ['agence'], ['colis'], ['envoi']])('GET %s/getBy/{id}', async (path) => {
    const list = await rawGet(
      urls.réel,
      `${path === 'colis' ? `colis/liste/${(seeded.login.data as { id: string }).id}` : `${path}/liste`}?_page=1&_perPage=1`,
    );
    const row = (list.body.datas ?? list.body.envois)[0];
    const [mock, real] = await Promise.all([rawGet(urls.mock, `${path}/getBy/${row.id}`), rawGet(urls.réel, `${path}/getBy/${row.id}`)]);
    expect(real.status).toBe(200);
    expect(mock).toEqual(real);
  });
});

describe.each(['mock', 'réel'] as const)('dataProvider and authProvider against the %s server', (backend) => {
  let franceId = '';

  beforeEach(() => {
    vi.unstubAllGlobals();
    installBrowserStubs({ apiUrl: `${urls[backend]}/api/` });
  });

  /** Signs in as the administrator through the authProvider (the session lives in the stubbed localStorage). */
  const signIn = () => authProvider.login({ email: DEFAULT_ADMIN_EMAIL, password: DEFAULT_ADMIN_PASSWORD });

  it('refuses a wrong password with the French message and stores no session', async () => {
    await expect(authProvider.login({ email: DEFAULT_ADMIN_EMAIL, password: 'mauvais-mot-de-passe' })).rejects.toThrow(
      'Email ou mot de passe incorrect.',
    );
    expect(readSession()).toBeNull();
  });

  it('signs in: token, user and the role privileges in the session', async () => {
    await signIn();
    const session = readSession()!;
    expect(session.token.split('.')).toHaveLength(3);
    expect(session.user.email).toBe(DEFAULT_ADMIN_EMAIL);
    expect(session.user.roleID?.code).toBe('ADMIN');
    expect(session.privileges.filter((p) => p.isActive).map((p) => p.libelle)).toEqual(
      expect.arrayContaining(['pays', 'colis', 'addPays']),
    );
    await expect(authProvider.canAccess!({ resource: 'colis', action: 'list' })).resolves.toBe(true);
  });

  it('refuses a list without a session (401)', async () => {
    await expect(
      dataProvider.getList('pays', { pagination: { page: 1, perPage: 5 }, sort: { field: 'code', order: 'ASC' }, filter: {} }),
    ).rejects.toMatchObject({
      status: 401,
    });
  });

  it('pays: pages and sorts', async () => {
    await signIn();
    const all = await dataProvider.getList('pays', {
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'code', order: 'ASC' },
      filter: {},
    });
    const codes = all.data.map((p) => p.code as string);
    expect(codes).toEqual([...codes].sort());
    expect(all.total).toBe(codes.length);
    const page2 = await dataProvider.getList('pays', {
      pagination: { page: 2, perPage: 5 },
      sort: { field: 'code', order: 'ASC' },
      filter: {},
    });
    expect(page2.data.map((p) => p.code)).toEqual(codes.slice(5, 10));
    expect(page2.total).toBe(codes.length);
    const desc = await dataProvider.getList('pays', {
      pagination: { page: 1, perPage: 3 },
      sort: { field: 'code', order: 'DESC' },
      filter: {},
    });
    expect(desc.data.map((p) => p.code)).toEqual([...codes].reverse().slice(0, 3));
    franceId = String(all.data.find((p) => p.code === 'FR')!.id);
    const one = await dataProvider.getOne('pays', { id: franceId });
    expect(one.data).toEqual(all.data.find((p) => p.code === 'FR'));
    const many = await dataProvider.getMany('pays', { ids: [franceId, page2.data[0].id] });
    expect(many.data.map((p) => p.id).sort()).toEqual([franceId, page2.data[0].id].sort());
  });

  it('villes: filters by country and searches', async () => {
    await signIn();
    const french = await dataProvider.getList('villes', {
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'code', order: 'ASC' },
      filter: { paysID: franceId },
    });
    expect(french.total).toBeGreaterThan(1);
    expect(french.data.every((v) => (v.paysID as { libelle: string }).libelle === 'France')).toBe(true);
    const lyon = await dataProvider.getList('villes', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'code', order: 'ASC' },
      filter: { q: 'lyon' },
    });
    expect(lyon.data.map((v) => v.libelle)).toEqual(['Lyon']);
    expect(lyon.total).toBe(1);
  });

  it('villes: creates, reads, updates and deletes a city', async () => {
    await signIn();
    const code = backend === 'mock' ? 'MCK' : 'RLX';
    const created = await dataProvider.create('villes', { data: { code, libelle: 'Ville de contrat', paysID: { id: franceId } } });
    expect(created.data).toMatchObject({
      code,
      libelle: 'Ville de contrat',
      isActive: true,
      paysID: { id: franceId, code: 'FR', libelle: 'France' },
    });
    expect(created.data._id).toBe(created.data.id);
    const read = await dataProvider.getOne('villes', { id: created.data.id });
    expect(read.data).toEqual(created.data);
    const updated = await dataProvider.update('villes', {
      id: created.data.id,
      data: { code, libelle: 'Ville renommée', paysID: franceId },
      previousData: created.data,
    });
    expect(updated.data).toMatchObject({ id: created.data.id, libelle: 'Ville renommée', paysID: { id: franceId, libelle: 'France' } });
    const found = await dataProvider.getList('villes', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'code', order: 'ASC' },
      filter: { q: 'renommée' },
    });
    expect(found.data.map((v) => v.id)).toEqual([created.data.id]);
    await dataProvider.delete('villes', { id: created.data.id, previousData: updated.data });
    await expect(dataProvider.getOne('villes', { id: created.data.id })).rejects.toMatchObject({ status: 404 });
  });

  it('agences: list with their city populated', async () => {
    await signIn();
    const agences = await dataProvider.getList('agence', {
      pagination: { page: 1, perPage: 3 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: {},
    });
    expect(agences.data).toHaveLength(3);
    expect(agences.total).toBeGreaterThan(3);
    for (const a of agences.data)
      expect(a).toMatchObject({ id: expect.any(String), libelle: expect.any(String), villeID: { id: expect.any(String) } });
  });

  it('colis: the list pages newest first, filters by agency and reads one parcel', async () => {
    await signIn();
    const page1 = await dataProvider.getList('colis', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: {},
    });
    expect(page1.total).toBe(COLIS);
    expect(page1.data).toHaveLength(10);
    const dates = page1.data.map((c) => String(c.createdAt));
    expect(dates).toEqual([...dates].sort().reverse());
    const agenceId = String((page1.data[0].agenceID as { id: string }).id);
    const ofAgence = await dataProvider.getList('colis', {
      pagination: { page: 1, perPage: 50 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { agenceID: agenceId },
    });
    expect(ofAgence.total).toBeGreaterThan(0);
    expect(ofAgence.data.every((c) => (c.agenceID as { id: string }).id === agenceId)).toBe(true);
    const one = await dataProvider.getOne('colis', { id: page1.data[0].id });
    expect(one.data).toMatchObject({ id: page1.data[0].id, reference: page1.data[0].reference });
  });

  it('envois (départs): list with status and countries', async () => {
    await signIn();
    const envois = await dataProvider.getList('depart', {
      pagination: { page: 1, perPage: 5 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: {},
    });
    expect(envois.data.length).toBeGreaterThan(0);
    for (const e of envois.data) {
      expect(e).toMatchObject({
        reference: expect.stringMatching(/^DEP-/),
        statutID: { code: expect.any(String) },
        paysID: { libelle: expect.any(String) },
      });
    }
    const one = await dataProvider.getOne('depart', { id: envois.data[0].id });
    expect(one.data.reference).toBe(envois.data[0].reference);
  });
});
