/**
 * Users (spec 000 §2 Profile settings, §7): a staff user's record and profile, and the clients (users of type
 * CLIENT) the parcel wizard and the clients list look up. Own record: any signed-in user reads it, key profil edits
 * it; another user: keys user / userUpdate, and a body `{isActive}` alone is the active toggle (userUpdateStatut).
 * The phone look-up answers 200 with success false when the client is unknown (the wizard then offers a new
 * recipient), 400 with the French message of common/phone.ts when the number is not a full number '+…'.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TYPE_USER_CODES } from '../../common/permissions';
import { currentUser } from '../auth/currentUser';
import { optionalText, requiredText } from '../crud/fields';
import type { Db } from '../db/client';
import { userRecord } from '../auth/routes';
import { answers, dataAnswer, envelope, instant, listAnswer, record } from '../http/answer';
import { runList } from '../http/list';
import { listQuerySchema } from '../http/listQuery';
import { toApi } from '../http/serialize';
import { clientList, findClientByTelephone } from './query';
import { clientPhone, clientTypeId, getUser, setUserActive, updateProfil } from './service';

const params = z.object({ id: z.uuid({ error: 'Identifiant invalide' }) });

/** Body of the profile update (spec 000 §5 Profile: nom and prenoms required). */
export const profilBody = z.object({
  nom: requiredText('Le nom est obligatoire', 100),
  prenoms: requiredText('Les prénoms sont obligatoires', 150),
  adresse: optionalText(255),
});
export type ProfilInput = z.infer<typeof profilBody>;

/** A client (a user of type CLIENT) as the look-ups answer it (user/query.ts clientColumns). */
export const clientRecord = record({
  nom: z.string(),
  prenoms: z.string(),
  telephone: z.string().nullable(),
  telephoneComplet: z.string().nullable(),
  email: z.string().nullable(),
  adresse: z.string(),
  isActive: z.boolean(),
  createdAt: instant,
});

/** The user routes. */
export async function userRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['user'];

  r.get('/api/user/getBy/:id', { schema: { tags, params, response: answers({ 200: dataAnswer(userRecord) }) } }, async (request) => {
    const data = await getUser(db, request.params.id, currentUser(request));
    return { success: true, data: toApi(data) };
  });

  r.put(
    '/api/user/update/:id',
    {
      schema: {
        tags,
        params,
        body: z.union([z.strictObject({ isActive: z.boolean() }), profilBody]),
        response: answers({ 200: envelope({ message: z.string(), data: userRecord }) }),
      },
    },
    async (request) => {
      const me = currentUser(request);
      const body = request.body;
      if ('isActive' in body) {
        const data = await setUserActive(db, request.params.id, body.isActive, me);
        return { success: true, message: 'Statut mis à jour avec succès !', data: toApi(data) };
      }
      const { user, own } = await updateProfil(db, request.params.id, body, me);
      return {
        success: true,
        message: own
          ? 'Mise à jour des informations réussie !'
          : user.typeUserID.code === TYPE_USER_CODES.CLIENT
            ? 'Mise à jour du client réussie !'
            : "Mise à jour de l'utilisateur réussie !",
        data: toApi(user),
      };
    },
  );

  r.get(
    '/api/user/getByTelephone/:telephone',
    {
      schema: {
        tags,
        params: z.object({ telephone: z.string().min(4).max(25) }),
        response: answers({
          200: envelope({ data: clientRecord.nullable().describe('null (success false) when no client has this phone') }),
        }),
      },
    },
    async (request) => {
      const row = await findClientByTelephone(db, await clientTypeId(db), clientPhone(request.params.telephone, null, 'telephone'));
      return row ? { success: true, data: toApi(row) } : { success: false, data: null, message: 'Aucun client trouvé pour ce numéro.' };
    },
  );

  r.get(
    '/api/user/listeClients',
    { schema: { tags, querystring: listQuerySchema, response: answers({ 200: listAnswer('clients', clientRecord) }) } },
    async (request) => {
      const { rows, total } = await runList(
        db,
        clientList(await clientTypeId(db), currentUser(request)),
        request.query as Record<string, unknown>,
      );
      return { success: true, clients: toApi(rows), total };
    },
  );
}
