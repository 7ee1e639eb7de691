/**
 * Prometheus metrics of the API (docs/decisions/metrics.md, docs/operations.md), off unless METRICS_PORT is set:
 * - on the public port, `/metrics` is always a JSON 404 (never the single-page app's index.html, never the metrics);
 * - with METRICS_PORT, an `onResponse` hook records every answer (server/metrics/registry.ts: duration per route
 *   pattern, method and status; 429 and 503 counted apart), and a second listener on METRICS_HOST:METRICS_PORT
 *   (server/metrics/listener.ts) serves them; it starts with the app (`ready`: a busy port stops the start) and stops
 *   with it (`app.close()`, after the drain of plugins/lifecycle.ts).
 * prom-client is loaded only then (docs/decisions/embedded-start.md).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Db } from '../db/client';

export interface MetricsOptions {
  db: Db;
  config: Pick<Config, 'metricsPort' | 'metricsHost' | 'metricsCacheMs'>;
}

/** Registered before the routes, so that its hook sees every answer (the 404s and the stopping server's 503s too). */
export const metricsPlugin = fp<MetricsOptions>(
  async (app: FastifyInstance, { db, config }) => {
    app.get('/metrics', { schema: { hide: true } }, async (_request, reply) =>
      reply.code(404).send({ success: false, message: 'Ressource introuvable.' }),
    );
    if (config.metricsPort === undefined) return;

    const { createMetrics, UNMATCHED_ROUTE } = await import('./registry');
    const { startMetricsListener } = await import('./listener');
    const metrics = createMetrics(db, config.metricsCacheMs);
    // Callback style, no I/O (docs/decisions/request-path.md). The route's pattern, never request.url: ids and queries
    // would make one series per parcel, and anyone could create series by calling invented paths.
    app.addHook('onResponse', (request, reply, done) => {
      metrics.observe(request.routeOptions.url ?? UNMATCHED_ROUTE, request.method, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });

    const port = config.metricsPort;
    let listener: Awaited<ReturnType<typeof startMetricsListener>> | undefined;
    app.addHook('onReady', async () => {
      listener = await startMetricsListener(metrics.registry, config.metricsHost, port);
      app.log.info({ address: listener.address() }, 'métriques Prometheus');
    });
    app.addHook('onClose', async () => {
      await listener?.close();
    });
  },
  { name: 'metrics' },
);
