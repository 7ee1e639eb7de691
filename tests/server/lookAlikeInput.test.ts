/**
 * Text that looks right and is not (security probe 2026-12-01 F10): a lone UTF-16 surrogate in a text field
 * (server/plugins/inputGuard.ts) and a role code that imitates a system code — full-width, with a zero-width space, a
 * Cyrillic letter (common/schemas/reference.ts roleSchema) — are refused with a French 400 and store nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ROLE_CODE_MESSAGE } from '../../common/schemas/reference';
import { pays, roles } from '../../server/db/schema';
import { setupTestApp, type TestContext } from './helpers';

let t: TestContext;

beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t.close());

/** Sends the JSON text `text` as is (escapes included) as the ADMIN. */
async function sendJson(method: string, url: string, text: string) {
  const res = await t.app.inject({
    method: method as 'POST',
    url,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${t.adminToken}` },
    payload: text,
  });
  return { status: res.statusCode, body: res.json() as { success: boolean; message: string; errors?: Record<string, string> } };
}

describe('F10: lone surrogates', () => {
  it('a lone high or low surrogate in a text field or a key is a French 400, and nothing is stored', async () => {
    for (const libelle of ['Zed\\ud800land', 'Zed\\udc00land', 'Zed\\ud800']) {
      const res = await sendJson(
        'POST',
        '/api/pays/create',
        `{"code":"ZZ","libelle":"${libelle}","indicatif":"+999","longueurNumero":9,"devise":"EUR"}`,
      );
      expect(res.status, libelle).toBe(400);
      expect(res.body.message).toBe('Texte mal encodé dans la requête : caractère Unicode incomplet.');
      expect(res.body.errors).toEqual({ libelle: 'Caractère Unicode incomplet' });
    }
    const key = await sendJson('POST', '/api/pays/create', '{"co\\ud800de":"ZZ"}');
    expect(key.status).toBe(400);
    expect(await t.database.db.select().from(pays).where(eq(pays.code, 'ZZ'))).toEqual([]);
    // A whole pair (an emoji) is a character like any other.
    const pair = await sendJson(
      'POST',
      '/api/pays/create',
      '{"code":"ZZ","libelle":"Zed \\ud83d\\ude00","indicatif":"+999","longueurNumero":9,"devise":"EUR"}',
    );
    expect(pair.status).toBe(200);
    expect(pair.body).toMatchObject({ data: { libelle: 'Zed 😀' } });
  });
});

describe('F10: look-alike role codes', () => {
  it('full-width, zero-width and Cyrillic imitations of ADMIN are refused; an ASCII code with _ and - is taken', async () => {
    const before = await t.database.db.select({ id: roles.id }).from(roles);
    for (const code of ['ＡＤＭＩＮ', 'ADMIN\u200B', '\u0410DMIN', 'CHEF AGENCE', 'CHÉF']) {
      const res = await t.call('POST', '/api/role/create', { token: t.adminToken, body: { code, libelle: 'Imitation', description: 'x' } });
      expect(res.status, code).toBe(400);
      expect(res.body.errors).toEqual({ code: ROLE_CODE_MESSAGE });
    }
    expect(await t.database.db.select({ id: roles.id }).from(roles)).toHaveLength(before.length);
    const ok = await t.call('POST', '/api/role/create', {
      token: t.adminToken,
      body: { code: 'chef-agence_2', libelle: 'Chef', description: 'x' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.code).toBe('CHEF-AGENCE_2');
    // A rename to an imitation is refused the same way.
    const renamed = await t.call('PUT', `/api/role/update/${ok.body.data.id}`, {
      token: t.adminToken,
      body: { code: 'ＡＤＭＩＮ', libelle: 'Chef', description: 'x' },
    });
    expect(renamed.status).toBe(400);
  });
});
