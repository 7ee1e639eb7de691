/**
 * Nature groups and natures of parcels (spec 001 §2 Nature groups / Natures, §5, §7):
 * groupeNatureColis/… with listeByDepart/{departId}, natureColis/… with liste/{groupeId} and liste?envoieId={id}.
 * A group is offered for a departure when an active unit price exists for the departure's sending mode and a
 * destination city in the departure's destination country.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { codeLibelleResource } from '../crud/codeLibelleResource';
import { registerReferenceResource } from '../crud/referenceResource';
import { optionalText, requiredId, requiredText } from '../crud/fields';
import type { Db, Tx } from '../db/client';
import { envois, groupesNatureColis, naturesColis, paramNatureModes, villes } from '../db/schema';
import { toApi } from '../http/serialize';
import { answers } from '../http/answer';

/** Ids of the nature groups priced for a departure (its mode, its destination country). */
export function groupIdsForEnvoi(db: Db | Tx, envoiId: string) {
  return db
    .selectDistinct({ id: paramNatureModes.groupeNatureColisID })
    .from(paramNatureModes)
    .innerJoin(villes, eq(paramNatureModes.villeDestinationID, villes.id))
    .innerJoin(envois, and(eq(envois.modeEnvoiID, paramNatureModes.modeEnvoiID), eq(envois.paysID, villes.paysID)))
    .where(and(eq(envois.id, envoiId), eq(paramNatureModes.isActive, true)));
}

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

const selectNatures = (d: Db | Tx) =>
  d
    .select({
      id: naturesColis.id,
      code: naturesColis.code,
      libelle: naturesColis.libelle,
      description: naturesColis.description,
      prixExceptionnel: naturesColis.prixExceptionnel,
      unite: naturesColis.unite,
      isActive: naturesColis.isActive,
      createdAt: naturesColis.createdAt,
      updatedAt: naturesColis.updatedAt,
      groupeNatureColisID: { id: groupesNatureColis.id, code: groupesNatureColis.code, libelle: groupesNatureColis.libelle },
    })
    .from(naturesColis)
    .innerJoin(groupesNatureColis, eq(naturesColis.groupeNatureColisID, groupesNatureColis.id))
    .$dynamic();

/** Registers the group and nature calls. */
export function registerNatureRoutes(app: FastifyInstance, db: Db) {
  registerReferenceResource(
    app,
    db,
    codeLibelleResource({
      path: 'groupeNatureColis',
      table: groupesNatureColis,
      descriptionRequired: false,
      messages: {
        created: 'Groupe Nature de colis enregistré avec succès',
        updated: 'Mise à jour du groupe nature de colis réussie !',
        notFound: 'Aucun groupe nature colis trouvé',
        inUse: 'Ce groupe contient des natures ou des prix : suppression impossible.',
      },
    }),
  );

  registerReferenceResource(app, db, {
    path: 'natureColis',
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
    filterHook: (f, d) =>
      f.envoieId && z.uuid().safeParse(f.envoieId).success
        ? and(inArray(naturesColis.groupeNatureColisID, groupIdsForEnvoi(d, f.envoieId)), eq(naturesColis.isActive, true))
        : f.envoieId
          ? sql`false`
          : undefined,
    toValues: (b) => ({ ...b, code: String(b.code).toUpperCase(), description: b.description ?? '' }),
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
    { schema: { tags: ['natureColis'], params: z.object({ groupeId: z.uuid({ error: 'Identifiant invalide' }) }), response: answers } },
    async (request) => {
      const rows = await selectNatures(db)
        .where(eq(naturesColis.groupeNatureColisID, request.params.groupeId))
        .orderBy(asc(naturesColis.libelle));
      return { success: true, datas: toApi(rows), total: rows.length };
    },
  );
  r.get(
    '/api/groupeNatureColis/listeByDepart/:departId',
    {
      schema: { tags: ['groupeNatureColis'], params: z.object({ departId: z.uuid({ error: 'Identifiant invalide' }) }), response: answers },
    },
    async (request) => {
      const rows = await db
        .select()
        .from(groupesNatureColis)
        .where(and(inArray(groupesNatureColis.id, groupIdsForEnvoi(db, request.params.departId)), eq(groupesNatureColis.isActive, true)))
        .orderBy(asc(groupesNatureColis.libelle));
      return { success: true, datas: toApi(rows) };
    },
  );
}
