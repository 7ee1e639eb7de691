/**
 * The catalogue of the API routes as they are registered: method, URL pattern and the answer schemas each declares
 * by status (common/schemas/answer.ts). Read by the access walk (tests/server/access.test.ts: every route has an access rule,
 * declares its answers, and answers what it declares). Registered before the routes, which it collects as they are
 * added.
 */
import fp from 'fastify-plugin';
import { z } from 'zod';

/** An API route as registered. */
interface ApiRoute {
  method: string;
  url: string;
  /** The declared answers by HTTP status, when every one is a zod schema. */
  response?: Record<string, z.ZodType>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route registered, in order. */
    apiRoutes: ApiRoute[];
  }
}

/** The answer schemas of a route, when it declares some and all are zod schemas. */
function answerSchemas(response: unknown): Record<string, z.ZodType> | undefined {
  if (!response || typeof response !== 'object') return undefined;
  const entries = Object.entries(response);
  return entries.length && entries.every(([, schema]) => schema instanceof z.ZodType) ? Object.fromEntries(entries) : undefined;
}

export const routeCatalogPlugin = fp(
  async (app) => {
    const apiRoutes: ApiRoute[] = [];
    app.decorate('apiRoutes', apiRoutes);
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') apiRoutes.push({ method, url: route.url, response: answerSchemas(route.schema?.response) });
      }
    });
  },
  { name: 'routeCatalog' },
);
