/** Natures of parcels (natureColis) as the API answers them: their group populated one level. */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../db/client';
import { codeLibelleColumns } from '../db/refSelect';
import { groupesNatureColis, naturesColis } from '../db/schema';
import { groupIdsForEnvoi } from '../groupeNatureColis/query';

/** Natures with their group populated. */
export const selectNatures = (d: Db | Tx) =>
  d
    .select({
      ...codeLibelleColumns(naturesColis),
      description: naturesColis.description,
      prixExceptionnel: naturesColis.prixExceptionnel,
      unite: naturesColis.unite,
      isActive: naturesColis.isActive,
      createdAt: naturesColis.createdAt,
      updatedAt: naturesColis.updatedAt,
      groupeNatureColisID: codeLibelleColumns(groupesNatureColis),
    })
    .from(naturesColis)
    .innerJoin(groupesNatureColis, eq(naturesColis.groupeNatureColisID, groupesNatureColis.id))
    .$dynamic();

/**
 * The list filter `envoieId` (the spec's spelling, natureColis/liste?envoieId=): the active natures of the active
 * groups priced for that departure (groupIdsForEnvoi); none for an id that is not a UUID.
 */
export function naturesForEnvoiFilter(filters: Record<string, string>, db: Db): SQL | undefined {
  if (!filters.envoieId) return undefined;
  if (!z.uuid().safeParse(filters.envoieId).success) return sql`false`;
  return and(inArray(naturesColis.groupeNatureColisID, groupIdsForEnvoi(db, filters.envoieId)), eq(naturesColis.isActive, true));
}

/**
 * The natures a group offers, by name (natureColis/liste/{groupeId}, a list of the parcel wizard, spec 000 §7): its
 * active natures while the group is active; none for a deactivated group, whose natures are not offered.
 */
export const listNaturesOfGroupe = (db: Db, groupeId: string) =>
  selectNatures(db)
    .where(and(eq(naturesColis.groupeNatureColisID, groupeId), eq(naturesColis.isActive, true), eq(groupesNatureColis.isActive, true)))
    .orderBy(asc(naturesColis.libelle));
