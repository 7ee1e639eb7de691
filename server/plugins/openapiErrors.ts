/**
 * The error contract in the OpenAPI document (docs/decisions/error-contract.md), applied to the whole document once it
 * is generated (@fastify/swagger `transformObject`, plugins/swagger.ts):
 * - every operation lists the refusals it may answer, each in the `{success: false, message, errors?}` envelope
 *   (component `Erreur`): 400, 413 (with the route's body limit), 429 and 503 (with Retry-After), 500 everywhere;
 *   401 and 403 where a session is needed; 404 and 414 where the path has parameters; 409 and 415 on writes. A status
 *   the route already declares (common/schemas/answer.ts REFUSALS or its own) is kept as declared.
 * - a list that exports (`format=csv|xlsx`, http/export.ts) declares the CSV and XLSX media types of its 200 beside
 *   JSON, with its Content-Disposition; a `.js` file (the UI's /app-config.js) declares JavaScript.
 */
import { z } from 'zod';
import { bodyLimitOf } from './bodyLimits';
import { errorAnswer } from '../../common/schemas/answer';
import { EXPORT_CONTENT_TYPES } from '../http/export';

/** An OpenAPI response object, as far as this module reads and writes it. */
interface ResponseObject {
  description?: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema?: unknown }>;
}

/** An OpenAPI operation, as far as this module reads and writes it. */
interface OperationObject {
  security?: unknown[];
  parameters?: { name: string; in: string; schema?: { enum?: unknown[] } }[];
  responses?: Record<string, ResponseObject>;
}

/** The generated document, as far as this module reads and writes it. */
export interface OpenApiDocument {
  paths?: Record<string, Record<string, OperationObject>>;
  components?: { schemas?: Record<string, unknown>; [k: string]: unknown };
  [k: string]: unknown;
}

/** Name of the envelope's schema in `components.schemas`. */
export const ERROR_SCHEMA = 'Erreur';

const ERROR_REF = { $ref: `#/components/schemas/${ERROR_SCHEMA}` };

const RETRY_AFTER = {
  'Retry-After': { description: 'secondes à attendre avant de réessayer', schema: { type: 'integer', minimum: 1 } },
};

/** What each added refusal means, in French (the statuses a route may not have declared). */
const ERROR_DESCRIPTIONS: Readonly<Record<string, string>> = {
  400: 'Requête invalide : données, paramètres, JSON ou adresse mal formés (caractères mal encodés)',
  401: 'Non connecté, ou session expirée ou révoquée',
  403: "Permission manquante, mot de passe à changer, ou enregistrement d'une autre agence",
  404: 'Introuvable',
  408: 'Requête trop lente : le client a mis trop de temps à l’envoyer',
  409: 'Règle métier : doublon, enregistrement utilisé, statut…',
  413: 'Requête trop volumineuse',
  414: 'Adresse trop longue : un paramètre de chemin dépasse 100 caractères',
  415: 'Type de contenu non pris en charge (envoyer application/json)',
  429: 'Trop de requêtes : réessayer après Retry-After',
  431: 'En-têtes de requête trop volumineux : adresse et en-têtes au plus 16 Kio',
  500: 'Erreur interne (détails dans le journal du serveur)',
  503: 'Service indisponible (base de données, serveur surchargé ou en arrêt) : réessayer après Retry-After',
};

const WRITES = new Set(['post', 'put', 'patch', 'delete']);
const HTTP_METHODS = new Set(['get', 'head', 'options', 'trace', ...WRITES]);

/** A byte count in French units (16 Kio, 1 Mio). */
const bytesFr = (n: number) => (n >= 1_048_576 ? `${n / 1_048_576} Mio` : `${n / 1024} Kio`);

/** The statuses an operation may refuse with, by its method, path and whether it needs a session. */
function refusalsOf(method: string, path: string, signedIn: boolean): string[] {
  const statuses = ['400', '408', '413', '429', '431', '500', '503'];
  if (signedIn) statuses.push('401', '403');
  if (path.includes('{')) statuses.push('404', '414');
  if (WRITES.has(method)) statuses.push('409', '415');
  return statuses;
}

/**
 * The media types of an export's 200 beside JSON: http/export.ts's EXPORT_CONTENT_TYPES without their parameters
 * (tests/server/errorEnvelope.test.ts compares them with a real export's Content-Type), with a binary body.
 */
export const EXPORT_MEDIA_TYPES = Object.values(EXPORT_CONTENT_TYPES).map((type) => type.split(';')[0]);

/** The 200 content entries of an export (EXPORT_MEDIA_TYPES). */
function exportContent(): Record<string, { schema: unknown }> {
  return Object.fromEntries(EXPORT_MEDIA_TYPES.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]));
}

/** Whether an operation is a list that exports: a `format` query parameter offering csv or xlsx. */
function exports(op: OperationObject): boolean {
  return !!op.parameters?.some(
    (p) => p.in === 'query' && p.name === 'format' && (p.schema?.enum ?? []).some((v) => v === 'csv' || v === 'xlsx'),
  );
}

/**
 * Completes the generated document with the error contract and the exports' media types (see the file's comment).
 * Mutates and returns `doc`. Docs: docs/decisions/error-contract.md.
 * @param doc the document @fastify/swagger generated (OpenAPI 3)
 * @returns the same document
 */
export function documentErrorContract<T extends OpenApiDocument>(doc: T): T {
  doc.components ??= {};
  doc.components.schemas ??= {};
  doc.components.schemas[ERROR_SCHEMA] = {
    ...z.toJSONSchema(errorAnswer, { target: 'openapi-3.0', io: 'output' }),
    description: 'Refus : success vaut false, message en français à montrer, errors un message par champ',
  };
  for (const [path, ops] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(ops)) {
      if (!HTTP_METHODS.has(method) || !op || typeof op !== 'object') continue;
      const responses = (op.responses ??= {});
      // The UI's files (/app-config.js) and the public routes (security: []) need no session.
      const signedIn = path.startsWith('/api/') && !(Array.isArray(op.security) && op.security.length === 0);
      for (const status of refusalsOf(method, path, signedIn)) {
        responses[status] ??= { description: ERROR_DESCRIPTIONS[status], content: { 'application/json': { schema: ERROR_REF } } };
      }
      const limit = bodyLimitOf(method.toUpperCase(), path.replace(/\{([^}]+)\}/g, ':$1'));
      responses['413'].description = `${ERROR_DESCRIPTIONS[413]} : plus de ${bytesFr(limit)} pour cette route`;
      for (const status of ['429', '503']) responses[status].headers = { ...responses[status].headers, ...RETRY_AFTER };
      // Not only the database: load shedding and an orderly stop answer 503 too.
      responses['503'].description = ERROR_DESCRIPTIONS[503];
      const ok = responses['200'];
      if (ok && exports(op)) {
        ok.content = { ...ok.content, ...exportContent() };
        ok.description = `${ok.description ?? 'Réponse'} ; avec format=csv|xlsx, le fichier de toute la liste`;
        ok.headers = {
          ...ok.headers,
          'Content-Disposition': {
            description: 'avec format=csv|xlsx : attachment; filename="{liste}-{aaaa-mm-jj}.{csv|xlsx}"',
            schema: { type: 'string' },
          },
        };
      } else if (ok && !ok.content && path.endsWith('.js')) {
        ok.content = { 'application/javascript': { schema: { type: 'string' } } };
      }
    }
  }
  return doc;
}
