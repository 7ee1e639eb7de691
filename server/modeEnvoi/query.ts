/** Sending modes (modeEnvoi) beyond the reference list: those a unit price uses; what depends on a mode. */
import { and, asc, eq, exists, sql } from 'drizzle-orm';
import { envoiOuvert } from '../crud/deactivationGuard';
import type { Db, Tx } from '../db/client';
import { envois, modesEnvoi, paramNatureModes } from '../db/schema';

/** Active sending modes having at least one active unit price (spec 000 §7), by name. */
export function listModesEnvoiByParamNature(db: Db) {
  return db
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
}

/**
 * The active records that depend on a sending mode (docs/decisions/deactivation-dependants.md; spec 001 §4 active
 * toggle): its departures in progress (active, neither arrived nor closed) and its active unit prices.
 * @returns counts by kind: departs, prix
 */
export async function modeEnvoiDependants(tx: Tx, id: string): Promise<Record<'departs' | 'prix', number>> {
  return {
    departs: await tx.$count(envois, and(eq(envois.modeEnvoiID, id), envoiOuvert())),
    prix: await tx.$count(paramNatureModes, and(eq(paramNatureModes.modeEnvoiID, id), eq(paramNatureModes.isActive, true))),
  };
}
