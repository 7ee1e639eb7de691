/**
 * Generator of mock-api/db.json (docs/decisions/mock-api.md): runs the real server's reference and demo
 * seeds into a throwaway in-memory PGlite, signs in as the seeded administrator and dumps, through app.inject, every
 * collection the UI reads exactly as the API answers it. Never edit db.json by hand: `npm run mock:generate`.
 *
 *   npx tsx mock-api/generate.ts [--colis=120] [--out=mock-api/db.json]
 *
 * db.json holds, besides one array per resource of src/providers/resourceApi.ts (rows in the API's default order):
 * - `_login`: the auth/loginAD answer of the administrator (without its token), keyed by e-mail;
 * - `_snapshots`: the answers of the named GET calls outside CRUD (dashboard, permissions of each role, open
 *   departures, cities of a country, parcels by reference…), keyed by their path;
 * - `_details`: the fields a getBy answer adds to the list row (a parcel's nature lines), keyed 'colis/<id>';
 * - `_meta`: for lists with extra keys (operation: totals), those keys of the unfiltered list answer;
 * - `_resources`: the envelope keys of each collection (mock-api/routeMap.ts mockResources).
 * It also writes mock-api/routes.json (mockRoutes), which is committed.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp, type App } from '../server/app';
import { DEFAULT_ADMIN_EMAIL, DEFAULT_ADMIN_PASSWORD, loadConfig } from '../server/config';
import { createDatabase, type Database } from '../server/db/client';
import { seedDemo } from '../server/db/seed/demo';
import { seedReference } from '../server/db/seed/reference';
import { RESOURCE_API, listPathOf, type ResourceApi } from '../src/providers/resourceApi';
import { mockResources, mockRoutes } from './routeMap';
import { cliArg as arg } from '../server/cliArgs';

/** Where `npm run mock:generate` writes. */
export const DB_FILE = fileURLToPath(new URL('./db.json', import.meta.url));
/** The route map json-server reads (committed: it only changes with src/providers/resourceApi.ts). */
export const ROUTES_FILE = fileURLToPath(new URL('./routes.json', import.meta.url));
/** Parcels of the mock's demo set: enough for paging and charts, small enough to generate in seconds. */
export const MOCK_COLIS = 120;
/** Fixed seed of the demo generator: the same data set on every generation (ids and dates aside). */
export const MOCK_SEED = 2611;
/** Largest page the API serves (server/http/listQuery.ts); the dump pages through lists with it. */
// 100: the smallest page maximum among the lists (the audit journal; the others accept 500).
const PAGE = 100;
/** How many parcels of the list get their by-reference answers snapshotted (detail, history, payments). */
const DETAILED_COLIS = 30;

/** The seeded API, built on a throwaway database: what the generator and the contract tests (tests/web) read. */
export interface SeededApi {
  app: App;
  database: Database;
  /** Bearer token of the administrator. */
  token: string;
  /** The administrator's auth/loginAD answer. */
  login: Record<string, unknown>;
  close(): Promise<void>;
}

/**
 * Builds the real app on an in-memory PGlite holding the reference seed, the default administrator
 * (server/config.ts DEFAULT_ADMIN_EMAIL / DEFAULT_ADMIN_PASSWORD) and the demo set of `colisCount` parcels.
 * @param opts.colisCount parcels of the demo set (default MOCK_COLIS)
 */
