/**
 * Prometheus metrics (server/metrics/, docs/decisions/metrics.md): the public port never serves them; with
 * METRICS_PORT a second listener exposes the request histogram per route pattern, the 429 and 503 counts, the pool's
 * use and waits, the outbox backlog per channel and Node's process metrics, in Prometheus' text format.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../server/app';
import { loadConfig } from '../../server/config';
import { enqueue } from '../../server/outbox/queue';
import { cachedRead } from '../../server/metrics/database';
import { createMetrics } from '../../server/metrics/registry';
import { freePort } from '../faults/harness';
import { setupTestApp, type TestContext } from './helpers';
import { testConfig } from './testConfig';

let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t.close());

/** The app on the test database with metrics on `metricsPort` (and the other settings given). */
async function appWithMetrics(metricsPort: number, extra: Partial<ReturnType<typeof testConfig>> = {}): Promise<App> {
  // No load shedding: this file blocks the event loop on purpose (PGlite's pg_sleep), and its answers are asserted.
  const config = { ...testConfig(), loadShedding: { ...testConfig().loadShedding, enabled: false }, metricsPort, ...extra };
  const app = await buildApp({ db: t.database.db, config, logger: false, uiDir: '/nonexistent' });
  await app.ready();
  return app;
}

/** The value of one series of a text exposition (exact labels, in prom-client's order), or undefined when absent. */
function value(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** Scrapes a metrics listener. */
async function scrape(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
}

describe('the public port', () => {
  it('answers /metrics with the JSON 404, metrics off or on, even where the single-page app answers every other path', async () => {
    const ui = mkdtempSync(path.join(os.tmpdir(), 'colis-metrics-ui-'));
    writeFileSync(path.join(ui, 'index.html'), '<!doctype html><title>Colis</title>');
    const port = await freePort();
    const apps = [
      await buildApp({ db: t.database.db, config: testConfig(), logger: false, uiDir: ui }),
      await buildApp({ db: t.database.db, config: { ...testConfig(), metricsPort: port }, logger: false, uiDir: ui }),
    ];
    try {
      for (const app of apps) {
        // The single-page app answers its own paths with index.html…
        expect((await app.inject({ method: 'GET', url: '/colis/123' })).headers['content-type']).toMatch(/text\/html/);
        // …but /metrics is not one of them, and never the metrics.
        for (const url of ['/metrics', '/metrics?x=1']) {
          const res = await app.inject({ method: 'GET', url });
          expect(res.statusCode).toBe(404);
          expect(res.json()).toEqual({ success: false, message: 'Ressource introuvable.' });
          expect(res.body).not.toContain('colis_http');
        }
      }
    } finally {
      for (const app of apps) await app.close();
      rmSync(ui, { recursive: true, force: true });
    }
  });

  it('is not documented in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).not.toContain('/metrics');
  });
});

/** How long one outbox read serves the scrapes of the listener below (ms), and a wait that outlasts it. */
const CACHE_MS = 1500;
const PAST_CACHE_MS = CACHE_MS + 100;

