/**
 * Natures of parcels (spec 001 §2 Natures, §5, §7), filtered by departure with `envoieId` (natureColis/query.ts), and
 * the natures a group offers. Neither offers the natures of a deactivated group.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportColumns } from '../http/export';
import { registerReferenceResource } from '../crud/referenceResource';
import {
  natureColisCreateSchema as natureCreate,
  natureColisUpdateSchema as natureUpdate,
  natureRecord,
} from '../../common/schemas/reference';
import type { Db } from '../db/client';
import { groupesNatureColis, naturesColis } from '../db/schema';
import { toApi } from '../http/serialize';
import { answers, listAnswer } from '../../common/schemas/answer';
import { listNaturesOfGroupe, naturesForEnvoiFilter, selectNatures } from './query';

/** The nature routes. */
export async function natureColisRoutes(app: FastifyInstance, { db }: { db: Db }) {
  registerReferenceResource(app, db, {
    path: 'natureColis',
    resource: 'natureColis',
    export: {
      name: 'natures-colis',
      sheet: 'Natures',
      columns: exportColumns(
        ['Code', 'code'],
        ['Libellé', 'libelle'],
        ['Groupe', 'groupeNatureColisID.libelle'],
        ['Prix exceptionnel', 'prixExceptionnel', 'number'],
        ['Unité', 'unite'],
        ['Description', 'description'],
        ['Statut', (r) => (r.isActive ? 'Actif' : 'Inactif')],
        ["Date d'ajout", 'createdAt', 'date'],
      ),
    },
    table: naturesColis,
    select: selectNatures,
    createSchema: natureCreate,
    updateSchema: natureUpdate,
    searchColumns: [naturesColis.code, naturesColis.libelle, naturesColis.description, groupesNatureColis.libelle],
    sortColumns: {
      code: naturesColis.code,
      libelle: naturesColis.libelle,
      groupeNatureColisID: groupesNatureColis.libelle,
      prixExceptionnel: naturesColis.prixExceptionnel,
      isActive: naturesColis.isActive,
      createdAt: naturesColis.createdAt,
    },
    filters: { groupeNatureColisID: { column: naturesColis.groupeNatureColisID, type: 'uuid' } },
    filterHook: naturesForEnvoiFilter,
    toValues: (b) => ({ ...b, code: String(b.code).toUpperCase(), description: b.description ?? '' }),
    record: natureRecord,
    messages: {
      created: 'nature de colis enregistrée avec succès',
      updated: 'Mise à jour de la nature de colis réussie !',
      notFound: 'Nature de colis introuvable.',
      inUse: 'Une erreur est survenue lors de la suppression : cette nature figure sur des colis.',
    },
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/natureColis/liste/:groupeId',
    {
      schema: {
        tags: ['natureColis'],
        params: z.object({ groupeId: z.uuid({ error: 'Identifiant invalide' }) }),
        response: answers({ 200: listAnswer('datas', natureRecord) }),
      },
    },
    async (request) => {
      const rows = await listNaturesOfGroupe(db, request.params.groupeId);
      return { success: true, datas: toApi(rows), total: rows.length };
    },
  );
}
