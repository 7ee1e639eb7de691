/**
 * Input guard of every API route, in one place (docs/decisions/security-hardening.md; docs/architecture.md §4 "Input"):
 * - a NUL byte or another control character in a path parameter, a query parameter, a JSON key or a JSON string is
 *   refused with 400 and a French message (PostgreSQL cannot store NUL: it used to answer 500, error 22021);
 *   tabs and line breaks are allowed in body texts (addresses, messages), nowhere else;
 * - a body-less call sent with `Content-Type: application/json` and an empty body (as the spec's client sends its
 *   DELETE calls) is read as having no body instead of being refused;
 * - a JSON body nested deeper than MAX_JSON_DEPTH is refused with 400 before it is parsed, by a scan without recursion
 *   (thousands of levels used to overflow the stack of the walk below: 500 and a stack trace per call);
 * - a lone UTF-16 surrogate (`\ud800` without its pair, which no UTF-8 text can hold) in a JSON key or string is
 *   refused with 400 (security probe 2026-12-01 F10: it was stored, as a replacement character);
 * - a JSON body, when there is one, is an object: `null`, an array, a string, a number or a boolean is refused with 400
 *   (NOT_AN_OBJECT) before any route's schema runs, as every route's body is an object (security probe 2026-12-01 F8: a
 *   schema refinement read a field of `null` and answered 500).
 */
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../http/errors';

/** The French refusal of a JSON body that is not an object. */
const NOT_AN_OBJECT = 'Le corps de la requête doit être un objet JSON.';

/** Control characters refused everywhere (C0 but tab, LF, CR; DEL; C1). */
// eslint-disable-next-line no-control-regex -- matching control characters is this guard's purpose
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** Control characters refused in paths and query strings (tab and line breaks included). */
// eslint-disable-next-line no-control-regex -- matching control characters is this guard's purpose
const CONTROL_IN_URL = /[\u0000-\u001F\u007F-\u009F]/;

/** The deepest nesting of objects and arrays a JSON body may have (the product's bodies use 3). */
export const MAX_JSON_DEPTH = 32;

/** Whether the JSON text `text` nests objects and arrays deeper than `max` (strings skipped; one pass, no recursion). */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > max) return true;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return false;
}

/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The path of the first string (or key) of `value` holding a character of `pattern`, or null. */
function findControlCharacter(value: unknown, pattern: RegExp, path = ''): string | null {
  if (typeof value === 'string') return pattern.test(value) ? path || 'valeur' : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findControlCharacter(value[i], pattern, `${path}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      const here = path ? `${path}.${key}` : key;
      if (pattern.test(key)) return here;
      const found = findControlCharacter(v, pattern, here);
      if (found) return found;
    }
  }
  return null;
}

/** Throws 400 when a part of the request holds a control character, or its body a lone surrogate. */
function checkRequest(request: FastifyRequest) {
  const field =
    findControlCharacter(request.params, CONTROL_IN_URL) ??
    findControlCharacter(request.query, CONTROL_IN_URL) ??
    findControlCharacter(request.body, CONTROL_IN_TEXT);
  if (field) {
    const message = 'Caractère de contrôle interdit dans la requête.';
    throw badRequest(message, { [field]: 'Caractère de contrôle interdit' });
  }
  const broken = findControlCharacter(request.body, LONE_SURROGATE);
  if (broken) {
    throw badRequest('Texte mal encodé dans la requête : caractère Unicode incomplet.', { [broken]: 'Caractère Unicode incomplet' });
  }
}

/** The guard (a preValidation hook: after parsing, before each route's schema) and the JSON parser. */
export const inputGuardPlugin = fp(
  async (app) => {
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') return done(null, undefined);
      if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
        return done(badRequest(`Requête trop imbriquée : ${MAX_JSON_DEPTH} niveaux au plus.`), undefined);
      }
      return parseJson(request, text, (err: Error | null, value?: unknown) => {
        if (err) return done(err, undefined);
        if (value === null || typeof value !== 'object' || Array.isArray(value)) return done(badRequest(NOT_AN_OBJECT), undefined);
        return done(null, value);
      });
    });
    // A callback-style hook (no promise per request, docs/decisions/request-path.md); a refusal goes to the error
    // handler.
    app.addHook('preValidation', (request, _reply, done) => {
      try {
        if (request.url.startsWith('/api/')) checkRequest(request);
      } catch (err) {
        return done(err as Error);
      }
      done();
    });
  },
  { name: 'inputGuard' },
);
