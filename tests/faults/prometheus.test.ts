/**
 * A real Prometheus scrapes the real server process (docs/operations.md, docs/decisions/metrics.md): the server runs
 * with METRICS_PORT, Prometheus (Debian package `prometheus`, /usr/bin/prometheus, or PROMETHEUS_BIN) scrapes it every
 * second and evaluates the alert rules written in docs/operations.md, and the test asks Prometheus' HTTP API for the
 * series of the calls it made, the outbox gauge, the pool, the process metrics and `up`, and checks that every
 * documented rule evaluates without error. The public port answers 404 for /metrics, and the metrics listener is not
 * reachable on the machine's other addresses. Both passes (PGlite, PostgreSQL).
 *
 * Without the binary the test is skipped, or fails with the command to install it when CI is set.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, newTestDatabase, startServer, type ServerProcess, type TestDatabase } from './harness';

const PROMETHEUS = process.env.PROMETHEUS_BIN || '/usr/bin/prometheus';
const HAVE_PROMETHEUS = existsSync(PROMETHEUS);
/** Longest wait for a series to reach Prometheus (ms): a few 1 s scrapes, on a busy machine. */
const SERIES_TIMEOUT_MS = 60_000;

/** The alert rules of docs/operations.md: its one ```yaml block that starts with `groups:`. */
function documentedRules(): string {
  const doc = readFileSync(path.join(import.meta.dirname, '..', '..', 'docs', 'operations.md'), 'utf8');
  const blocks = [...doc.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1]).filter((b) => b.startsWith('groups:'));
  if (blocks.length !== 1) throw new Error(`docs/operations.md : un seul bloc yaml « groups: » attendu, ${blocks.length} trouvés`);
  return blocks[0];
}

