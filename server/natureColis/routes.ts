/**
 * Natures of parcels (spec 001 §2 Natures, §5, §7), filtered by departure with `envoieId` (natureColis/query.ts), and
 * the natures a group offers. Neither offers the natures of a deactivated group.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportColumns } from '../http/export';
import { registerReferenceResource } from '../crud/referenceResource';
import { optionalText, requiredId, requiredText } from '../crud/fields';
import type { Db } from '../db/client';
import { groupesNatureColis, naturesColis } from '../db/schema';
import { toApi } from '../http/serialize';
import { answers, codeLibelleRef, instant, listAnswer, record } from '../http/answer';
import { listNaturesOfGroupe, naturesForEnvoiFilter, selectNatures } from './query';

/** prixExceptionnel: digits only, 0 or empty means none (spec 001 §5). */
const prixExceptionnel = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === null || v === undefined || v === '') return null;
    const n = typeof v === 'number' ? v : Number(String(v).replace(',', '.'));
    if (!Number.isFinite(n) || n < 0) {
      ctx.addIssue({ code: 'custom', message: 'Le prix exceptionnel doit être un nombre positif' });
      return z.NEVER;
    }
    return n === 0 ? null : n.toFixed(2);
  });

const natureCreate = z.object({
  code: requiredText('Le code est obligatoire', 30),
  libelle: requiredText('Le libellé est obligatoire', 100),
  description: optionalText(500),
  groupeNatureColisID: requiredId('Le groupe est obligatoire'),
  prixExceptionnel,
  unite: optionalText(20),
});
const natureUpdate = natureCreate.extend({ description: requiredText('La description est obligatoire', 500) });

/** A nature as the API answers it: its group populated. */
export const natureRecord = record({
  code: z.string(),
  libelle: z.string(),
  description: z.string(),
  prixExceptionnel: z.number().nullable().describe('euros; null: priced by its group'),
  unite: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: instant,
  updatedAt: instant,
  groupeNatureColisID: codeLibelleRef,
});

/** The nature routes. */
export async function natureColisRoutes(app: FastifyInstance, { db }: { db: Db }) {
  registerReferenceResource(app, db, {
    path: 'natureColis',
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
