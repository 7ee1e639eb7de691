/**
 * The Prometheus metrics of one server process (docs/decisions/metrics.md), on a registry of their own (prom-client),
 * loaded only when METRICS_PORT is set (server/metrics/plugin.ts):
 *
 * - `colis_http_request_duration_seconds{method, route, status}` (histogram, seconds): every answer, labelled with its
 *   route's pattern (`/api/colis/get/:id`, never the URL with its ids or query), or `unmatched` when no route matched;
 * - `colis_http_throttled_total{method, route}`: 429 answers (per-address rate limits, per-user usage limits, sign-in
 *   throttles — whoever refused);
 * - `colis_http_unavailable_total{method, route}`: 503 answers (database unavailable, load shedding, a stopping server);
 * - the database's gauges (pool, outbox backlog: server/metrics/database.ts), read when scraped;
 * - Node's process metrics of prom-client's collectDefaultMetrics (`process_*`, `nodejs_*`, standard names without the
 *   prefix, so that the usual dashboards and alerts apply).
 */
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db } from '../db/client';
import { registerDatabaseMetrics } from './database';

/** Route label of an answer given without a matched route (404 of an unknown path). */
export const UNMATCHED_ROUTE = 'unmatched';

/** Buckets of the request duration histogram (seconds): 5 ms to 30 s, the API's answers and its slow exports. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** The metrics of one app: the registry to expose, and what the request hook calls. */
export interface AppMetrics {
  registry: Registry;
  /**
   * Records one answer.
   * @param route the route's pattern (routeOptions.url) or UNMATCHED_ROUTE; method the HTTP method; status the code;
   *   seconds the time from the request's arrival to its answer
   */
  observe(route: string, method: string, status: number, seconds: number): void;
}

/**
 * Creates the registry of an app: HTTP metrics, database gauges on `db`, process metrics.
 * @param db the app's database (its driver's pool or PGlite instance is read for the pool gauges)
 * @param outboxCacheMs how long one read of the outbox serves the scrapes (ms; default: database.ts CACHE_MS)
 */
export function createMetrics(db: Db, outboxCacheMs?: number): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'colis_http_request_duration_seconds',
    help: "Durée des requêtes HTTP de l'API, de l'arrivée à la réponse, par route (motif), méthode et statut (secondes).",
    labelNames: ['method', 'route', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const throttled = new Counter({
    name: 'colis_http_throttled_total',
    help: 'Réponses 429 (limites de débit, limites par utilisateur, verrous de connexion) par route et méthode.',
    labelNames: ['method', 'route'] as const,
    registers: [registry],
  });
  const unavailable = new Counter({
    name: 'colis_http_unavailable_total',
    help: 'Réponses 503 (base indisponible, délestage, arrêt en cours) par route et méthode.',
    labelNames: ['method', 'route'] as const,
    registers: [registry],
  });
  registerDatabaseMetrics(registry, db, outboxCacheMs);

  // One child per (route, method, status): the label lookup is done once, not on every answer.
  const children = new Map<string, ReturnType<typeof duration.labels>>();
  return {
    registry,
    observe(route, method, status, seconds) {
      const key = `${method} ${status} ${route}`;
      let child = children.get(key);
      if (!child) children.set(key, (child = duration.labels(method, route, String(status))));
      child.observe(seconds);
      if (status === 429) throttled.inc({ method, route });
      else if (status === 503) unavailable.inc({ method, route });
    },
  };
}
