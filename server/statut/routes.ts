/** Statuses (spec 000 §7): the list, and one status by its code. Statuses are seeded and never change. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/client';
import { answers, codeLibelleRef, dataAnswer, rowsAnswer } from '../../common/schemas/answer';
import { notFound } from '../http/errors';
import { serializedOnce } from '../http/answerSerializer';
import { toApi } from '../http/serialize';
import { listStatuts, statutsByCode } from './query';
import { statutRecord } from '../../common/schemas/reference';

/** The status routes. */
export async function statutRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The list never changes once read (statut/query.ts): its answer is serialized once (docs/decisions/request-path.md).
  const sendList = serializedOnce();
  r.get(
    '/api/statut/liste',
    { schema: { tags: ['statut'], response: answers({ 200: rowsAnswer('datas', statutRecord) }) } },
    async (_request, reply) => {
      const rows = await listStatuts(db);
      return sendList(reply, rows, () => ({ success: true, datas: toApi(rows) }));
    },
  );
  r.get(
    '/api/statut/getByCode/:code',
    {
      schema: { tags: ['statut'], params: z.object({ code: z.string().max(40) }), response: answers({ 200: dataAnswer(codeLibelleRef) }) },
    },
    async (request) => {
      const s = (await statutsByCode(db)).get(request.params.code.toUpperCase());
      if (!s) throw notFound('Statut introuvable.');
      return { success: true, data: toApi(s) };
    },
  );
}
