/**
 * buildApp(deps): the Fastify instance of the API (docs/architecture.md §2). Tests use app.inject on it; server/main.ts listens.
 * A list of registrations: the cross-cutting plugins of server/plugins/ (metrics, load shedding, body limits,
 * security headers, rate limits, OpenAPI at /api/docs, JSON errors, input guard, authentication and permissions,
 * per-user limits of expensive calls) and the Idempotency-Key of POSTs (http/idempotency.ts), then the routes of each
 * area, then the built UI at /. Request logs are Fastify's (pino).
 */
import path from 'node:path';
import { PROJECT_ROOT } from './paths';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import '../common/schemas/fields'; // installs zod's French locale, the one error map of routes and forms
import type { Config } from './config';
import type { Db } from './db/client';
import { answerSerializerCompiler } from './http/answerSerializer';
import { createTokenService, resolveSecret, type TokenService } from './auth/tokens';
import { accessPlugin } from './plugins/access';
import { idempotencyPlugin } from './http/idempotency';
import { clientErrorHandler, errorsPlugin, frameworkErrors } from './plugins/errors';
import { bodyLimitsPlugin } from './plugins/bodyLimits';
import { helmetPlugin } from './plugins/helmet';
import { inputGuardPlugin } from './plugins/inputGuard';
import { rateLimitPlugin } from './plugins/rateLimit';
import { routeCatalogPlugin } from './plugins/routeCatalog';
import { staticPlugin } from './plugins/static';
import { swaggerPlugin } from './plugins/swagger';
import { underPressurePlugin } from './plugins/underPressure';
import { usageLimitsPlugin } from './plugins/usageLimits';
import { loggerOptions } from './http/logRedaction';
import { agenceRoutes } from './agence/routes';
import { auditRoutes } from './audit/routes';
import { authRoutes } from './auth/routes';
import { autorisationRoutes } from './autorisation/routes';
import { caisseRoutes } from './caisse/routes';
import { colisRoutes } from './colis/routes';
import { demandesSuppressionRoutes } from './colis/demandesSuppressionRoutes';
import { colisTransfertRoutes } from './colis/transfertRoutes';
import { codeRetraitRoutes } from './colis/codeRetraitRoutes';
import { remiseRoutes } from './colis/remiseRoutes';
import { encaissementRoutes } from './encaissement/routes';
import { envoiRoutes } from './envoi/routes';
import { envoiManifestRoutes } from './envoi/manifestRoutes';
import { groupeNatureColisRoutes } from './groupeNatureColis/routes';
import { inventaireRoutes } from './inventaire/routes';
import { mailRoutes } from './mail/routes';
import { messageRoutes } from './message/routes';
import { modeEnvoiRoutes } from './modeEnvoi/routes';
import { modeLivraisonRoutes } from './modeLivraison/routes';
import { natureColisRoutes } from './natureColis/routes';
import { notificationRoutes } from './notification/routes';
import { paramNatureModeRoutes } from './paramNatureMode/routes';
import { paysRoutes } from './pays/routes';
import { CATALOGUE_AREA_ROUTES } from './crud/catalogueAreas';
import { permissionRoutes } from './privilege/routes';
import { roleRoutes } from './role/routes';
import { statutRoutes } from './statut/routes';
import { operationRoutes } from './operation/routes';
import { tauxChangeRoutes } from './tauxChange/routes';
import { userRoutes } from './user/routes';
import { typeUserRoutes } from './typeUser/routes';
import { villeRoutes } from './ville/routes';
import { registerLifecycle } from './plugins/lifecycle';
import { metricsPlugin } from './metrics/plugin';
import { healthRoutes } from './health/routes';
import { securiteRoutes } from './securite/routes';
import { statsRoutes } from './colis/statsRoutes';
import { configureSuiviLinks } from './suivi/link';
import { configureChannels } from './outbox/channels/registry';
import { suiviRoutes } from './suivi/routes';

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
}

