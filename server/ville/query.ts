/** Cities (villes) as the API answers them: their country populated one level. */
import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { pays, villes } from '../db/schema';

/** Cities with their country populated. */
export const selectVilles = (d: Db | Tx) =>
  d
    .select({
      id: villes.id,
      code: villes.code,
      libelle: villes.libelle,
      isActive: villes.isActive,
      createdAt: villes.createdAt,
      updatedAt: villes.updatedAt,
      paysID: { id: pays.id, code: pays.code, libelle: pays.libelle, indicatif: pays.indicatif, devise: pays.devise },
    })
    .from(villes)
    .innerJoin(pays, eq(villes.paysID, pays.id))
    .$dynamic();

/** The active cities of a country, by name. */
export const listVillesOfPays = (db: Db, paysId: string) =>
  selectVilles(db)
    .where(and(eq(villes.paysID, paysId), eq(villes.isActive, true)))
    .orderBy(asc(villes.libelle));
