/**
 * The OpenAPI document at /api/docs/json (server/plugins/swagger.ts): built once, served compressed with an ETag, and
 * readable by whom API_DOCS says (public, staff, off).
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../server/app';
import { loadConfig } from '../../server/config';
import { setupTestApp, type TestContext } from './helpers';
import { testConfig } from './testConfig';

let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t.close());

/** The app on the test database with API_DOCS = `mode`. */
const appWith = (mode: 'public' | 'staff' | 'off'): Promise<App> =>
  buildApp({ db: t.database.db, config: { ...testConfig(), apiDocs: mode }, logger: false, uiDir: '/none' });

describe('GET /api/docs/json', () => {
  it('is compressed as the client accepts, the same document in each encoding, and 304 on its ETag', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const doc = plain.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths).length).toBeGreaterThan(100);

    const br = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(doc);

    const gz = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(doc);

    const etag = String(plain.headers.etag);
    expect(br.headers.etag).toBe(etag);
    const again = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('is sent at most 30 times a minute to one address: the 31st is a French 429, another address is served', async () => {
    const from = (remoteAddress: string) => t.app.inject({ method: 'GET', url: '/api/docs/json', remoteAddress });
    for (let i = 0; i < 30; i++) expect((await from('203.0.113.7')).statusCode).toBe(200);
    const refused = await from('203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      success: false,
      message: expect.stringMatching(/^Trop de téléchargements de la documentation\. Veuillez réessayer dans \d+ secondes\.$/),
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.rawPayload.length).toBeLessThan(200);
    expect((await from('203.0.113.8')).statusCode).toBe(200);
  });

  it('API_DOCS=staff asks for a session; API_DOCS=off answers 404; an unknown value stops the start', async () => {
    const staff = await appWith('staff');
    try {
      const anonymous = await staff.inject({ method: 'GET', url: '/api/docs/json' });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toMatchObject({ success: false, message: 'Authentification requise.' });
      expect((await staff.inject({ method: 'GET', url: '/api/docs', headers: { authorization: 'Bearer forged' } })).statusCode).toBe(401);
      const signed = await staff.inject({ method: 'GET', url: '/api/docs/json', headers: { authorization: `Bearer ${t.adminToken}` } });
      expect(signed.statusCode).toBe(200);
      expect(signed.headers['cache-control']).toMatch(/^private/);
    } finally {
      await staff.close();
    }
    const off = await appWith('off');
    try {
      const res = await off.inject({ method: 'GET', url: '/api/docs/json', headers: { authorization: `Bearer ${t.adminToken}` } });
      expect(res.statusCode).toBe(404);
      expect(res.json().success).toBe(false);
    } finally {
      await off.close();
    }
    expect(() => loadConfig({ API_DOCS: 'yes' })).toThrow('API_DOCS=yes : valeurs possibles public, staff ou off.');
  });
});
