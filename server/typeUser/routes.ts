/**
 * User types (spec 001 §7 `GET typeUser/getAll` → datas; §4 "The user type is the active type with code ADMIN"): read
 * by the user add form for its hidden user type. Any signed-in user reads them, like the other reference lists.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../db/client';
import { answers } from '../../common/schemas/answer';
import { toApi } from '../http/serialize';
import { listTypeUsers } from './query';
import { typeUserListAnswer } from '../../common/schemas/reference';

/** The user type routes. */
export async function typeUserRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/typeUser/getAll', { schema: { tags: ['typeUser'], response: answers({ 200: typeUserListAnswer }) } }, async () => ({
    success: true,
    datas: toApi(await listTypeUsers(db)),
  }));
}
