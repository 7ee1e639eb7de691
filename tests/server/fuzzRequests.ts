/**
 * Property-based requests derived from the API's own schemas (docs/decisions/security-hardening.md). The OpenAPI
 * document that /api/docs serves is built from each route's zod schemas (body, path and query parameters); from it
 * this module derives fast-check arbitraries of requests — valid, at the boundaries, and malformed — and runs them
 * against the app, checking that no answer is a 5xx and that every answer has the declared shape.
 * Used by tests/server/fuzz.test.ts (bounded for CI) and bench/fuzz.ts (longer runs).
 */
import fc from 'fast-check';
import Ajv, { type ValidateFunction } from 'ajv';
import type { FastifyInstance } from 'fastify';

/** A JSON Schema node as @fastify/swagger writes it (OpenAPI 3 flavour). */
export interface Schema {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minItems?: number;
  maxItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  nullable?: boolean;
  additionalProperties?: boolean | Schema;
}

interface Param {
  name: string;
  in: 'path' | 'query';
  required?: boolean;
  schema: Schema;
}

/** One API operation: method, OpenAPI path, its parameters and body schema, its declared answers. */
export interface Operation {
  method: string;
  path: string;
  params: Param[];
  body?: Schema;
  responses: Record<string, Schema | undefined>;
}

/** A generated request. */
export interface FuzzRequest {
  method: string;
  url: string;
  token: string | null;
  body?: unknown;
  /** Whether the body was deliberately made invalid (for the figures only). */
  kind: 'valid' | 'malformed';
}

/** A JSON content of the OpenAPI document: a request body or an answer. */
interface OpenApiContent {
  content?: { 'application/json'?: { schema?: Schema } };
}

/** The parts of an OpenAPI operation (one method of one path) that the fuzzer reads. */
interface OpenApiOperation {
  parameters?: (Param | { in: 'header' | 'cookie'; name: string })[];
  requestBody?: OpenApiContent;
  responses?: Record<string, OpenApiContent | undefined>;
}

/** The OpenAPI document as @fastify/swagger answers it (the paths only). */
interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

/** The operations of the API, from the OpenAPI document. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
    for (const [method, op] of Object.entries(methods)) {
      const responses: Record<string, Schema | undefined> = {};
      for (const [status, r] of Object.entries(op.responses ?? {})) {
        responses[status] = r?.content?.['application/json']?.schema;
      }
      ops.push({
        method: method.toUpperCase(),
        path,
        params: (op.parameters ?? []).filter((p): p is Param => p.in === 'path' || p.in === 'query'),
        body: op.requestBody?.content?.['application/json']?.schema,
        responses,
      });
    }
  }
  return ops;
}

/** Values that break types and limits: what a fuzzer, a bad client or an attacker sends. */
const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    1e-9,
    -1e308,
    1e308,
    '',
    ' ',
    'NaN',
    'Infinity',
    '\u0000',
    'a\u0000b',
    '\u202e\u200b',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '%00',
    'x'.repeat(5000),
    [],
    [1],
    {},
    { __proto__: { admin: true } },
    { constructor: { prototype: { polluted: true } } },
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double(),
);

const uuidLike = fc.uuid({ version: [4, 7] });

