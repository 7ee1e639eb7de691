/**
 * Throttles of guessable secrets (docs/architecture.md §4 "Throttling and client addresses";
 * docs/decisions/security-hardening.md): sign-in, password recovery and the parcel-deletion code. Counters live in the
 * database (table `throttles`), so every API process shares them, and each attempt is counted *before* the secret is
 * checked, under a row lock, so that a burst of parallel guesses cannot slip past the count.
 *
 * A key names what is counted ('login:account:<email>', 'login:ip:<address>', 'otp:colis:<id>'…). Its policy gives
 * `free` attempts per window; once they are spent the key is locked for `baseMs`, doubling at each further attempt
 * (exponential back-off) up to `maxMs`. When its count starts again from zero depends on the policy's `window`:
 * - 'idle' (default; sign-in, recovery, codes): after `windowMs` without an attempt, so a guesser who keeps trying
 *   never gets a fresh count;
 * - 'clock' (rates of ordinary use: phone look-ups, messages): at the start of each window of the clock, i.e. when
 *   floor(now / windowMs) differs from that of the last attempt; a lock then ends at the latest with its window, so
 *   the 429's Retry-After never points past the end of the current window.
 * No schema change: both read the key's `failures` and `lastAttemptAt`.
 */
import { and, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { throttles } from '../db/schema';
import { tooManyAttempts } from '../http/errors';

/** Attempts allowed before back-off, and its timing (ms). */
export interface ThrottlePolicy {
  free: number;
  baseMs: number;
  maxMs: number;
  windowMs: number;
  /**
   * How the count starts again: 'idle' (default) after `windowMs` of silence; 'clock' at each new window of `windowMs`
   * of the clock (floor(now / windowMs)), a lock ending at the latest with its window.
   */
  window?: 'idle' | 'clock';
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Sign-in and code checks of one account: 5 free attempts an hour, then 30 s, 1 min, 2 min… up to 15 min. */
export const ACCOUNT_POLICY: ThrottlePolicy = { free: 5, baseMs: 30_000, maxMs: 15 * MINUTE, windowMs: HOUR };
/** One client address (an office may share it): 30 free attempts an hour, then the same back-off. */
export const ADDRESS_POLICY: ThrottlePolicy = { free: 30, baseMs: 30_000, maxMs: 15 * MINUTE, windowMs: HOUR };
/** Recovery mails asked for one account: 3 an hour, then 5 min doubling up to a day. */
export const RECOVERY_POLICY: ThrottlePolicy = { free: 3, baseMs: 5 * MINUTE, maxMs: 24 * HOUR, windowMs: 24 * HOUR };
/** Wrong deletion codes on one parcel, or by one user on any parcel: 5 a day, then 5 min doubling up to a day. */
export const CODE_POLICY: ThrottlePolicy = { free: 5, baseMs: 5 * MINUTE, maxMs: 24 * HOUR, windowMs: 24 * HOUR };

/**
 * Client look-ups by full phone (user/getByTelephone) of one signed-in user, on the key 'telephone:user:<id>': 60 per
 * minute of the clock, the 61st refused until that minute ends (clock window: steady use never accumulates).
 */
export const PHONE_LOOKUP_POLICY: ThrottlePolicy = { free: 60, baseMs: MINUTE, maxMs: MINUTE, windowMs: MINUTE, window: 'clock' };

/** One counted key and its policy. */
export interface ThrottleKey {
  key: string;
  policy: ThrottlePolicy;
}

/** Lock length (ms) after `failures` counted attempts, or 0 while free attempts remain. */
function backoffMs(failures: number, p: ThrottlePolicy): number {
  if (failures < p.free) return 0;
  return Math.min(p.maxMs, p.baseMs * 2 ** Math.min(30, failures - p.free));
}

/**
 * Whether a key last tried at `lastAttemptAt` (ms) starts again from zero at `now` (ms): in an earlier clock window for
 * a 'clock' policy, more than `windowMs` ago for an 'idle' one. Pure.
 */
function countRestarts(lastAttemptAt: number, now: number, p: ThrottlePolicy): boolean {
  if (p.window === 'clock') return Math.floor(lastAttemptAt / p.windowMs) !== Math.floor(now / p.windowMs);
  return now - lastAttemptAt > p.windowMs;
}

/** Lock length (ms) at `now` after `failures` counted attempts: backoffMs, cut at the window's end for a 'clock' policy. */
function lockMs(failures: number, now: number, p: ThrottlePolicy): number {
  const wait = backoffMs(failures, p);
  if (!wait || p.window !== 'clock') return wait;
  return Math.min(wait, (Math.floor(now / p.windowMs) + 1) * p.windowMs - now);
}

/**
 * Counts one attempt against every key, in one transaction with the rows locked in key order; a key whose count
 * restarts (its policy's `window`) counts this attempt as its first.
 * @throws 429 (French message, Retry-After header) when a key is locked; nothing is counted then
 */
export async function takeAttempt(db: Db, keys: ThrottleKey[], what?: string): Promise<void> {
  const sorted = [...keys].sort((a, b) => a.key.localeCompare(b.key));
  await db.transaction(async (tx) => {
    const now = Date.now();
    await tx
      .insert(throttles)
      .values(sorted.map((k) => ({ key: k.key, failures: 0, lastAttemptAt: new Date(now) })))
      .onConflictDoNothing();
    const rows = await tx
      .select()
      .from(throttles)
      .where(
        inArray(
          throttles.key,
          sorted.map((k) => k.key),
        ),
      )
      .orderBy(throttles.key)
      .for('update');
    const locked = rows.filter((r) => r.lockedUntil && r.lockedUntil.getTime() > now);
    if (locked.length) {
      const until = Math.max(...locked.map((r) => r.lockedUntil!.getTime()));
      throw tooManyAttempts(until - now, what);
    }
    for (const k of sorted) {
      const row = rows.find((r) => r.key === k.key)!;
      const failures = (countRestarts(row.lastAttemptAt.getTime(), now, k.policy) ? 0 : row.failures) + 1;
      const wait = lockMs(failures, now, k.policy);
      await tx
        .update(throttles)
        .set({ failures, lastAttemptAt: new Date(now), lockedUntil: wait ? new Date(now + wait) : null })
        .where(sql`${throttles.key} = ${k.key}`);
    }
  });
}

/**
 * After a success: `reset` keys start again from zero (the account that proved its secret); `refund` keys give back
 * the attempt just counted (a shared address is not charged for a right answer).
 */
export async function settleAttempt(db: Db, opts: { reset?: string[]; refund?: string[] }): Promise<void> {
  if (opts.reset?.length) {
    await db.update(throttles).set({ failures: 0, lockedUntil: null }).where(inArray(throttles.key, opts.reset));
  }
  if (opts.refund?.length) {
    await db
      .update(throttles)
      .set({ failures: sql`greatest(${throttles.failures} - 1, 0)` })
      .where(inArray(throttles.key, opts.refund));
  }
}

/**
 * The keys locked now, newest lock first, at most 500 (GET /api/securite/verrous).
 * @param scope a condition on `throttles` narrowing what the reader sees (securite/query.ts lockScope); none: every lock
 */
export async function activeLocks(
  db: Db,
  scope?: SQL,
): Promise<{ key: string; failures: number; lockedUntil: Date; lastAttemptAt: Date }[]> {
  const rows = await db
    .select()
    .from(throttles)
    .where(and(sql`${throttles.lockedUntil} > now()`, scope))
    .orderBy(sql`${throttles.lockedUntil} desc`)
    .limit(500);
  return rows.map((r) => ({ key: r.key, failures: r.failures, lockedUntil: r.lockedUntil!, lastAttemptAt: r.lastAttemptAt }));
}

/** Deletes counters idle for two days and not locked (housekeeping, every hour from server/main.ts). */
export async function pruneThrottles(db: Db): Promise<void> {
  await db
    .delete(throttles)
    .where(
      sql`${lt(throttles.lastAttemptAt, new Date(Date.now() - 2 * 24 * HOUR))} and (${throttles.lockedUntil} is null or ${throttles.lockedUntil} < now())`,
    );
}