describe('the metrics listener', () => {
  let app: App;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    // One sign-in a minute per address: the second is a 429. The outbox read serves the scrapes for CACHE_MS, not 5 s.
    app = await appWithMetrics(port, { loginRateLimit: 1, metricsCacheMs: CACHE_MS });
  });
  afterAll(() => app.close());

  it('exposes the request histogram per route pattern, method and status, never a raw URL', async () => {
    const auth = { authorization: `Bearer ${t.adminToken}` };
    for (let i = 0; i < 3; i++) expect((await app.inject({ method: 'GET', url: '/api/pays/liste', headers: auth })).statusCode).toBe(200);
    const id = randomUUID();
    const missing = await app.inject({ method: 'GET', url: `/api/colis/getBy/${id}`, headers: auth });
    expect(missing.statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/invente/${id}?secret=abc` })).statusCode).toBe(404);
    // Unsigned: refused before the route ran, still counted on its route.
    expect((await app.inject({ method: 'GET', url: '/api/pays/liste' })).statusCode).toBe(401);

    const text = await scrape(port);
    expect(value(text, 'colis_http_request_duration_seconds_count{method="GET",route="/api/pays/liste",status="200"}')).toBe(3);
    expect(value(text, 'colis_http_request_duration_seconds_count{method="GET",route="/api/pays/liste",status="401"}')).toBe(1);
    expect(value(text, 'colis_http_request_duration_seconds_count{method="GET",route="/api/colis/getBy/:id",status="404"}')).toBe(1);
    expect(value(text, 'colis_http_request_duration_seconds_count{method="GET",route="unmatched",status="404"}')).toBe(1);
    // The buckets are cumulative and end with +Inf = count; the sum is in seconds (a call here takes well under 10 s).
    expect(value(text, 'colis_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/pays/liste",status="200"}')).toBe(3);
    const sum = value(text, 'colis_http_request_duration_seconds_sum{method="GET",route="/api/pays/liste",status="200"}')!;
    expect(sum).toBeGreaterThan(0);
    expect(sum).toBeLessThan(10);
    // Neither ids, nor paths nobody declared, nor query strings become labels.
    expect(text).not.toContain(id);
    expect(text).not.toContain('invente');
    expect(text).not.toContain('secret');
  });

  it('counts the 429 answers per route', async () => {
    const body = { email: `inconnu-${randomUUID().slice(0, 6)}@test.local`, password: 'faux-mot-de-passe', type: 'ADMIN' };
    const first = await app.inject({ method: 'POST', url: '/api/auth/loginAD', payload: body });
    expect(first.statusCode).not.toBe(429);
    const second = await app.inject({ method: 'POST', url: '/api/auth/loginAD', payload: body });
    expect(second.statusCode).toBe(429);
    const text = await scrape(port);
    expect(value(text, 'colis_http_throttled_total{method="POST",route="/api/auth/loginAD"}')).toBe(1);
    expect(value(text, 'colis_http_request_duration_seconds_count{method="POST",route="/api/auth/loginAD",status="429"}')).toBe(1);
  });

  it('counts the pool: its size, busy and idle connections, and the calls that waited for one', async () => {
    const before = await scrape(port);
    const waits = value(before, 'colis_db_pool_waits_total') ?? 0;
    const max = value(before, 'colis_db_pool_max')!;
    expect(max).toBe(t.database.kind === 'pglite' ? 1 : Number(process.env.PG_POOL_SIZE ?? 10));
    expect(value(before, 'colis_db_pool_connections{state="busy"}')).toBeGreaterThanOrEqual(0);
    expect(value(before, 'colis_db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(0);
    expect(value(before, 'colis_db_pool_waiting')).toBe(0);

    // More calls at once than connections: some wait for one, and the waiting gauge sees them while they wait. (PGlite
    // runs in this thread: the scrape is answered once the queue is empty, so only PostgreSQL shows them waiting.)
    // (Drizzle's query runs once awaited: Promise.resolve starts each now.)
    const calls = Array.from({ length: max + 3 }, () => Promise.resolve(t.database.db.execute(sql`SELECT pg_sleep(0.2)`)));
    if (t.database.kind === 'postgres') {
      await new Promise((r) => setTimeout(r, 50));
      const during = await scrape(port);
      expect(value(during, 'colis_db_pool_waiting')).toBe(3);
      expect(value(during, 'colis_db_pool_connections{state="busy"}')).toBe(max);
      expect(value(during, 'colis_db_pool_connections{state="idle"}')).toBe(0);
    }
    await Promise.all(calls);
    const after = await scrape(port);
    expect(value(after, 'colis_db_pool_waits_total')! - waits).toBeGreaterThanOrEqual(3);
    expect(value(after, 'colis_db_pool_wait_seconds_total')).toBeGreaterThan(0.1);
    expect(value(after, 'colis_db_pool_waiting')).toBe(0);
  });

  it('exposes the outbox backlog and failures per channel, and the process metrics', async () => {
    // Fresh values: the outbox gauges are read at most once per CACHE_MS.
    await new Promise((r) => setTimeout(r, PAST_CACHE_MS));
    const text = await scrape(port);
    const count = async (status: string) => {
      const res = (await t.database.db.execute(sql`SELECT count(*)::int AS n FROM mail_outbox WHERE status = ${status}`)) as unknown as {
        rows: { n: number }[];
      };
      return res.rows[0].n;
    };
    expect(value(text, 'colis_outbox_messages{channel="email",status="PENDING"}')).toBe(await count('PENDING'));
    expect(value(text, 'colis_outbox_messages{channel="email",status="FAILED"}')).toBe(await count('FAILED'));
    expect(value(text, 'colis_outbox_retrying_messages{channel="email"}')).toBeGreaterThanOrEqual(0);
    expect(value(text, 'colis_outbox_oldest_pending_seconds{channel="email"}')).toBeGreaterThanOrEqual(0);
    expect(value(text, 'colis_db_up')).toBe(1);
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_start_time_seconds',
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
    ])
      expect(value(text, name), name).toBeGreaterThan(0);
    // Series have their HELP and TYPE lines.
    expect(text).toContain('# TYPE colis_http_request_duration_seconds histogram');
    expect(text).toContain('# TYPE colis_outbox_messages gauge');
  });

  it('counts new mails, failed ones and the age of the oldest, once the cache has expired', async () => {
    const scrapeFresh = async () => {
      await new Promise((r) => setTimeout(r, PAST_CACHE_MS));
      return scrape(port);
    };
    const before = await scrapeFresh();
    const pending = value(before, 'colis_outbox_messages{channel="email",status="PENDING"}')!;
    const failed = value(before, 'colis_outbox_messages{channel="email",status="FAILED"}')!;
    const retrying = value(before, 'colis_outbox_retrying_messages{channel="email"}')!;
    await enqueue(t.database.db, [
      { to: 'a@client.test', subject: 'Un', html: '<p>1</p>' },
      { to: 'b@client.test', subject: 'Deux', html: '<p>2</p>' },
    ]);
    await t.database.db.execute(sql`
      UPDATE mail_outbox SET attempts = 1, created_at = now() - interval '1 hour' WHERE to_address = 'a@client.test'`);
    await t.database.db.execute(sql`UPDATE mail_outbox SET status = 'FAILED', attempts = 8 WHERE to_address = 'b@client.test'`);
    // Within the cache's time the values stay those of the last read.
    expect(value(await scrape(port), 'colis_outbox_messages{channel="email",status="PENDING"}')).toBe(pending);
    const after = await scrapeFresh();
    expect(value(after, 'colis_outbox_messages{channel="email",status="PENDING"}')).toBe(pending + 1);
    expect(value(after, 'colis_outbox_messages{channel="email",status="FAILED"}')).toBe(failed + 1);
    expect(value(after, 'colis_outbox_retrying_messages{channel="email"}')).toBe(retrying + 1);
    expect(value(after, 'colis_outbox_oldest_pending_seconds{channel="email"}')).toBeGreaterThanOrEqual(3600);
  });

  it('labels each message with its channel when the outbox has one (e-mail, SMS), and a drained channel goes back to 0', async () => {
    const scrapeFresh = async () => {
      await new Promise((r) => setTimeout(r, PAST_CACHE_MS));
      return scrape(port);
    };
    const has = (await t.database.db.execute(sql`
      SELECT EXISTS (SELECT 1 FROM information_schema.columns
                      WHERE table_schema = current_schema() AND table_name = 'mail_outbox' AND column_name = 'canal') AS found`)) as unknown as {
      rows: { found: boolean }[];
    };
    if (!has.rows[0].found) {
      // Without the column every message is an e-mail.
      expect(await scrapeFresh()).not.toContain('channel="sms"');
      return;
    }
    const sms = sql`canal = 'sms' AND status = 'PENDING'`;
    await t.database.db.execute(sql`
      INSERT INTO mail_outbox (id, to_address, subject, html, canal)
      VALUES (gen_random_uuid(), '+33600000001', 'SMS', 'Votre colis', 'sms'), (gen_random_uuid(), '+33600000002', 'SMS', 'Votre colis', 'sms')`);
    const count = (await t.database.db.execute(sql`SELECT count(*)::int AS n FROM mail_outbox WHERE ${sms}`)) as unknown as {
      rows: { n: number }[];
    };
    expect(count.rows[0].n).toBe(2);
    const text = await scrapeFresh();
    expect(value(text, 'colis_outbox_messages{channel="sms",status="PENDING"}')).toBe(2);
    expect(value(text, 'colis_outbox_messages{channel="sms",status="FAILED"}')).toBe(0);
    // The e-mails are counted apart.
    expect(value(text, 'colis_outbox_messages{channel="email",status="PENDING"}')).not.toBeUndefined();
    await t.database.db.execute(sql`UPDATE mail_outbox SET status = 'SENT', sent_at = now() WHERE ${sms}`);
    const drained = await scrapeFresh();
    expect(value(drained, 'colis_outbox_messages{channel="sms",status="PENDING"}')).toBe(0);
    expect(value(drained, 'colis_outbox_oldest_pending_seconds{channel="sms"}')).toBe(0);
  });

  it('serves nothing else: other paths 404, other methods 405', async () => {
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${port}/api/pays/liste`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`, { method: 'POST', body: 'x' })).status).toBe(405);
    const head = await fetch(`http://127.0.0.1:${port}/metrics`, { method: 'HEAD' });
    expect(head.status).toBe(200);
  });
});

