/**
 * Signed bearer tokens (JWT, HS256) with an expiry (docs/architecture.md §4). A token carries the user id and the user's
 * tokenVersion: bumping that version (password change, deactivation) kills every older token. A token lives at most
 * the configured lifetime (TOKEN_TTL_SECONDS): one whose expiry lies further after its issue time, whose issue time
 * lies in the future beyond CLOCK_SKEW_SECONDS, or that has no issue time or no expiry, is refused even when its
 * signature is right (security probe 2026-12-01 F10: an expiry in the year 3000 was accepted).
 */
import { createSecretKey, randomBytes } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appSettings } from '../db/schema';

interface TokenClaims {
  sub: string;
  tv: number;
}

export interface TokenService {
  sign(userId: string, tokenVersion: number): string;
  /** Returns the claims, or null when the token is malformed, forged or expired. */
  verify(token: string): TokenClaims | null;
}

/**
 * The signing secret: JWT_SECRET when set, else one generated once and kept in app_settings so that every API
 * process on the same database shares it.
 */
export async function resolveSecret(db: Db, configured?: string): Promise<string> {
  if (configured) return configured;
  await db
    .insert(appSettings)
    .values({ key: 'jwt_secret', value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, 'jwt_secret'));
  return row.value;
}

/** How far ahead of this process's clock a token's issue time may be (another process's clock), in seconds. */
const CLOCK_SKEW_SECONDS = 60;

/** Tokens whose signature was checked, kept by a process at most (then forgotten all at once). */
const VERIFIED_MAX = 10_000;

/**
 * Creates the token service. A token whose signature and claims were checked once is remembered with its claims
 * (docs/decisions/user-cache.md: a signed-in client sends the same token on every request; the HMAC and the two JSON
 * decodes of jsonwebtoken were redone each time): the key is the whole token text, signature included, so only a token
 * that verified can hit; its expiry is checked again on every use, as jsonwebtoken does (expired once
 * `floor(now / 1 s) >= exp`). Revocation (token version, deactivation) is the signed-in user's check
 * (plugins/access.ts), unchanged.
 * @param ttlSeconds lifetime of a token in seconds: what sign gives, and the most verify accepts (exp − iat)
 */
export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  // A key object made once: given the string, jsonwebtoken tries to parse it as a public key on every call (an
  // exception caught, then a secret key made): milliseconds of CPU per verified token (measured in bench/README.md;
  // docs/decisions/user-cache.md).
  const key = createSecretKey(Buffer.from(secret));
  const verified = new Map<string, TokenClaims & { exp: number }>();
  return {
    sign: (userId, tokenVersion) => jwt.sign({ tv: tokenVersion }, key, { subject: userId, expiresIn: ttlSeconds, algorithm: 'HS256' }),
    verify: (token) => {
      const known = verified.get(token);
      if (known) {
        if (Math.floor(Date.now() / 1000) < known.exp) return { sub: known.sub, tv: known.tv };
        verified.delete(token);
        return null;
      }
      try {
        const claims = jwt.verify(token, key, { algorithms: ['HS256'] }) as jwt.JwtPayload;
        // A token without an expiry or issue time, living longer than the configured lifetime or issued in the future
        // is refused, even when its signature is right.
        if (typeof claims.sub !== 'string' || typeof claims.tv !== 'number') return null;
        if (typeof claims.exp !== 'number' || typeof claims.iat !== 'number') return null;
        if (claims.exp - claims.iat > ttlSeconds || claims.iat > Math.floor(Date.now() / 1000) + CLOCK_SKEW_SECONDS) return null;
        if (verified.size >= VERIFIED_MAX) verified.clear();
        verified.set(token, { sub: claims.sub, tv: claims.tv, exp: claims.exp });
        return { sub: claims.sub, tv: claims.tv };
      } catch {
        return null;
      }
    },
  };
}