let database: TestDatabase | null = null;
let server: ServerProcess | null = null;
let prometheus: ChildProcess | null = null;
let prometheusLog = '';
let dir: string | null = null;
afterAll(async () => {
  if (prometheus && prometheus.exitCode === null && prometheus.signalCode === null) {
    const exited = new Promise((r) => prometheus!.once('exit', r));
    prometheus.kill('SIGKILL');
    await exited;
  }
  await server?.kill9();
  await database?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** One instant vector of Prometheus' query API. */
type Sample = { metric: Record<string, string>; value: [number, string] };

/** Asks Prometheus' HTTP API (/api/v1/query) for an instant vector. */
async function query(base: string, promql: string): Promise<Sample[]> {
  const res = await fetch(`${base}/api/v1/query?query=${encodeURIComponent(promql)}`);
  const body = (await res.json()) as { status: string; data?: { resultType: string; result: Sample[] }; error?: string };
  if (body.status !== 'success') throw new Error(`${promql} : ${body.error}`);
  return body.data!.result;
}

/** Polls a query until `ok` holds for its answer, at most SERIES_TIMEOUT_MS; returns that answer or throws the last. */
async function until(base: string, promql: string, ok: (r: Sample[]) => boolean): Promise<Sample[]> {
  const deadline = Date.now() + SERIES_TIMEOUT_MS;
  let last: Sample[] = [];
  while (Date.now() < deadline) {
    try {
      last = await query(base, promql);
      if (ok(last)) return last;
    } catch {
      // Prometheus still starting
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(
    `Prometheus n'a pas la série attendue pour ${promql} après ${SERIES_TIMEOUT_MS} ms : ${JSON.stringify(last)}\n${prometheusLog}`,
  );
}

describe('Prometheus scrapes the server', () => {
  it.skipIf(!HAVE_PROMETHEUS && !process.env.CI)(
    'finds the request, outbox, pool and process series, and every documented alert evaluates',
    async () => {
      if (!HAVE_PROMETHEUS)
        throw new Error(`Prometheus introuvable (${PROMETHEUS}) : apt-get install prometheus, ou PROMETHEUS_BIN=<chemin du binaire>.`);
      database = await newTestDatabase();
      const metricsPort = await freePort();
      server = await startServer(database.source, { env: { METRICS_PORT: String(metricsPort) } });

      // The public port never serves the metrics; the listener is on 127.0.0.1 only.
      const pub = await server.call('GET', '/metrics');
      expect(pub.status).toBe(404);
      expect(pub.body).toEqual({ success: false, message: 'Ressource introuvable.' });
      const direct = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(direct.status).toBe(200);
      expect(await direct.text()).toContain('colis_http_request_duration_seconds');
      const external = Object.values(os.networkInterfaces())
        .flat()
        .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
      if (external) {
        const res = await fetch(`http://${external}:${metricsPort}/metrics`, { signal: AbortSignal.timeout(3000) }).then(
          (r) => r.status,
          (err: Error & { cause?: { code?: string } }) => err.cause?.code ?? err.name,
        );
        expect(res).toBe('ECONNREFUSED');
      }

      // Prometheus: scrapes every second, evaluates the documented rules every second, stores in the temp dir.
      dir = mkdtempSync(path.join(os.tmpdir(), 'colis-prometheus-'));
      const rules = path.join(dir, 'rules.yml');
      writeFileSync(rules, documentedRules());
      const config = path.join(dir, 'prometheus.yml');
      writeFileSync(
        config,
        [
          'global:',
          '  scrape_interval: 1s',
          '  scrape_timeout: 1s',
          '  evaluation_interval: 1s',
          'rule_files:',
          `  - ${rules}`,
          'scrape_configs:',
          '  - job_name: colis',
          '    static_configs:',
          `      - targets: ['127.0.0.1:${metricsPort}']`,
          '',
        ].join('\n'),
      );
      const promPort = await freePort();
      const base = `http://127.0.0.1:${promPort}`;
      prometheus = spawn(
        PROMETHEUS,
        [
          `--config.file=${config}`,
          `--storage.tsdb.path=${path.join(dir, 'data')}`,
          `--web.listen-address=127.0.0.1:${promPort}`,
          '--log.level=warn',
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      prometheus.stdout!.on('data', (d) => (prometheusLog += d));
      prometheus.stderr!.on('data', (d) => (prometheusLog += d));

      // A few calls: a list, a record by id (the label must be the route's pattern, never the id), an unsigned one.
      const token = await server.login();
      for (let i = 0; i < 3; i++) expect((await server.call('GET', '/api/pays/liste', { token })).status).toBe(200);
      const id = randomUUID();
      expect((await server.call('GET', `/api/colis/getBy/${id}`, { token })).status).toBe(404);
      expect((await server.call('GET', '/api/pays/liste')).status).toBe(401);

      const up = await until(base, 'up{job="colis"}', (r) => r.length === 1 && r[0].value[1] === '1');
      expect(up[0].metric.instance).toBe(`127.0.0.1:${metricsPort}`);
      const listed = await until(
        base,
        'colis_http_request_duration_seconds_count{job="colis",route="/api/pays/liste",method="GET",status="200"}',
        (r) => r.length === 1 && Number(r[0].value[1]) >= 3,
      );
      expect(Number(listed[0].value[1])).toBe(3);
      await until(base, 'colis_http_request_duration_seconds_count{route="/api/colis/getBy/:id",status="404"}', (r) => r.length === 1);
      await until(base, 'colis_http_request_duration_seconds_count{route="/api/pays/liste",status="401"}', (r) => r.length === 1);
      // The seeded test database's outbox: nothing failed.
      const failed = await until(base, 'colis_outbox_messages{channel="email",status="FAILED"}', (r) => r.length === 1);
      expect(failed[0].value[1]).toBe('0');
      await until(base, 'colis_outbox_messages{channel="email",status="PENDING"}', (r) => r.length === 1);
      await until(base, 'colis_db_up', (r) => r.length === 1 && r[0].value[1] === '1');
      const poolMax = await until(base, 'colis_db_pool_max', (r) => r.length === 1);
      expect(Number(poolMax[0].value[1])).toBe(database.source.kind === 'pglite' ? 1 : Number(process.env.PG_POOL_SIZE || 10));
      for (const name of ['process_cpu_user_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_p99_seconds'])
        await until(base, `${name}{job="colis"}`, (r) => r.length === 1 && Number(r[0].value[1]) > 0);
      // A p95 per route, as the latency alert computes it.
      await until(
        base,
        'histogram_quantile(0.95, sum by (le, route) (rate(colis_http_request_duration_seconds_bucket{route="/api/pays/liste"}[1m])))',
        (r) => r.length === 1,
      );
      // No series carries an id.
      expect(await query(base, `{job="colis", route=~".*${id}.*"}`)).toEqual([]);

      // Every documented alert rule is loaded and evaluates against the real series without error.
      const expected = [...documentedRules().matchAll(/^\s*- alert: (\S+)/gm)].map((m) => m[1]);
      expect(expected.length).toBeGreaterThanOrEqual(8);
      const deadline = Date.now() + SERIES_TIMEOUT_MS;
      let loaded: { name: string; health: string; lastError?: string; lastEvaluation: string }[] = [];
      while (Date.now() < deadline) {
        const res = (await (await fetch(`${base}/api/v1/rules?type=alert`)).json()) as {
          data: { groups: { rules: { name: string; health: string; lastError?: string; lastEvaluation: string }[] }[] };
        };
        loaded = res.data.groups.flatMap((g) => g.rules);
        if (loaded.length === expected.length && loaded.every((r) => r.health !== 'unknown')) break;
        await new Promise((r) => setTimeout(r, 500));
      }
      expect(loaded.map((r) => r.name).sort()).toEqual([...expected].sort());
      for (const r of loaded)
        expect({ name: r.name, health: r.health, error: r.lastError ?? '' }).toEqual({ name: r.name, health: 'ok', error: '' });
      // Every series a rule names is one the server exposes (a rule on a misspelt series would evaluate fine and never
      // fire): its `# TYPE` lines, a histogram's _bucket, _sum and _count included (a counter with labels has no sample
      // until its first count, so Prometheus' own list would miss the 429 and 503 counters of a quiet server).
      const exposition = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      const names = new Set(
        [...exposition.matchAll(/^# TYPE (\S+) (\S+)$/gm)].flatMap(([, name, type]) =>
          type === 'histogram' ? [`${name}_bucket`, `${name}_sum`, `${name}_count`] : [name],
        ),
      );
      const named = new Set([...documentedRules().matchAll(/\b((?:colis|process|nodejs)_[a-z0-9_]+)/g)].map((m) => m[1]));
      for (const name of named) expect(names.has(name), name).toBe(true);
      // Quiet and healthy: none fires.
      const firing = await query(base, 'ALERTS{alertstate="firing"}');
      expect(firing.map((a) => a.metric.alertname)).toEqual([]);
    },
  );
});
