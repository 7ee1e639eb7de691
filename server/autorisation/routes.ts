/**
 * Authorisations of a role (spec 000 §7, 001 §2 Permissions): the permission keys a role holds, read at sign-in
 * (own role) and by the role–permission screen (key autorisation).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/client';
import { answers } from '../http/answer';
import { toApi } from '../http/serialize';
import { listAutorisationsOfRole } from './query';

/** The authorisation routes. */
export async function autorisationRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/autorisation/listePermissionByRoleID/:roleId',
      { schema: { tags: ['autorisation'], params: z.object({ roleId: z.uuid({ error: 'Identifiant invalide' }) }), response: answers } },
      async (request) => {
        const rows = await listAutorisationsOfRole(db, request.params.roleId);
        return { success: true, datas: toApi(rows) };
      },
    );
}