/** An arbitrary of values valid for `schema` (as far as a schema says), with boundary values mixed in. */
export function valid(schema: Schema | undefined, ids: string[], depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.constant(undefined);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => valid(s, ids, depth + 1)));
  if (schema.allOf?.length) return valid(Object.assign({}, ...schema.allOf), ids, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  const base = ((): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'string': {
        if (schema.format === 'uuid') return ids.length ? fc.oneof(fc.constantFrom(...ids), uuidLike) : uuidLike;
        if (schema.format === 'email') return fc.oneof(fc.emailAddress(), fc.constant('admin@test.local'));
        if (schema.format === 'date') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
        if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
        if (schema.pattern) {
          try {
            return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= (schema.maxLength ?? 10_000));
          } catch {
            // fall through to a plain string
          }
        }
        const minLength = schema.minLength ?? 0;
        const maxLength = Math.min(schema.maxLength ?? 60, 300);
        return fc.oneof(
          fc.string({ minLength, maxLength }),
          // Any code point, control characters included (NUL used to answer 500).
          fc.string({ unit: 'binary', minLength, maxLength: Math.min(maxLength, 20) }),
          fc.constant('x'.repeat(Math.max(minLength, maxLength))),
          fc.constantFrom('Dakar', 'Île-de-France', '+33612345678', '12,5', 'Élodie N’Guessan'),
        );
      }
      case 'integer':
      case 'number': {
        const min = typeof schema.minimum === 'number' ? schema.minimum : -1e6;
        const max = typeof schema.maximum === 'number' ? schema.maximum : 1e6;
        const lo = Math.max(min, -1e9);
        const hi = Math.min(max, 1e9);
        const edges = [lo, hi, 0, 1].filter((n) => n >= lo && n <= hi);
        return type === 'integer'
          ? fc.oneof(fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) }), fc.constantFrom(...edges.map(Math.round)))
          : fc.oneof(fc.double({ min: lo, max: hi, noNaN: true }), fc.constantFrom(...edges));
      }
      case 'boolean':
        return fc.boolean();
      case 'array':
        return fc.array(valid(schema.items, ids, depth + 1), {
          minLength: schema.minItems ?? 0,
          maxLength: Math.min(schema.maxItems ?? 4, 4),
        });
      case 'object':
      default: {
        const props = schema.properties ?? {};
        const required = new Set(schema.required ?? []);
        const record: Record<string, fc.Arbitrary<unknown>> = {};
        for (const [k, s] of Object.entries(props)) record[k] = valid(s, ids, depth + 1);
        if (!Object.keys(record).length) return type === 'object' ? fc.constant({}) : fc.constant(undefined);
        return fc.record(record, { requiredKeys: [...required].filter((k) => k in record) });
      }
    }
  })();
  return schema.nullable ? fc.oneof({ arbitrary: base, weight: 5 }, { arbitrary: fc.constant(null), weight: 1 }) : base;
}

/** An arbitrary of malformed variants of a valid object: a field replaced by junk, a required field dropped, junk added. */
function malformed(schema: Schema | undefined, ids: string[]): fc.Arbitrary<unknown> {
  const props = Object.keys(schema?.properties ?? {});
  if (!props.length) return junk;
  return fc
    .tuple(valid(schema, ids), fc.constantFrom(...props), junk, fc.constantFrom('replace', 'drop', 'extra', 'whole'))
    .map(([value, key, bad, how]) => {
      if (how === 'whole' || !value || typeof value !== 'object') return bad;
      const copy = { ...(value as Record<string, unknown>) };
      if (how === 'replace') copy[key] = bad;
      else if (how === 'drop') delete copy[key];
      else copy[`extra_${key}`] = bad;
      return copy;
    });
}

