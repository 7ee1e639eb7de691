/**
 * Human-readable references (docs/architecture.md §4): unique and sequential, made by a database sequence, never by counting
 * rows. Departures: DEP-{yymm}-{0042}; parcels: {agency code}-{yymm}-{000123}.
 */
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Tx } from './client';
import { rowsOf } from './rows';

/** The current year-month of a reference, yymm (server's local time). */
function yymm(now = new Date()): string {
  return `${String(now.getFullYear()).slice(2)}${String(now.getMonth() + 1).padStart(2, '0')}`;
}

/** Next value of a sequence. */
async function next(tx: Tx, sequence: 'envoi_reference_seq'): Promise<number> {
  const rows = await rowsOf<{ n: number }>(tx, sql`SELECT nextval(${sequence}::regclass)::int AS n`);
  return rows[0].n;
}

/** A new departure reference, e.g. DEP-2611-0042. */
export async function nextEnvoiReference(tx: Tx): Promise<string> {
  return `DEP-${yymm()}-${String(await next(tx, 'envoi_reference_seq')).padStart(4, '0')}`;
}

/** The start of an agency's parcel references this month (server's local time), e.g. 'PAR1-2611-'. */
export function colisReferencePrefix(agenceCode: string): string {
  return `${agenceCode}-${yymm()}-`;
}

/**
 * A new parcel reference of an agency, e.g. PAR1-2611-000123, as an SQL value for the parcel's own INSERT
 * (docs/decisions/registration-write.md: no round trip of its own): `prefix` (colisReferencePrefix: a value, or a
 * placeholder of a query built once) then the number from colis_reference_seq, at least 6 digits (never cut beyond
 * 999 999).
 */
export function colisReferenceSql(prefix: string | Placeholder): SQL<string> {
  return sql<string>`(SELECT ${prefix}::text || lpad(s.n, greatest(6, length(s.n)), '0')
    FROM (SELECT nextval('colis_reference_seq'::regclass)::text AS n) s)`;
}
