/**
 * buildApp(deps): the Fastify instance of the API (DESIGN.md §2). Tests use app.inject on it; server/main.ts listens.
 * Cross-cutting concerns: security headers (helmet), rate limits on sign-in, structured request logs (pino),
 * OpenAPI description at /api/docs, JSON errors, authentication and permission checks of every route, the built UI at /.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config';
import type { Db } from './db/client';
import { createTokenService, resolveSecret, type TokenService } from './auth/tokens';
import { registerAccess } from './plugins/access';
import { registerErrorHandling } from './plugins/errors';
import { registerInputGuard } from './plugins/inputGuard';
import { registerAuthRoutes } from './auth/routes';
import { registerUserRoutes } from './user/routes';
import { registerPrivilegeRoutes } from './privilege/routes';
import { registerMessageRoutes } from './message/routes';
import { registerPaysRoutes } from './pays/routes';
import { registerVilleRoutes } from './ville/routes';
import { registerAgenceRoutes } from './agence/routes';
import { registerRoleRoutes } from './role/routes';
import { registerModeRoutes } from './modeEnvoi/routes';
import { registerNatureRoutes } from './natureColis/routes';
import { registerParamNatureModeRoutes } from './paramNatureMode/routes';
import { registerTypeOperationRoutes } from './typeoperation/routes';
import { registerStatutRoutes } from './statut/routes';
import { registerEnvoiRoutes } from './envoi/routes';
import { registerColisRoutes } from './colis/routes';
import { registerEncaissementRoutes } from './encaissement/routes';
import { registerClientRoutes } from './clients/routes';

z.config(z.locales.fr());

export interface AppDeps {
  db: Db;
  config: Config;
  /** Pino logger options; false to silence (tests). */
  logger?: boolean | object;
  /** Folder of the built UI (default dist/ at the project root); served at / when present. */
  uiDir?: string;
}

export interface App extends FastifyInstance {
  tokens: TokenService;
  /** Every API route registered (method and URL pattern), for the access walk test and the docs. */
  apiRoutes: { method: string; url: string; documented: boolean }[];
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Builds the API server. @returns a ready-to-listen Fastify instance with `tokens` attached */
export async function buildApp(deps: AppDeps): Promise<App> {
  const app = Fastify({
    logger: deps.logger ?? { level: deps.config.logLevel },
    // X-Forwarded-For is believed only from the proxies TRUST_PROXY names (docs/architecture.md §4).
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1_048_576,
    ajv: { customOptions: { coerceTypes: 'array' } },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const tokens = createTokenService(await resolveSecret(deps.db, deps.config.jwtSecret), deps.config.tokenTtlSeconds);

  await app.register(helmet, {
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
  });
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: {
      info: { title: 'API Colis — back-office', description: 'Spécification 000 §7 et 001 §7', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const apiRoutes: { method: string; url: string; documented: boolean }[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') apiRoutes.push({ method, url: route.url, documented: !!route.schema?.response });
    }
  });
  registerErrorHandling(app);
  registerInputGuard(app);
  registerAccess(app, { db: deps.db, tokens });

  registerAuthRoutes(app, { db: deps.db, tokens, config: deps.config });
  registerUserRoutes(app, deps.db);
  registerPrivilegeRoutes(app, deps.db);
  registerMessageRoutes(app, deps.db);
  registerPaysRoutes(app, deps.db);
  registerVilleRoutes(app, deps.db);
  registerAgenceRoutes(app, deps.db);
  registerRoleRoutes(app, deps.db);
  registerModeRoutes(app, deps.db);
  registerNatureRoutes(app, deps.db);
  registerParamNatureModeRoutes(app, deps.db);
  registerTypeOperationRoutes(app, deps.db);
  registerStatutRoutes(app, deps.db);
  registerEnvoiRoutes(app, deps.db);
  registerColisRoutes(app, deps.db);
  registerEncaissementRoutes(app, deps.db);
  registerClientRoutes(app, deps.db);

  // Runtime configuration of the UI (spec 001 §7: base address from runtime configuration, else origin + /api/).
  app.get('/app-config.js', async (_req, reply) => {
    reply.type('application/javascript').header('cache-control', 'no-store');
    return `window.__APP_CONFIG__ = ${JSON.stringify({ apiUrl: process.env.PUBLIC_API_URL || undefined })};\n`;
  });

  const uiDir = deps.uiDir ?? path.join(ROOT, 'dist');
  const hasUi = existsSync(path.join(uiDir, 'index.html'));
  if (hasUi) {
    await app.register(fastifyStatic, { root: uiDir, wildcard: false, index: false });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.method !== 'GET' || !hasUi) {
      return reply.code(404).send({ success: false, message: 'Ressource introuvable.' });
    }
    // Client-side routes of the single-page app.
    return reply.type('text/html').sendFile('index.html');
  });

  const out = app as unknown as App;
  out.tokens = tokens;
  out.apiRoutes = apiRoutes;
  return out;
}
