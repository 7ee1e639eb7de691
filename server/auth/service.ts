/**
 * Session rules (spec 000 §2 Login, Forgot password, Profile; §5; DESIGN.md §4):
 * - sign-in and recovery attempts are counted before the secret is checked, per account and per address, in the
 *   database (auth/throttle.ts); an unknown e-mail costs the same time as a wrong password;
 * - only staff users (type ADMIN) sign in, and only while active;
 * - recovery answers the same, in the same time, whether or not the account exists; the code goes by e-mail only;
 * - a password change or reset ends every older session (the token version is bumped).
 */
import { and, eq, sql } from 'drizzle-orm';
import { TYPE_USER_CODES } from '../../common/permissions';
import type { Db } from '../db/client';
import { typeUsers, users } from '../db/schema';
import { AppError, badRequest, forbidden, unauthorized } from '../http/errors';
import { enqueueMail, escapeHtml } from '../mail/outbox';
import type { CurrentUser } from './currentUser';
import { checkOtp, issueOtp } from './otp';
import { hashPassword, verifyPassword } from './passwords';
import { findUser } from './query';
import type { ChangePasswordInput, ForgotPasswordInput, LoginInput, ResetPasswordInput } from './routes';
import { ACCOUNT_POLICY, ADDRESS_POLICY, RECOVERY_POLICY, settleAttempt, takeAttempt } from './throttle';
import type { TokenService } from './tokens';

/** Minimum time of a recovery answer (ms), longer than issuing a code takes, so timing does not reveal a valid pair. */
const RECOVERY_ANSWER_MS = 400;

/** Waits until `ms` milliseconds have passed since `started`. */
const padTo = (started: number, ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, started + ms - Date.now())));

/** A hash verified when the e-mail is unknown, so that timing does not tell whether an account exists. */
let dummyHash: Promise<string> | null = null;

/** A phone as recovery compares it: without spaces. */
const compactPhone = (telephoneComplet: string) => telephoneComplet.replace(/\s+/g, '');

/**
 * Signs a staff user in.
 * @param ip the caller's address, for its throttle
 * @returns a token and the user record as answered
 * @throws 401 wrong e-mail or password; 403 not a staff user, or deactivated; 429 throttled
 */
export async function login(db: Db, tokens: TokenService, input: LoginInput, ip: string) {
  const { email, password } = input;
  const accountKey = `login:account:${email.toLowerCase()}`;
  const addressKey = `login:ip:${ip}`;
  await takeAttempt(
    db,
    [
      { key: accountKey, policy: ACCOUNT_POLICY },
      { key: addressKey, policy: ADDRESS_POLICY },
    ],
    'tentatives de connexion',
  );
  const [row] = await db
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      isActive: users.isActive,
      tokenVersion: users.tokenVersion,
      typeCode: typeUsers.code,
    })
    .from(users)
    .innerJoin(typeUsers, eq(users.typeUserID, typeUsers.id))
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  dummyHash ??= hashPassword('dummy-password-for-timing');
  const ok = await verifyPassword(row?.passwordHash ?? (await dummyHash), password);
  if (!row || !ok) throw unauthorized('Email ou mot de passe incorrect.');
  await settleAttempt(db, { reset: [accountKey], refund: [addressKey] });
  if (row.typeCode !== TYPE_USER_CODES.ADMIN) throw forbidden('Accès non autorisé');
  if (!row.isActive) throw forbidden('Votre compte est désactivé. Contactez un administrateur.');
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, row.id));
  return { token: tokens.sign(row.id, row.tokenVersion), user: (await findUser(db, row.id))! };
}

/**
 * Mails a 6-digit recovery code to the active staff user with this e-mail and phone, if there is one. Answers in
 * at least RECOVERY_ANSWER_MS either way.
 * @throws 429 throttled
 */
export async function requestPasswordReset(db: Db, input: ForgotPasswordInput, ip: string): Promise<void> {
  const { telephoneComplet, email } = input;
  const started = Date.now();
  await takeAttempt(
    db,
    [
      { key: `recovery:account:${email.toLowerCase()}`, policy: RECOVERY_POLICY },
      { key: `recovery:ip:${ip}`, policy: ADDRESS_POLICY },
    ],
    'demandes de code',
  );
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email, nom: users.nom, prenoms: users.prenoms })
      .from(users)
      .innerJoin(typeUsers, eq(users.typeUserID, typeUsers.id))
      .where(
        and(
          sql`lower(${users.email}) = lower(${email})`,
          eq(users.telephoneComplet, compactPhone(telephoneComplet)),
          eq(typeUsers.code, TYPE_USER_CODES.ADMIN),
          eq(users.isActive, true),
        ),
      )
      .limit(1);
    if (!user?.email) return;
    const { code } = await issueOtp(tx, { purpose: 'RESET_PASSWORD', userID: user.id, digits: 6 });
    await enqueueMail(tx, {
      to: user.email,
      subject: 'Code de réinitialisation de votre mot de passe',
      html: `<p>Bonjour ${escapeHtml(`${user.prenoms} ${user.nom}`)},</p><p>Votre code de réinitialisation est : <strong>${code}</strong>.</p><p>Il est valable 10 minutes.</p>`,
    });
  });
  // Same answer, and the same time, whether or not the account exists (docs/architecture.md §4).
  await padTo(started, RECOVERY_ANSWER_MS);
}

/**
 * Sets a new password with the recovery code.
 * @throws 400 wrong, expired or spent code (or too many tries on it); 429 throttled
 */
export async function resetPassword(db: Db, input: ResetPasswordInput, ip: string): Promise<void> {
  const { telephoneComplet, otp, newPassword } = input;
  const phoneKey = `reset:account:${compactPhone(telephoneComplet)}`;
  const addressKey = `reset:ip:${ip}`;
  await takeAttempt(
    db,
    [
      { key: phoneKey, policy: ACCOUNT_POLICY },
      { key: addressKey, policy: ADDRESS_POLICY },
    ],
    'tentatives',
  );
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(typeUsers, eq(users.typeUserID, typeUsers.id))
    .where(and(eq(users.telephoneComplet, compactPhone(telephoneComplet)), eq(typeUsers.code, TYPE_USER_CODES.ADMIN)))
    .limit(1);
  const refused = badRequest('Code invalide ou expiré.', { otp: 'Code invalide ou expiré.' });
  if (!user) throw refused;
  const check = await checkOtp(db, { purpose: 'RESET_PASSWORD', userID: user.id, code: otp });
  if (check === 'locked') throw new AppError(400, 'Trop de tentatives : demandez un nouveau code.', { otp: 'Trop de tentatives.' });
  if (check !== 'ok') throw refused;
  await settleAttempt(db, { reset: [phoneKey], refund: [addressKey] });
  const passwordHash = await hashPassword(newPassword);
  await db
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, user.id));
}

/**
 * Changes the caller's own password.
 * @returns a fresh token (the older ones no longer work)
 * @throws 403 another user's id; 401 wrong old password
 */
export async function changePassword(db: Db, tokens: TokenService, id: string, input: ChangePasswordInput, me: CurrentUser) {
  if (id !== me.id) throw forbidden('Vous ne pouvez changer que votre propre mot de passe.');
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, me.id));
  if (!(await verifyPassword(row?.passwordHash, input.oldPassword))) {
    throw unauthorized('Mise à jour échouée, ancien mot de passe incorrect !');
  }
  const passwordHash = await hashPassword(input.newPassword);
  const [updated] = await db
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, me.id))
    .returning({ tokenVersion: users.tokenVersion });
  return tokens.sign(me.id, updated.tokenVersion);
}
