/**
 * Error handling: every refusal is JSON `{success: false, message, errors?}` (plus an AppError's `details` fields) with the status that fits
 * (DESIGN.md §3). Body validation → 400 with a French message per field; unique / foreign-key violations → 409;
 * database unreachable (connection refused, reset or timed out) → 503 with Retry-After; anything unexpected → 500 with a generic message (details only in the log).
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../http/errors';
import fp from 'fastify-plugin';

/** PostgreSQL error fields, as pg and PGlite report them (possibly wrapped by Drizzle in `cause`). */
interface PgLikeError {
  code?: string;
  constraint?: string;
  detail?: string;
  message?: string;
}

/** The PostgreSQL error behind an error (pg and PGlite alike, possibly wrapped by Drizzle), or null. */
export function pgError(err: unknown): PgLikeError | null {
  let e: unknown = err;
  for (let i = 0; i < 3 && e; i++) {
    const code = (e as PgLikeError).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return e as PgLikeError;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

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
 * shutdown, cannot connect now), 57014 (statement timeout) and 53300 (too many connections), and the driver's own
 * timeout and closed-connection messages. Looks through Drizzle's `cause` chain.
 * @returns true for a 503, false for anything else
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 4 && e; i++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (CONNECTION_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code) || ['57P01', '57P02', '57P03', '57014', '53300'].includes(code))
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
      const message =
        err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'Corps de requête JSON invalide.'
          : err.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'Requête trop volumineuse.'
            : err.code === 'FST_STATIC_FORBIDDEN_PATH' // a "..", "." or empty segment in a UI file's path (plugins/static.ts)
              ? 'Chemin non autorisé.'
              : err.message;
      return reply.code(err.statusCode).send({ success: false, message });
    }
    request.log.error({ err }, 'unexpected error');
    return reply.code(500).send({ success: false, message: 'Une erreur interne est survenue.' });
  });
}

/** The error handling as a Fastify plugin, at the root so that every route's refusals go through it. */
export const errorsPlugin = fp(async (app) => registerErrorHandling(app), { name: 'errors' });
