/**
 * The serializer of every answer (app.ts): the route's zod response schema checks the answer (an answer that does
 * not match is a 500, never sent as it is: fastify-type-provider-zod's ResponseSerializationError, as its own
 * serializer throws), then JSON.stringify writes it, its instants first turned into ISO texts
 * (docs/decisions/request-path.md). Its speed-ups are a mechanism of the performance layer, listed with their figures
 * and switch in server/db/fast/README.md.
 *
 * Why the instants: JSON.stringify leaves its fast path for an object with a `toJSON` method, and a Date's
 * (Date.prototype.toJSON → toISOString, a C++ builtin) is a call per instant: records with instants take more than
 * twice as long to write as the same records with their instants as texts (bench/history.md, second and third
 * sessions). `jsonReady` gives JSON.stringify a value without Dates, written the same: same text, byte for byte
 * (tests/server/answerSerializer.test.ts).
 *
 * serializedOnce: the text of an answer made from data that never changes, serialized once by the same serializer.
 * sendListText: a list page already written as JSON by PostgreSQL (db/fast/jsonPage.ts), sent as it is.
 * Off switch: FAST_ANSWERS=0 (server/config.ts) writes every answer with JSON.stringify as it is and serializes the
 * unchanging ones on every request; tests/server/answerSerializer.test.ts and fastSwitches.test.ts hold both equal.
 */
import type { FastifyReply, FastifySerializerCompiler } from 'fastify';
import { InvalidSchemaError, ResponseSerializationError } from 'fastify-type-provider-zod';
import { $ZodType, safeEncode } from 'zod/v4/core';
import { fastSwitches } from '../db/fast/switches';

const pad2 = (n: number) => (n < 10 ? '0' + n : '' + n);
const pad3 = (n: number) => (n < 10 ? '00' + n : n < 100 ? '0' + n : '' + n);

/**
 * What JSON.stringify writes for a Date (Date.prototype.toJSON): its ISO 8601 text in UTC, or null when it is invalid.
 * Years 0–9999 are formatted here; others (±YYYYYY) by toISOString itself.
 */
export function isoInstant(date: Date): string | null {
  const year = date.getUTCFullYear();
  if (year !== year) return null; // NaN: an invalid date
  if (year < 0 || year > 9999) return date.toISOString();
  return (
    (year < 1000 ? ('000' + year).slice(-4) : '' + year) +
    '-' +
    pad2(date.getUTCMonth() + 1) +
    '-' +
    pad2(date.getUTCDate()) +
    'T' +
    pad2(date.getUTCHours()) +
    ':' +
    pad2(date.getUTCMinutes()) +
    ':' +
    pad2(date.getUTCSeconds()) +
    '.' +
    pad3(date.getUTCMilliseconds()) +
    'Z'
  );
}

const dateToJSON = Date.prototype.toJSON;

/**
 * `value` with every Date (whose toJSON is Date's own) replaced by what its toJSON returns, for JSON.stringify.
 * Copy on write: `value` is never changed, objects and arrays without a Date inside are returned as they are, and an
 * object with its own toJSON is left to JSON.stringify.
 */
export function jsonReady(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') return toJSON === dateToJSON && value instanceof Date ? isoInstant(value) : value;
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const item = value[i];
      const ready = jsonReady(item);
      if (ready !== item) (copy ??= value.slice())[i] = ready;
    }
    return copy ?? value;
  }
  const source = value as Record<string, unknown>;
  const keys = Object.keys(source);
  let copy: Record<string, unknown> | null = null;
  for (let i = 0; i < keys.length; i++) {
    const item = source[keys[i]];
    const ready = jsonReady(item);
    if (ready !== item) (copy ??= { ...source })[keys[i]] = ready;
  }
  return copy ?? value;
}

/** A response schema as a route gives it: a zod schema, or `{properties: zod schema}` (fastify-type-provider-zod's). */
function zodSchemaOf(schema: unknown): $ZodType {
  if (schema instanceof $ZodType) return schema;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  if (properties instanceof $ZodType) return properties;
  throw new InvalidSchemaError(JSON.stringify(schema));
}

/** The serializer compiler of every route (app.ts): the zod check of fastify-type-provider-zod, then jsonReady. */
export const answerSerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema, method, url }) => {
  const zodSchema = zodSchemaOf(schema);
  return (data: unknown) => {
    const result = safeEncode(zodSchema, data);
    if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
    // FAST_ANSWERS=0: the value as it is (JSON.stringify calls each Date's toJSON itself).
    return JSON.stringify(fastSwitches().answers ? jsonReady(result.data) : result.data);
  };
};

/** The content type Fastify gives a JSON answer. */
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * For answers made from data read once and never changed afterwards (e.g. the statuses, kept per database handle):
 * the answer built from `source` is serialized once, by the route's own serializer (so checked by its response
 * schema like any answer), and that text is sent as it is to every later request with the same `source` object.
 * @returns send(reply, source, build): sends the answer of `source` (built by `build` the first time)
 */
export function serializedOnce() {
  const texts = new WeakMap<object, string>();
  return (reply: FastifyReply, source: object, build: () => unknown) => {
    // FAST_ANSWERS=0: built and serialized on every request.
    if (!fastSwitches().answers) return reply.type(JSON_CONTENT_TYPE).send(reply.serialize(build()));
    let text = texts.get(source);
    if (text === undefined) {
      text = reply.serialize(build()) as string;
      texts.set(source, text);
    }
    return reply.type(JSON_CONTENT_TYPE).send(text);
  };
}

/**
 * Sends a list answer `{success: true, [key]: rows, total}` whose rows are already JSON text (server/http/list.ts
 * runList `json`: written by PostgreSQL as toApi would answer them, db/fast/jsonPage.ts), as it is: not parsed, not checked
 * against the route's schema (tests/server/listJson.test.ts compares such pages with the checked ones).
 * @param key the rows' key (the spec's: `datas`…), a plain name
 * @param more more keys of the answer as JSON text, written after `total` (`,"byAgence":[…]`: http/byAgence.ts)
 */
export function sendListText(reply: FastifyReply, key: string, rows: string, total: number, more = '') {
  return reply.type(JSON_CONTENT_TYPE).send(`{"success":true,${JSON.stringify(key)}:${rows},"total":${total}${more}}`);
}
