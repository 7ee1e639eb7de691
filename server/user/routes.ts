/**
 * User calls of the session area (spec 000 §2 Profile settings, §7): user/getBy/{id} and user/update/{id}.
 * Own record: any signed-in user (getBy) or key profil (update of nom, prenoms, adresse).
 * Another user: keys user / userUpdate; a body `{isActive}` alone is the status toggle (userUpdateStatut) and
 * deactivation kills the user's tokens.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requiredText, optionalText } from '../crud/fields';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { forbidden } from '../http/errors';
import { toApi } from '../http/serialize';
import { currentUser } from '../auth/currentUser';
import { findUser } from '../auth/query';
import { findVisibleUser } from '../access/scopes';
import { answers } from '../http/answer';

const params = z.object({ id: z.uuid({ error: 'Identifiant invalide' }) });

/** Body of the profile update (spec 000 §5 Profile: nom and prenoms required). */
export const profilBody = z.object({
  nom: requiredText('Le nom est obligatoire', 100),
  prenoms: requiredText('Les prénoms sont obligatoires', 150),
  adresse: optionalText(255),
});

/** Registers user/getBy and user/update. */
export function registerUserRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['user'];

  r.get('/api/user/getBy/:id', { schema: { tags, params, response: answers } }, async (request) => {
    const me = currentUser(request);
    const data = await findVisibleUser(db, request.params.id, me);
    return { success: true, data: toApi(data) };
  });

  r.put(
    '/api/user/update/:id',
    { schema: { tags, params, body: z.union([z.strictObject({ isActive: z.boolean() }), profilBody]), response: answers } },
    async (request) => {
      const me = currentUser(request);
      const target = await findVisibleUser(db, request.params.id, me);
      const body = request.body;
      if ('isActive' in body) {
        if (target.id === me.id && !body.isActive) throw forbidden('Vous ne pouvez pas désactiver votre propre compte.');
        await db
          .update(users)
          .set({ isActive: body.isActive, ...(body.isActive ? {} : { tokenVersion: sql`${users.tokenVersion} + 1` }) })
          .where(eq(users.id, target.id));
        return { success: true, message: 'Statut mis à jour avec succès !', data: toApi(await findUser(db, target.id)) };
      }
      await db
        .update(users)
        .set({ nom: body.nom, prenoms: body.prenoms, adresse: body.adresse ?? '' })
        .where(eq(users.id, target.id));
      return {
        success: true,
        message: target.id === me.id ? 'Mise à jour des informations réussie !' : "Mise à jour de l'utilisateur réussie !",
        data: toApi(await findUser(db, target.id)),
      };
    },
  );
}
