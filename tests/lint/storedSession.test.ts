/**
 * The stored session is read by src/providers/ only (docs/frontend.md "Shape of every area"): the project's own ESLint
 * configuration refuses, in any other file of src/ but the one hook src/kit/useAppIdentity.ts, an import of the
 * session's readers and writers and the session's localStorage key; and no file of the tree breaks it today.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');
const eslint = new ESLint({ cwd: root });
const RULES = ['no-restricted-imports', 'no-restricted-syntax'];

const probe = `import { readSession } from '../providers/session';
export const userId = () => readSession()?.user?.id ?? localStorage.getItem('colis.session');
`;

/** The session messages for `code` linted as the file `file` of the tree. */
async function sessionReads(file: string, code: string): Promise<number[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => RULES.includes(m.ruleId ?? '')).map((m) => m.line);
}

describe('the stored session, read by src/providers/ only', () => {
  it('refuses the import and the key in a screen, and allows them in the providers and the one hook', async () => {
    expect(await sessionReads('src/inventaire/lintProbe.ts', probe)).toEqual([1, 2]);
    expect(await sessionReads('src/providers/lintProbe.ts', probe.replace('../providers/session', './session'))).toEqual([]);
    expect(await sessionReads('src/kit/useAppIdentity.ts', probe)).toEqual([]);
  }, 60_000);

  it('is read nowhere else in src/ today', () => {
    const readers = execFileSync('git', ['grep', '-lE', "readSession|patchSession|writeSession|'colis\\.session'", '--', 'src'], {
      cwd: root,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((file) => file && !file.startsWith('src/providers/'));
    expect(readers).toEqual(['src/kit/useAppIdentity.ts']);
  });
});