export async function buildSeededApi(opts: { colisCount?: number } = {}): Promise<SeededApi> {
  const database = await createDatabase({ dataDir: 'memory://' });
  await database.migrate();
  await database.db.transaction((tx) => seedReference(tx, { adminEmail: DEFAULT_ADMIN_EMAIL, adminPassword: DEFAULT_ADMIN_PASSWORD }));
  await seedDemo(database.db, { colisCount: opts.colisCount ?? MOCK_COLIS, seed: MOCK_SEED });
  const config = loadConfig({
    ADMIN_EMAIL: DEFAULT_ADMIN_EMAIL,
    ADMIN_PASSWORD: DEFAULT_ADMIN_PASSWORD,
    JWT_SECRET: 'mock-api-generator-secret',
    LOGIN_RATE_LIMIT: '1000',
    DEMO_DATA: '0',
  });
  const app = await buildApp({ db: database.db, config, logger: false, uiDir: '/nonexistent' });
  await app.ready();
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/loginAD',
    payload: { email: DEFAULT_ADMIN_EMAIL, password: DEFAULT_ADMIN_PASSWORD, type: 'ADMIN' },
  });
  if (res.statusCode !== 200) throw new Error(`Connexion administrateur refusée : ${res.statusCode} ${res.body}`);
  const login = res.json() as Record<string, unknown>;
  return {
    app,
    database,
    token: String(login.token),
    login,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** GETs an API path (e.g. 'pays/liste?_page=1') as the administrator; throws on a non-2xx answer. */
async function get(api: SeededApi, apiPath: string): Promise<Record<string, unknown>> {
  const res = await api.app.inject({ method: 'GET', url: `/api/${apiPath}`, headers: { authorization: `Bearer ${api.token}` } });
  if (res.statusCode >= 300) throw new Error(`GET /api/${apiPath} : ${res.statusCode} ${res.body}`);
  return res.json() as Record<string, unknown>;
}

/** GETs an API path, or undefined when the API refuses it (a snapshot the admin cannot read is left out). */
async function tryGet(api: SeededApi, apiPath: string): Promise<Record<string, unknown> | undefined> {
  try {
    return await get(api, apiPath);
  } catch {
    return undefined;
  }
}

type Row = Record<string, unknown>;

/** Every row of a list call, page by page, in the API's default order (newest first). */
async function dumpList(api: SeededApi, listPath: string, listKey: string, extra: Record<string, string> = {}): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page++) {
    const qs = new URLSearchParams({ ...extra, _page: String(page), _perPage: String(PAGE) });
    const json = await get(api, `${listPath}?${qs}`);
    const got = (json[listKey] ?? json.datas) as Row[];
    rows.push(...got);
    if (got.length < PAGE) return rows;
  }
}

/** The id of a populated reference or of a plain id. */
const idOf = (value: unknown): string | undefined =>
  value && typeof value === 'object' ? String((value as Row).id) : typeof value === 'string' ? value : undefined;

/**
 * The fields a getBy answer adds to the list row (a parcel's nature lines…), for the collections whose getBy answer
 * differs from their list row (found on their first row): `[{id: 'colis/<id>', extra: {naturesColis: […]}}]`.
 */
async function dumpDetails(api: SeededApi, db: Record<string, unknown>): Promise<Row[]> {
  const details: Row[] = [];
  const extraOf = (record: Row | undefined, row: Row): Row =>
    Object.fromEntries(Object.entries(record ?? {}).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(row[key])));
  const recordOf = async (desc: ResourceApi, id: unknown): Promise<Row | undefined> => {
    const json = await tryGet(api, `${desc.path}/getBy/${id}`);
    return (json?.[desc.oneKey ?? 'data'] ?? json?.data) as Row | undefined;
  };
  for (const [resource, desc] of Object.entries(RESOURCE_API)) {
    const rows = db[resource] as Row[];
    if (desc.oneQuery || rows.length === 0) continue;
    if (Object.keys(extraOf(await recordOf(desc, rows[0].id), rows[0])).length === 0) continue;
    for (const row of rows) {
      const extra = extraOf(await recordOf(desc, row.id), row);
      if (Object.keys(extra).length > 0) details.push({ id: `${resource}/${row.id}`, extra });
    }
  }
  return details;
}

