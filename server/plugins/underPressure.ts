/**
 * Load shedding (docs/decisions/usage-limits.md): with @fastify/under-pressure, the process samples its event-loop
 * delay and V8 heap every `sampleIntervalMs`; while one is above its threshold (config.loadShedding:
 * MAX_EVENT_LOOP_DELAY_MS, MAX_HEAP_USED_MB; LOAD_SHEDDING=0 turns it off) for SUSTAINED_SAMPLES samples in a row,
 * every call answers at once 503 `{success: false, message}` in French with Retry-After, before any work (an onRequest
 * hook registered first), so a drowning process sheds load instead of answering everybody late. One slow sample alone
 * sheds nothing: the first one after the start holds the start's own work, and on PGlite (the database on the event
 * loop) one heavy query is over before its sample is read. The probes keep their own answers
 * (GET /api/health: alive; GET /api/ready: database and migrations, server/health/routes.ts): a supervisor must not
 * restart a process that is only busy, and an orderly stop's 503 stays plugins/lifecycle.ts's.
 */
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { LoadShedding } from '../config';
import { AppError } from '../http/errors';

/** What a shed call reads. */
export const UNDER_PRESSURE_MESSAGE = 'Le serveur est surchargé, réessayez dans quelques secondes.';

/** Retry-After of a shed call (seconds): a few samples later. */
const RETRY_AFTER_S = 5;

/** Samples in a row over a threshold before calls are shed. */
const SUSTAINED_SAMPLES = 2;

/** The probes, answered whatever the load (server/health/routes.ts). */
const PROBES = new Set(['/api/health', '/api/ready']);

/**
 * Registers @fastify/under-pressure with the thresholds of `opts` (nothing when off or when no threshold is set).
 * Exposes `app.memoryUsage()` and `app.isUnderPressure()` (the plugin's).
 */
export const underPressurePlugin = fp<LoadShedding>(
  async (app: FastifyInstance, opts) => {
    if (!opts.enabled || (!opts.maxEventLoopDelayMs && !opts.maxHeapUsedBytes)) return;
    let loggedAt = 0;
    // Samples in a row read over a threshold, counted from the moment the app is ready.
    let over = 0;
    let reader: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      reader = setInterval(() => (over = app.isUnderPressure() ? over + 1 : 0), opts.sampleIntervalMs);
      reader.unref();
    });
    app.addHook('onClose', async () => clearInterval(reader));
    const shed = new AppError(503, UNDER_PRESSURE_MESSAGE, undefined, { 'retry-after': String(RETRY_AFTER_S) });
    await app.register(underPressure, {
      maxEventLoopDelay: opts.maxEventLoopDelayMs,
      maxHeapUsedBytes: opts.maxHeapUsedBytes,
      sampleInterval: opts.sampleIntervalMs,
      // undefined: the call goes on (a probe); a rejected promise: its error is answered by plugins/errors.ts.
      pressureHandler: (request, _reply, type, value) => {
        if (over < SUSTAINED_SAMPLES || PROBES.has(request.routeOptions.url ?? '')) return undefined;
        // One line every 10 s at most: a flood of refusals must not flood the log too.
        if (Date.now() - loggedAt > 10_000) {
          loggedAt = Date.now();
          request.log.warn({ pressure: type, value }, 'appels refusés (503) : serveur surchargé');
        }
        return Promise.reject(shed);
      },
    });
  },
  { name: 'underPressure' },
);
