/**
 * The lint rule `local/folder-cycles` (eslint-rules/folder-cycles.js, docs/architecture.md §2 "Layering"), the one guard
 * against import cycles between folders: the project's own ESLint configuration, run on a probe placed in a folder,
 * reports an import of a folder that imports the probe's folder back, with the way back, and leaves a downward import
 * alone. `npm run lint` runs it on every file of src/, server/ and common/.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');
const eslint = new ESLint({ cwd: root });

/** The messages of local/folder-cycles for `code` linted as the file `file` of the tree. */
async function cycles(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === 'local/folder-cycles').map((m) => m.message);
}

describe('local/folder-cycles', () => {
  it('reports a server folder importing an area that imports it back', async () => {
    const found = await cycles('server/db/lintProbe.ts', "export { colisRoutes } from '../colis/routes';\n");
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^Cycle de dossiers : server\/db → server\/colis → .*server\/db$/);
  }, 60_000);

  it('reports the providers importing a screen folder', async () => {
    const found = await cycles('src/providers/lintProbe.ts', "export type { ColisMethods } from '../colis/model/colisMethods';\n");
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^Cycle de dossiers : src\/providers → src\/colis\/model → .*src\/providers$/);
  }, 60_000);

  it('leaves a downward import alone', async () => {
    expect(await cycles('server/colis/lintProbe.ts', "export type { Db } from '../db/client';\n")).toEqual([]);
    expect(await cycles('src/colis/lintProbe.ts', "export { httpRequest } from '../providers/http';\n")).toEqual([]);
  }, 60_000);
});
