/**
 * Payments (spec 000 §7, 001 §7): collect a payment on a parcel, the payments of a parcel, the collections list
 * (agency-scoped), the active toggle and the cancellation. The rules are in encaissement/service.ts, the selects in
 * encaissement/query.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAYMENT_BY } from '../../common/colisRules';
import { currentUser } from '../auth/currentUser';
import type { Db } from '../db/client';
import { answers, envelope, euros, id, instant, listAnswer, messageAnswer, record } from '../http/answer';
import { sendListExport, wantsExport } from '../http/export';
import { runList } from '../http/list';
import { sendListText } from '../db/fast/answerSerializer';
import { listQuerySchema } from '../http/listQuery';
import { toApi } from '../http/serialize';
import { encaissementExport } from './exportColumns';
import { encaissementList } from './query';
import { createEncaissement, deleteEncaissement, getEncaissementsOfColis, setEncaissementActive } from './service';
import { encaissementBody } from '../../common/schemas/encaissement';

/** A parcel's amounts, as a payment shows them. */
const colisMontants = record({ reference: z.string(), montantTotal: euros, reglement: euros, resteAPayer: euros });

/** A payment as the API answers it (encaissement/query.ts selectEncaissements): mode, author, agency and parcel populated. */
const encaissementRecord = record({
  createdAt: instant,
  paymentby: z.enum(PAYMENT_BY).describe('who paid'),
  montantEncaisse: euros.describe('collected'),
  montantRestant: euros.describe('remaining after this payment'),
  isActive: z.boolean(),
  modePaiementID: record({ libelle: z.string() }),
  auteurID: record({ nom: z.string(), prenoms: z.string() }).nullable(),
  agenceID: record({ libelle: z.string() }).nullable(),
  colisID: colisMontants.extend({ deletedAt: instant.nullable().describe('set when the parcel was deleted') }),
});

/** The payment routes. */
export async function encaissementRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['encaissement'];

  r.post(
    '/api/encaissement/create',
    {
      schema: {
        tags,
        body: encaissementBody,
        response: answers({
          200: envelope({
            message: z.string(),
            data: z.looseObject({ id, reglement: euros, resteAPayer: euros }).describe("the payment's id and the parcel's new amounts"),
          }),
        }),
      },
    },
    async (request) => {
      const result = await createEncaissement(db, request.body, currentUser(request));
      return {
        success: true,
        message: 'encaissement effectué avec succès',
        data: { id: result.id, reglement: Number(result.reglement), resteAPayer: Number(result.resteAPayer) },
      };
    },
  );

  r.get(
    '/api/encaissement/getByColisID/:id',
    {
      schema: {
        tags,
        params: z.object({ id: z.uuid({ error: 'Identifiant invalide' }) }),
        response: answers({ 200: envelope({ encaissements: z.array(encaissementRecord), colis: colisMontants }) }),
      },
    },
    async (request) => {
      const { colis, encaissements } = await getEncaissementsOfColis(db, request.params.id, currentUser(request));
      return { success: true, encaissements: toApi(encaissements), colis: toApi(colis) };
    },
  );

  r.get(
    '/api/encaissement/liste/:userId',
    {
      schema: {
        tags,
        params: z.object({ userId: z.string().max(60) }),
        querystring: listQuerySchema,
        response: answers({ 200: listAnswer('datas', encaissementRecord) }),
      },
    },
    async (request, reply) => {
      const list = encaissementList(currentUser(request));
      if (wantsExport(request.query)) return sendListExport(reply, db, list, request.query, encaissementExport);
      const page = await runList(db, list, request.query as Record<string, unknown>, { json: true });
      if (page.json !== undefined) return sendListText(reply, 'datas', page.json, page.total);
      return { success: true, datas: toApi(page.rows), total: page.total };
    },
  );

  r.put(
    '/api/encaissement/update/:id',
    {
      schema: {
        tags,
        params: z.object({ id: z.uuid() }),
        body: z.strictObject({ isActive: z.boolean() }),
        response: answers({ 200: messageAnswer }),
      },
    },
    async (request) => {
      await setEncaissementActive(db, request.params.id, request.body.isActive, currentUser(request));
      return { success: true, message: 'Statut mis à jour avec succès !' };
    },
  );

  r.delete(
    '/api/encaissement/delete/:id',
    { schema: { tags, params: z.object({ id: z.uuid() }), response: answers({ 200: messageAnswer }) } },
    async (request) => {
      await deleteEncaissement(db, request.params.id, currentUser(request));
      return { success: true, message: 'suppression effectuée' };
    },
  );
}
