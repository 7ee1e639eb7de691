/** Operation types (spec 001 §2, §5: code and libelle required; §7 typeoperation/…). */
import type { FastifyInstance } from 'fastify';
import { codeLibelleResource } from '../crud/codeLibelleResource';
import { registerReferenceResource } from '../crud/referenceResource';
import type { Db } from '../db/client';
import { typesOperation } from '../db/schema';

/** The operation type routes. */
export async function typeOperationRoutes(app: FastifyInstance, { db }: { db: Db }) {
  registerReferenceResource(
    app,
    db,
    codeLibelleResource({
      path: 'typeoperation',
      resource: 'typeOperation',
      exportName: 'types-operation',
      sheet: "Types d'opération",
      table: typesOperation,
      descriptionRequired: false,
      messages: {
        created: "Type d'opération ajouté avec succès !",
        updated: 'Mise à jour de la typeoperation réussie !',
        notFound: "Type d'opération introuvable.",
        inUse: 'Ce type est utilisé par des opérations : suppression impossible.',
      },
    }),
  );
}
