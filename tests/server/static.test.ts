/**
 * The built UI as the server sends it (docs/decisions/screen-bundles.md, server/plugins/static.ts): hashed assets
 * immutable for a year and precompressed (brotli, gzip) for browsers that accept it; index.html and the single-page
 * app's paths revalidated; a hashed script a page loads carries only the security headers that apply to it, a page and
 * a worker's script every one (server/plugins/helmet.ts).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../server/app';
import { SUBRESOURCE_HEADERS } from '../../server/plugins/helmet';
import { setupTestApp, type TestContext } from './helpers';
import { testConfig } from './testConfig';

describe('static UI files', () => {
  let t: TestContext;
  let app: App;
  let uiDir: string;
  const js = 'console.log("colis");\n'.repeat(200);

  beforeAll(async () => {
    t = await setupTestApp();
    uiDir = mkdtempSync(path.join(os.tmpdir(), 'colis-ui-'));
    mkdirSync(path.join(uiDir, 'assets'));
    writeFileSync(path.join(uiDir, 'index.html'), '<!doctype html><title>Colis</title>');
    writeFileSync(path.join(uiDir, 'suivi.html'), '<!doctype html><title>Suivi de colis</title>');
    writeFileSync(path.join(uiDir, 'assets', 'index-Ab12.js'), js);
    writeFileSync(path.join(uiDir, 'assets', 'index-Ab12.js.br'), brotliCompressSync(js));
    writeFileSync(path.join(uiDir, 'assets', 'index-Ab12.js.gz'), gzipSync(js));
    writeFileSync(path.join(uiDir, 'assets', 'manifest.worker-Gh78.js'), js);
    app = await buildApp({ db: t.database.db, config: testConfig(), logger: false, uiDir });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
    rmSync(uiDir, { recursive: true, force: true });
  });

  it('sends a hashed asset brotli-compressed to a browser that accepts it, immutable for a year', async () => {
    const res = await app.inject({ url: '/assets/index-Ab12.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(js);
  });

  it('sends gzip, or the plain file, to browsers that do not accept brotli', async () => {
    const gz = await app.inject({ url: '/assets/index-Ab12.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ url: '/assets/index-Ab12.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
  });

  it('revalidates index.html on every load, for / and for the app paths', async () => {
    for (const url of ['/', '/colis', '/depart?id=1']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const api = await app.inject({ url: '/api/nulle-part' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false });
  });

  it('finds a file added after the start; an unknown one is the single-page app', async () => {
    writeFileSync(path.join(uiDir, 'assets', 'later-Cd34.js'), js);
    const later = await app.inject({ url: '/assets/later-Cd34.js', headers: { 'accept-encoding': 'identity' } });
    expect(later.statusCode).toBe(200);
    expect(later.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await app.inject({ url: '/assets/absent-Ef56.js' });
    expect(missing.body).toContain('<title>Colis</title>');
  });

  it('sends the public tracking page, not the back-office, at /suivi and /suivi/{token}, under the same CSP', async () => {
    for (const url of ['/suivi', '/suivi/', '/suivi/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>Suivi de colis</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    }
    expect((await app.inject({ url: '/colis' })).body).toContain('<title>Colis</title>');
  });

  it("gives a page's scripts only nosniff and CORP, and a page and a worker's script every security header", async () => {
    const page = await app.inject({ url: '/colis' });
    const asset = await app.inject({ url: '/assets/index-Ab12.js', headers: { 'accept-encoding': 'br' } });
    const worker = await app.inject({ url: '/assets/manifest.worker-Gh78.js' });
    expect(asset.statusCode).toBe(200);
    expect(worker.statusCode).toBe(200);
    const security = Object.keys(page.headers).filter(
      (n) =>
        n === 'content-security-policy' ||
        n.startsWith('x-') ||
        n.startsWith('cross-origin') ||
        ['strict-transport-security', 'referrer-policy', 'origin-agent-cluster'].includes(n),
    );
    expect(security).toEqual(
      expect.arrayContaining(['content-security-policy', 'x-frame-options', 'strict-transport-security', 'referrer-policy']),
    );
    for (const name of SUBRESOURCE_HEADERS) expect(asset.headers[name], name).toBe(page.headers[name]);
    for (const name of security.filter((n) => !(SUBRESOURCE_HEADERS as readonly string[]).includes(n))) {
      expect(asset.headers[name], name).toBeUndefined();
    }
    for (const name of security) expect(worker.headers[name], name).toBe(page.headers[name]);
  });
});
