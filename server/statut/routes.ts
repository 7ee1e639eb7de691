/** statut/liste and statut/getByCode/{code} (spec 000 §7). */
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/client';
import { statuts } from '../db/schema';
import { notFound } from '../http/errors';
import { toApi } from '../http/serialize';
import { statutsByCode } from './service';
import { answers } from '../http/answer';

/** Registers the status calls. */
export function registerStatutRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/statut/liste', { schema: { tags: ['statut'], response: answers } }, async () => {
    const rows = await db.select().from(statuts).orderBy(asc(statuts.createdAt));
    return { success: true, datas: toApi(rows) };
  });
  r.get(
    '/api/statut/getByCode/:code',
    { schema: { tags: ['statut'], params: z.object({ code: z.string().max(40) }), response: answers } },
    async (request) => {
      const s = (await statutsByCode(db)).get(request.params.code.toUpperCase());
      if (!s) throw notFound('Statut introuvable.');
      return { success: true, data: toApi(s) };
    },
  );
}
