/**
 * The first administrator seeded with the public default password (server/config.ts DEFAULT_ADMIN_PASSWORD, used when
 * ADMIN_PASSWORD is unset) must change it at its first sign-in, as a generated password must; one given by
 * ADMIN_PASSWORD need not (docs/decisions/default-admin-password.md). Each case seeds a new empty database the way the
 * server does at start (openReady → seedIfEmpty), in the PGlite pass a directory, in the PostgreSQL pass a database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../server/app';
import { DEFAULT_ADMIN_EMAIL, DEFAULT_ADMIN_PASSWORD, loadConfig } from '../../server/config';
import { openReady } from '../../server/db/seed/openReady';
import type { Database } from '../../server/db/client';
import { users } from '../../server/db/schema';
import { MUST_CHANGE_PASSWORD_MESSAGE } from '../../server/plugins/access';
import { adminLoginLine, backOfficeAddress, recordBackOfficeAddress, recordedBackOfficeAddress } from '../../server/startBanner';
import { withDatabase } from './globalSetup';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
});

/** A new empty database's location: a PGlite directory, or a new PostgreSQL database in the PostgreSQL pass. */
async function emptySource(): Promise<Record<string, string>> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `colis_adm_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    cleanups.push(async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    });
    return { DATABASE_URL: withDatabase(url, name), DATA_DIR: '' };
  }
  const root = mkdtempSync(path.join(os.tmpdir(), 'colis-adm-'));
  cleanups.push(async () => rmSync(root, { recursive: true, force: true }));
  return { DATA_DIR: path.join(root, 'db'), DATABASE_URL: '' };
}

/** Opens (migrating and seeding when empty) the database of `env` as the server does, and builds the app on it. */
async function start(env: Record<string, string>): Promise<{ app: App; database: Database; seeded: boolean }> {
  const config = loadConfig({ JWT_SECRET: 'test-secret-0123456789', LOGIN_RATE_LIMIT: '1000', DEMO_DATA: '0', ...env });
  const { database, seeded } = await openReady(config, { demo: false });
  const app = await buildApp({ db: database.db, config, logger: false, uiDir: '/nonexistent' });
  await app.ready();
  cleanups.push(async () => {
    await app.close();
    await database.close();
  });
  return { app, database, seeded };
}

/** Sends a JSON call and returns status and parsed body. */
async function call(app: App, method: 'GET' | 'POST', url: string, opts: { token?: string; body?: unknown } = {}) {
  const res = await app.inject({
    method,
    url,
    headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
    ...(opts.body === undefined ? {} : { payload: opts.body as object }),
  });
  return { status: res.statusCode, body: res.json() };
}

const signIn = (app: App, email: string, password: string) =>
  call(app, 'POST', '/api/auth/loginAD', { body: { email, password, type: 'ADMIN' } });

describe('loadConfig', () => {
  it('forces the change when ADMIN_PASSWORD is unset or empty, not when it is given', () => {
    expect(loadConfig({})).toMatchObject({ adminPassword: DEFAULT_ADMIN_PASSWORD, adminMustChangePassword: true });
    // An empty variable is no password: the default one, to be changed (never an empty password).
    expect(loadConfig({ ADMIN_PASSWORD: '' })).toMatchObject({ adminPassword: DEFAULT_ADMIN_PASSWORD, adminMustChangePassword: true });
    expect(loadConfig({ ADMIN_PASSWORD: 'Choisi-Par-Moi-1' })).toMatchObject({
      adminPassword: 'Choisi-Par-Moi-1',
      adminMustChangePassword: false,
    });
  });
});

describe('a database seeded without ADMIN_PASSWORD', () => {
  it('signs the administrator in with the must-change state, refuses every other call until the change, then not', async () => {
    const { app, database, seeded } = await start(await emptySource());
    expect(seeded).toBe(true);
    const [row] = await database.db
      .select({ id: users.id, must: users.mustChangePassword })
      .from(users)
      .where(eq(users.email, DEFAULT_ADMIN_EMAIL));
    expect(row.must).toBe(true);

    const login = await signIn(app, DEFAULT_ADMIN_EMAIL, DEFAULT_ADMIN_PASSWORD);
    expect(login.status).toBe(200);
    expect(login.body.mustChangePassword).toBe(true);
    expect(login.body.data.mustChangePassword).toBe(true);
    expect(login.body.message).toBe('Connexion réussie : changez votre mot de passe pour continuer.');

    // Reads and writes alike are refused with the French envelope, as for a generated password.
    for (const [method, url, body] of [
      ['GET', `/api/user/getBy/${row.id}`, undefined],
      ['GET', '/api/agence/liste', undefined],
      ['POST', '/api/pays/create', { code: 'ZZ', libelle: 'Zedland', indicatif: '999' }],
    ] as const) {
      const refused = await call(app, method, url, { token: login.body.token, body });
      expect(refused.status, url).toBe(403);
      expect(refused.body).toEqual({ success: false, message: MUST_CHANGE_PASSWORD_MESSAGE });
    }

    const changed = await call(app, 'POST', `/api/auth/changePassword/${row.id}`, {
      token: login.body.token,
      body: { oldPassword: DEFAULT_ADMIN_PASSWORD, newPassword: 'Nouveau-Admin-77' },
    });
    expect(changed.status).toBe(200);
    expect((await call(app, 'GET', `/api/user/getBy/${row.id}`, { token: changed.body.token })).status).toBe(200);
    // The token signed before the change is dead; the default password no longer opens anything.
    expect((await call(app, 'GET', `/api/user/getBy/${row.id}`, { token: login.body.token })).status).toBe(401);
    expect((await signIn(app, DEFAULT_ADMIN_EMAIL, DEFAULT_ADMIN_PASSWORD)).status).toBe(401);
    const again = await signIn(app, DEFAULT_ADMIN_EMAIL, 'Nouveau-Admin-77');
    expect(again.status).toBe(200);
    expect(again.body.mustChangePassword).toBe(false);
    const [after] = await database.db.select({ must: users.mustChangePassword }).from(users).where(eq(users.id, row.id));
    expect(after.must).toBe(false);
  });
});

describe('a database seeded with ADMIN_PASSWORD', () => {
  it('signs the administrator in directly, and a later start without ADMIN_PASSWORD does not force the change', async () => {
    const source = await emptySource();
    const first = await start({ ...source, ADMIN_PASSWORD: 'Choisi-Par-Moi-1' });
    expect(first.seeded).toBe(true);
    const login = await signIn(first.app, DEFAULT_ADMIN_EMAIL, 'Choisi-Par-Moi-1');
    expect(login.status).toBe(200);
    expect(login.body.mustChangePassword).toBe(false);
    expect((await call(first.app, 'GET', '/api/agence/liste', { token: login.body.token })).status).toBe(200);
    // The default password was never set.
    expect((await signIn(first.app, DEFAULT_ADMIN_EMAIL, DEFAULT_ADMIN_PASSWORD)).status).toBe(401);
    await first.app.close();
    await first.database.close();

    // The seed runs on an empty database only: restarting without the variable changes nothing of the account.
    const second = await start(source);
    expect(second.seeded).toBe(false);
    const relogin = await signIn(second.app, DEFAULT_ADMIN_EMAIL, 'Choisi-Par-Moi-1');
    expect(relogin.status).toBe(200);
    expect(relogin.body.mustChangePassword).toBe(false);
  });
});

describe('the start banner (part-001 audit B21)', () => {
  it('names the default password while it opens the account, never once changed, never ADMIN_PASSWORD; records the address', async () => {
    const source = await emptySource();
    const { app, database } = await start(source);
    const config = loadConfig({ ...source });
    expect(await adminLoginLine(database.db, config)).toBe(
      `${DEFAULT_ADMIN_EMAIL} / ${DEFAULT_ADMIN_PASSWORD} (à changer à la première connexion)`,
    );
    const login = await signIn(app, DEFAULT_ADMIN_EMAIL, DEFAULT_ADMIN_PASSWORD);
    const changed = await call(app, 'POST', `/api/auth/changePassword/${login.body.data.id}`, {
      token: login.body.token,
      body: { oldPassword: DEFAULT_ADMIN_PASSWORD, newPassword: 'Nouveau-Admin-78' },
    });
    expect(changed.status).toBe(200);
    // The restart after the change (same variables): the banner no longer prints a password.
    const after = await adminLoginLine(database.db, config);
    expect(after).not.toContain(DEFAULT_ADMIN_PASSWORD);
    expect(after).toMatch(new RegExp(`^${DEFAULT_ADMIN_EMAIL.replace('.', '\\.')} `));

    // Seeded with a chosen password, restarted without the variable: the default is not printed either.
    const other = await emptySource();
    const chosen = await start({ ...other, ADMIN_PASSWORD: 'Choisi-Par-Moi-2' });
    expect(await adminLoginLine(chosen.database.db, loadConfig({ ...other }))).not.toContain(DEFAULT_ADMIN_PASSWORD);
    expect(await adminLoginLine(chosen.database.db, loadConfig({ ...other, ADMIN_PASSWORD: 'Choisi-Par-Moi-2' }))).not.toContain(
      'Choisi-Par-Moi-2',
    );
    // The address, recorded by a start for `npm run superadmin`: none before a server ran, then the last one.
    expect(await recordedBackOfficeAddress(database.db)).toBeUndefined();
    const address = backOfficeAddress(loadConfig({ PORT: '3202' }));
    expect(address).toBe('http://localhost:3202');
    await recordBackOfficeAddress(database.db, address);
    await recordBackOfficeAddress(database.db, backOfficeAddress(loadConfig({ PUBLIC_URL: 'https://colis.example.fr/' })));
    expect(await recordedBackOfficeAddress(database.db)).toBe('https://colis.example.fr');
  }, 180_000);
});
