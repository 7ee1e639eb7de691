/** Nature groups (groupeNatureColis) beyond the reference list: those priced for a departure; what depends on a group. */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { envois, groupesNatureColis, naturesColis, paramNatureModes, villes } from '../db/schema';

/**
 * Ids of the active nature groups priced for a departure: an active unit price exists for the departure's sending
 * mode and a destination city in the departure's destination country. A deactivated group is never offered, nor its
 * natures (the parcel wizard's lists, spec 000 §2). A subquery, for `inArray`.
 */
export function groupIdsForEnvoi(db: Db | Tx, envoiId: string) {
  return db
    .selectDistinct({ id: paramNatureModes.groupeNatureColisID })
    .from(paramNatureModes)
    .innerJoin(
      groupesNatureColis,
      and(eq(groupesNatureColis.id, paramNatureModes.groupeNatureColisID), eq(groupesNatureColis.isActive, true)),
    )
    .innerJoin(villes, eq(paramNatureModes.villeDestinationID, villes.id))
    .innerJoin(envois, and(eq(envois.modeEnvoiID, paramNatureModes.modeEnvoiID), eq(envois.paysID, villes.paysID)))
    .where(and(eq(envois.id, envoiId), eq(paramNatureModes.isActive, true)));
}

/**
 * The active records that depend on a nature group (docs/decisions/deactivation-dependants.md; spec 001 §4 active
 * toggle): its active natures and its active unit prices.
 * @returns counts by kind: natures, prix
 */
export async function groupeDependants(tx: Tx, id: string): Promise<Record<'natures' | 'prix', number>> {
  return {
    natures: await tx.$count(naturesColis, and(eq(naturesColis.groupeNatureColisID, id), eq(naturesColis.isActive, true))),
    prix: await tx.$count(paramNatureModes, and(eq(paramNatureModes.groupeNatureColisID, id), eq(paramNatureModes.isActive, true))),
  };
}

/** The active groups priced for a departure, by name. */
export const listGroupesForEnvoi = (db: Db, envoiId: string) =>
  db
    .select()
    .from(groupesNatureColis)
    .where(and(inArray(groupesNatureColis.id, groupIdsForEnvoi(db, envoiId)), eq(groupesNatureColis.isActive, true)))
    .orderBy(asc(groupesNatureColis.libelle));
