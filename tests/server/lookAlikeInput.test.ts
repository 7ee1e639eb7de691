/**
 * Text that looks right and is not (security probe 2026-12-01 F10): a lone UTF-16 surrogate in a text field
 * (server/plugins/inputGuard.ts) is refused with a French 400 and stores nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { pays } from '../../server/db/schema';
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