/** The per-record GET calls of the screens that open one record (histories, parcel detail, a client's parcels…). */
function detailPaths(db: Record<string, unknown>): string[] {
  const rows = (name: string) => db[name] as Row[];
  return [
    ...rows('role').map((r) => `autorisation/historique/${r.id}`),
    ...rows('user').map((u) => `user/historique/${u.id}`),
    ...rows('depart').map((e) => `colis/ListClientsBy/${e.id}`),
    ...rows('clients').map((c) => `colis/ListEnvoisBy/${c.id}`),
    ...rows('clients').map((c) => `user/getBy/${c.id}`),
    ...rows('agence').map((a) => `inventaire/attendus?agenceID=${a.id}`),
    ...rows('colis')
      .slice(0, DETAILED_COLIS)
      .flatMap((c) => [
        `colis/getByReference/${encodeURIComponent(String(c.reference))}`,
        `colis/getHistoriqueByReference/${encodeURIComponent(String(c.reference))}`,
        `encaissement/getByColisID/${c.id}`,
      ]),
  ];
}

/**
 * Dumps every collection the UI reads from a seeded API, as the API answers it (see the file header for the layout).
 * @param opts.details also snapshot the per-record calls (histories, parcels by reference, a client's departures…;
 *   default true); the contract tests leave them out to stay quick
 * @returns the content of db.json
 */
export async function dumpMockDb(api: SeededApi, opts: { details?: boolean } = {}): Promise<Record<string, unknown>> {
  const user = api.login.data as Row;
  const userId = String(user.id);
  const db: Record<string, unknown> = {};
  const meta: Record<string, Row> = {};
  for (const [resource, desc] of Object.entries(RESOURCE_API)) {
    const listKey = desc.listKey ?? 'datas';
    const extra: Record<string, string> = desc.userQuery ? { [desc.userQuery]: userId } : {};
    db[resource] = await dumpList(api, listPathOf(desc, userId), listKey, extra);
    if (desc.metaKeys) {
      const json = await get(api, listPathOf(desc, userId));
      meta[resource] = Object.fromEntries(desc.metaKeys.map((key) => [key, json[key]]));
    }
  }

  db._details = await dumpDetails(api, db);

  const snapshotPaths = [
    'typeUser/getAll',
    'user/listeAdmin',
    'envoi/ouvertActif',
    `colis/getAllData/${userId}`,
    `colis/colisEnvoyesParMois/${userId}`,
    `colis/circularStatistiques/${userId}`,
    ...(db.role as Row[]).map((r) => `autorisation/listePermissionByRoleID/${r.id}`),
    ...(db.pays as Row[]).map((p) => `ville/getVilleByPaysID/${p.id}`),
    ...(opts.details === false ? [] : detailPaths(db)),
  ];
  const snapshots: Row[] = [];
  for (const p of snapshotPaths) {
    const answer = await tryGet(api, p);
    if (answer) snapshots.push({ id: p, answer });
  }
  const { token: _token, ...loginAnswer } = api.login;
  db._login = [{ id: String(user.email).toLowerCase(), roleID: idOf(user.roleID), answer: loginAnswer }];
  db._snapshots = snapshots;
  db._meta = meta;
  db._resources = mockResources();
  return db;
}

/** The text of mock-api/routes.json: mockRoutes() as indented JSON. */
export function routesJson(): string {
  return `${JSON.stringify(mockRoutes(), null, 2)}\n`;
}

/** `npm run mock:generate`: writes db.json and prints its collections. */
async function main(): Promise<void> {
  const started = Date.now();
  const out = path.resolve(arg('out') ?? DB_FILE);
  const api = await buildSeededApi({ colisCount: Number(arg('colis') ?? MOCK_COLIS) });
  try {
    const db = await dumpMockDb(api);
    writeFileSync(out, `${JSON.stringify(db, null, 1)}\n`);
    writeFileSync(ROUTES_FILE, routesJson());
    const sizes = Object.entries(db)
      .filter(([, v]) => Array.isArray(v))
      .map(([k, v]) => `${k} ${(v as unknown[]).length}`);
    console.log(`${path.relative(process.cwd(), out)} généré en ${((Date.now() - started) / 1000).toFixed(1)} s : ${sizes.join(', ')}`);
  } finally {
    await api.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