describe('503 answers', () => {
  it('are counted per route, apart from the histogram', async () => {
    const metrics = createMetrics(t.database.db);
    metrics.observe('/api/colis/liste', 'GET', 503, 0.002);
    metrics.observe('/api/colis/liste', 'GET', 503, 0.002);
    metrics.observe('/api/colis/liste', 'GET', 200, 0.01);
    const text = await metrics.registry.metrics();
    expect(value(text, 'colis_http_unavailable_total{method="GET",route="/api/colis/liste"}')).toBe(2);
    expect(value(text, 'colis_http_request_duration_seconds_count{method="GET",route="/api/colis/liste",status="503"}')).toBe(2);
    expect(value(text, 'colis_http_throttled_total{method="GET",route="/api/colis/liste"}')).toBeUndefined();
  });

  it("a stopping server's 503 is counted too", async () => {
    const port = await freePort();
    const app = await appWithMetrics(port);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port: publicPort } = app.server.address() as net.AddressInfo;
    // The drain of plugins/lifecycle.ts answers 503 to what arrives once app.close() began.
    const closing = app.close();
    await new Promise((r) => setTimeout(r, 20));
    const res = await fetch(`http://127.0.0.1:${publicPort}/api/health`);
    expect(res.status).toBe(503);
    const text = await scrape(port);
    expect(value(text, 'colis_http_unavailable_total{method="GET",route="/api/health"}')).toBe(1);
    await closing;
    // Closed with the app.
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });
});

