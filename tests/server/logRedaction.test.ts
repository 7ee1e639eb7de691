/**
 * The access log carries request ids and never a secret (server/http/logRedaction.ts): the public tracking token of
 * a path and the 4 tracking digits, codes or passwords of a query are masked in the lines written.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../server/app';
import { loggerOptions, maskUrl } from '../../server/http/logRedaction';
import { setupTestApp, type TestContext } from './helpers';
import { testConfig } from './testConfig';

let t: TestContext;
let app: App;
const lines: string[] = [];

beforeAll(async () => {
  t = await setupTestApp();
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  app = await buildApp({ db: t.database.db, config: testConfig(), logger: { ...loggerOptions('info'), stream }, uiDir: '/none' });
});
afterAll(async () => {
  await app.close();
  await t.close();
});

describe('maskUrl', () => {
  it('masks tracking tokens in paths and secret query values, keeps the rest', () => {
    expect(maskUrl('/api/public/suivi/Zx9_secret-token')).toBe('/api/public/suivi/***');
    expect(maskUrl('/suivi/Zx9_secret-token?utm=1')).toBe('/suivi/***?utm=1');
    expect(maskUrl('/api/public/suivi?reference=PAR1-2611-000001&telephone=1234')).toBe(
      '/api/public/suivi?reference=PAR1-2611-000001&telephone=***',
    );
    expect(maskUrl('/api/x?codeOtp=4321&Password=a&page=2&%74oken=b')).toBe('/api/x?codeOtp=***&Password=***&page=2&%74oken=***');
    expect(maskUrl('/api/colis/liste?page=1&q=Diop')).toBe('/api/colis/liste?page=1&q=Diop');
  });

  it("masks clients' phone numbers: the look-up's path, a search or phone field holding a number (probe 2026-12-01 F10)", () => {
    expect(maskUrl('/api/user/getByTelephone/%2B2250707123451')).toBe('/api/user/getByTelephone/***');
    expect(maskUrl('/api/user/getByTelephone/+2250707123451?x=1')).toBe('/api/user/getByTelephone/***?x=1');
    for (const q of ['%2B33612345678', '+33612345678', '06%2012%2034%2056', '06.12.34.56.78', '612345678']) {
      expect(maskUrl(`/api/colis/liste/x?_page=1&q=${q}`), q).toBe('/api/colis/liste/x?_page=1&q=***');
    }
    expect(maskUrl('/api/user/listeClients?telephoneComplet=%2B221771234567&numeroSaisi=0612345678')).toBe(
      '/api/user/listeClients?telephoneComplet=***&numeroSaisi=***',
    );
    // A reference, a name, a short number, a date stay readable.
    for (const kept of ['q=PAR1-2611-000001', 'q=Diop%20Awa', 'q=1234', 'dateDebut=2026-12-01', '_page=123456']) {
      expect(maskUrl(`/api/colis/liste/x?${kept}`), kept).toBe(`/api/colis/liste/x?${kept}`);
    }
  });
});

describe('the access log of a running server', () => {
  it('writes each request with its id, without the tracking token or digits', async () => {
    const token = 'tok_' + 'a'.repeat(30);
    await app.inject({ method: 'GET', url: `/api/public/suivi/${token}` });
    await app.inject({ method: 'GET', url: '/api/public/suivi?reference=PAR1-2611-000001&telephone=9876' });
    const logged = lines.map((l) => JSON.parse(l) as { reqId?: string; req?: { url: string } });
    const urls = logged.flatMap((l) => (l.req ? [l.req.url] : []));
    expect(urls).toContain('/api/public/suivi/***');
    expect(urls).toContain('/api/public/suivi?reference=PAR1-2611-000001&telephone=***');
    expect(logged.filter((l) => l.req).every((l) => typeof l.reqId === 'string' && l.reqId.length > 0)).toBe(true);
    // The digits are looked for in what was logged of each request, not in the timings (a time may hold them).
    const all = lines.join('\n');
    expect(all).not.toContain(token);
    expect(urls.some((url) => url.includes('9876'))).toBe(false);
    expect(all).not.toContain('telephone=9876');
  });

  it("writes no client's phone number of a look-up or a search", async () => {
    await app.inject({ method: 'GET', url: '/api/user/getByTelephone/%2B2250707123451' });
    await app.inject({ method: 'GET', url: '/api/colis/liste/x?q=%2B2250707123452' });
    const all = lines.join('\n');
    for (const phone of ['2250707123451', '2250707123452']) expect(all).not.toContain(phone);
    expect(all).toContain('/api/user/getByTelephone/***');
  });
});
