/**
 * Sending modes (modeEnvoi), pickup modes (modeLivraison) and payment modes (modePaiement): spec 001 §2, §5, §7;
 * modeEnvoi/listeByParamNature (modes having at least one active unit price, spec 000 §7).
 */
import { and, asc, eq, exists, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { codeLibelleResource } from '../crud/codeLibelleResource';
import { registerReferenceResource } from '../crud/referenceResource';
import type { Db } from '../db/client';
import { modesEnvoi, modesLivraison, modesPaiement, paramNatureModes } from '../db/schema';
import { toApi } from '../http/serialize';
import { answers } from '../http/answer';

/** Registers the three mode resources. */
export function registerModeRoutes(app: FastifyInstance, db: Db) {
  registerReferenceResource(
    app,
    db,
    codeLibelleResource({
      path: 'modeEnvoi',
      table: modesEnvoi,
      descriptionRequired: true,
      messages: {
        created: "Mode d'envoi ajouté avec succès !",
        updated: "Mise à jour du mode d'envoi réussie !",
        notFound: "Mode d'envoi introuvable.",
        inUse: "Ce mode d'envoi est utilisé par des départs ou des prix : suppression impossible.",
      },
    }),
  );
  registerReferenceResource(
    app,
    db,
    codeLibelleResource({
      path: 'modeLivraison',
      table: modesLivraison,
      descriptionRequired: true,
      messages: {
        created: 'Mode de recuperation ajouté avec succès!',
        updated: 'Mise à jour du Mode de recuperation réussie!',
        notFound: 'Mode de livraison introuvable.',
        inUse: "Une erreur s'est produite lors de la suppression du mode de livraison : il est utilisé par des colis.",
      },
    }),
  );

  app.get('/api/modePaiement/liste', { schema: { tags: ['modePaiement'], response: answers } }, async () => {
    const rows = await db.select().from(modesPaiement).where(eq(modesPaiement.isActive, true)).orderBy(asc(modesPaiement.libelle));
    return { success: true, datas: toApi(rows), total: rows.length };
  });

  app.get('/api/modeEnvoi/listeByParamNature', { schema: { tags: ['modeEnvoi'], response: answers } }, async () => {
    const rows = await db
      .select()
      .from(modesEnvoi)
      .where(
        and(
          eq(modesEnvoi.isActive, true),
          exists(
            db
              .select({ one: sql`1` })
              .from(paramNatureModes)
              .where(and(eq(paramNatureModes.modeEnvoiID, modesEnvoi.id), eq(paramNatureModes.isActive, true))),
          ),
        ),
      )
      .orderBy(asc(modesEnvoi.libelle));
    return { success: true, datas: toApi(rows) };
  });
}
