/**
 * Authorisations of a role (spec 000 §7, 001 §2 Permissions): the permission keys a role holds, read at sign-in
 * (own role) and by the role–permission screen (key autorisation).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/client';
import { answers, id, record, rowsAnswer } from '../http/answer';
import { toApi } from '../http/serialize';
import { listAutorisationsOfRole } from './query';

/** An authorisation of a role: the permission it grants populated, and its own active flag. */
export const autorisationRecord = record({
  roleID: id,
  isActive: z.boolean(),
  privilegeID: record({ libelle: z.string(), groupe: z.string(), isActive: z.boolean() }),
});

/** The authorisation routes. */
export async function autorisationRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/autorisation/listePermissionByRoleID/:roleId',
    {
      schema: {
        tags: ['autorisation'],
        params: z.object({ roleId: z.uuid({ error: 'Identifiant invalide' }) }),
        response: answers({ 200: rowsAnswer('datas', autorisationRecord) }),
      },
    },
    async (request) => {
      const rows = await listAutorisationsOfRole(db, request.params.roleId);
      return { success: true, datas: toApi(rows) };
    },
  );
}
