/**
 * Sending modes (modeEnvoi: spec 001 §2, §5: code, libelle, description required; §7), and the modes having at
 * least one active unit price (spec 000 §7). Deactivating a mode that departures in progress or active unit prices
 * still depend on asks for confirmation (409, then `force=true`: docs/decisions/deactivation-dependants.md).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { codeLibelleResource } from '../crud/codeLibelleResource';
import { registerReferenceResource } from '../crud/referenceResource';
import { DEPENDANT_KINDS, deactivationGuard } from '../crud/deactivationGuard';
import type { Db } from '../db/client';
import { modesEnvoi } from '../db/schema';
import { answers, codeLibelleRecord, rowsAnswer } from '../../common/schemas/answer';
import { toApi } from '../http/serialize';
import { listModesEnvoiByParamNature, modeEnvoiDependants } from './query';

/** The sending mode routes. */
export async function modeEnvoiRoutes(app: FastifyInstance, { db }: { db: Db }) {
  registerReferenceResource(app, db, {
    ...codeLibelleResource({
      path: 'modeEnvoi',
      resource: 'modeEnvoi',
      exportName: 'modes-envoi',
      sheet: "Modes d'envoi",
      table: modesEnvoi,
      descriptionRequired: true,
      messages: {
        created: "Mode d'envoi ajouté avec succès !",
        updated: "Mise à jour du mode d'envoi réussie !",
        notFound: "Mode d'envoi introuvable.",
        inUse: "Ce mode d'envoi est utilisé par des départs ou des prix : suppression impossible.",
      },
    }),
    guard: deactivationGuard({
      subject: "Ce mode d'envoi",
      pronoun: 'le',
      kinds: [DEPENDANT_KINDS.departs, DEPENDANT_KINDS.prix],
      count: modeEnvoiDependants,
    }),
  });

  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/modeEnvoi/listeByParamNature',
      { schema: { tags: ['modeEnvoi'], response: answers({ 200: rowsAnswer('datas', codeLibelleRecord) }) } },
      async () => {
        const rows = await listModesEnvoiByParamNature(db);
        return { success: true, datas: toApi(rows) };
      },
    );
}
