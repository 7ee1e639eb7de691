/**
 * The exchange rates' screen 'Taux de change' (key tauxChange; docs/decisions/currencies.md): the history of rates
 * (tauxChange/liste, paged, filtered by currency, newest first) and entering a rate (tauxChange/create, a role that
 * sees every agency; with `remplacer`, the correction of the rate of today or a day to come). No update nor deletion
 * route: a rate starts today or later (a currency's first may start earlier) and the past keeps its rates
 * (docs/decisions/exchange-rate-history.md). The rate in force on a day is read by rates.ts; the rules of a creation
 * are in service.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { TAUX_MESSAGES as M, tauxChangeBody, tauxRecord, tauxWriteAnswer } from '../../common/schemas/tauxChange';
import { currentUser } from '../auth/currentUser';
import type { Db } from '../db/client';
import { answers, listAnswer } from '../../common/schemas/answer';
import { exportColumns, sendListExport, wantsExport, type ExportDef } from '../http/export';
import { runList } from '../http/list';
import { listQuerySchema } from '../http/listQuery';
import { toApi } from '../http/serialize';
import { tauxChangeList } from './query';
import { createTaux } from './service';

/** taux-change-{date}.csv / .xlsx: the list's columns. */
const tauxExport: ExportDef = {
  name: 'taux-change',
  sheet: 'Taux de change',
  columns: exportColumns(
    ['Devise', 'devise'],
    ['Taux (pour 1 €)', 'taux'],
    ['En vigueur depuis', 'dateDebut', 'date'],
    ['Fixe', (r) => (r.fixe ? 'Oui' : 'Non')],
    [
      'Saisi par',
      (r) => {
        const a = r.auteur as { nom?: string | null; prenoms?: string | null } | null;
        return a ? [a.nom, a.prenoms].filter(Boolean).join(' ') : '';
      },
    ],
    ['Date de saisie', 'createdAt', 'date'],
  ),
};

/** The exchange rate routes. */
export async function tauxChangeRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['tauxChange'];

  r.get(
    '/api/tauxChange/liste',
    {
      schema: {
        tags,
        description:
          'Query: `devise`, `fixe`, `q` (currency code), `_page`, `_perPage`, `_sort` (createdAt | dateDebut | devise | taux), `_order`.',
        querystring: listQuerySchema,
        response: answers({ 200: listAnswer('datas', tauxRecord) }),
      },
    },
    async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      if (wantsExport(query)) return sendListExport(reply, db, tauxChangeList, query, tauxExport);
      const { rows, total } = await runList(db, tauxChangeList, query);
      return { success: true, datas: toApi(rows), total };
    },
  );

  r.post(
    '/api/tauxChange/create',
    { schema: { tags, body: tauxChangeBody, response: answers({ 200: tauxWriteAnswer }) } },
    async (request) => {
      const { data, remplace } = await createTaux(db, request.body, currentUser(request));
      return { success: true, message: remplace ? M.corrige : 'Taux de change enregistré avec succès !', data: toApi(data) };
    },
  );
}
