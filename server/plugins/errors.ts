/**
 * Error handling: every refusal is JSON `{success: false, message, errors?}` (plus an AppError's `details` fields) with the status that fits
 * (docs/architecture.md §3). Body validation → 400 with a French message per field; unique violations and a record still
 * referenced → 409; a reference to a record that does not exist → 400 naming the field (part-001 audit B22);
 * database unreachable (connection refused, reset or timed out) → 503 with Retry-After; a transaction rolled back by a
 * deadlock or a serialization failure → 503 with Retry-After (nothing written); anything unexpected → 500 with a generic message (details only in the log).
 * Fastify's own refusals too, in French (docs/decisions/error-contract.md): the body parser's (400, 413, 415) through the
 * error handler, the router's (bad percent-encoding 400, parameter over 100 characters 414) through `frameworkErrors`,
 * and Node's HTTP parser's (431, 408, 400) through `clientErrorHandler` (both options of server/app.ts).
 */
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../http/errors';
import { pgError, type PgLikeError } from '../db/pgError';
import fp from 'fastify-plugin';

/** What a user reads when the database rolled the request back for a momentary conflict (503). */
const CONFLICT_MESSAGE = 'Opération en conflit avec une autre, réessayez dans un instant.';

/** What a user reads while the database cannot be reached (503). */
export const DATABASE_UNAVAILABLE_MESSAGE = 'Base de données indisponible, réessayez dans un instant.';

/** Socket error codes of a database connection that failed, was refused, reset or timed out. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** Messages of pg, pg-pool and PGlite when a connection died, timed out or the database is closed. */
const CONNECTION_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Query read timeout|not queryable|Client was closed|Cannot use a pool after calling end|PGlite is closed|database is closed/i;

/**
 * Whether an error means the database cannot be reached right now (so the request may succeed later): socket codes
 * (ECONNREFUSED, ECONNRESET, ETIMEDOUT…), PostgreSQL codes 08xxx (connection exception), 57P01–57P03 (admin or crash
 * shutdown, cannot connect now), 57014 (statement timeout), 55P03 (lock timeout; the embedded database's wait limit,
 * server/db/pgliteGate.ts) and 53300 (too many connections), and the driver's own
 * timeout and closed-connection messages. Looks through Drizzle's `cause` chain.
 * @returns true for a 503, false for anything else
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 4 && e; i++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (
        CONNECTION_CODES.has(code) ||
        /^08[0-9A-Z]{3}$/.test(code) ||
        ['57P01', '57P02', '57P03', '57014', '55P03', '53300'].includes(code)
      )
        return true;
    }
    if (typeof message === 'string' && CONNECTION_MESSAGES.test(message)) return true;
    const next = (e as { cause?: unknown }).cause;
    if (next === e) break;
    e = next;
  }
  return false;
}

/** Unique constraints whose violation needs its own field and message. */
const CONSTRAINT_MESSAGES: Record<string, { field: string; message: string }> = {
  pnm_route_uq: { field: 'groupeNatureColisID', message: 'Un prix unitaire existe déjà pour ce groupe, ce trajet et ce mode.' },
  autorisations_role_privilege_uq: { field: 'privilegeID', message: 'Cette autorisation existe déjà pour ce rôle.' },
  taux_change_devise_date_uq: { field: 'dateDebut', message: 'Un taux de cette devise existe déjà à cette date.' },
};

/** Field name of a unique constraint, e.g. 'pays_code_unique' → 'code'. */
function uniqueField(constraint?: string): string {
  if (!constraint) return 'code';
  if (constraint.includes('email')) return 'email';
  if (constraint.includes('phone') || constraint.includes('telephone')) return 'telephone';
  if (constraint.includes('reference')) return 'reference';
  if (constraint.includes('libelle')) return 'libelle';
  return 'code';
}

const UNIQUE_MESSAGES: Record<string, string> = {
  code: 'Ce code existe déjà.',
  email: 'Cet email est déjà utilisé.',
  telephone: 'Ce numéro de téléphone est déjà utilisé.',
  reference: 'Cette référence existe déjà.',
  libelle: 'Ce libellé existe déjà.',
};

/** How a line of a list field is named in a message, by the list's key (default 'ligne'). */
const LINE_LABELS: Record<string, string> = { naturesColis: 'nature' };

/**
 * The summary of a 400 for a person (audit 000 B8): 'Données invalides : ' and the French message of the first field,
 * never its key. A field inside a list is located by its line, counted from 1: `naturesColis.1.poids` with 'Le poids
 * est obligatoire' → 'Données invalides : Le poids est obligatoire (nature 2)'. The keys stay in `errors`, for the forms.
 * @param first the first field key and its French message, or undefined when zod named none
 */
