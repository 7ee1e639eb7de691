/**
 * Test harness: a fresh copy of the seeded database and the app on it, driven through app.inject.
 * Set-up spends no argon2 work (about 0.6 s of CPU per hash or check on this machine, the bulk of the server pass
 * when every file and every staff member paid it): the administrator's and the created staff's tokens are signed by
 * the app's own token service, as a sign-in would sign them, and a staff password is hashed once per process.
 * Signing in itself is what auth.test.ts, security.test.ts and users.test.ts drive, through the API.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp, type App } from '../../server/app';
import { createDatabase, type Database } from '../../server/db/client';
import { roles, typeUsers, users, agences } from '../../server/db/schema';
import { hashPassword } from '../../server/auth/passwords';
import { testConfig, TEST_ADMIN, TEST_STAFF_PASSWORD } from './testConfig';
import { withDatabase } from './globalSetup';

export interface TestContext {
  app: App;
  database: Database;
  /** Bearer token of the seeded administrator (signed as its sign-in would be). */
  adminToken: string;
  /**
   * Sends a request and returns status and parsed JSON body (the raw text when it is not JSON). The body is `any` on
   * purpose: a test reads the fields whose values it asserts (eslint.config.js allows `any` in tests/), and
   * access.test.ts checks every answer against its declared schema.
   */
  call(method: string, url: string, opts?: { token?: string | null; body?: unknown }): Promise<{ status: number; body: any }>;
  /** Signs in and returns the token (throws if refused). */
  login(email: string, password: string): Promise<string>;
  /**
   * Creates a back-office user with the given role code (and agency, default the first one) and password (default
   * TEST_STAFF_PASSWORD) and returns its id, e-mail and a token signed for it.
   */
  createStaff(roleCode: string, opts?: { agenceCode?: string; password?: string }): Promise<{ id: string; email: string; token: string }>;
  /**
   * Stops the app and closes the database, then opens the same database again (a new PGlite instance on the same
   * directory, or a new pool) and builds a new app on it, as a restarted server would: every cache kept per database
   * handle starts cold. `app`, `database` and `call` use the new ones; tokens stay valid (the signing secret is in
   * the database).
   */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/** argon2 hashes of the staff passwords tests chose, by password. */
const passwordHashes = new Map<string, Promise<string>>();

/** The argon2 hash of a staff password: TEST_STAFF_PASSWORD's comes from globalSetup, any other is hashed once per process. */
function staffPasswordHash(password: string): Promise<string> {
  if (password === TEST_STAFF_PASSWORD) return Promise.resolve(inject('staffPasswordHash'));
  let hash = passwordHashes.get(password);
  if (!hash) passwordHashes.set(password, (hash = hashPassword(password)));
  return hash;
}

/** Opens a private copy of the seeded test database and builds the app on it. */
export async function setupTestApp(): Promise<TestContext> {
  const tpl = inject('dbTemplate');
  let open: () => Promise<Database>;
  let cleanup: () => Promise<void>;
  if (tpl.kind === 'postgres') {
    const name = `colis_t_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const admin = new pg.Client({ connectionString: tpl.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${tpl.template}`);
    open = () => createDatabase({ databaseUrl: withDatabase(tpl.url, name) });
    cleanup = async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  } else {
    const dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'colis-t-')), 'db');
    cpSync(tpl.dir, dir, { recursive: true });
    open = () => createDatabase({ dataDir: dir });
    cleanup = async () => rmSync(path.dirname(dir), { recursive: true, force: true });
  }
  /** Opens the database and builds the app on it. */
  const start = async () => {
    const opened = await open();
    const built = await buildApp({ db: opened.db, config: testConfig(), logger: false, uiDir: '/nonexistent' });
    await built.ready();
    return { database: opened, app: built };
  };
  let { database, app } = await start();

  const call: TestContext['call'] = async (method, url, opts = {}) => {
    const res = await app.inject({
      method: method as never,
      url,
      headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
      payload: opts.body as never,
    });
    let body: unknown;
    try {
      body = res.json();
    } catch {
      body = res.body;
    }
    return { status: res.statusCode, body };
  };
  const login = async (email: string, password: string) => {
    const res = await call('POST', '/api/auth/loginAD', { body: { email, password, type: 'ADMIN' } });
    if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.token as string;
  };
  const [admin] = await database.db
    .select({ id: users.id, tokenVersion: users.tokenVersion })
    .from(users)
    .where(eq(users.email, TEST_ADMIN.adminEmail));
  const adminToken = app.tokens.sign(admin.id, admin.tokenVersion);

  const createStaff: TestContext['createStaff'] = async (roleCode, opts = {}) => {
    const db = database.db;
    const [role] = await db.select().from(roles).where(eq(roles.code, roleCode));
    const [type] = await db.select().from(typeUsers).where(eq(typeUsers.code, 'ADMIN'));
    const agence = opts.agenceCode
      ? (await db.select().from(agences).where(eq(agences.code, opts.agenceCode)))[0]
      : (await db.select().from(agences).limit(1))[0];
    const email = `staff-${randomUUID().slice(0, 8)}@test.local`;
    const [u] = await db
      .insert(users)
      .values({
        nom: 'Testeur',
        prenoms: roleCode,
        email,
        passwordHash: await staffPasswordHash(opts.password ?? TEST_STAFF_PASSWORD),
        typeUserID: type.id,
        roleID: role?.id ?? null,
        agenceID: agence?.id ?? null,
        telephone: '600000000',
        telephoneComplet: `+33${Math.floor(Math.random() * 1e9)}`,
      })
      .returning({ id: users.id, tokenVersion: users.tokenVersion });
    return { id: u.id, email, token: app.tokens.sign(u.id, u.tokenVersion) };
  };

  return {
    get app() {
      return app;
    },
    get database() {
      return database;
    },
    adminToken,
    call,
    login,
    createStaff,
    restart: async () => {
      await app.close();
      await database.close();
      ({ database, app } = await start());
    },
    close: async () => {
      await app.close();
      await database.close();
      await cleanup();
    },
  };
}
