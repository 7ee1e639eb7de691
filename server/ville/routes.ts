/**
 * Cities (spec 001 §2 Cities, §5: code, libelle and country required; §7), and the cities of a country. Deactivating a
 * city that active agencies, departures in progress or unit prices still depend on asks for confirmation (409, then
 * `force=true`: docs/decisions/deactivation-dependants.md).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportColumns } from '../http/export';
import { registerReferenceResource } from '../crud/referenceResource';
import { DEPENDANT_KINDS, deactivationGuard } from '../crud/deactivationGuard';
import { villeRecord, villeSchema } from '../../common/schemas/reference';
import type { Db } from '../db/client';
import { pays, villes } from '../db/schema';
import { toApi } from '../http/serialize';
import { answers, rowsAnswer } from '../../common/schemas/answer';
import { listVillesOfPays, selectVilles, villeDependants } from './query';

/** The city routes. */
export async function villeRoutes(app: FastifyInstance, { db }: { db: Db }) {
  registerReferenceResource(app, db, {
    path: 'ville',
    resource: 'villes',
    export: {
      name: 'villes',
      sheet: 'Villes',
      columns: exportColumns(
        ['Code', 'code'],
        ['Ville', 'libelle'],
        ['Pays', 'paysID.libelle'],
        ['Statut', (r) => (r.isActive ? 'Actif' : 'Inactif')],
        ["Date d'ajout", 'createdAt', 'date'],
      ),
    },
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
    record: villeRecord,
    guard: deactivationGuard({
      subject: 'Cette ville',
      pronoun: 'la',
      kinds: [{ key: 'agences', one: 'agence active', many: 'agences actives' }, DEPENDANT_KINDS.departs, DEPENDANT_KINDS.prix],
      count: villeDependants,
    }),
    messages: {
      created: 'ville enregistrée avec succès',
      updated: 'Mise à jour de la ville réussie !',
      notFound: 'Ville introuvable.',
      inUse: 'Cette ville est utilisée par des agences, des prix ou des colis : suppression impossible.',
    },
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/ville/getVilleByPaysID/:paysId',
    {
      schema: {
        tags: ['ville'],
        params: z.object({ paysId: z.uuid({ error: 'Identifiant invalide' }) }),
        response: answers({ 200: rowsAnswer('villes', villeRecord) }),
      },
    },
    async (request) => {
      const rows = await listVillesOfPays(db, request.params.paysId);
      return { success: true, villes: toApi(rows) };
    },
  );
}
