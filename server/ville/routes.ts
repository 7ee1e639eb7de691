/** Cities (spec 001 §2 Cities, §5: code, libelle and country required; §7 ville/…, ville/getVilleByPaysID). */
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerReferenceResource } from '../crud/referenceResource';
import { requiredId, requiredText } from '../crud/fields';
import type { Db, Tx } from '../db/client';
import { pays, villes } from '../db/schema';
import { toApi } from '../http/serialize';
import { answers } from '../http/answer';

const villeSchema = z.object({
  code: requiredText('Le code est obligatoire', 10),
  libelle: requiredText('Le nom de la ville est obligatoire', 100),
  paysID: requiredId('Le pays est obligatoire'),
});

/** Cities with their country populated. */
export const selectVilles = (d: Db | Tx) =>
  d
    .select({
      id: villes.id,
      code: villes.code,
      libelle: villes.libelle,
      isActive: villes.isActive,
      createdAt: villes.createdAt,
      updatedAt: villes.updatedAt,
      paysID: { id: pays.id, code: pays.code, libelle: pays.libelle, indicatif: pays.indicatif, devise: pays.devise },
    })
    .from(villes)
    .innerJoin(pays, eq(villes.paysID, pays.id))
    .$dynamic();

/** Registers the city calls. */
export function registerVilleRoutes(app: FastifyInstance, db: Db) {
  registerReferenceResource(app, db, {
    path: 'ville',
    table: villes,
    select: selectVilles,
    createSchema: villeSchema,
    updateSchema: villeSchema,
    searchColumns: [villes.code, villes.libelle, pays.libelle],
    sortColumns: {
      code: villes.code,
      libelle: villes.libelle,
      paysID: pays.libelle,
      isActive: villes.isActive,
      createdAt: villes.createdAt,
    },
    filters: { paysID: { column: villes.paysID, type: 'uuid' } },
    toValues: (b) => ({ ...b, code: String(b.code).toUpperCase() }),
    messages: {
      created: 'ville enregistrée avec succès',
      updated: 'Mise à jour de la ville réussie !',
      notFound: 'Ville introuvable.',
      inUse: 'Cette ville est utilisée par des agences, des prix ou des colis : suppression impossible.',
    },
  });

  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/ville/getVilleByPaysID/:paysId',
      { schema: { tags: ['ville'], params: z.object({ paysId: z.uuid({ error: 'Identifiant invalide' }) }), response: answers } },
      async (request) => {
        const rows = await selectVilles(db)
          .where(and(eq(villes.paysID, request.params.paysId), eq(villes.isActive, true)))
          .orderBy(asc(villes.libelle));
        return { success: true, villes: toApi(rows) };
      },
    );
}
