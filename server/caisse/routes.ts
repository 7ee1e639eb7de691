/**
 * The cash closed per agency and day, 'Arrêté de caisse' (docs/decisions/refunds-and-cash.md): the expected amounts of
 * a day, its closing, the closings' list and one closing, the reopening. Rules in caisse/service.ts, selects and sums
 * in caisse/query.ts, the keys (caisse, caisseRouvrir) in access/routeAccess.ts, the bodies in
 * common/schemas/caisse.ts. Amounts are answered as the exact decimal text of their currency.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CAISSE_MESSAGES,
  caisseAttenduAnswer,
  caisseAttenduQuery,
  caisseClotureAnswer,
  caisseClotureBody,
  caisseGetByAnswer,
  caisseListeAnswer,
  caisseRouvrirBody,
  jourFiltre,
} from '../../common/schemas/caisse';
import { currentUser } from '../auth/currentUser';
import type { Db } from '../db/client';
import { answers } from '../../common/schemas/answer';
import { runList } from '../http/list';
import { listQuerySchema } from '../http/listQuery';
import { toApi } from '../http/serialize';
import { caisseList } from './query';
import { attenduCaisse, cloturerCaisse, getCloture, rouvrirCaisse } from './service';

/** Query of GET caisse/liste: the list's paging and sort, the agency (roles seeing every agency), the days. */
const listeQuery = listQuerySchema.extend({
  agenceID: z.string().max(2000).optional(),
  du: jourFiltre,
  au: jourFiltre,
  rouverte: z.enum(['true', 'false'], { error: 'rouverte : true ou false' }).optional(),
});

/** The cash closing routes. */
export async function caisseRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['caisse'];
  const idParams = z.object({ id: z.uuid({ error: 'Identifiant invalide' }) });

  r.get(
    '/api/caisse/attendu',
    {
      schema: {
        tags,
        description:
          "Expected amounts of an agency's day (Europe/Paris) per payment mode and currency received, and the cash operations' line; " +
          '`ecartsConversion`: the conversion differences of the settling payments, per parcel currency; ' +
          '`cloture`: the open closing of that day (null while open). `agenceID` is required for a role that sees every agency; ' +
          "another role reads its own (another agency's: 403).",
        querystring: caisseAttenduQuery,
        response: answers({ 200: caisseAttenduAnswer }),
      },
    },
    async (request) => {
      const data = await attenduCaisse(db, currentUser(request), request.query);
      return { success: true, ...toApi(data) };
    },
  );

  r.post(
    '/api/caisse/cloture',
    {
      schema: {
        tags,
        description:
          'Closes the day: the expected amounts are recomputed, each line stores expected, counted and the difference. ' +
          'One open closing per agency and day (409); a day after today is refused (400).',
        body: caisseClotureBody,
        response: answers({ 200: caisseClotureAnswer }),
      },
    },
    async (request) => {
      const data = await cloturerCaisse(db, currentUser(request), request.body);
      return { success: true, message: CAISSE_MESSAGES.cloturee, data: toApi(data) };
    },
  );

  r.get(
    '/api/caisse/liste',
    {
      schema: {
        tags,
        description:
          "The closings, newest first, within the user's agency scope. Query: `agenceID`, `du`, `au` (YYYY-MM-DD), `rouverte`, " +
          '`q`, `_page`, `_perPage`, `_sort` (jour, createdAt, agence), `_order`.',
        querystring: listeQuery,
        response: answers({ 200: caisseListeAnswer }),
      },
    },
    async (request) => {
      const { rows, total } = await runList(db, caisseList(currentUser(request)), request.query as Record<string, unknown>);
      return { success: true, datas: toApi(rows), total };
    },
  );

  r.get(
    '/api/caisse/getBy/:id',
    { schema: { tags, params: idParams, response: answers({ 200: caisseGetByAnswer }) } },
    async (request) => ({ success: true, data: toApi(await getCloture(db, request.params.id, currentUser(request))) }),
  );

  r.post(
    '/api/caisse/rouvrir/:id',
    {
      schema: {
        tags,
        description: 'Reopens a closed day with a reason (key caisseRouvrir): the closing stays, marked reopened; audited.',
        params: idParams,
        body: caisseRouvrirBody,
        response: answers({ 200: caisseClotureAnswer }),
      },
    },
    async (request) => {
      const data = await rouvrirCaisse(db, currentUser(request), request.params.id, request.body.motif);
      return { success: true, message: CAISSE_MESSAGES.rouverte, data: toApi(data) };
    },
  );
}
