/**
 * Departures (spec 000 §2, §5, §7): the list, the open ones, one departure, the weight check of the parcel wizard,
 * and the writes (a full edit, the active toggle `{isActive}`, or a status move `{statutID}`). The rules are in
 * envoi/service.ts, the selects in envoi/query.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../auth/currentUser';
import type { Db } from '../db/client';
import { answers, dataAnswer, listAnswer, messageAnswer, rowsAnswer } from '../../common/schemas/answer';
import { sendListExport, wantsExport } from '../http/export';
import { runList } from '../http/list';
import { sendListText } from '../http/answerSerializer';
import { listQuerySchema } from '../http/listQuery';
import { toApi } from '../http/serialize';
import { envoiExport } from './exportColumns';
import { envoiList, listOpenEnvois, listOpenEnvoisTo } from './query';
import { changeEnvoiStatut, checkEnvoiPoids, createEnvoi, deleteEnvoi, getEnvoi, readEnvoi, setEnvoiActive, updateEnvoi } from './service';
import {
  envoiBody,
  envoiCheckPoidsAnswer,
  envoiRecord,
  envoiUpdateAnswer,
  envoiUpdateBody,
  envoiWriteAnswer,
  openEnvoiRecord,
} from '../../common/schemas/envoi';

const idParams = z.object({ id: z.uuid({ error: 'Identifiant invalide' }) });

/** The departure routes. */
export async function envoiRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['envoi'];

  r.get(
    '/api/envoi/liste',
    { schema: { tags, querystring: listQuerySchema, response: answers({ 200: listAnswer('envois', envoiRecord) }) } },
    async (request, reply) => {
      const list = envoiList(currentUser(request));
      if (wantsExport(request.query)) return sendListExport(reply, db, list, request.query, envoiExport);
      const page = await runList(db, list, request.query as Record<string, unknown>, { json: true });
      if (page.json !== undefined) return sendListText(reply, 'envois', page.json, page.total);
      return { success: true, envois: toApi(page.rows), total: page.total };
    },
  );

  /**
   * GET envoi/ouvertActif (spec 000 §7): the departures open for registration the caller may register on, latest
   * closing first, each with poidsDisponible (kg) and `complet` (no kg left); closed ones are left out
   * (docs/decisions/wizard-departures.md). Answer `{success, data}`.
   */
  r.get(
    '/api/envoi/ouvertActif',
    { schema: { tags, response: answers({ 200: rowsAnswer('data', openEnvoiRecord) }) } },
    async (request) => {
      const rows = await listOpenEnvois(db, currentUser(request));
      return { success: true, data: toApi(rows) };
    },
  );

  r.get(
    '/api/envoi/getBy/:id',
    { schema: { tags, params: idParams, response: answers({ 200: dataAnswer(envoiRecord) }) } },
    async (request) => {
      const row = await getEnvoi(db, request.params.id, currentUser(request));
      return { success: true, data: toApi(row) };
    },
  );

  r.get(
    '/api/envoi/listeDepartParVille/:countryId/:modeId',
    {
      schema: {
        tags,
        params: z.object({ countryId: z.uuid(), modeId: z.uuid() }),
        response: answers({ 200: rowsAnswer('datas', envoiRecord) }),
      },
    },
    async (request) => {
      const rows = await listOpenEnvoisTo(db, request.params.countryId, request.params.modeId, currentUser(request));
      return { success: true, datas: toApi(rows) };
    },
  );

  r.get(
    '/api/envoi/checkEnvoiPoids/:id',
    {
      schema: {
        tags,
        params: idParams,
        querystring: z.object({ poids: z.coerce.number().min(0).optional() }),
        response: answers({ 200: envoiCheckPoidsAnswer }),
      },
    },
    async (request) => {
      const check = await checkEnvoiPoids(db, request.params.id, request.query.poids ?? 0, currentUser(request));
      return { success: check.ok, poidsDisponible: check.disponible, message: check.message };
    },
  );

  r.post('/api/envoi/create', { schema: { tags, body: envoiBody, response: answers({ 200: envoiWriteAnswer }) } }, async (request) => {
    const id = await createEnvoi(db, request.body, currentUser(request));
    return { success: true, message: 'départ ajouté avec succès', data: toApi(await readEnvoi(db, id)) };
  });

  r.put(
    '/api/envoi/update/:id',
    {
      schema: {
        tags,
        params: idParams,
        body: envoiUpdateBody,
        response: answers({ 200: envoiUpdateAnswer }),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const body = request.body;
      let message = 'Mise à jour du départ réussie !';
      let colisMoved: number | undefined;
      if ('isActive' in body) {
        await setEnvoiActive(db, request.params.id, body.isActive, user);
        message = 'Statut mis à jour avec succès !';
      } else if ('statutID' in body) {
        colisMoved = await changeEnvoiStatut(db, request.params.id, body.statutID, user);
        message = 'Statut de départ mis à jour avec succès !';
      } else {
        await updateEnvoi(db, request.params.id, body, user);
      }
      return { success: true, message, colisMoved, data: toApi(await readEnvoi(db, request.params.id)) };
    },
  );

  r.delete('/api/envoi/delete/:id', { schema: { tags, params: idParams, response: answers({ 200: messageAnswer }) } }, async (request) => {
    await deleteEnvoi(db, request.params.id, currentUser(request));
    return { success: true, message: 'suppression effectuée' };
  });
}
