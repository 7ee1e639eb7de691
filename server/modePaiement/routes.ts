/** Payment modes (spec 000 §7): the active ones, for the payment dialogs. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../db/client';
import { answers, codeLibelleRecord, listAnswer } from '../http/answer';
import { toApi } from '../http/serialize';
import { listModesPaiement } from './query';

/** The payment mode route. */
export async function modePaiementRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/modePaiement/liste',
      { schema: { tags: ['modePaiement'], response: answers({ 200: listAnswer('datas', codeLibelleRecord) }) } },
      async () => {
        const rows = await listModesPaiement(db);
        return { success: true, datas: toApi(rows), total: rows.length };
      },
    );
}
