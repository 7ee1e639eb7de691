/**
 * Users (spec 000 §2 Profile settings, §7; 001 §2 Users, §5, §7; docs/decisions/staff-accounts.md, audit-journal.md): the staff list, choice, creation,
 * edit, status, deletion and history; a user's record and profile; and the clients (users of type CLIENT) the parcel
 * wizard and the clients list look up. Own record: any signed-in user reads it, key profil edits it; another user:
 * keys user / userUpdate, and a body `{isActive}` alone is the active toggle (userUpdateStatut). The staff rules are in
 * user/service.ts. The phone look-up answers 200 with success false when the client is unknown (the wizard then offers
 * a new recipient), 400 with the French message of common/phone.ts when the number is not a full number '+…', 429
 * beyond 60 look-ups by one user in a minute of the clock (PHONE_LOOKUP_POLICY); it answers only what the wizard
 * needs (no e-mail).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TYPE_USER_CODES } from '../../common/permissions';
import { currentUser } from '../auth/currentUser';
import { PHONE_LOOKUP_POLICY, takeAttempt } from '../auth/throttle';
import type { Db } from '../db/client';
import { answers, dataAnswer, envelope, listAnswer, messageAnswer } from '../../common/schemas/answer';
import { sendListExport, wantsExport } from '../http/export';
import { runList } from '../http/list';
import { listQuerySchema } from '../http/listQuery';
import { toApi } from '../http/serialize';
import { latestAudits } from '../audit/query';
import { clientExport, staffExport } from './exportColumns';
import { clientList, findClientByTelephone, listActiveStaff, staffList } from './query';
import {
  CLIENT_TYPE_ID,
  clientPhone,
  createStaff,
  deleteStaff,
  getUser,
  resetStaffPassword,
  setUserActive,
  updateProfil,
  updateStaff,
} from './service';
import {
  clientRecord,
  phoneLookupRecord,
  userHistoriqueAnswer,
  userRecord,
  profilOnlyBody,
  staffListAnswer,
  staffCreateBody,
  staffUpdateBody,
  type ProfilInput,
  type StaffUpdateInput,
} from '../../common/schemas/user';

const params = z.object({ id: z.uuid({ error: 'Identifiant invalide' }) });

/** The user routes. */
export async function userRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['user'];

  r.get('/api/user/getBy/:id', { schema: { tags, params, response: answers({ 200: dataAnswer(userRecord) }) } }, async (request) => {
    const data = await getUser(db, request.params.id, currentUser(request));
    return { success: true, data: toApi(data) };
  });

  r.get(
    '/api/user/liste',
    { schema: { tags, querystring: listQuerySchema, response: answers({ 200: listAnswer('datas', userRecord) }) } },
    async (request, reply) => {
      const list = staffList(currentUser(request));
      if (wantsExport(request.query)) return sendListExport(reply, db, list, request.query, staffExport);
      const { rows, total } = await runList(db, list, request.query as Record<string, unknown>);
      return { success: true, datas: toApi(rows), total };
    },
  );

  r.get('/api/user/listeAdmin', { schema: { tags, response: answers({ 200: staffListAnswer }) } }, async (request) => {
    return { success: true, datas: toApi(await listActiveStaff(db, currentUser(request))) };
  });

  r.post(
    '/api/user/create',
    { schema: { tags, body: staffCreateBody, response: answers({ 200: envelope({ message: z.string(), data: userRecord }) }) } },
    async (request) => {
      const data = await createStaff(db, request.body, currentUser(request));
      return { success: true, message: 'Utilisateur créé  avec succès', data: toApi(data) };
    },
  );

  r.put(
    '/api/user/update/:id',
    {
      schema: {
        tags,
        params,
        body: z.union([z.strictObject({ isActive: z.boolean() }), profilOnlyBody, staffUpdateBody]),
        response: answers({ 200: envelope({ message: z.string(), data: userRecord }) }),
      },
    },
    async (request) => {
      const me = currentUser(request);
      const body = request.body;
      if ('isActive' in body && Object.keys(body).length === 1) {
        const data = await setUserActive(db, request.params.id, body.isActive as boolean, me);
        return { success: true, message: 'Statut mis à jour avec succès !', data: toApi(data) };
      }
      const { user, own } =
        'roleID' in body
          ? await updateStaff(db, request.params.id, body as StaffUpdateInput, me)
          : await updateProfil(db, request.params.id, body as ProfilInput, me);
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

  r.delete('/api/user/delete/:id', { schema: { tags, params, response: answers({ 200: messageAnswer }) } }, async (request) => {
    await deleteStaff(db, request.params.id, currentUser(request));
    return { success: true, message: 'suppression effectuée' };
  });

  r.post('/api/user/resetPassword/:id', { schema: { tags, params, response: answers({ 200: messageAnswer }) } }, async (request) => {
    await resetStaffPassword(db, request.params.id, currentUser(request));
    return { success: true, message: 'Un nouveau mot de passe a été envoyé par email à cet utilisateur.' };
  });

  r.get('/api/user/historique/:id', { schema: { tags, params, response: answers({ 200: userHistoriqueAnswer }) } }, async (request) => {
    const target = await getUser(db, request.params.id, currentUser(request));
    return { success: true, datas: (await latestAudits(db, { userID: target.id })).map((row) => ({ ...row })) };
  });

  r.get(
    '/api/user/getByTelephone/:telephone',
    {
      schema: {
        tags,
        params: z.object({ telephone: z.string().min(4).max(25) }),
        response: answers({
          200: envelope({ data: phoneLookupRecord.nullable().describe('null (success false) when no client has this phone') }),
        }),
      },
    },
    async (request) => {
      // Counted before anything is read, valid number or not (PHONE_LOOKUP_POLICY: 60 per minute of the clock per user).
      await takeAttempt(
        db,
        [{ key: `telephone:user:${currentUser(request).id}`, policy: PHONE_LOOKUP_POLICY }],
        'recherches de client par téléphone',
      );
      const row = await findClientByTelephone(db, CLIENT_TYPE_ID, clientPhone(request.params.telephone, null, 'telephone'));
      return row ? { success: true, data: toApi(row) } : { success: false, data: null, message: 'Aucun client trouvé pour ce numéro.' };
    },
  );

  r.get(
    '/api/user/listeClients',
    { schema: { tags, querystring: listQuerySchema, response: answers({ 200: listAnswer('clients', clientRecord) }) } },
    async (request, reply) => {
      const list = clientList(CLIENT_TYPE_ID, currentUser(request));
      if (wantsExport(request.query)) return sendListExport(reply, db, list, request.query, clientExport);
      const { rows, total } = await runList(db, list, request.query as Record<string, unknown>);
      return { success: true, clients: toApi(rows), total };
    },
  );
}
