/**
 * A token lives no longer than the configured lifetime (TOKEN_TTL_SECONDS, server/auth/tokens.ts; security probe
 * 2026-12-01 F10): a token signed with the real secret but whose expiry lies further than that lifetime after its
 * issue time (the probe's year 3000), or whose issue time lies in the future beyond the clock skew allowed, or that has
 * no issue time, is refused with 401 like a forged one; the tokens the server signs carry the configured lifetime.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import jwt from 'jsonwebtoken';
import { eq } from 'drizzle-orm';
import { users } from '../../server/db/schema';
import { setupTestApp, type TestContext } from './helpers';
import { TEST_ADMIN, testConfig } from './testConfig';

let t: TestContext;
let admin: { id: string; tokenVersion: number };
const secret = testConfig().jwtSecret!;
const ttl = testConfig().tokenTtlSeconds;

beforeAll(async () => {
  t = await setupTestApp();
  [admin] = await t.database.db
    .select({ id: users.id, tokenVersion: users.tokenVersion })
    .from(users)
    .where(eq(users.email, TEST_ADMIN.adminEmail));
});
afterAll(() => t.close());

const now = () => Math.floor(Date.now() / 1000);
/** A token signed with the app's secret, with the given issue time and expiry (seconds). */
const signed = (claims: { iat?: number; exp: number }) =>
  jwt.sign({ tv: admin.tokenVersion, ...claims }, secret, { subject: admin.id, algorithm: 'HS256', noTimestamp: claims.iat === undefined });
const status = async (token: string) => (await t.call('GET', '/api/privilege/liste', { token })).status;

describe('F10: a token lives no longer than TOKEN_TTL_SECONDS', () => {
  it('the server signs its tokens for the configured lifetime, and accepts them', async () => {
    const token = t.app.tokens.sign(admin.id, admin.tokenVersion);
    const claims = jwt.decode(token) as { iat: number; exp: number };
    expect(claims.exp - claims.iat).toBe(ttl);
    expect(await status(token)).toBe(200);
    // Issued a few seconds ahead (clocks of two processes differ a little): still accepted.
    expect(await status(signed({ iat: now() + 20, exp: now() + 20 + ttl }))).toBe(200);
  });

  it('refuses an expiry in the year 3000, a lifetime longer than configured, an issue time a year ahead, none at all', async () => {
    const year3000 = Math.floor(Date.UTC(3000, 0, 1) / 1000);
    expect(await status(signed({ iat: now(), exp: year3000 }))).toBe(401);
    expect(await status(signed({ iat: now(), exp: now() + ttl + 3600 }))).toBe(401);
    expect(await status(signed({ iat: now() + 365 * 86400, exp: now() + 365 * 86400 + 60 }))).toBe(401);
    expect(await status(signed({ exp: now() + 60 }))).toBe(401);
  });
});
