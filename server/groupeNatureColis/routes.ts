/**
 * Nature groups (spec 001 §2 Nature groups, §5: code and libelle required; §7), and the groups offered for a
 * departure (groupeNatureColis/query.ts groupIdsForEnvoi: active groups only). Deactivating a group that active natures
 * or unit prices still depend on asks for confirmation (409, then `force=true`:
 * docs/decisions/deactivation-dependants.md).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { codeLibelleResource } from '../crud/codeLibelleResource';
import { registerReferenceResource } from '../crud/referenceResource';
import { DEPENDANT_KINDS, deactivationGuard } from '../crud/deactivationGuard';
import type { Db } from '../db/client';
import { groupesNatureColis } from '../db/schema';
import { answers, codeLibelleRecord, rowsAnswer } from '../../common/schemas/answer';
import { toApi } from '../http/serialize';
import { groupeDependants, listGroupesForEnvoi } from './query';

/** The nature group routes. */
export async function groupeNatureColisRoutes(app: FastifyInstance, { db }: { db: Db }) {
  registerReferenceResource(app, db, {
    ...codeLibelleResource({
      path: 'groupeNatureColis',
      resource: 'groupeNatureColis',
      exportName: 'groupes-nature-colis',
      sheet: 'Groupes de natures',
      table: groupesNatureColis,
      descriptionRequired: false,
      messages: {
        created: 'Groupe Nature de colis enregistré avec succès',
        updated: 'Mise à jour du groupe nature de colis réussie !',
        notFound: 'Aucun groupe nature colis trouvé',
        inUse: 'Ce groupe contient des natures ou des prix : suppression impossible.',
      },
    }),
    guard: deactivationGuard({
      subject: 'Ce groupe',
      pronoun: 'le',
      kinds: [{ key: 'natures', one: 'nature active', many: 'natures actives' }, DEPENDANT_KINDS.prix],
      count: groupeDependants,
    }),
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/groupeNatureColis/listeByDepart/:departId',
    {
      schema: {
        tags: ['groupeNatureColis'],
        params: z.object({ departId: z.uuid({ error: 'Identifiant invalide' }) }),
        response: answers({ 200: rowsAnswer('datas', codeLibelleRecord) }),
      },
    },
    async (request) => {
      const rows = await listGroupesForEnvoi(db, request.params.departId);
      return { success: true, datas: toApi(rows) };
    },
  );
}
