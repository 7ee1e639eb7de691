/**
 * OpenAPI description of the API at /api/docs (@fastify/swagger and its UI), generated from each route's zod schemas:
 * parameters, bodies and answers (common/schemas/answer.ts, refusals included); public routes of access/routeAccess.ts are marked
 * public (`security: []`). Registered before the routes, which it collects as they are added.
 * Who may read it is API_DOCS (docs/decisions/security-hardening.md "Cheap refusals"): `public` (default), `staff` (a
 * valid session token) or `off` (404). The document (~900 KB) is built once, then served from memory compressed
 * (brotli or gzip, as the client accepts) with an ETag, and at most DOCS_PER_MINUTE times a minute to one address
 * (French 429 with Retry-After): a client pulling it uncompressed in a loop no longer slows every other call
 * (bench/abuse.ts; docs/decisions/usage-limits.md).
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { TokenService } from '../auth/tokens';
import { ROUTE_ACCESS, routeKey } from '../access/routeAccess';
import { documentIdempotency } from '../http/idempotency';
import { tooManyAttempts } from '../http/errors';
import { documentErrorContract, type OpenApiDocument } from './openapiErrors';

/** Downloads of the document allowed per minute and per address (the documentation page loads it once). */
const DOCS_PER_MINUTE = 30;

/** Who may read the OpenAPI document (API_DOCS). */
export type ApiDocsMode = 'public' | 'staff' | 'off';

/** The document as served: its text, compressed forms and ETag, built at the first request. */
interface BuiltDocument {
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** Builds the served forms of the document's JSON text. */
function build(text: string): BuiltDocument {
  const identity = Buffer.from(text);
  return {
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

/** Sends the built document in the best encoding the request accepts, or 304 when its ETag matches. */
function sendDocument(request: FastifyRequest, reply: FastifyReply, doc: BuiltDocument, mode: ApiDocsMode) {
  reply.header('etag', doc.etag).header('vary', 'accept-encoding, authorization');
  reply.header('cache-control', mode === 'public' ? 'public, max-age=300' : 'private, max-age=300');
  if (request.headers['if-none-match'] === doc.etag) return reply.code(304).send();
  const accepted = String(request.headers['accept-encoding'] ?? '');
  reply.type('application/json; charset=utf-8');
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(doc.br);
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(doc.gzip);
  return reply.send(doc.identity);
}

/** What the plugin needs: who may read the document, and the tokens that say who is signed in. */
export interface SwaggerOptions {
  mode: ApiDocsMode;
  tokens: TokenService;
}

export const swaggerPlugin = fp<SwaggerOptions>(
  async (app, opts) => {
    await app.register(swagger, {
      openapi: {
        info: { title: 'API Colis — back-office', description: 'Spécification 000 §7 et 001 §7', version: '1.0.0' },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
        security: [{ bearer: [] }],
      },
      // Routes the table declares public (sign-in, recovery, health) are marked so in the document: no bearer needed.
      transform: (input) => {
        const out = jsonSchemaTransform(input);
        const method = [input.route.method].flat()[0];
        if (ROUTE_ACCESS[routeKey(String(method), input.url)]?.kind === 'public') {
          return { ...out, schema: { ...out.schema, security: [] } };
        }
        // The optional Idempotency-Key header and its 422 on the signed-in POSTs (http/idempotency.ts).
        if (method === 'POST') return { ...out, schema: documentIdempotency(out.schema) };
        return out;
      },
      // Every refusal in the envelope (413, 414, 429, 503… on every route) and the exports' media types, on the whole
      // document once generated (plugins/openapiErrors.ts, docs/decisions/error-contract.md).
      transformObject: (d) =>
        'openapiObject' in d ? (documentErrorContract(d.openapiObject as OpenApiDocument) as typeof d.openapiObject) : d.swaggerObject,
    });
    let doc: BuiltDocument | null = null;
    const limiter = app.createRateLimit({ max: DOCS_PER_MINUTE, timeWindow: 60_000, keyGenerator: (request) => `docs:${request.ip}` });
    /**
     * Who may read the documentation, then the document from memory: a hook of the UI's own routes (uiHooks), so the
     * other requests never run it. Answered here in the API's envelope: those routes live in a context registered
     * before the error handler.
     */
    const onRequest = async (request: FastifyRequest, reply: FastifyReply) => {
      if (opts.mode === 'off') return reply.code(404).send({ success: false, message: 'Documentation indisponible.' });
      if (opts.mode === 'staff') {
        const token = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1];
        if (!token || !opts.tokens.verify(token.trim())) {
          return reply.code(401).send({ success: false, message: 'Authentification requise.' });
        }
      }
      if (request.method !== 'GET' || request.url.split('?')[0] !== '/api/docs/json') return;
      const allowed = await limiter(request);
      if (!allowed.isAllowed && allowed.isExceeded) {
        const refusal = tooManyAttempts(allowed.ttl, 'téléchargements de la documentation');
        return reply
          .code(429)
          .headers(refusal.headers ?? {})
          .send({ success: false, message: refusal.message });
      }
      doc ??= build(JSON.stringify(app.swagger()));
      return sendDocument(request, reply, doc, opts.mode);
    };
    await app.register(swaggerUi, { routePrefix: '/api/docs', uiHooks: { onRequest } });
  },
  { name: 'swagger' },
);
