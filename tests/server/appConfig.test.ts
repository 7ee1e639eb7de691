/**
 * The UI's runtime configuration (server/plugins/static.ts appConfigScript): /app-config.js says what the server's
 * environment says when it is asked — API address and inactivity delay change with a restart, not a rebuild.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appConfigScript } from '../../server/plugins/static';
import { setupTestApp, type TestContext } from './helpers';

let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t.close());

describe('/app-config.js', () => {
  it('carries PUBLIC_API_URL and INACTIVITY_MS, leaves out what is unset or invalid', () => {
    expect(appConfigScript({})).toBe('window.__APP_CONFIG__ = {};\n');
    expect(appConfigScript({ PUBLIC_API_URL: 'https://api.example.fr/api/', INACTIVITY_MS: '600000' })).toBe(
      'window.__APP_CONFIG__ = {"apiUrl":"https://api.example.fr/api/","inactivityMs":600000};\n',
    );
    expect(appConfigScript({ INACTIVITY_MS: '-5' })).toBe('window.__APP_CONFIG__ = {};\n');
    expect(appConfigScript({ INACTIVITY_MS: 'bientôt' })).toBe('window.__APP_CONFIG__ = {};\n');
  });

  it('is served as JavaScript, never cached, from the environment of the running server', async () => {
    const before = process.env.INACTIVITY_MS;
    process.env.INACTIVITY_MS = '120000';
    try {
      const res = await t.app.inject({ method: 'GET', url: '/app-config.js' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/javascript/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain('"inactivityMs":120000');
    } finally {
      if (before === undefined) delete process.env.INACTIVITY_MS;
      else process.env.INACTIVITY_MS = before;
    }
  });
});
