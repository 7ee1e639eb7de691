/**
 * One-time codes (docs/architecture.md §4): random digits, stored hashed, single use, valid 10 minutes, at most 5 attempts.
 * Used by password recovery (6 digits) and parcel deletion (4 digits, spec 000 §5). Guesses are also throttled per
 * subject and per user across codes by the callers (server/auth/throttle.ts).
 */
import { createHash, randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { codesOtp } from '../db/schema';
import { tooManyAttempts } from '../http/errors';

const OTP_TTL_MS = 10 * 60 * 1000;
const OTP_MAX_ATTEMPTS = 5;

type Purpose = 'RESET_PASSWORD' | 'DELETE_COLIS';

const hashCode = (id: string, code: string) => createHash('sha256').update(`${id}:${code}`).digest('hex');

/** What an issue request gave: a new clear code to mail, or none because a live one was already mailed. */
export type OtpIssue = { code: string; expiresAt: Date } | { code: null; expiresAt: Date };

/**
 * Issues a code for a purpose and subject.
 * - `keepLive`: while an unused, unexpired, unlocked code exists, no new code is made (and no mail is sent):
 *   asking again cannot hand out fresh attempts (the deletion code, docs/architecture.md §4);
 *   otherwise the earlier unused codes are voided (password recovery, throttled by its route).
 * - `maxPerDay`: at most that many codes per subject in 24 hours (429 beyond).
 * @returns the clear code, to be sent by e-mail only (never in an API answer), or null with the live code's expiry
 */
export async function issueOtp(
  tx: Db | Tx,
  opts: { purpose: Purpose; userID?: string | null; subjectID?: string | null; digits: 4 | 6; keepLive?: boolean; maxPerDay?: number },
): Promise<OtpIssue> {
  const subject = and(
    eq(codesOtp.purpose, opts.purpose),
    opts.userID ? eq(codesOtp.userID, opts.userID) : isNull(codesOtp.userID),
    opts.subjectID ? eq(codesOtp.subjectID, opts.subjectID) : isNull(codesOtp.subjectID),
  );
  if (opts.keepLive) {
    const [live] = await tx
      .select({ expiresAt: codesOtp.expiresAt })
      .from(codesOtp)
      .where(and(subject, isNull(codesOtp.usedAt), gt(codesOtp.expiresAt, new Date()), lt(codesOtp.attempts, OTP_MAX_ATTEMPTS)))
      .orderBy(desc(codesOtp.createdAt))
      .limit(1);
    if (live) return { code: null, expiresAt: live.expiresAt };
  }
  if (opts.maxPerDay) {
    const since = new Date(Date.now() - 24 * 3600 * 1000);
    const recent = await tx
      .select({ createdAt: codesOtp.createdAt })
      .from(codesOtp)
      .where(and(subject, gt(codesOtp.createdAt, since)))
      .orderBy(codesOtp.createdAt);
    if (recent.length >= opts.maxPerDay) {
      throw tooManyAttempts(recent[0].createdAt.getTime() + 24 * 3600 * 1000 - Date.now(), 'codes demandés pour cet élément');
    }
  }
  const code = String(randomInt(0, 10 ** opts.digits)).padStart(opts.digits, '0');
  await tx
    .update(codesOtp)
    .set({ usedAt: new Date() })
    .where(and(subject, isNull(codesOtp.usedAt)));
  const expiresAt = new Date(Date.now() + OTP_TTL_MS);
  const [row] = await tx
    .insert(codesOtp)
    .values({
      purpose: opts.purpose,
      userID: opts.userID ?? null,
      subjectID: opts.subjectID ?? null,
      codeHash: 'pending',
      expiresAt,
    })
    .returning({ id: codesOtp.id });
  await tx
    .update(codesOtp)
    .set({ codeHash: hashCode(row.id, code) })
    .where(eq(codesOtp.id, row.id));
  return { code, expiresAt };
}

export type OtpCheck = 'ok' | 'invalid' | 'expired' | 'locked' | 'missing';

/**
 * Checks a code against the latest unused one of that purpose and subject. A wrong code counts an attempt
 * (written at once, so a refusal keeps the count); the right one is consumed.
 */
export async function checkOtp(
  db: Db | Tx,
  opts: { purpose: Purpose; userID?: string | null; subjectID?: string | null; code: string },
): Promise<OtpCheck> {
  const [row] = await db
    .select()
    .from(codesOtp)
    .where(
      and(
        eq(codesOtp.purpose, opts.purpose),
        opts.userID ? eq(codesOtp.userID, opts.userID) : isNull(codesOtp.userID),
        opts.subjectID ? eq(codesOtp.subjectID, opts.subjectID) : isNull(codesOtp.subjectID),
        isNull(codesOtp.usedAt),
      ),
    )
    .orderBy(desc(codesOtp.createdAt))
    .limit(1);
  if (!row) return 'missing';
  if (row.expiresAt.getTime() < Date.now()) return 'expired';
  if (row.attempts >= OTP_MAX_ATTEMPTS) return 'locked';
  if (row.codeHash !== hashCode(row.id, opts.code)) {
    await db
      .update(codesOtp)
      .set({ attempts: sql`${codesOtp.attempts} + 1` })
      .where(eq(codesOtp.id, row.id));
    return row.attempts + 1 >= OTP_MAX_ATTEMPTS ? 'locked' : 'invalid';
  }
  const consumed = await db
    .update(codesOtp)
    .set({ usedAt: new Date() })
    .where(and(eq(codesOtp.id, row.id), isNull(codesOtp.usedAt)))
    .returning({ id: codesOtp.id });
  return consumed.length === 1 ? 'ok' : 'missing';
}

/**
 * Voids the unused codes of a purpose and subject (they can no longer be checked): a parcel's deletion code once its
 * deletion request is refused (docs/decisions/deletion-requests.md).
 */
export async function voidOtp(tx: Db | Tx, opts: { purpose: Purpose; subjectID: string }): Promise<void> {
  await tx
    .update(codesOtp)
    .set({ usedAt: new Date() })
    .where(and(eq(codesOtp.purpose, opts.purpose), eq(codesOtp.subjectID, opts.subjectID), isNull(codesOtp.usedAt)));
}
