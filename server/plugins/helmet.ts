/**
 * Security headers of every answer (@fastify/helmet's), with the content security policy of the built UI: scripts,
 * styles, fonts and calls from the same origin only (inline styles allowed for MUI), no framing.
 *
 * The headers are worked out once, at start-up (docs/decisions/request-path.md): @fastify/helmet 13 calls
 * `helmet(options)` on every request, which rebuilds every header and parses and checks the CSP's directives each time.
 * Here a probe Fastify instance answers one request with @fastify/helmet and these options; the headers it adds (those
 * the same probe without it does not send) are then given to every answer by one onRequest hook, as the plugin does (a
 * route's own header of the same name still wins). Same headers, same values, same order. They are Fastify reply
 * headers rather than raw ones (`reply.raw.setHeader`): once a raw header is set, Node checks every header twice
 * (setHeader, then writeHead merging Fastify's own through setHeader again); now each is checked once, at writeHead.
 */
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify from 'fastify';
import fp from 'fastify-plugin';

/** The options given to @fastify/helmet. */
export const HELMET_OPTIONS: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
    },
  },
};

/**
 * The headers @fastify/helmet adds to an answer with `options`, in the order it sets them.
 * @returns [name, value] pairs (lower-case names)
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<[string, string][]> {
  const probe = async (secured: boolean) => {
    const app = Fastify({ logger: false });
    if (secured) await app.register(helmet, options);
    app.get('/', async () => 'sonde');
    try {
      return (await app.inject({ url: '/' })).headers;
    } finally {
      await app.close();
    }
  };
  const bare = await probe(false);
  const secured = await probe(true);
  return Object.entries(secured)
    .filter(([name, value]) => !(name in bare) && value !== undefined)
    .map(([name, value]) => [name, String(value)]);
}

export const helmetPlugin = fp(
  async (app) => {
    const headers = Object.fromEntries(await helmetHeaders(HELMET_OPTIONS));
    if (!headers['content-security-policy']) throw new Error('helmet : en-têtes de sécurité introuvables');
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'helmet' },
);
