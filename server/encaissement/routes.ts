/**
 * Payments (spec 000 §7, 001 §7): collect a payment on a parcel (a part of what remains, in the parcel's currency or
 * tendered in another: docs/decisions/currencies.md), its preview in another currency and the currencies offered, the
 * payments of a parcel, the collections list (agency-scoped), a refund (encaissement/refund.ts,
 * docs/decisions/refunds-and-cash.md), the active toggle and the cancellation. The rules are in encaissement/service.ts, the selects in
 * encaissement/query.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../auth/currentUser';
import type { Db } from '../db/client';
import { answers, listAnswer, messageAnswer } from '../../common/schemas/answer';
import { sendListExport, wantsExport } from '../http/export';
import { runList } from '../http/list';
import { byAgenceAnswer, sendGroupedPage, wantsGroups } from '../http/byAgence';
import { listQuerySchema } from '../http/listQuery';
import { toApi } from '../http/serialize';
import { encaissementExport } from './exportColumns';
import { encaissementList } from './query';
import {
  createEncaissement,
  deleteEncaissement,
  devisesEncaissement,
  equivalentEncaissement,
  getEncaissementsOfColis,
  setEncaissementActive,
} from './service';
import {
  colisEncaissementsAnswer,
  encaissementBody,
  encaissementCreateAnswer,
  encaissementDevisesAnswer,
  encaissementEquivalentAnswer,
  encaissementEquivalentQuery,
  encaissementRecord,
  remboursementAnswer,
  remboursementBody,
} from '../../common/schemas/encaissement';
import { rembourserEncaissement } from './refund';

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
        response: answers({ 200: encaissementCreateAnswer }),
      },
    },
    async (request) => {
      const result = await createEncaissement(db, request.body, currentUser(request));
      return {
        success: true,
        message: 'encaissement effectué avec succès',
        data: {
          id: result.id,
          montantEncaisse: Number(result.montantEncaisse),
          devise: result.devise,
          montantTendu: result.tendu ? Number(result.tendu.montantTendu) : null,
          deviseTendue: result.tendu?.deviseTendue ?? null,
          taux: result.taux,
          tauxTendu: result.tendu?.tauxTendu ?? null,
          tauxColis: result.tendu?.tauxColis ?? null,
          ecartConversion: Number(result.tendu?.ecartConversion ?? 0),
          reglement: Number(result.reglement),
          resteAPayer: Number(result.resteAPayer),
        },
      };
    },
  );

  r.post(
    '/api/encaissement/rembourser/:id',
    {
      schema: {
        tags,
        params: z.object({ id: z.uuid({ error: 'Identifiant invalide' }) }),
        body: remboursementBody,
        response: answers({ 200: remboursementAnswer }),
      },
    },
    async (request) => ({
      success: true,
      message: 'Remboursement enregistré.',
      data: await rembourserEncaissement(db, request.params.id, request.body, currentUser(request)),
    }),
  );

  r.get(
    '/api/encaissement/equivalent',
    {
      schema: {
        tags,
        querystring: encaissementEquivalentQuery,
        response: answers({ 200: encaissementEquivalentAnswer }),
      },
    },
    async (request) => ({ success: true, data: await equivalentEncaissement(db, request.query, currentUser(request)) }),
  );

  r.get(
    '/api/encaissement/devises/:colisID',
    {
      schema: {
        tags,
        params: z.object({ colisID: z.uuid({ error: 'Identifiant invalide' }) }),
        response: answers({ 200: encaissementDevisesAnswer }),
      },
    },
    async (request) => ({ success: true, ...(await devisesEncaissement(db, request.params.colisID, currentUser(request))) }),
  );

  r.get(
    '/api/encaissement/getByColisID/:id',
    {
      schema: {
        tags,
        params: z.object({ id: z.uuid({ error: 'Identifiant invalide' }) }),
        response: answers({ 200: colisEncaissementsAnswer }),
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
        // byAgence (spec 001 §3, §7): the page's rows by agency, for a role that sees every agency (http/byAgence.ts).
        response: answers({
          200: listAnswer('datas', encaissementRecord).extend({ byAgence: byAgenceAnswer('datas', encaissementRecord) }),
        }),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const list = encaissementList(user);
      if (wantsExport(request.query)) return sendListExport(reply, db, list, request.query, encaissementExport);
      const page = await runList(db, list, request.query as Record<string, unknown>, { json: true });
      return sendGroupedPage(reply, page, wantsGroups(user.allAgences, request.query), 'datas');
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
