/**
 * Test harness: a fresh copy of the seeded database and the app on it, driven through app.inject.
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
import { testConfig, TEST_ADMIN } from './testConfig';
import { withDatabase } from './globalSetup';

export interface TestContext {
  app: App;
  database: Database;
  /** Bearer token of the seeded administrator. */
  adminToken: string;
  /**
   * Sends a request and returns status and parsed JSON body (the raw text when it is not JSON). The body is `any` on
   * purpose: a test reads the fields whose values it asserts (eslint.config.js allows `any` in tests/), and
   * access.test.ts checks every answer against its declared schema.
   */
  call(method: string, url: string, opts?: { token?: string | null; body?: unknown }): Promise<{ status: number; body: any }>;
  /** Signs in and returns the token (throws if refused). */
  login(email: string, password: string): Promise<string>;
  /** Creates a back-office user with the given role code (and agency, default the first one) and returns its id and token. */
  createStaff(roleCode: string, opts?: { agenceCode?: string; password?: string }): Promise<{ id: string; email: string; token: string }>;
  close(): Promise<void>;
}

/** Opens a private copy of the seeded test database and builds the app on it. */
export async function setupTestApp(): Promise<TestContext> {
  const tpl = inject('dbTemplate');
  let database: Database;
  let cleanup: () => Promise<void>;
  if (tpl.kind === 'postgres') {
    const name = `colis_t_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const admin = new pg.Client({ connectionString: tpl.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${tpl.template}`);
    database = await createDatabase({ databaseUrl: withDatabase(tpl.url, name) });
    cleanup = async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  } else {
    const dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'colis-t-')), 'db');
    cpSync(tpl.dir, dir, { recursive: true });
    database = await createDatabase({ dataDir: dir });
    cleanup = async () => rmSync(path.dirname(dir), { recursive: true, force: true });
  }
  const app = await buildApp({ db: database.db, config: testConfig(), logger: false, uiDir: '/nonexistent' });
  await app.ready();

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
  const adminToken = await login(TEST_ADMIN.adminEmail, TEST_ADMIN.adminPassword);

  const createStaff: TestContext['createStaff'] = async (roleCode, opts = {}) => {
    const db = database.db;
    const [role] = await db.select().from(roles).where(eq(roles.code, roleCode));
    const [type] = await db.select().from(typeUsers).where(eq(typeUsers.code, 'ADMIN'));
    const agence = opts.agenceCode
      ? (await db.select().from(agences).where(eq(agences.code, opts.agenceCode)))[0]
      : (await db.select().from(agences).limit(1))[0];
    const email = `staff-${randomUUID().slice(0, 8)}@test.local`;
    const password = opts.password ?? 'Staff-Pass-123';
    const [u] = await db
      .insert(users)
      .values({
        nom: 'Testeur',
        prenoms: roleCode,
        email,
        passwordHash: await hashPassword(password),
        typeUserID: type.id,
        roleID: role?.id ?? null,
        agenceID: agence?.id ?? null,
        telephone: '600000000',
        telephoneComplet: `+33${Math.floor(Math.random() * 1e9)}`,
      })
      .returning({ id: users.id });
    return { id: u.id, email, token: await login(email, password) };
  };

  return {
    app,
    database,
    adminToken,
    call,
    login,
    createStaff,
    close: async () => {
      await app.close();
      await database.close();
      await cleanup();
    },
  };
}