/** The arbitrary of requests to one operation. */
export function requestsFor(op: Operation, ctx: { ids: string[]; tokens: string[] }): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');
  const pathArb = fc.tuple(
    ...pathParams.map((p) => fc.oneof({ arbitrary: valid(p.schema, ctx.ids), weight: 4 }, { arbitrary: junk, weight: 1 })),
  );
  const queryArb = fc.tuple(
    ...queryParams.map((p) =>
      fc.option(fc.oneof({ arbitrary: valid(p.schema, ctx.ids), weight: 4 }, { arbitrary: junk, weight: 1 }), { freq: 2 }),
    ),
  );
  const bodyArb: fc.Arbitrary<{ body: unknown; kind: 'valid' | 'malformed' }> = op.body
    ? fc.oneof(
        { arbitrary: valid(op.body, ctx.ids).map((body) => ({ body, kind: 'valid' as const })), weight: 3 },
        { arbitrary: malformed(op.body, ctx.ids).map((body) => ({ body, kind: 'malformed' as const })), weight: 2 },
      )
    : fc.constant({ body: undefined, kind: 'valid' as const });
  const tokenArb = fc.oneof({ arbitrary: fc.constantFrom(...ctx.tokens), weight: 8 }, { arbitrary: fc.constant(null), weight: 1 });
  return fc.tuple(pathArb, queryArb, bodyArb, tokenArb).map(([pathValues, queryValues, { body, kind }, token]) => {
    let url = op.path;
    pathParams.forEach((p, i) => {
      const v = pathValues[i];
      url = url.replace(`{${p.name}}`, encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v ?? 'x')) || 'x');
    });
    const qs = queryParams
      .map((p, i) => [p.name, queryValues[i]] as const)
      .filter(([, v]) => v !== null && v !== undefined)
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`)
      .join('&');
    return { method: op.method, url: qs ? `${url}?${qs}` : url, token, body, kind };
  });
}

/** What a fuzz run found. */
export interface FuzzReport {
  requests: number;
  byStatus: Record<string, number>;
  /** Requests answered 5xx, or whose answer did not have the declared shape. */
  failures: { request: FuzzRequest; status: number; body: string; problem: string }[];
}

/** The error answer every refusal has (docs/api-contract.md). */
const ERROR_SHAPE: Schema = {
  type: 'object',
  properties: { success: { enum: [false] }, message: { type: 'string', minLength: 1 } },
  required: ['success', 'message'],
};

/**
 * Runs `runsPerRoute` generated requests against every operation of the app.
 * @param opts.ids ids of existing records, mixed into uuid fields so that requests reach past "not found"
 * @param opts.tokens bearer tokens to sign requests with (null requests go unsigned)
 */
export async function runFuzz(
  app: FastifyInstance,
  opts: { runsPerRoute: number; seed: number; ids: string[]; tokens: string[]; skip?: (op: Operation) => boolean },
): Promise<FuzzReport> {
  const doc = (app as unknown as { swagger(): OpenApiDocument }).swagger();
  const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: false });
  const validators = new Map<Schema, ValidateFunction>();
  const check = (schema: Schema, value: unknown) => {
    let v = validators.get(schema);
    if (!v) validators.set(schema, (v = ajv.compile(schema)));
    return v(value) ? null : ajv.errorsText(v.errors);
  };
  const report: FuzzReport = { requests: 0, byStatus: {}, failures: [] };
  for (const op of operationsOf(doc)) {
    if (opts.skip?.(op)) continue;
    const samples = fc.sample(requestsFor(op, opts), { numRuns: opts.runsPerRoute, seed: opts.seed });
    for (const request of samples) {
      const headers: Record<string, string> = request.token ? { authorization: `Bearer ${request.token}` } : {};
      if (request.body !== undefined) headers['content-type'] = 'application/json';
      const res = await app.inject({
        method: request.method as never,
        url: request.url,
        headers,
        payload: request.body === undefined ? undefined : JSON.stringify(request.body),
      });
      report.requests++;
      const status = res.statusCode;
      report.byStatus[status] = (report.byStatus[status] ?? 0) + 1;
      let problem: string | null = null;
      let body: unknown;
      const file = exportedFile(request.url, status, String(res.headers['content-type'] ?? ''), res.rawPayload);
      try {
        if (file === undefined) body = res.json();
      } catch {
        problem = 'answer is not JSON';
      }
      if (status >= 500) problem = `status ${status}`;
      else if (file !== undefined) problem = file;
      else if (!problem) {
        const declared = op.responses[String(status)] ?? (status >= 400 ? ERROR_SHAPE : undefined);
        if (!declared) problem = `status ${status} not declared`;
        else problem = check(declared, body);
      }
      if (problem) report.failures.push({ request, status, body: res.body.slice(0, 300), problem });
    }
  }
  return report;
}

/**
 * A list exported as a file (`format=csv|xlsx`, docs/decisions/list-exports.md) answers a file, not JSON: undefined
 * when the answer is not such a file, else null when it is a well-formed one (a CSV starting with its UTF-8 BOM, an
 * XLSX zip starting with 'PK') or the problem found.
 */
function exportedFile(url: string, status: number, contentType: string, payload: Buffer): string | null | undefined {
  const format = /[?&]format=(csv|xlsx)(&|$)/.exec(url)?.[1];
  // A list without export (message/liste) ignores `format` and answers its JSON, checked as such.
  if (!format || status !== 200 || contentType.startsWith('application/json')) return undefined;
  if (format === 'csv')
    return contentType.startsWith('text/csv') && payload.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))
      ? null
      : 'CSV export malformed';
  return contentType.includes('spreadsheetml') && payload.subarray(0, 2).toString('latin1') === 'PK' ? null : 'XLSX export malformed';
}