function validationSummary(first: [field: string, message: string] | undefined): string {
  if (!first) return 'Données invalides : requête invalide';
  const [field, message] = first;
  const parts = field.split('.');
  const at = parts.findIndex((p) => /^\d+$/.test(p));
  const line = at > 0 ? ` (${LINE_LABELS[parts[at - 1]] ?? 'ligne'} ${Number(parts[at]) + 1})` : '';
  return `Données invalides : ${message}${line}`;
}

/**
 * Fastify's own refusals in French, by error code (docs/decisions/error-contract.md): the body parser's, the router's
 * (a path that is not valid percent-encoded UTF-8, a path parameter over 100 characters) and the static files'.
 */
const FRAMEWORK_MESSAGES: Readonly<Record<string, string>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Corps de requête JSON invalide.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Corps de requête JSON invalide.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Requête trop volumineuse.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Type de contenu non pris en charge : envoyez du JSON (Content-Type: application/json).',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Longueur du corps de requête différente de son en-tête Content-Length.',
  FST_ERR_BAD_URL: 'Adresse invalide : caractères mal encodés.',
  FST_ERR_INVALID_URL: 'Adresse invalide.',
  FST_ERR_MAX_PARAM_LENGTH: 'Adresse trop longue : un paramètre dépasse 100 caractères.',
  FST_ERR_VALIDATION: 'Données invalides : requête invalide',
  FST_ERR_NOT_FOUND: 'Ressource introuvable.',
  // a "..", "." or empty segment in a UI file's path (plugins/static.ts)
  FST_STATIC_FORBIDDEN_PATH: 'Chemin non autorisé.',
};

/** A French message by status for a library's 4xx that FRAMEWORK_MESSAGES does not name (its own text is English). */
const STATUS_MESSAGES: Readonly<Record<number, string>> = {
  400: 'Requête invalide.',
  404: 'Ressource introuvable.',
  405: 'Méthode non autorisée pour cette adresse.',
  408: 'Délai de la requête dépassé.',
  413: 'Requête trop volumineuse.',
  414: 'Adresse trop longue.',
  415: 'Type de contenu non pris en charge.',
  431: 'En-têtes de requête trop volumineux.',
};

/**
 * The French message of a 4xx error that is no AppError: Fastify's and its plugins' by code, else by status; any
 * other error's own message (a library that already speaks French, e.g. a hook's refusal).
 */
function frameworkMessage(err: FastifyError): string {
  if (err.code && FRAMEWORK_MESSAGES[err.code]) return FRAMEWORK_MESSAGES[err.code];
  if (err.code?.startsWith('FST_') || !err.message) return STATUS_MESSAGES[err.statusCode ?? 400] ?? 'Requête refusée.';
  return err.message;
}

/**
 * Fastify's `frameworkErrors` option (server/app.ts): the router's refusals, answered before any route or hook runs,
 * in the API's envelope: FST_ERR_BAD_URL → 400, FST_ERR_MAX_PARAM_LENGTH → 414 (docs/decisions/error-contract.md).
 */
export function frameworkErrors(err: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = err.statusCode ?? 400;
  if (status >= 500) {
    void reply.code(500).send({ success: false, message: 'Une erreur interne est survenue.' });
    return;
  }
  void reply.code(status).send({ success: false, message: frameworkMessage(err) });
}

/**
 * Fastify's `clientErrorHandler` option (server/app.ts): what Node's HTTP parser refuses before Fastify sees a request
 * (request line and headers over 16 KiB → 431, a request that took too long → 408, anything malformed → 400), written
 * on the socket in the API's envelope, in French, then the connection closed. A reset connection gets nothing.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify({ success: false, message: STATUS_MESSAGES[status] });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/**
 * The body field naming a record that does not exist, from a foreign-key violation of an insert or update
 * ('Key (mode_envoi_id)=(…) is not present in table "modes_envoi".'): the field of the body (top level, or of an
 * object in a list) holding the missing id, else the column's name in the API's spelling (mode_envoi_id →
 * modeEnvoiID). Null for the other violation, a deletion of a record still referenced ('is still referenced').
 */
