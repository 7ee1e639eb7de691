/**
 * Permissions (privileges) and the role's authorisations used at sign-in (spec 000 §7, 001 §2 Permissions, §5, §7):
 * privilege/liste|getBy|create|update|delete and autorisation/listePermissionByRoleID/{roleId}.
 */
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerReferenceResource } from '../crud/referenceResource';
import { optionalText, requiredText } from '../crud/fields';
import type { Db } from '../db/client';
import { autorisations, privileges } from '../db/schema';
import { toApi } from '../http/serialize';
import { answers } from '../http/answer';

/** Body of privilege/create and privilege/update (spec 001 §5: libelle and description required). */
export const privilegeSchema = z.object({
  libelle: requiredText('Le libellé est obligatoire', 100),
  description: requiredText('La description est obligatoire', 500),
  groupe: optionalText(50),
});

/** Registers the permission calls. */
export function registerPrivilegeRoutes(app: FastifyInstance, db: Db) {
  registerReferenceResource(app, db, {
    path: 'privilege',
    table: privileges,
    select: (d) => d.select().from(privileges).$dynamic(),
    createSchema: privilegeSchema,
    updateSchema: privilegeSchema,
    searchColumns: [privileges.libelle, privileges.description, privileges.groupe],
    sortColumns: {
      libelle: privileges.libelle,
      description: privileges.description,
      groupe: privileges.groupe,
      isActive: privileges.isActive,
      createdAt: privileges.createdAt,
    },
    filters: { groupe: { column: privileges.groupe, type: 'text' } },
    messages: {
      created: 'Permission ajoutée avec succès !',
      updated: 'Mise à jour de la permission réussie !',
      notFound: 'Permission introuvable.',
    },
  });

  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/autorisation/listePermissionByRoleID/:roleId',
      { schema: { tags: ['autorisation'], params: z.object({ roleId: z.uuid({ error: 'Identifiant invalide' }) }), response: answers } },
      async (request) => {
        const rows = await db
          .select({
            id: autorisations.id,
            roleID: autorisations.roleID,
            isActive: autorisations.isActive,
            privilegeID: { id: privileges.id, libelle: privileges.libelle, groupe: privileges.groupe, isActive: privileges.isActive },
          })
          .from(autorisations)
          .innerJoin(privileges, eq(autorisations.privilegeID, privileges.id))
          .where(eq(autorisations.roleID, request.params.roleId))
          .orderBy(asc(privileges.libelle));
        return { success: true, datas: toApi(rows) };
      },
    );
}
