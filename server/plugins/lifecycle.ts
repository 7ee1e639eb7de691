/**
 * Orderly stop (SIGTERM, issue "Nothing lost, nobody in", faults): once `app.close()` has begun, the listening socket
 * is closed (new connections are refused), requests already running finish normally, and any further request that
 * arrives on an open keep-alive connection is answered 503 with a French message and `Connection: close`
 * (Fastify's own 503 is English, so `return503OnClosing` is off in app.ts and this hook answers instead).
 */
import type { FastifyInstance } from 'fastify';

/** What a request reaching a stopping server reads. */
export const STOPPING_MESSAGE = "Le serveur s'arrête, réessayez dans un instant.";

/** Registers the stopping guard: a flag raised by the preClose hook, checked first on every request. */
export function registerLifecycle(app: FastifyInstance) {
  let stopping = false;
  app.addHook('preClose', async () => {
    stopping = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!stopping) return;
    return reply.code(503).header('connection', 'close').header('retry-after', '5').send({ success: false, message: STOPPING_MESSAGE });
  });
}