function missingReference(pg: PgLikeError, body: unknown): string | null {
  // PostgreSQL's detail in English (PGlite, servers with lc_messages C or en) or in French.
  const match = /^(?:Key|La clé) \(([a-z0-9_]+)\)=\((.*)\) (?:is not present in table|n'est pas présente dans la table)/.exec(
    pg.detail ?? '',
  );
  if (!match) return null;
  const [, column, value] = match;
  const holding = (record: unknown): string | undefined =>
    record && typeof record === 'object' && !Array.isArray(record) ? Object.entries(record).find(([, v]) => v === value)?.[0] : undefined;
  if (body && typeof body === 'object') {
    const top = holding(body);
    if (top) return top;
    for (const v of Object.values(body)) {
      const inner = Array.isArray(v) ? v.map(holding).find(Boolean) : undefined;
      if (inner) return inner;
    }
  }
  return column.replace(/_id$/, 'ID').replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** Registers the error and not-found handlers of the API. */
function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      // details first: they add fields (e.g. dependances) and never replace success, message or errors.
      return reply.code(err.statusCode).send({ ...err.details, success: false, message: err.message, errors: err.errors });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: Record<string, string> = {};
      for (const v of err.validation) {
        // A failed union (status toggle | full body): report the issues of its last, fullest branch.
        const branches = (v.params as { errors?: { path: PropertyKey[]; message: string }[][] }).errors;
        if (v.keyword === 'invalid_union' && branches?.length) {
          for (const issue of branches[branches.length - 1]) errors[issue.path.join('.') || 'body'] ??= issue.message;
          continue;
        }
        const field = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body';
        errors[field] ??= v.message ?? 'Valeur invalide';
      }
      const first = Object.entries(errors)[0];
      return reply.code(400).send({ success: false, message: validationSummary(first), errors });
    }
    if (err.statusCode === 429) {
      return reply.code(429).send({ success: false, message: 'Trop de tentatives. Veuillez réessayer dans une minute.' });
    }
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ err: { message: err.message, code: err.code } }, 'base de données indisponible');
      return reply.code(503).header('retry-after', '5').send({ success: false, message: DATABASE_UNAVAILABLE_MESSAGE });
    }
    const pg = pgError(err);
    // A transaction PostgreSQL rolled back for a momentary conflict — a deadlock (40P01, e.g. with a migration's ALTER
    // TABLE during a rolling upgrade, docs/architecture.md "Migrations beside a running version") or a serialization
    // failure (40001): nothing was written, the same request may succeed at once.
    if (pg?.code === '40P01' || pg?.code === '40001') {
      request.log.warn({ err: { message: err.message, code: pg.code } }, 'conflit momentané');
      return reply.code(503).header('retry-after', '1').send({ success: false, message: CONFLICT_MESSAGE });
    }
    // The access guards of migration 0018: a system role's identity (CL001), nobody left to reach `autorisation` (CL002);
    // the exchange rates' history, never rewritten (CL003, migration 0021); a closed cash day (CL004, migration 0022).
    if (pg?.code === 'CL001' || pg?.code === 'CL002' || pg?.code === 'CL003' || pg?.code === 'CL004') {
      return reply.code(409).send({ success: false, message: pg.message });
    }
    if (pg?.code === '23505' && pg.constraint && CONSTRAINT_MESSAGES[pg.constraint]) {
      const { field, message } = CONSTRAINT_MESSAGES[pg.constraint];
      return reply.code(409).send({ success: false, message, errors: { [field]: message } });
    }
    if (pg?.code === '23505') {
      const field = uniqueField(pg.constraint);
      return reply.code(409).send({ success: false, message: UNIQUE_MESSAGES[field], errors: { [field]: UNIQUE_MESSAGES[field] } });
    }
    if (pg?.code === '23503') {
      const missing = missingReference(pg, request.body);
      if (missing) {
        return reply.code(400).send({
          success: false,
          message: `Enregistrement introuvable : ${missing}.`,
          errors: { [missing]: 'Enregistrement introuvable' },
        });
      }
      return reply.code(409).send({
        success: false,
        message: "Cet élément est lié à d'autres enregistrements : opération impossible.",
      });
    }
    // Invalid text representation, date/time, out of range, NUL in text (22021), too long (22001).
    if (pg && ['22P02', '22007', '22008', '22003', '22021', '22001'].includes(pg.code ?? '')) {
      return reply.code(400).send({ success: false, message: 'Valeur invalide dans la requête.' });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.code(err.statusCode).send({ success: false, message: frameworkMessage(err) });
    }
    request.log.error({ err }, 'unexpected error');
    return reply.code(500).send({ success: false, message: 'Une erreur interne est survenue.' });
  });
}

/** The error handling as a Fastify plugin, at the root so that every route's refusals go through it. */
export const errorsPlugin = fp(async (app) => registerErrorHandling(app), { name: 'errors' });
