/** Sending modes (modeEnvoi) beyond the reference list: those a unit price uses. */
import { and, asc, eq, exists, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { modesEnvoi, paramNatureModes } from '../db/schema';

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
