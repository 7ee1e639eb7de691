/**
 * What the access log may say of a request (docs/decisions/security-hardening.md "Logs without secrets"): Fastify
 * logs every request's URL with its request id; tracking tokens (/suivi/{token}, /api/public/suivi/{token}),
 * secrets passed in a query (the 4 tracking digits, codes, passwords, tokens) and clients' phone numbers (the path of
 * user/getByTelephone/{phone}, a search or phone parameter that is a number: security probe 2026-12-01 F10, 6 348
 * lines held full numbers) are masked before the line is written. Bodies and headers (Authorization) are never logged.
 */
import type { FastifyRequest } from 'fastify';

/** What replaces a secret in a logged URL. */
const MASK = '***';

/** Query parameters whose value is a secret. */
const SECRET_PARAMS = /^(telephone|token|code|codeotp|otp|password|motdepasse|secret)$/i;

/**
 * Path segments followed by a secret: the tracking token of the public page and of its API, the phone number of a
 * client look-up.
 */
const SECRET_PATH = /(\/suivi\/|\/getByTelephone\/)[^/?#]+/gi;

/** Query parameters that may hold a phone number: the lists' search, and any phone or number field. */
const PHONE_PARAMS = /^(q|tel|telephone\w*|numero\w*|phone\w*)$/i;

/** A value that reads as a phone number: '+', digits (6 at least) and the separators people type. */
const PHONE_LIKE = /^\s*\+?[\d\s.\-()/]*$/;
const isPhoneLike = (value: string) => PHONE_LIKE.test(value) && (value.match(/\d/g)?.length ?? 0) >= 6;

/** A query component decoded ('+' as a space), or as sent when malformed. */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, '%20'));
  } catch {
    return text;
  }
}

/**
 * The URL with its secrets masked: '/api/public/suivi/abc?x=1' → '/api/public/suivi/***?x=1',
 * '/api/public/suivi?reference=R&telephone=1234' → '…&telephone=***', '/api/user/getByTelephone/%2B2250707123451' →
 * '/api/user/getByTelephone/***', '/api/colis/liste/x?q=06%2012%2034%2056' → '…?q=***' (a name searched stays).
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
      if (eq < 0) return pair;
      const name = pair.slice(0, eq);
      const key = decoded(name);
      if (SECRET_PARAMS.test(key)) return `${name}=${MASK}`;
      // '+33…' arrives as '%2B33…', or as ' 33…' when the '+' was not encoded: either way a number.
      return PHONE_PARAMS.test(key) && isPhoneLike(decoded(pair.slice(eq + 1))) ? `${name}=${MASK}` : pair;
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
