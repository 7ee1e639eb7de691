/**
 * Session and access calls (spec 000 §2 Login, Forgot password, Profile; §5; §7):
 * auth/loginAD, auth/forgotPassword, auth/validerPassword, auth/changePassword/{id}.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TYPE_USER_CODES } from '../../common/permissions';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { typeUsers, users } from '../db/schema';
import { AppError, badRequest, forbidden, unauthorized } from '../http/errors';
import { toApi } from '../http/serialize';
import { enqueueMail, escapeHtml } from '../mail/outbox';
import { currentUser } from '../auth/currentUser';
import { findUser } from './query';
import { checkOtp, issueOtp } from './otp';
import { hashPassword, verifyPassword } from './passwords';
import type { TokenService } from './tokens';
import { answers } from '../http/answer';
import { ACCOUNT_POLICY, ADDRESS_POLICY, RECOVERY_POLICY, settleAttempt, takeAttempt } from './throttle';

/** A new password: at least 8 characters (spec 001 §9 generated passwords are 8 characters). */
export const newPasswordSchema = z
  .string({ error: 'Le nouveau mot de passe est obligatoire' })
  .min(8, 'Le mot de passe doit contenir au moins 8 caractères')
  .max(128, 'Le mot de passe doit contenir au plus 128 caractères');

const loginBody = z.object({
  email: z
    .string({ error: 'Votre email est obligatoire !' })
    .trim()
    .min(1, 'Votre email est obligatoire !')
    .pipe(z.email('Email invalide !')),
  password: z.string({ error: 'Votre mot de passe est obligatoire !' }).min(1, 'Votre mot de passe est obligatoire !'),
  type: z.string().optional(),
});

const forgotBody = z.object({
  telephoneComplet: z.string({ error: 'Le téléphone est obligatoire' }).trim().min(4, 'Le téléphone est obligatoire'),
  email: z.string({ error: "L'email est obligatoire" }).trim().pipe(z.email('Email invalide !')),
});

const validerBody = z.object({
  telephoneComplet: z.string({ error: 'Le téléphone est obligatoire' }).trim().min(4, 'Le téléphone est obligatoire'),
  otp: z
    .string({ error: 'Le code est obligatoire' })
    .trim()
    .regex(/^[0-9]{6}$/, 'Le code doit contenir 6 chiffres'),
  newPassword: newPasswordSchema,
});

const changeBody = z.object({
  oldPassword: z.string({ error: "L'ancien mot de passe est obligatoire" }).min(1, "L'ancien mot de passe est obligatoire"),
  newPassword: newPasswordSchema,
});

/** Minimum time of a recovery answer (ms), longer than issuing a code takes, so timing does not reveal a valid pair. */
const RECOVERY_ANSWER_MS = 400;

/** Waits until `ms` milliseconds have passed since `started`. */
const padTo = (started: number, ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, started + ms - Date.now())));

/** A hash verified when the e-mail is unknown, so that timing does not tell whether an account exists. */
let dummyHash: Promise<string> | null = null;

/** Registers the session calls. Login and recovery are rate limited per address (config.loginRateLimit a minute). */
export function registerAuthRoutes(app: FastifyInstance, deps: { db: Db; tokens: TokenService; config: Config }) {
  const { db, tokens } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const rateLimit = { max: deps.config.loginRateLimit, timeWindow: '1 minute' };
  const tags = ['auth'];

  r.post('/api/auth/loginAD', { config: { rateLimit }, schema: { tags, body: loginBody, response: answers } }, async (request) => {
    const { email, password } = request.body;
    // Counted before the password is checked, per account and per address, in the database (docs/architecture.md §4).
    const accountKey = `login:account:${email.toLowerCase()}`;
    const addressKey = `login:ip:${request.ip}`;
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
    const data = await findUser(db, row.id);
    return { success: true, message: 'Connexion réussie', token: tokens.sign(row.id, row.tokenVersion), data: toApi(data) };
  });

  r.post('/api/auth/forgotPassword', { config: { rateLimit }, schema: { tags, body: forgotBody, response: answers } }, async (request) => {
    const { telephoneComplet, email } = request.body;
    const started = Date.now();
    await takeAttempt(
      db,
      [
        { key: `recovery:account:${email.toLowerCase()}`, policy: RECOVERY_POLICY },
        { key: `recovery:ip:${request.ip}`, policy: ADDRESS_POLICY },
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
            eq(users.telephoneComplet, telephoneComplet.replace(/\s+/g, '')),
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
    return { success: true, message: 'Code OTP envoyé avec succès !' };
  });

  r.post(
    '/api/auth/validerPassword',
    { config: { rateLimit }, schema: { tags, body: validerBody, response: answers } },
    async (request) => {
      const { telephoneComplet, otp, newPassword } = request.body;
      const phoneKey = `reset:account:${telephoneComplet.replace(/\s+/g, '')}`;
      const addressKey = `reset:ip:${request.ip}`;
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
        .where(and(eq(users.telephoneComplet, telephoneComplet.replace(/\s+/g, '')), eq(typeUsers.code, TYPE_USER_CODES.ADMIN)))
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
      return { success: true, message: 'Mot de passe réinitialisé avec succès !' };
    },
  );

  r.post(
    '/api/auth/changePassword/:id',
    { schema: { tags, params: z.object({ id: z.uuid() }), body: changeBody, response: answers } },
    async (request) => {
      const me = currentUser(request);
      if (request.params.id !== me.id) throw forbidden('Vous ne pouvez changer que votre propre mot de passe.');
      const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, me.id));
      if (!(await verifyPassword(row?.passwordHash, request.body.oldPassword))) {
        throw unauthorized('Mise à jour échouée, ancien mot de passe incorrect !');
      }
      const passwordHash = await hashPassword(request.body.newPassword);
      const [updated] = await db
        .update(users)
        .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(eq(users.id, me.id))
        .returning({ tokenVersion: users.tokenVersion });
      return { success: true, message: 'Mise à jour des informations réussie !', token: tokens.sign(me.id, updated.tokenVersion) };
    },
  );
}
