/**
 * Totals of the parcel, client and payment lists read from counters kept by triggers in the transaction of every
 * change (the dashboard's, migration 0003, for parcels and clients; migration 0013's for payments) instead of counting
 * rows (docs/decisions/counted-list-pages.md: an exact `count(*)` reads every one of a million parcels or 666 667
 * payments, the counters a few hundred or thousand rows; measured in bench/README.md). Exact, never estimated: only the
 * calls the counters answer exactly get one (no search, no ids, only the filters below); any other call is counted
 * (undefined).
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { countersScope, encaissementCountersScope } from './scopes';
import type { CurrentUser } from '../auth/currentUser';
import type { Db } from '../db/client';
import type { ListQuery } from '../http/listQuery';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The valid uuids of a comma-separated filter value (http/list.ts filterCondition reads it the same way). */
const uuids = (raw: string) => raw.split(',').filter((v) => z.uuid().safeParse(v).success);

/** A condition `column IN (the valid uuids of a filter value)`, or undefined when none is valid (the list is then empty). */
function uuidIn(column: SQL, raw: string): SQL | undefined {
  const ids = uuids(raw);
  return ids.length
    ? sql`${column} IN (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : undefined;
}

/**
 * The parcel list's total (colis/liste) from colis_stats, or undefined when the call has a search, ids, or a filter
 * the counters do not hold (isActive, envoiID). Counted: agenceID (registering agency), statutID, statut (code), within
 * the user's scope (countersScope, the twin of access/scopes.ts colisAgenceScope); parcels not deleted.
 * @returns the number of parcels, or undefined (count them)
 */
export async function colisListTotal(db: Db, user: CurrentUser, q: ListQuery): Promise<number | undefined> {
  if (q.q || q.ids) return undefined;
  const conds: SQL[] = [countersScope(user)];
  for (const [name, raw] of Object.entries(q.filters)) {
    if (name === 'agenceID' || name === 'statutID') {
      const cond = uuidIn(name === 'agenceID' ? sql`cs.agence_id` : sql`cs.statut_id`, raw);
      if (!cond) return 0;
      conds.push(cond);
    } else if (name === 'statut') conds.push(sql`cs.statut_id IN (SELECT id FROM statuts WHERE code = ${raw})`);
    else if (name === 'isActive' || name === 'envoiID') return undefined;
  }
  const result = await db.execute(sql`SELECT coalesce(sum(cs.nb), 0)::int AS n FROM colis_stats cs WHERE ${sql.join(conds, sql` AND `)}`);
  return Number(rowsOf<{ n: number }>(result)[0].n);
}

/**
 * The clients list's total (user/listeClients) from the counters, or undefined when the call has a search, ids or
 * the isActive filter: every client (colis_stats_type_users) for a role that sees every agency; for another role the
 * clients of the parcels its agency sees (colis_stats_agence_clients, the twin of access/scopes.ts clientScope).
 * @param typeId the CLIENT user type: its id, or an SQL value giving it (user/service.ts CLIENT_TYPE_ID)
 * @returns the number of clients, or undefined (count them)
 */
export async function clientListTotal(db: Db, user: CurrentUser, typeId: string | SQL, q: ListQuery): Promise<number | undefined> {
  if (q.q || q.ids || q.filters.isActive !== undefined) return undefined;
  if (!user.allAgences && !user.agenceID) return 0;
  const result = user.allAgences
    ? await db.execute(sql`SELECT coalesce(sum(nb), 0)::int AS n FROM colis_stats_type_users WHERE type_user_id = ${typeId}`)
    : await db.execute(sql`SELECT coalesce(sum(nb), 0)::int AS n FROM colis_stats_agence_clients WHERE agence_id = ${user.agenceID}`);
  return Number(rowsOf<{ n: number }>(result)[0].n);
}

/**
 * The payments list's total (encaissement/liste) from encaissements_stats (migration 0013: payments not cancelled,
 * insert-only delta rows per payment agency × parcel's registering agency × parcel's departure), or undefined when the
 * call has a search, ids, or the isActive / colisID filter (counted). Counted: agenceID (the payment's agency, as the
 * list filters it), within the user's scope (encaissementCountersScope, the twin of access/scopes.ts encaissementScope).
 * @returns the number of payments, or undefined (count them)
 */
export async function encaissementListTotal(db: Db, user: CurrentUser, q: ListQuery): Promise<number | undefined> {
  if (q.q || q.ids) return undefined;
  const conds: SQL[] = [encaissementCountersScope(user)];
  for (const [name, raw] of Object.entries(q.filters)) {
    if (name === 'agenceID') {
      const cond = uuidIn(sql`es.agence_id`, raw);
      if (!cond) return 0;
      conds.push(cond);
    } else if (name === 'isActive' || name === 'colisID') return undefined;
  }
  const result = await db.execute(
    sql`SELECT coalesce(sum(es.nb), 0)::int AS n FROM encaissements_stats es WHERE ${sql.join(conds, sql` AND `)}`,
  );
  return Number(rowsOf<{ n: number }>(result)[0].n);
}
