/**
 * Pick-up modes (modeLivraison: spec 001 §2, §5: code, libelle, description required; §7). Deactivating a mode that
 * parcels still on their journey use asks for confirmation (409, then `force=true`:
 * docs/decisions/deactivation-dependants.md).
 */
import type { FastifyInstance } from 'fastify';
import { codeLibelleResource } from '../crud/codeLibelleResource';
import { deactivationGuard } from '../crud/deactivationGuard';
import { registerReferenceResource } from '../crud/referenceResource';
import type { Db } from '../db/client';
import { modesLivraison } from '../db/schema';
import { modeLivraisonDependants } from './query';

/** The pick-up mode routes. */
export async function modeLivraisonRoutes(app: FastifyInstance, { db }: { db: Db }) {
  registerReferenceResource(app, db, {
    ...codeLibelleResource({
      path: 'modeLivraison',
      resource: 'modeLivraison',
      exportName: 'modes-livraison',
      sheet: 'Modes de récupération',
      table: modesLivraison,
      descriptionRequired: true,
      messages: {
        created: 'Mode de recuperation ajouté avec succès!',
        updated: 'Mise à jour du Mode de recuperation réussie!',
        notFound: 'Mode de livraison introuvable.',
        inUse: "Une erreur s'est produite lors de la suppression du mode de livraison : il est utilisé par des colis.",
      },
    }),
    guard: deactivationGuard({
      subject: 'Ce mode de récupération',
      pronoun: 'le',
      kinds: [{ key: 'colis', one: 'colis en cours', many: 'colis en cours' }],
      count: modeLivraisonDependants,
    }),
  });
}
