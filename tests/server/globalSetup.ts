/**
 * Prepares, once per run, a migrated database holding the reference seed, that each test file clones:
 * - PGlite (default): a data directory copied per test file (reopening is ~10× faster than creating).
 * - PostgreSQL (DATABASE_URL set): a template database; each test file creates its own database from it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../../server/db/client';
import { seedReference } from '../../server/db/seed/reference';
import { hashPassword } from '../../server/auth/passwords';
import { TEST_ADMIN, TEST_STAFF_PASSWORD } from './testConfig';

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: { kind: 'pglite'; dir: string } | { kind: 'postgres'; url: string; template: string };
    /** argon2 hash of TEST_STAFF_PASSWORD, computed once per run (tests/server/helpers.ts createStaff). */
    staffPasswordHash: string;
  }
}

/** Replaces the database name of a postgres:// URL. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export default async function setup(project: TestProject) {
  project.provide('staffPasswordHash', await hashPassword(TEST_STAFF_PASSWORD));
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = `colis_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    const database = await createDatabase({ databaseUrl: withDatabase(url, template) });
    await database.migrate();
    await database.db.transaction((tx) => seedReference(tx, TEST_ADMIN));
    await database.close();
    project.provide('dbTemplate', { kind: 'postgres', url, template });
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${template}`);
      await admin.end();
    };
  }
  const dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'colis-tpl-')), 'db');
  const database = await createDatabase({ dataDir: dir });
  await database.migrate();
  await database.db.transaction((tx) => seedReference(tx, TEST_ADMIN));
  await database.close();
  project.provide('dbTemplate', { kind: 'pglite', dir });
  return () => rmSync(path.dirname(dir), { recursive: true, force: true });
}
