/**
 * Throttles of guessable secrets (docs/architecture.md §4 "Throttling and client addresses";
 * docs/decisions/security-hardening.md): sign-in, password recovery, the parcel-deletion code and public tracking; and
 * the per-user limits of expensive calls (server/plugins/usageLimits.ts, docs/decisions/usage-limits.md). Counters live
 * in the database (table `throttles`), so every API process shares them, and each attempt is counted *before* the
 * secret is checked, under a row lock, so that a burst of parallel guesses cannot slip past the count.
 *
 * A key names what is counted ('login:account-ip:<email>|<address>', 'login:account:<email>', 'login:ip:<address>',
 * 'otp:colis:<id>', 'export:user:<id>'…). A secret is guarded by three keys so that nobody can lock its owner out by
 * failing on purpose (docs/decisions/imposed-lock-outs.md): the subject *and* the address (pairKey, strict), the
 * address alone, and the subject from every address with a limit one address never reaches (a clock window). Its
 * policy gives `free` attempts per window; once they are spent the key is locked for `baseMs`, doubling at each
 * further attempt (exponential back-off) up to `maxMs`. When its count starts again from zero depends on the policy's
 * `window`:
 * - 'idle' (default; sign-in, recovery, codes): after `windowMs` without an attempt, so a guesser who keeps trying
 *   never gets a fresh count;
 * - 'clock' (rates of ordinary use: phone look-ups, messages, expensive calls; a subject's count from every address):
 *   at the start of each window of the clock, i.e. when floor(now / windowMs) differs from that of the last attempt;
 *   a lock then ends at the latest with its window, so the 429's Retry-After never points past the end of the current
 *   window.
 * No schema change: both read the key's `failures` and `lastAttemptAt`.
 */
import { and, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
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
const DAY = 24 * HOUR;

/**
 * Sign-in and code checks of one account *from one address* (pairKey): 5 free attempts an hour, then 30 s, 1 min,
 * 2 min… up to 15 min. One address thus spends at most 12 attempts in its first hour on an account (5, then at
 * 30 s, 1 min 30, 3 min 30, 7 min 30, 15 min 30, 30 min 30, 45 min 30), then 4 an hour, far below ACCOUNT_WIDE_POLICY.
 */
export const ACCOUNT_POLICY: ThrottlePolicy = { free: 5, baseMs: 30_000, maxMs: 15 * MINUTE, windowMs: HOUR };
/**
 * Sign-in and code checks of one account from every address together: 100 per hour of the clock (NIST SP 800-63B
 * §5.2.2 caps failed attempts on one account at 100), the 101st refused until that hour ends. Enough to stop a
 * guesser spread over many addresses; out of reach of one address (ACCOUNT_POLICY), which therefore cannot lock the
 * owner out from another one (docs/decisions/imposed-lock-outs.md).
 */
export const ACCOUNT_WIDE_POLICY: ThrottlePolicy = { free: 100, baseMs: HOUR, maxMs: HOUR, windowMs: HOUR, window: 'clock' };
/** One client address (an office may share it): 30 free attempts an hour, then the same back-off. */
export const ADDRESS_POLICY: ThrottlePolicy = { free: 30, baseMs: 30_000, maxMs: 15 * MINUTE, windowMs: HOUR };
/**
 * Recovery mails asked for one account from one address (pairKey): 3, then 5 min doubling up to a day (the count
 * starts again after a day of silence): at most 11 in a day.
 */
export const RECOVERY_POLICY: ThrottlePolicy = { free: 3, baseMs: 5 * MINUTE, maxMs: DAY, windowMs: DAY };
/**
 * Recovery mails asked for one account from every address together: 20 per day of the clock (UTC), the 21st refused
 * until the day ends. Bounds the mails one account can be sent; out of reach of one address (RECOVERY_POLICY).
 */
export const RECOVERY_ACCOUNT_POLICY: ThrottlePolicy = { free: 20, baseMs: DAY, maxMs: DAY, windowMs: DAY, window: 'clock' };
/**
 * Wrong deletion codes by one user on any parcel: 5 a day, then 5 min doubling up to a day (at most 13 in a day).
 */
export const CODE_POLICY: ThrottlePolicy = { free: 5, baseMs: 5 * MINUTE, maxMs: DAY, windowMs: DAY };
/**
 * Deletion codes tried on one parcel by every user together: 20 per day of the clock, out of reach of one user
 * (CODE_POLICY), so that an agent failing on purpose cannot keep the administrator holding the right code out. The
 * code itself allows 5 tries and 3 codes a day (server/auth/otp.ts, server/colis/deletion.ts).
 */
export const CODE_PARCEL_POLICY: ThrottlePolicy = { free: 20, baseMs: DAY, maxMs: DAY, windowMs: DAY, window: 'clock' };

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

/**
 * The key of one subject tried from one address: `<prefix>-ip:<subject>|<address>`, e.g.
 * pairKey('login:account', 'a@b.fr', '203.0.113.9') = 'login:account-ip:a@b.fr|203.0.113.9'. An address never holds
 * '|', so the last '|' ends the subject (server/securite/query.ts reads it back).
 */
export const pairKey = (prefix: string, subject: string, address: string) => `${prefix}-ip:${subject}|${address}`;

/** The prefix of every pairKey of one subject, whatever the address (settleAttempt `resetPrefixes`). */
export const pairKeyPrefix = (prefix: string, subject: string) => `${prefix}-ip:${subject}|`;

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
 * After a success: `reset` keys start again from zero (the account that proved its secret, from that address);
 * `resetPrefixes`: every key starting with one of them too (an account's keys from every address, pairKeyPrefix);
 * `refund` keys give back the attempt just counted (a shared address, an account-wide count: a right answer is not
 * charged, and a guesser's failures are not wiped by the owner's success).
 */
export async function settleAttempt(db: Db, opts: { reset?: string[]; resetPrefixes?: string[]; refund?: string[] }): Promise<void> {
  if (opts.reset?.length) {
    await db.update(throttles).set({ failures: 0, lockedUntil: null }).where(inArray(throttles.key, opts.reset));
  }
  if (opts.resetPrefixes?.length) {
    await db
      .update(throttles)
      .set({ failures: 0, lockedUntil: null })
      .where(or(...opts.resetPrefixes.map((p) => sql`starts_with(${throttles.key}, ${p})`)));
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
