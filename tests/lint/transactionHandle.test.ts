/**
 * The lint rule `local/transaction-handle` (eslint-rules/transaction-handle.js, docs/decisions/transaction-handle.md):
 * the project's own ESLint configuration, run on snippets placed in server/, reports the outer handle inside a
 * transaction's callback and leaves the transaction's own handle alone.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');
const eslint = new ESLint({ cwd: root });

/** The messages of local/transaction-handle for `code` linted as a server file. */
async function outerHandles(code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, 'server/lintProbe.ts') });
  return result.messages.filter((m) => m.ruleId === 'local/transaction-handle').map((m) => code.split('\n')[m.line - 1].trim());
}

const header = `import type { Db, Tx } from './db/client';
declare function read(h: Db | Tx): Promise<number>;
`;

describe('local/transaction-handle', () => {
  it('reports the outer handle passed, called or captured inside the callback', async () => {
    const found = await outerHandles(`${header}
export async function pay(db: Db) {
  return db.transaction(async (tx) => {
    await read(tx);
    await read(db);
    const again = () => db.select();
    return again;
  });
}
`);
    expect(found).toEqual(['await read(db);', 'const again = () => db.select();']);
  }, 60_000);

  it('reports a member handle and a second Db in scope, in nested transactions too', async () => {
    const found = await outerHandles(`${header}
export async function twice(deps: { db: Db }, other: Db) {
  await deps.db.transaction(async (tx) => {
    await read(deps.db);
    await tx.transaction(async (inner) => {
      await read(other);
      await read(inner);
    });
  });
}
`);
    expect(found).toEqual(['await read(deps.db);', 'await read(other);']);
  }, 60_000);

  it('leaves the transaction handle, a shadowing name and reads before the transaction alone', async () => {
    const found = await outerHandles(`${header}
export async function fine(db: Db) {
  const before = await read(db);
  return db.transaction(async (tx) => {
    const db = tx;
    return before + (await read(db));
  });
}
`);
    expect(found).toEqual([]);
  }, 60_000);
});
