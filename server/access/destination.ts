/**
 * The agency that holds a parcel at its destination (docs/decisions/release-code.md): the active agency of the
 * parcel's destination city (the inventory's rule: server/inventaire/query.ts), the first by code when the city has
 * several; for a parcel without a city, the first active agency of its departure's destination country. Its staff
 * (and the roles that see every agency) handle the parcel's release code and read its release's proof
 * (lockAtDestination: 404 for anyone else); its address and hours are told in the arrival notice, and the public
 * tracking page names it as where to collect the parcel. Here, in access/, so that both colis/ and suivi/ read it.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { CurrentUser } from '../auth/currentUser';
import type { Db, Tx } from '../db/client';
import { rowsOf } from '../db/rows';
import { colis, statuts } from '../db/schema';
import { notFound } from '../http/errors';

/** The destination agency as the notices tell it and the release checks it. */
export interface AgenceDestination {
  id: string;
  libelle: string;
  adresse: string;
  horaires: string;
  telephoneComplet: string | null;
  /** Its city's name (the public tracking page's 'Agence de retrait'). */
  ville: string;
}

/**
 * The destination agency of each parcel (none for a parcel whose city and country have no active agency).
 * @param colisIds parcels' ids (deleted ones included: the caller has chosen them)
 */
export async function agencesDestination(tx: Db | Tx, colisIds: readonly string[]): Promise<Map<string, AgenceDestination>> {
  const found = new Map<string, AgenceDestination>();
  for (let i = 0; i < colisIds.length; i += 1000) {
    const ids = colisIds.slice(i, i + 1000);
    const rows = await rowsOf<AgenceDestination & { colis_id: string; telephone_complet: string | null }>(
      tx,
      sql`SELECT c.id AS colis_id, a.id, a.libelle, a.adresse, a.horaires, a.telephone_complet, v.libelle AS ville
            FROM colis c
            JOIN envois e ON e.id = c.envoi_id
            JOIN LATERAL (
              SELECT a.* FROM agences a
               WHERE a.is_active AND (CASE WHEN c.ville_id IS NOT NULL THEN a.ville_id = c.ville_id ELSE a.pays_id = e.pays_id END)
               ORDER BY a.code LIMIT 1) a ON true
            JOIN villes v ON v.id = a.ville_id
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
        ville: r.ville,
      });
    }
  }
  return found;
}

/** The destination agency of one parcel (agencesDestination), or undefined. */
export async function agenceDestination(tx: Db | Tx, colisID: string): Promise<AgenceDestination | undefined> {
  return (await agencesDestination(tx, [colisID])).get(colisID);
}

/** A parcel as lockAtDestination gives it: its status code, the agency that registered it, its destination agency. */
export interface ColisAtDestination {
  id: string;
  statutCode: string;
  /** The agency that registered it (the sender's). */
  agenceID: string;
  agence: AgenceDestination;
}

/**
 * Locks a parcel (or, with `lock` false, reads it) and checks the user is staff of its destination agency, or with
 * `alsoSender` of the agency that registered it (a proxy is authorised by either), or of a role that sees every agency.
 * @throws 404 'Aucun colis trouvé' for a parcel that does not exist, is deleted, or is another agency's
 */
export async function lockAtDestination(
  tx: Tx,
  colisID: string,
  user: CurrentUser,
  { lock = true, alsoSender = false }: { lock?: boolean; alsoSender?: boolean } = {},
): Promise<ColisAtDestination> {
  const query = tx
    .select({ id: colis.id, agenceID: colis.agenceID, statutCode: statuts.code })
    .from(colis)
    .innerJoin(statuts, eq(statuts.id, colis.statutID))
    .where(and(eq(colis.id, colisID), isNull(colis.deletedAt)));
  const [row] = lock ? await query.for('update', { of: colis }) : await query;
  const agence = row ? await agenceDestination(tx, row.id) : undefined;
  const mine = (a: string | undefined) => a !== undefined && user.agenceID === a;
  if (!row || !agence || !(user.allAgences || mine(agence.id) || (alsoSender && mine(row.agenceID)))) throw notFound('Aucun colis trouvé');
  return { ...row, agence };
}
