/**
 * Body limits per route (docs/decisions/body-limits.md): a route reads at most SMALL_BODY_LIMIT bytes (16 KiB) unless
 * it is one of the few that need more (LARGE_BODY_ROUTES) or declares its own `bodyLimit`. The application's limit
 * (server/app.ts, 1 MiB) stays the ceiling of the largest. A body over the limit is refused before it is parsed
 * with 413 'Requête trop volumineuse.' (plugins/errors.ts): a sign-in, a lookup or a reference record never makes the
 * server read a megabyte. Registered before the routes, whose options it completes as they are added (onRoute).
 */
import fp from 'fastify-plugin';

/** The limit of every route that needs little: sign-in, recovery, reference records, most writes (bytes). */
export const SMALL_BODY_LIMIT = 16 * 1024;

/** The limit of the routes whose schema allows long lists or texts (bytes). */
const MEDIUM_BODY_LIMIT = 64 * 1024;

/** The largest limit: the application's (server/app.ts bodyLimit), kept for an inventory's references (bytes). */
const LARGE_BODY_LIMIT = 1_048_576;

/**
 * The routes allowed more than SMALL_BODY_LIMIT, by 'METHOD url pattern', with the largest body their schema allows
 * (measured in tests/server/bodyLimits.test.ts with the schema's maxima and 2-byte accented text):
 * - colis/create, colis/update: 50 lines and ~3 000 characters of text (≈ 15 KB);
 * - autorisation/updateMany and colis/transferer: 500 ids (≈ 20 KB);
 * - caisse/cloture: 200 counted lines (≈ 20 KB);
 * - message/sendbyEmail, notification/contactClients: a 10 000-character message (≈ 20–30 KB, more escaped);
 * - inventaire/create: 5 000 references of up to 64 characters (≈ 100 KB for real references, 330 KB at the maxima);
 * - colis/retirer, colis/livrer: a signature (200 KB) and a photo (500 KB) as base64 data URLs (≈ 940 KB at the
 *   maxima: docs/decisions/release-proof.md).
 */
export const LARGE_BODY_ROUTES: Readonly<Record<string, number>> = {
  'POST /api/colis/create': MEDIUM_BODY_LIMIT,
  'PUT /api/colis/update/:id': MEDIUM_BODY_LIMIT,
  'PUT /api/autorisation/updateMany/:roleId': MEDIUM_BODY_LIMIT,
  'POST /api/colis/transferer': MEDIUM_BODY_LIMIT,
  'POST /api/caisse/cloture': MEDIUM_BODY_LIMIT,
  'POST /api/message/sendbyEmail': MEDIUM_BODY_LIMIT,
  'POST /api/notification/contactClients': MEDIUM_BODY_LIMIT,
  'POST /api/inventaire/create': LARGE_BODY_LIMIT,
  'POST /api/colis/retirer/:id': LARGE_BODY_LIMIT,
  'POST /api/colis/livrer/:id': LARGE_BODY_LIMIT,
};

/**
 * The body limit of a route: its entry in LARGE_BODY_ROUTES, else SMALL_BODY_LIMIT.
 * @param method HTTP method (upper case)
 * @param url the route's pattern as registered (`/api/colis/update/:id`)
 * @returns bytes
 */
export function bodyLimitOf(method: string, url: string): number {
  return LARGE_BODY_ROUTES[`${method} ${url}`] ?? SMALL_BODY_LIMIT;
}

/** Sets each route's `bodyLimit` (unless it declares one) from bodyLimitOf, the largest of its methods. */
export const bodyLimitsPlugin = fp(
  async (app) => {
    app.addHook('onRoute', (route) => {
      if (route.bodyLimit !== undefined) return;
      route.bodyLimit = Math.max(...[route.method].flat().map((m) => bodyLimitOf(String(m).toUpperCase(), route.url)));
    });
  },
  { name: 'bodyLimits' },
);
