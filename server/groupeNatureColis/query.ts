/** Nature groups (groupeNatureColis) beyond the reference list: those priced for a departure. */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { envois, groupesNatureColis, paramNatureModes, villes } from '../db/schema';

/**
 * Ids of the nature groups priced for a departure: an active unit price exists for the departure's sending mode and a
 * destination city in the departure's destination country. A subquery, for `inArray`.
 */
export function groupIdsForEnvoi(db: Db | Tx, envoiId: string) {
  return db
    .selectDistinct({ id: paramNatureModes.groupeNatureColisID })
    .from(paramNatureModes)
    .innerJoin(villes, eq(paramNatureModes.villeDestinationID, villes.id))
    .innerJoin(envois, and(eq(envois.modeEnvoiID, paramNatureModes.modeEnvoiID), eq(envois.paysID, villes.paysID)))
    .where(and(eq(envois.id, envoiId), eq(paramNatureModes.isActive, true)));
}

/** The active groups priced for a departure, by name. */
export const listGroupesForEnvoi = (db: Db, envoiId: string) =>
  db
    .select()
    .from(groupesNatureColis)
    .where(and(inArray(groupesNatureColis.id, groupIdsForEnvoi(db, envoiId)), eq(groupesNatureColis.isActive, true)))
    .orderBy(asc(groupesNatureColis.libelle));
