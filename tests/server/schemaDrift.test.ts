/**
 * The Drizzle declarations are the whole schema (docs/architecture.md §2): `drizzle-kit generate`, run on a copy of the
 * schema files and migrations, finds nothing to add — every table the migrations create, the trigger-kept counters of
 * server/db/fast/counters.ts included, is declared, and every declared change has its migration and snapshot. A table or
 * column added to schema.ts without a migration (or a migration's table left undeclared) makes it fail.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'colis-drift-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('drizzle-kit generate on the repository', () => {
  it('finds no schema change to migrate', () => {
    for (const p of ['drizzle.config.ts', 'server/db', 'common', 'package.json']) {
      cpSync(path.join(root, p), path.join(dir, p), { recursive: true });
    }
    symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
    const before = readdirSync(path.join(dir, 'server/db/migrations')).length;
    const run = spawnSync(path.join(root, 'node_modules/.bin/drizzle-kit'), ['generate', '--name', 'drift'], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 60_000,
    });
    const out = `${run.stdout}${run.stderr}`;
    expect(run.status, out).toBe(0);
    expect(out).toMatch(/No schema changes/);
    expect(readdirSync(path.join(dir, 'server/db/migrations')).length).toBe(before);
  }, 90_000);
});