describe('the outbox read at scrape time', () => {
  it('is shared by the scrapes within its time to live, and read again after it', async () => {
    let reads = 0;
    const read = cachedRead(async () => {
      reads++;
      return [];
    }, 100);
    await Promise.all([read(), read(), read()]);
    await read();
    expect(reads).toBe(1);
    await new Promise((r) => setTimeout(r, 120));
    await read();
    expect(reads).toBe(2);
  });

  it('answers { ok: false } when the database fails or is too slow, without waiting for it', async () => {
    expect(await cachedRead(() => Promise.reject(new Error('base coupée')))()).toEqual({ ok: false });
    const started = performance.now();
    expect(await cachedRead(() => new Promise(() => undefined), 5000, 50)()).toEqual({ ok: false });
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('configuration', () => {
  it('METRICS_PORT off by default, 127.0.0.1 unless METRICS_HOST; refused when invalid or the public port', () => {
    expect(loadConfig({}).metricsPort).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '' }).metricsPort).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '9464' })).toMatchObject({ metricsPort: 9464, metricsHost: '127.0.0.1' });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }).metricsHost).toBe('10.0.0.5');
    for (const bad of ['abc', '-1', '0', '70000', '9464x', '1e3'])
      expect(() => loadConfig({ METRICS_PORT: bad }), bad).toThrow(/METRICS_PORT=.* : un numéro de port/);
    expect(() => loadConfig({ METRICS_PORT: '3000' })).toThrow(/jamais servies sur le port public/);
    expect(() => loadConfig({ PORT: '8080', METRICS_PORT: '8080' })).toThrow(/jamais servies sur le port public/);
  });

  it('a busy METRICS_PORT stops the start with a French message', async () => {
    const busy = net.createServer();
    await new Promise<void>((r) => busy.listen(0, '127.0.0.1', r));
    const port = (busy.address() as net.AddressInfo).port;
    const app = await buildApp({ db: t.database.db, config: { ...testConfig(), metricsPort: port }, logger: false, uiDir: '/nonexistent' });
    try {
      await expect(app.ready()).rejects.toThrow(`Métriques : impossible d'écouter sur 127.0.0.1:${port} (EADDRINUSE).`);
    } finally {
      await app.close().catch(() => undefined);
      busy.close();
    }
  });
});
