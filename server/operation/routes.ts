/**
 * Cash operations, the 'Tableau de bord administratif' (spec 001 §2, §3 Operation, §5, §7 operation/…, §8): the
 * dashboard list with its sums, one operation, add, change or toggle, cancel. The rules are in operation/service.ts,
 * the selects and sums in operation/query.ts, the keys in access/routeAccess.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OPERATION_TYPES, operationCreatedMessage } from '../../common/operationRules';
import { operationBody, type OperationInput } from '../../common/schemas/operation';
import { currentUser } from '../auth/currentUser';
import type { Db } from '../db/client';
import {
  answers,
  calendarDate,
  codeLibelleRef,
  dataAnswer,
  envelope,
  euros,
  id,
  instant,
  messageAnswer,
  record,
} from '../../common/schemas/answer';
import { sendListExport, wantsExport } from '../http/export';
import { runList } from '../http/list';
import { listQuerySchema } from '../http/listQuery';
import { toApi } from '../http/serialize';
import { operationExport } from './exportColumns';
import { operationList, operationSummary, type OperationSummary } from './query';
import { cancelOperation, createOperation, getOperation, setOperationActive, updateOperation } from './service';

/** An operation as the API answers it (operation/query.ts selectOperations). */
const operationRecord = record({
  date: calendarDate.describe('day of the operation, Europe/Paris'),
  montant: z.number().describe('in `devise`, to its minor unit'),
  devise: z.string().describe('ISO 4217 code of the amount (common/devises.ts)'),
  type: z.enum(OPERATION_TYPES).describe("'entrée' or 'sortie' (shown ENTREE / SORTIE)"),
  description: z.string(),
  isActive: z.boolean(),
  motif: codeLibelleRef.describe('the operation type (typeoperation)'),
  userID: record({ nom: z.string(), prenoms: z.string() }),
  agenceID: record({ libelle: z.string() }).nullable(),
  createdAt: instant,
  updatedAt: instant,
});

/** A line of a top 5. */
const topLine = z.looseObject({ motif: codeLibelleRef, montant: euros });

/** The list answer: the page of rows, the total, and the sums over every row of the filter. */
const listeAnswer = envelope({
  datas: z.array(operationRecord),
  total: z.number().int().describe('rows matching, all pages'),
  totalRevenue: euros.describe("Σ montant in euros (each at its day's rate) of the active 'entrée' rows of the filter (all pages)"),
  totalExpenses: euros.describe("Σ montant in euros (each at its day's rate) of the active 'sortie' rows of the filter (all pages)"),
  topRevenueSources: z.array(topLine).describe('the 5 operation types of most revenue, in euros'),
  topExpenseCategories: z.array(topLine).describe('the 5 operation types of most expenses, in euros'),
  horsTaux: z.number().int().describe('active rows of the filter in a currency without a rate on their day: left out of the sums'),
  byAgence: z
    .array(
      z.looseObject({
        id: id.nullable(),
        agenceLibelle: z.string(),
        datas: z.looseObject({ totalRevenue: euros, totalExpenses: euros }),
      }),
    )
    .describe('ADMIN: totals per agency over the same rows; empty for a role bound to an agency'),
});

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
        response: answers({ 200: listeAnswer }),
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
    { schema: { tags, body: operationBody, response: answers({ 200: envelope({ message: z.string(), data: operationRecord }) }) } },
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
        response: answers({ 200: envelope({ message: z.string(), data: operationRecord }) }),
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
