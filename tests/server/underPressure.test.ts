/**
 * Load shedding (server/plugins/underPressure.ts, docs/decisions/usage-limits.md): with a tiny event-loop threshold and
 * the loop kept busy, a signed-in call answers 503 in French with Retry-After before any work, while the probes keep
 * answering; once the loop is free again, calls are served. With the product's thresholds, the same call answers 200.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { UNDER_PRESSURE_MESSAGE } from '../../server/plugins/underPressure';
import { setupTestApp, type TestContext } from './helpers';
import { testConfig } from './testConfig';

let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Keeps the event loop busy: 120 ms of work every few milliseconds, until the returned stop is called. */
function blockTheLoop(): () => void {
  const timer = setInterval(() => {
    const until = Date.now() + 120;
    while (Date.now() < until) {
      // busy: no timer, no I/O runs meanwhile
    }
  }, 5);
  return () => clearInterval(timer);
}

/** Sends `call` until `done(answer)` or `ms` pass; @returns the last answer. */
async function until<R extends { statusCode: number }>(call: () => Promise<R>, done: (status: number) => boolean, ms: number): Promise<R> {
  const end = Date.now() + ms;
  let res = await call();
  while (!done(res.statusCode) && Date.now() < end) {
    await sleep(25);
    res = await call();
  }
  return res;
}

describe('load shedding', () => {
  it('answers 503 in French with Retry-After while the event loop is over its threshold; the probes still answer', async () => {
    const app = await buildApp({
      db: t.database.db,
      config: { ...testConfig(), loadShedding: { enabled: true, maxEventLoopDelayMs: 20, maxHeapUsedBytes: 0, sampleIntervalMs: 50 } },
      logger: false,
      uiDir: '/none',
    });
    await app.ready();
    const token = t.adminToken;
    const call = () => app.inject({ method: 'GET', url: '/api/statut/liste', headers: { authorization: `Bearer ${token}` } });
    try {
      expect((await call()).statusCode).toBe(200);
      const stop = blockTheLoop();
      let shed;
      try {
        shed = await until(call, (s) => s === 503, 10_000);
        // Under the same pressure, the probes keep their own answers…
        expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
        expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
        // …and an unsigned call is shed before its token is even looked at (no 401).
        expect((await app.inject({ method: 'GET', url: '/api/statut/liste' })).statusCode).toBe(503);
      } finally {
        stop();
      }
      expect(shed.statusCode).toBe(503);
      expect(shed.json()).toEqual({ success: false, message: UNDER_PRESSURE_MESSAGE });
      expect(shed.headers['retry-after']).toBe('5');
      // Once the loop is free again, calls are served.
      const back = await until(call, (s) => s === 200, 10_000);
      expect(back.statusCode).toBe(200);
      expect(back.json().success).toBe(true);
    } finally {
      await app.close();
    }
  }, 60_000);

  it("with the product's thresholds (LOAD_SHEDDING unset), the same calls answer 200", async () => {
    const defaults = loadConfig({}).loadShedding;
    expect(defaults).toMatchObject({ enabled: true, maxEventLoopDelayMs: 1000, sampleIntervalMs: 1000 });
    expect(defaults.maxHeapUsedBytes).toBeGreaterThan(100 * 1024 * 1024);
    expect(loadConfig({ LOAD_SHEDDING: '0' }).loadShedding.enabled).toBe(false);
    expect(loadConfig({ MAX_HEAP_USED_MB: '512', MAX_EVENT_LOOP_DELAY_MS: '0' }).loadShedding).toMatchObject({
      maxHeapUsedBytes: 512 * 1024 * 1024,
      maxEventLoopDelayMs: 0,
    });
    const app = await buildApp({ db: t.database.db, config: { ...testConfig(), loadShedding: defaults }, logger: false, uiDir: '/none' });
    await app.ready();
    try {
      for (let i = 0; i < 20; i++) {
        const res = await app.inject({ method: 'GET', url: '/api/statut/liste', headers: { authorization: `Bearer ${t.adminToken}` } });
        expect(res.statusCode).toBe(200);
        await sleep(50);
      }
    } finally {
      await app.close();
    }
  });
});
