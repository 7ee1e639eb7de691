/**
 * Session routes (spec 000 §2 Login, Forgot password, Profile; §5; §7): sign-in, password recovery by a code sent by
 * e-mail, and the change of one's own password. The rules are in auth/service.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { answers, messageAnswer } from '../../common/schemas/answer';
import { toApi } from '../http/serialize';
import { currentUser } from './currentUser';
import { RECOVERY_SENT_MESSAGE, changePassword, login, requestPasswordReset, resetPassword } from './service';
import type { TokenService } from './tokens';
import { changeBody, changePasswordAnswer, forgotBody, loginAnswer, loginBody, validerBody } from '../../common/schemas/auth';

const loginOk = answers({ 200: loginAnswer });
const changePasswordOk = answers({ 200: changePasswordAnswer });

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
