/**
 * Payment modes (spec 000 §3; no screen in the spec): the five reference calls like the other modes, keys
 * modePaiement, addModePaiement, modePaiementUpdate, modePaiementDelete, modePaiementUpdateStatut. The payment dialogs
 * ask `modePaiement/liste?isActive=true`.
 */
import type { FastifyInstance } from 'fastify';
import { codeLibelleResource } from '../crud/codeLibelleResource';
import { registerReferenceResource } from '../crud/referenceResource';
import type { Db } from '../db/client';
import { modesPaiement } from '../db/schema';

/** The payment mode routes. */
export async function modePaiementRoutes(app: FastifyInstance, { db }: { db: Db }) {
  registerReferenceResource(
    app,
    db,
    codeLibelleResource({
      path: 'modePaiement',
      resource: 'modePaiement',
      exportName: 'modes-paiement',
      sheet: 'Modes de paiement',
      table: modesPaiement,
      descriptionRequired: true,
      messages: {
        created: 'Mode de paiement ajouté avec succès !',
        updated: 'Mise à jour du mode de paiement réussie !',
        notFound: 'Mode de paiement introuvable.',
        inUse: 'Ce mode de paiement est utilisé par des colis ou des encaissements : suppression impossible.',
      },
    }),
  );
}
