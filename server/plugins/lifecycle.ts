/**
 * Orderly stop (SIGTERM, docs/decisions/fault-tolerance.md). `app.close()` first drains, then closes:
 * 1. drain (preClose hook): every new request is answered 503 with a French message and `Connection: close`
 *    (GET /api/ready included, so a load balancer stops sending), while the requests already running finish; the
 *    drain lasts at least ACCEPT_WINDOW_MS when the app listens on a port (connections waiting in the listen queue
 *    are accepted and answered meanwhile, instead of being reset when the port closes; an app driven by inject alone
 *    has no queue) and ends once no request runs, or after DRAIN_MAX_MS;
 * 2. close (Fastify): the port closes (new connections refused), idle keep-alive connections are closed, and the
 *    close waits for any request still running, and for answers a client has not read yet (a connection whose answer
 *    is still being written is not idle), at most CLOSE_GRACE_MS: then every connection left is cut, so that the
 *    database is still closed cleanly (server/main.ts) rather than the process being killed by its stop timeout.
 * Fastify's own 503 while closing is English, so `return503OnClosing` is off in app.ts and this plugin answers.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** What a request reaching a stopping server reads. */
export const STOPPING_MESSAGE = "Le serveur s'arrête, réessayez dans un instant.";
/** Shortest drain (ms): time to accept and answer the connections already queued. */
const ACCEPT_WINDOW_MS = 150;
/** Longest drain (ms); requests still running after it are awaited by the close itself, at most CLOSE_GRACE_MS more. */
const DRAIN_MAX_MS = 10_000;

/** Longest wait (ms) after the drain for the connections still open, before they are cut. */
const CLOSE_GRACE_MS = 5_000;

/** Registers the drain: a running-request count, the 503 answer once stopping, and the preClose wait. */
export function registerLifecycle(app: FastifyInstance) {
  let stopping = false;
  let running = 0;
  const counted = new WeakSet<FastifyRequest>();
  const finished = (request: FastifyRequest) => {
    if (counted.delete(request)) running--;
  };

  // Callback-style hooks (no promise per request, docs/decisions/request-path.md).
  app.addHook('onRequest', (request, reply, done) => {
    if (stopping) {
      reply.code(503).header('connection', 'close').header('retry-after', '5').send({ success: false, message: STOPPING_MESSAGE });
      return;
    }
    running++;
    counted.add(request);
    done();
  });
  // The request no longer runs once its answer is sent, or once its client went away.
  app.addHook('onResponse', (request, _reply, done) => {
    finished(request);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    finished(request);
    done();
  });

  app.addHook('preClose', async () => {
    stopping = true;
    const started = Date.now();
    const acceptWindowMs = app.server.listening ? ACCEPT_WINDOW_MS : 0;
    while (Date.now() - started < DRAIN_MAX_MS && (running > 0 || Date.now() - started < acceptWindowMs)) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    setTimeout(() => app.server.closeAllConnections(), CLOSE_GRACE_MS).unref();
  });
}
