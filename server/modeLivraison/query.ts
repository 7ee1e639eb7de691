/** Pick-up modes (modeLivraison) beyond the reference list: what depends on a mode. */
import { and, eq } from 'drizzle-orm';
import { COLIS_FINISH_TARGETS, COLIS_STATUT_CODES } from '../../common/colisRules';
import { colisEnStatut } from '../crud/deactivationGuard';
import type { Tx } from '../db/client';
import { colis } from '../db/schema';

/** Parcel statuses before the end of the journey (neither picked up nor delivered). */
const COLIS_EN_COURS = COLIS_STATUT_CODES.filter((c) => !(COLIS_FINISH_TARGETS as readonly string[]).includes(c));

/**
 * The active records that depend on a pick-up mode (docs/decisions/deactivation-dependants.md; spec 001 §4 active
 * toggle): only parcels name a pick-up mode, so its parcels still on their journey (not yet picked up or delivered,
 * deleted ones left out).
 * @returns counts by kind: colis
 */
export async function modeLivraisonDependants(tx: Tx, id: string): Promise<Record<'colis', number>> {
  return { colis: await tx.$count(colis, and(eq(colis.modeLivraisonID, id), colisEnStatut(COLIS_EN_COURS))) };
}
