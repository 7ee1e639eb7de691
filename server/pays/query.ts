/** Countries (pays) beyond the reference list: those a unit price leads to. */
import { and, asc, eq, exists, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { paramNatureModes, pays, villes } from '../db/schema';

/** Active countries that are the destination of at least one active unit price (spec 000 §7), by name. */
export function listPaysByParamNature(db: Db) {
  return db
    .select()
    .from(pays)
    .where(
      and(
        eq(pays.isActive, true),
        exists(
          db
            .select({ one: sql`1` })
            .from(paramNatureModes)
            .innerJoin(villes, eq(paramNatureModes.villeDestinationID, villes.id))
            .where(and(eq(villes.paysID, pays.id), eq(paramNatureModes.isActive, true))),
        ),
      ),
    )
    .orderBy(asc(pays.libelle));
}
