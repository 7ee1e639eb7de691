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
 *
 * A hashed build file that a page loads (a script chunk; server/plugins/static.ts isHashedSubresource) gets only the
 * headers that apply to it: `x-content-type-options` (no sniffing a script's type) and `cross-origin-resource-policy`
 * (no other site reads it). The others govern a document (its CSP, framing, referrer, opener, isolation, HSTS, which
 * the page's own answer carries): on a script they are ~600 bytes the browser ignores, for each of the ~50–90 scripts
 * of a screen (docs/decisions/screen-bundles.md "Served for caching").
 */
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { isHashedSubresource } from './static';

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

/** The headers of a hashed build file a page loads (see the file's comment). */
export const SUBRESOURCE_HEADERS = ['x-content-type-options', 'cross-origin-resource-policy'] as const;

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
    const subresource = Object.fromEntries(SUBRESOURCE_HEADERS.map((name) => [name, headers[name]]));
    if (SUBRESOURCE_HEADERS.some((name) => !subresource[name])) throw new Error('helmet : en-têtes des fichiers introuvables');
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(isHashedSubresource(request.url) ? subresource : headers);
      done();
    });
  },
  { name: 'helmet' },
);
