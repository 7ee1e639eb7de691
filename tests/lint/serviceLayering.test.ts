/**
 * The layering rule "a business service knows no HTTP" (eslint.config.js import-x/no-restricted-paths,
 * docs/decisions/idempotent-writes.md): the project's own ESLint configuration, run on snippets placed in server/,
 * reports a service importing server/http/idempotency.ts and leaves a route file (and server/http/ itself) alone.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');
const eslint = new ESLint({ cwd: root });

/** The rule ids of the errors ESLint reports for `code` linted as the file `file` (relative to the root). */
async function restricted(code: string, file: string): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').length;
}

const importing = (from: string) => `import { takeWriteMark } from '${from}';\nexport const probe = takeWriteMark;\n`;

describe('a business service knows no HTTP', () => {
  it("reports a service, a nested folder's file and an area's service importing the idempotency layer", async () => {
    expect(await restricted(importing('../http/idempotency'), 'server/colis/lintProbe.ts')).toBe(1);
    expect(await restricted(importing('../../http/idempotency'), 'server/db/fast/lintProbe.ts')).toBe(1);
    expect(await restricted(importing('../http/idempotency'), 'server/encaissement/service.ts')).toBe(1);
  }, 60_000);

  it('leaves the routes and the HTTP layer itself alone', async () => {
    expect(await restricted(importing('../http/idempotency'), 'server/colis/routes.ts')).toBe(0);
    expect(await restricted(importing('../http/idempotency'), 'server/colis/transfertRoutes.ts')).toBe(0);
    expect(await restricted(importing('./idempotency'), 'server/http/lintProbe.ts')).toBe(0);
    expect(await restricted(importing('../http/idempotency'), 'server/plugins/lintProbe.ts')).toBe(0);
  }, 60_000);
});