/** Builds the API server. @returns a ready-to-listen Fastify instance with `tokens` attached */
export async function buildApp(deps: AppDeps): Promise<App> {
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(deps.config.logLevel),
    // X-Forwarded-For is believed only from the proxies TRUST_PROXY names (docs/architecture.md §4).
    trustProxy: deps.config.trustProxy,
    // The ceiling; each route reads at most its own limit, 16 KiB unless it needs more (plugins/bodyLimits.ts).
    bodyLimit: 1_048_576,
    // The router's and Node's refusals in the API's French envelope (plugins/errors.ts, docs/decisions/error-contract.md).
    frameworkErrors,
    clientErrorHandler,
    ajv: { customOptions: { coerceTypes: 'array' } },
    // While stopping, plugins/lifecycle.ts answers 503 in French instead of Fastify's English one.
    return503OnClosing: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler);
  registerLifecycle(app);
  // Prometheus metrics on METRICS_PORT, a listener of their own (off when unset); /metrics here is a 404.
  await app.register(metricsPlugin, { db: deps.db, config: deps.config });
  // 503 before any work while the event loop or the heap is over its threshold (docs/decisions/usage-limits.md).
  await app.register(underPressurePlugin, deps.config.loadShedding);

  const tokens = createTokenService(await resolveSecret(deps.db, deps.config.jwtSecret), deps.config.tokenTtlSeconds);

  await app.register(routeCatalogPlugin);
  await app.register(bodyLimitsPlugin);
  await app.register(helmetPlugin);
  await app.register(rateLimitPlugin);
  await app.register(swaggerPlugin, { mode: deps.config.apiDocs, tokens });
  await app.register(errorsPlugin);
  await app.register(inputGuardPlugin);
  await app.register(accessPlugin, { db: deps.db, tokens });
  await app.register(usageLimitsPlugin, { db: deps.db, limits: deps.config.usageLimits }); // per-user limits of expensive calls
  await app.register(idempotencyPlugin, { db: deps.db }); // Idempotency-Key of the signed-in POSTs (docs/decisions/idempotent-writes.md)

  // /api/<prefix>/… is served by the route plugins of server/<prefix>/: its routes.ts, and one <subject>Routes.ts per
  // further screen of a prefix (colis, envoi), or, for a code/libellé area that is data alone, by its row of the
  // resource catalogue (server/crud/catalogueAreas.ts); /api/public/suivi… by server/suivi/ (docs/architecture.md §2).
  await app.register(authRoutes, { db: deps.db, tokens, config: deps.config });
  configureSuiviLinks(deps.config);
  configureChannels(deps.config);
  await app.register(suiviRoutes, { db: deps.db, config: deps.config });
  for (const routes of [
    userRoutes,
    auditRoutes,
    typeUserRoutes,
    permissionRoutes,
    autorisationRoutes,
    messageRoutes,
    mailRoutes,
    paysRoutes,
    villeRoutes,
    agenceRoutes,
    roleRoutes,
    modeEnvoiRoutes,
    modeLivraisonRoutes,
    // the code/libellé areas that are data alone: their row of common/resources.ts (crud/catalogueAreas.ts)
    ...CATALOGUE_AREA_ROUTES,
    groupeNatureColisRoutes,
    natureColisRoutes,
    paramNatureModeRoutes,
    operationRoutes,
    tauxChangeRoutes,
    statutRoutes,
    envoiRoutes,
    envoiManifestRoutes,
    colisRoutes,
    demandesSuppressionRoutes,
    colisTransfertRoutes,
    codeRetraitRoutes,
    remiseRoutes,
    encaissementRoutes,
    caisseRoutes,
    inventaireRoutes,
    notificationRoutes,
    healthRoutes,
    securiteRoutes,
    statsRoutes,
  ]) {
    await app.register(routes, { db: deps.db });
  }

  await app.register(staticPlugin, { uiDir: deps.uiDir ?? path.join(PROJECT_ROOT, 'dist') });

  const out = app as unknown as App;
  out.tokens = tokens;
  return out;
}
