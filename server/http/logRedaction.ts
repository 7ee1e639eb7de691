/**
 * What the access log may say of a request (docs/decisions/security-hardening.md "Logs without secrets"): Fastify
 * logs every request's URL with its request id; tracking tokens (/suivi/{token}, /api/public/suivi/{token}) and
 * secrets passed in a query (the 4 tracking digits, codes, passwords, tokens) are masked before the line is written.
 * Bodies and headers (Authorization) are never logged.
 */
import type { FastifyRequest } from 'fastify';

/** What replaces a secret in a logged URL. */
const MASK = '***';

/** Query parameters whose value is a secret. */
const SECRET_PARAMS = /^(telephone|token|code|codeotp|otp|password|motdepasse|secret)$/i;

/** Path segments followed by a secret: the tracking token of the public page and of its API. */
const SECRET_PATH = /(\/suivi\/)[^/?#]+/g;

/**
 * The URL with its secrets masked: '/api/public/suivi/abc?x=1' → '/api/public/suivi/***?x=1',
 * '/api/public/suivi?reference=R&telephone=1234' → '…&telephone=***'.
 */
export function maskUrl(url: string): string {
  const q = url.indexOf('?');
  const path = (q < 0 ? url : url.slice(0, q)).replace(SECRET_PATH, `$1${MASK}`);
  if (q < 0) return path;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // a malformed name is logged as sent
      }
      return eq >= 0 && SECRET_PARAMS.test(decoded) ? `${name}=${MASK}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

/** Pino's serializer of a request in the access log: Fastify's fields, the URL masked. */
function requestForLog(req: FastifyRequest) {
  return { method: req.method, url: maskUrl(req.url), host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort };
}

/** The logger options of the server at `level`: the request serializer that masks secrets. */
export function loggerOptions(level: string) {
  return { level, serializers: { req: requestForLog } };
}
