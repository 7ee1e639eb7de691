/**
 * Cash operations, the 'Tableau de bord administratif' (spec 001 §2, §3 Operation, §5, §7 operation/…, §8): the
 * dashboard list with its sums, one operation, add, change or toggle, cancel. The rules are in operation/service.ts,
 * the selects and sums in operation/query.ts, the keys in access/routeAccess.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operationCreatedMessage } from '../../common/operationRules';
import {
  operationBody,
  operationListeAnswer,
  operationRecord,
  operationWriteAnswer,
  type OperationInput,
} from '../../common/schemas/operation';
import { currentUser } from '../auth/currentUser';
import type { Db } from '../db/client';
import { answers, dataAnswer, messageAnswer } from '../../common/schemas/answer';
import { sendListExport, wantsExport } from '../http/export';
import { runList } from '../http/list';
import { listQuerySchema } from '../http/listQuery';
import { toApi } from '../http/serialize';
import { operationExport } from './exportColumns';
import { operationList, operationSummary, type OperationSummary } from './query';
import { cancelOperation, createOperation, getOperation, setOperationActive, updateOperation } from './service';

/** The sums of a summary as numbers (euros). */
const summaryToApi = (s: OperationSummary) => ({
  horsTaux: s.horsTaux,
  totalRevenue: Number(s.totalRevenue),
  totalExpenses: Number(s.totalExpenses),
  topRevenueSources: s.topRevenueSources.map((l) => ({ motif: toApi(l.motif), montant: Number(l.montant) })),
  topExpenseCategories: s.topExpenseCategories.map((l) => ({ motif: toApi(l.motif), montant: Number(l.montant) })),
  byAgence: s.byAgence.map((a) => ({
    id: a.id,
    agenceLibelle: a.agenceLibelle,
    datas: { totalRevenue: Number(a.datas.totalRevenue), totalExpenses: Number(a.datas.totalExpenses) },
  })),
});

/** The operation routes. */
export async function operationRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['operation'];
  const idParams = z.object({ id: z.uuid({ error: 'Identifiant invalide' }) });

  r.get(
    '/api/operation/liste/:userId',
    {
      schema: {
        tags,
        description:
          "Tableau de bord administratif. `{userId}` (the spec's) is not read: the rows are the signed-in user's scope. " +
          'Query: `periode` (semaine | mois | annee), `agenceID`, `type`, `motif`, `userID`, `isActive`, `devise`, `q`, `_page`, `_perPage`, `_sort`, `_order`.',
        params: z.object({ userId: z.string().max(60) }),
        querystring: listQuerySchema,
        response: answers({ 200: operationListeAnswer }),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const query = request.query as Record<string, unknown>;
      if (wantsExport(query)) return sendListExport(reply, db, operationList(user), query, operationExport);
      const { rows, total } = await runList(db, operationList(user), query);
      const summary = await operationSummary(db, user, query);
      return { success: true, datas: toApi(rows), total, ...summaryToApi(summary) };
    },
  );

  r.get(
    '/api/operation/getBy/:id',
    { schema: { tags, params: idParams, response: answers({ 200: dataAnswer(operationRecord) }) } },
    async (request) => ({ success: true, data: toApi(await getOperation(db, request.params.id, currentUser(request))) }),
  );

  r.post(
    '/api/operation/create',
    { schema: { tags, body: operationBody, response: answers({ 200: operationWriteAnswer }) } },
    async (request) => {
      const data = await createOperation(db, request.body, currentUser(request));
      return { success: true, message: operationCreatedMessage(request.body.type), data: toApi(data) };
    },
  );

  r.put(
    '/api/operation/update/:id',
    {
      schema: {
        tags,
        params: idParams,
        body: z.union([z.strictObject({ isActive: z.boolean() }), operationBody]),
        response: answers({ 200: operationWriteAnswer }),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const body = request.body;
      if ('isActive' in body && Object.keys(body).length === 1) {
        const data = await setOperationActive(db, request.params.id, body.isActive, user);
        return { success: true, message: 'Statut mis à jour avec succès !', data: toApi(data) };
      }
      const data = await updateOperation(db, request.params.id, body as OperationInput, user);
      return { success: true, message: "Mise à jour de l'opération réussie !", data: toApi(data) };
    },
  );

  r.delete(
    '/api/operation/delete/:id',
    { schema: { tags, params: idParams, response: answers({ 200: messageAnswer }) } },
    async (request) => {
      await cancelOperation(db, request.params.id, currentUser(request));
      return { success: true, message: 'suppression effectuée' };
    },
  );
}
