/**
 * The agency that holds a parcel at its destination (docs/decisions/release-code.md): the active agency of the
 * parcel's destination city (the inventory's rule: server/inventaire/query.ts), the first by code when the city has
 * several; for a parcel without a city, the first active agency of its departure's destination country. Its staff
 * release the parcel and handle its release code; its address and hours are told in the arrival notice.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { rowsOf } from '../db/rows';

/** The destination agency as the notices tell it and the release checks it. */
export interface AgenceDestination {
  id: string;
  libelle: string;
  adresse: string;
  horaires: string;
  telephoneComplet: string | null;
}

/**
 * The destination agency of each parcel (none for a parcel whose city and country have no active agency).
 * @param colisIds parcels' ids (deleted ones included: the caller has chosen them)
 */
export async function agencesDestination(tx: Tx, colisIds: readonly string[]): Promise<Map<string, AgenceDestination>> {
  const found = new Map<string, AgenceDestination>();
  for (let i = 0; i < colisIds.length; i += 1000) {
    const ids = colisIds.slice(i, i + 1000);
    const rows = await rowsOf<AgenceDestination & { colis_id: string; telephone_complet: string | null }>(
      tx,
      sql`SELECT c.id AS colis_id, a.id, a.libelle, a.adresse, a.horaires, a.telephone_complet
            FROM colis c
            JOIN envois e ON e.id = c.envoi_id
            JOIN LATERAL (
              SELECT a.* FROM agences a
               WHERE a.is_active AND (CASE WHEN c.ville_id IS NOT NULL THEN a.ville_id = c.ville_id ELSE a.pays_id = e.pays_id END)
               ORDER BY a.code LIMIT 1) a ON true
           WHERE c.id IN (${sql.join(
             ids.map((id) => sql`${id}::uuid`),
             sql`, `,
           )})`,
    );
    for (const r of rows) {
      found.set(r.colis_id, {
        id: r.id,
        libelle: r.libelle,
        adresse: r.adresse,
        horaires: r.horaires,
        telephoneComplet: r.telephone_complet,
      });
    }
  }
  return found;
}

/** The destination agency of one parcel (agencesDestination), or undefined. */
export async function agenceDestination(tx: Tx, colisID: string): Promise<AgenceDestination | undefined> {
  return (await agencesDestination(tx, [colisID])).get(colisID);
}
