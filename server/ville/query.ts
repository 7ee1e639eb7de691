/** Cities (villes) as the API answers them: their country populated one level; what still depends on a city. */
import { and, asc, eq, or, sql } from 'drizzle-orm';
import { envoiOuvert } from '../crud/deactivationGuard';
import type { Db, Tx } from '../db/client';
import { codeLibelleColumns } from '../db/refSelect';
import { agences, envois, paramNatureModes, pays, villes } from '../db/schema';

/** Cities with their country populated. */
export const selectVilles = (d: Db | Tx) =>
  d
    .select({
      ...codeLibelleColumns(villes),
      isActive: villes.isActive,
      createdAt: villes.createdAt,
      updatedAt: villes.updatedAt,
      paysID: { ...codeLibelleColumns(pays), indicatif: pays.indicatif, devise: pays.devise },
    })
    .from(villes)
    .innerJoin(pays, eq(villes.paysID, pays.id))
    .$dynamic();

/** The active cities of a country, by name. */
export const listVillesOfPays = (db: Db, paysId: string) =>
  selectVilles(db)
    .where(and(eq(villes.paysID, paysId), eq(villes.isActive, true)))
    .orderBy(asc(villes.libelle));

/**
 * The active records that depend on a city (docs/decisions/deactivation-dependants.md; spec 001 §4 active toggle):
 * its active agencies, the departures in progress towards its country (the city is offered as their parcels'
 * destination; departures name countries, not cities) and the active unit prices from or to it.
 * @returns counts by kind: agences, departs, prix
 */
export async function villeDependants(tx: Tx, id: string): Promise<Record<'agences' | 'departs' | 'prix', number>> {
  return {
    agences: await tx.$count(agences, and(eq(agences.villeID, id), eq(agences.isActive, true))),
    departs: await tx.$count(
      envois,
      and(envoiOuvert(), sql`${envois.paysID} = (SELECT ${villes.paysID} FROM ${villes} WHERE ${villes.id} = ${id})`),
    ),
    prix: await tx.$count(
      paramNatureModes,
      and(eq(paramNatureModes.isActive, true), or(eq(paramNatureModes.villeOrigineID, id), eq(paramNatureModes.villeDestinationID, id))),
    ),
  };
}
