/**
 * Human-readable references (DESIGN.md §4): unique and sequential, made by a database sequence, never by counting
 * rows. Departures: DEP-{yymm}-{0042}; parcels: {agency code}-{yymm}-{000123}.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from './client';

/** Next value of a sequence and the current year-month (yymm) of the reference. */
async function next(tx: Tx, sequence: 'envoi_reference_seq' | 'colis_reference_seq'): Promise<{ n: number; yymm: string }> {
  const result = (await tx.execute(sql`SELECT nextval(${sequence}::regclass)::int AS n`)) as unknown as { rows: { n: number }[] };
  const now = new Date();
  return { n: result.rows[0].n, yymm: `${String(now.getFullYear()).slice(2)}${String(now.getMonth() + 1).padStart(2, '0')}` };
}

/** A new departure reference, e.g. DEP-2611-0042. */
export async function nextEnvoiReference(tx: Tx): Promise<string> {
  const { n, yymm } = await next(tx, 'envoi_reference_seq');
  return `DEP-${yymm}-${String(n).padStart(4, '0')}`;
}

/** A new parcel reference of an agency, e.g. PAR1-2611-000123. */
export async function nextColisReference(tx: Tx, agenceCode: string): Promise<string> {
  const { n, yymm } = await next(tx, 'colis_reference_seq');
  return `${agenceCode}-${yymm}-${String(n).padStart(6, '0')}`;
}
