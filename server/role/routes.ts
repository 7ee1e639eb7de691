/** Roles (spec 001 §2 Roles, §5: code, libelle, description required; §7 role/…). */
import type { FastifyInstance } from 'fastify';
import { codeLibelleResource } from '../crud/codeLibelleResource';
import { registerReferenceResource } from '../crud/referenceResource';
import type { Db } from '../db/client';
import { roles } from '../db/schema';

/** The role routes. */
export async function roleRoutes(app: FastifyInstance, { db }: { db: Db }) {
  registerReferenceResource(
    app,
    db,
    codeLibelleResource({
      path: 'role',
      exportName: 'roles',
      sheet: 'Rôles',
      table: roles,
      descriptionRequired: true,
      messages: {
        created: 'Role ajouté avec succès !',
        updated: 'Mise à jour du role réussie !',
        notFound: 'Rôle introuvable.',
        inUse: 'Ce rôle est attribué à des utilisateurs : suppression impossible.',
      },
    }),
  );
}
