/**
 * User types (spec 001 §7 `GET typeUser/getAll` → datas; §4 "The user type is the active type with code ADMIN"): read
 * by the user add form for its hidden user type. Any signed-in user reads them, like the other reference lists.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/client';
import { answers, instant, record, rowsAnswer } from '../../common/schemas/answer';
import { toApi } from '../http/serialize';
import { listTypeUsers } from './query';

/** A user type as answered. */
const typeUserRecord = record({ code: z.string(), libelle: z.string(), isActive: z.boolean(), createdAt: instant, updatedAt: instant });

/** The user type routes. */
export async function typeUserRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/typeUser/getAll',
    { schema: { tags: ['typeUser'], response: answers({ 200: rowsAnswer('datas', typeUserRecord) }) } },
    async () => ({
      success: true,
      datas: toApi(await listTypeUsers(db)),
    }),
  );
}
