/**
 * The throttle's windows (server/auth/throttle.ts), on the database's `throttles` table with the clock set by the test:
 * - 'clock' (phone look-ups, messages): the count starts again with each window of the clock, a lock ends at the
 *   latest with its window (Retry-After to the window's end), a steady user is never locked;
 * - 'idle' (sign-in, recovery, codes; tests/server/security.test.ts and auth.test.ts): the count starts again only
 *   after `windowMs` of silence, so the same steady use does accumulate.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { throttles } from '../../server/db/schema';
import { AppError } from '../../server/http/errors';
import { MESSAGE_POLICY } from '../../server/message/service';
import { PHONE_LOOKUP_POLICY, takeAttempt, type ThrottlePolicy } from '../../server/auth/throttle';
import { setupTestApp, type TestContext } from './helpers';

let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Sets the clock (Date only; timers stay real) to `ms`. */
function clockAt(ms: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(ms);
}

/** One attempt on `key`: undefined when accepted, else the 429 thrown. */
async function attempt(key: string, policy: ThrottlePolicy): Promise<AppError | undefined> {
  try {
    await takeAttempt(t.database.db, [{ key, policy }], 'recherches');
    return undefined;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
}

/** A window start of the clock a few windows from now (so that no row of a real past window interferes). */
const windowStart = (windowMs: number) => (Math.floor(Date.now() / windowMs) + 3) * windowMs;

describe("a 'clock' window", () => {
  it('refuses the 61st phone look-up of a minute until its end, and accepts the first of the next minute', async () => {
    const key = 'test:telephone:clock';
    const minute = windowStart(MINUTE);
    clockAt(minute + 5_000);
    for (let i = 0; i < 60; i++) expect(await attempt(key, PHONE_LOOKUP_POLICY)).toBeUndefined();
    clockAt(minute + 20_000);
    const refused = await attempt(key, PHONE_LOOKUP_POLICY);
    expect(refused?.statusCode).toBe(429);
    expect(refused?.message).toBe('Trop de recherches. Veuillez réessayer dans 40 secondes.');
    expect(refused?.headers).toEqual({ 'retry-after': '40' }); // to the end of the minute, not a minute from the lock
    clockAt(minute + MINUTE);
    expect(await attempt(key, PHONE_LOOKUP_POLICY)).toBeUndefined();
    const [row] = await t.database.db.select().from(throttles).where(eq(throttles.key, key));
    expect(row).toMatchObject({ failures: 1, lockedUntil: null });
  });

  it('never locks a sender of one message every 10 minutes, which the idle window does lock', async () => {
    const start = windowStart(HOUR) + 7 * MINUTE;
    const idle: ThrottlePolicy = { ...MESSAGE_POLICY, window: 'idle' };
    let refusedIdle: number | undefined;
    for (let i = 0; i < 6 * 24; i++) {
      clockAt(start + i * 10 * MINUTE);
      expect(await attempt('test:message:clock', MESSAGE_POLICY), `message ${i + 1}`).toBeUndefined();
      if (refusedIdle === undefined && (await attempt('test:message:idle', idle))) refusedIdle = i + 1;
    }
    // The 'idle' rule: a gap never reaches an hour, so the count only grows; past 30 the back-off doubles (1, 2, 4, 8,
    // 16 min) until it outlasts the 10 minutes: the 35th message, under 6 hours in, is refused.
    expect(refusedIdle).toBe(35);
  });

  it("cuts the back-off at the window's end: 30 messages late in an hour lock until that hour ends only", async () => {
    const key = 'test:message:late';
    const hour = windowStart(HOUR);
    clockAt(hour + HOUR - 30_000);
    for (let i = 0; i < 30; i++) expect(await attempt(key, MESSAGE_POLICY)).toBeUndefined();
    expect((await attempt(key, MESSAGE_POLICY))?.headers).toEqual({ 'retry-after': '30' }); // not the minute's back-off
    clockAt(hour + HOUR);
    expect(await attempt(key, MESSAGE_POLICY)).toBeUndefined();
    clockAt(hour + HOUR + 1_000);
    for (let i = 0; i < 29; i++) expect(await attempt(key, MESSAGE_POLICY)).toBeUndefined();
    expect((await attempt(key, MESSAGE_POLICY))?.headers).toEqual({ 'retry-after': '60' }); // 30 in the new hour: a minute's wait
  });
});
