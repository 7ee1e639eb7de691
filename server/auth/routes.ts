/**
 * Session routes (spec 000 §2 Login, Forgot password, Profile; §5; §7): sign-in, password recovery by a code sent by
 * e-mail, and the change of one's own password. The rules are in auth/service.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { answers, codeLibelleRef, envelope, instant, messageAnswer, record } from '../../common/schemas/answer';
import { toApi } from '../http/serialize';
import { currentUser } from './currentUser';
import { RECOVERY_SENT_MESSAGE, changePassword, login, requestPasswordReset, resetPassword } from './service';
import type { TokenService } from './tokens';
import { changeBody, forgotBody, loginBody, validerBody } from '../../common/schemas/auth';

/**
 * A user as the API answers it (auth/query.ts selectUsers, spec 000 §3 User): references populated one level,
 * never the password hash. Also the answer of user/getBy and user/update.
 */
export const userRecord = record({
  nom: z.string(),
  prenoms: z.string(),
  email: z.string().nullable(),
  telephone: z.string().nullable(),
  telephoneComplet: z.string().nullable(),
  adresse: z.string(),
  isActive: z.boolean(),
  mustChangePassword: z.boolean().describe('true until the user changes the password the server generated for it'),
  createdAt: instant,
  updatedAt: instant,
  paysID: record({ libelle: z.string(), indicatif: z.string() }).nullable(),
  typeUserID: codeLibelleRef,
  roleID: codeLibelleRef
    .extend({
      systeme: z.string().nullable().describe('fixed identity of a system role (SUPERADMIN, ADMIN, AGENT, CLIENT), or null'),
      toutesAgences: z.boolean().describe('the role reaches every agency'),
    })
    .nullable(),
  agenceID: codeLibelleRef.nullable(),
});

const loginOk = answers({
  200: envelope({
    message: z.string(),
    token: z.string().describe('bearer token'),
    mustChangePassword: z
      .boolean()
      .describe('true: the token only opens auth/changePassword (every other call answers 403) until the password is changed'),
    data: userRecord,
  }),
});
const changePasswordOk = answers({ 200: envelope({ message: z.string(), token: z.string().describe('a fresh bearer token') }) });

/** The session routes. Sign-in and recovery are also rate limited per address (config.loginRateLimit a minute). */
export async function authRoutes(app: FastifyInstance, deps: { db: Db; tokens: TokenService; config: Config }) {
  const { db, tokens } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const rateLimit = { max: deps.config.loginRateLimit, timeWindow: '1 minute' };
  const tags = ['auth'];

  r.post('/api/auth/loginAD', { config: { rateLimit }, schema: { tags, body: loginBody, response: loginOk } }, async (request) => {
    const { token, user } = await login(db, tokens, request.body, request.ip);
    return {
      success: true,
      message: user.mustChangePassword ? 'Connexion réussie : changez votre mot de passe pour continuer.' : 'Connexion réussie',
      token,
      mustChangePassword: user.mustChangePassword,
      data: toApi(user),
    };
  });

  r.post(
    '/api/auth/forgotPassword',
    { config: { rateLimit }, schema: { tags, body: forgotBody, response: answers({ 200: messageAnswer }) } },
    async (request) => {
      await requestPasswordReset(db, request.body, request.ip);
      return { success: true, message: RECOVERY_SENT_MESSAGE };
    },
  );

  r.post(
    '/api/auth/validerPassword',
    { config: { rateLimit }, schema: { tags, body: validerBody, response: answers({ 200: messageAnswer }) } },
    async (request) => {
      await resetPassword(db, request.body, request.ip);
      return { success: true, message: 'Mot de passe réinitialisé avec succès !' };
    },
  );

  r.post(
    '/api/auth/changePassword/:id',
    { schema: { tags, params: z.object({ id: z.uuid() }), body: changeBody, response: changePasswordOk } },
    async (request) => {
      const token = await changePassword(db, tokens, request.params.id, request.body, currentUser(request));
      return { success: true, message: 'Mise à jour des informations réussie !', token };
    },
  );
}
