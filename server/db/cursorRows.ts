/**
 * A select's rows streamed out of PostgreSQL by a cursor, as Drizzle's node-postgres driver would map them: the list
 * exports' reading on a PostgreSQL server (server/http/export.ts, docs/decisions/list-exports.md). It reads three
 * Drizzle internals (the fields' column order, the joins' nullability, a column's pass-through decoder) so that a
 * million rows are mapped without Drizzle's per-cell type tests. tests/server/export.test.ts and exportMontants.test.ts
 * expect the same files on both databases: PGlite reads by batches through Drizzle, PostgreSQL through this cursor.
 */
import { Column, getTableName, is, SQL, Subquery } from 'drizzle-orm';
import * as drizzleUtils from 'drizzle-orm/utils';
import pg from 'pg';
import Cursor from 'pg-cursor';

/** A row as Drizzle maps it (server/http/list.ts AnyRow). */
type AnyRow = Record<string, unknown>;

/** drizzle-orm/utils' ordering of a select's fields (the order of its columns), left out of its type declarations. */
const { orderSelectedFields } = drizzleUtils as unknown as {
  orderSelectedFields: (fields: Record<string, unknown>) => { path: string[]; field: unknown }[];
};

/** The plain pass-through decoder of a column (text, varchar, uuid…): skipped per cell. */
const identityDecoder = (Column.prototype as unknown as { mapFromDriverValue: unknown }).mapFromDriverValue;

/**
 * A select's mapping of array rows to Drizzle's row objects, built once per export, giving what Drizzle's node-postgres
 * driver gives (drizzle-orm/utils mapResultRow: nested references, each column's driver value converted; a left-joined
 * reference whose first column is null, all its columns of one table, is null) without its per-cell type tests.
 * @param fields the select's fields in column order (orderSelectedFields)
 * @param joins the select's joinsNotNullableMap (table name → whether always present)
 */
function rowMapper(fields: { path: string[]; field: unknown }[], joins: Record<string, boolean> | undefined) {
  const cells = fields.map(({ path, field }) => {
    const f = field as { decoder?: unknown; sql?: { decoder?: unknown }; _?: { sql: { decoder?: unknown } } };
    const decoder = (is(field, Column) ? field : is(field, SQL) ? f.decoder : is(field, Subquery) ? f._!.sql.decoder : f.sql!.decoder) as {
      mapFromDriverValue(v: unknown): unknown;
    };
    const decode = decoder.mapFromDriverValue === identityDecoder ? undefined : (v: unknown) => decoder.mapFromDriverValue(v);
    return { path, decode };
  });
  // The references that may be null: the first column's index of each object of a nullable table.
  const nullable: { name: string; first: number }[] = [];
  if (joins) {
    const seen = new Map<string, string | false>();
    const first = new Map<string, number>();
    fields.forEach(({ path, field }, i) => {
      if (!is(field, Column) || path.length !== 2) return;
      const table = getTableName(field.table);
      if (!seen.has(path[0])) {
        seen.set(path[0], table);
        first.set(path[0], i);
      } else if (seen.get(path[0]) !== table) seen.set(path[0], false);
    });
    for (const [name, table] of seen) if (table && !joins[table]) nullable.push({ name, first: first.get(name)! });
  }
  return (row: unknown[]): AnyRow => {
    const out: AnyRow = {};
    for (let i = 0; i < cells.length; i++) {
      const { path, decode } = cells[i];
      const raw = row[i];
      const value = raw === null ? null : decode ? decode(raw) : raw;
      let node = out;
      for (let j = 0; j < path.length - 1; j++) node = (node[path[j]] ??= {}) as AnyRow;
      node[path[path.length - 1]] = value;
    }
    for (const { name, first } of nullable) if (row[first] === null) out[name] = null;
    return out;
  };
}

/** Types Drizzle's node-postgres driver reads as text and converts itself (drizzle-orm/node-postgres/session.js). */
const DRIVER_TEXT_TYPES = new Set<number>([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  // Their arrays (pg_type.typarray): timestamp[], date[], timestamptz[], interval[], numeric[].
  1115,
  1182,
  1185,
  1187,
  1231,
]);
/** pg's type parsers with DRIVER_TEXT_TYPES left as text (Drizzle's columns decode those). */
const driverTypes = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    DRIVER_TEXT_TYPES.has(oid) ? (v: string) => v : pg.types.getTypeParser(oid, format as 'text'),
} as unknown as pg.CustomTypesConfig;

/**
 * The rows of one select streamed out of PostgreSQL by a cursor (pg-cursor), `batchSize` at a time, as Drizzle maps
 * them (nested references, column types). On a connection of the pool taken for the reading, in a read-only
 * repeatable-read transaction (one snapshot: the file is the list at one instant), whose statement timeout, like pg's
 * read timeout, is `timeoutMs` (they run over the cursor's whole life, first fetch to last); the pool's
 * idle-in-transaction timeout does not run between fetches (no Sync). When the consumer stops (return) the cursor and
 * the transaction are closed; when `signal` aborts during a fetch, the statement is cancelled (pg_cancel_backend).
 * docs/decisions/list-exports.md.
 */
export async function* cursorBatches(
  pool: pg.Pool,
  query: { toSQL(): { sql: string; params: unknown[] }; _: { selectedFields: unknown } },
  batchSize: number,
  mapRow: ((row: AnyRow) => AnyRow) | undefined,
  signal: AbortSignal | undefined,
  timeoutMs: number,
): AsyncGenerator<AnyRow[]> {
  const { sql: text, params } = query.toSQL();
  // Which joined tables may be absent (left joins): their nested object is null rather than all-null fields.
  const joins = (query as unknown as { joinsNotNullableMap?: Record<string, boolean> }).joinsNotNullableMap;
  const toRow = rowMapper(orderSelectedFields(query._.selectedFields as Record<string, unknown>), joins);
  const client = await pool.connect();
  let reading = false;
  const cancel = () => {
    if (reading)
      pool.query('SELECT pg_cancel_backend($1)', [(client as unknown as { processID: number }).processID]).catch(() => undefined);
  };
  signal?.addEventListener('abort', cancel);
  let cursor: (Cursor<unknown[]> & { query_timeout?: number; callback?: () => void }) | undefined;
  let broken: Error | undefined;
  try {
    await client.query(`BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY`);
    // PostgreSQL's statement timeout runs from the cursor's first message to its end (no Sync in between): the
    // export's whole life.
    await client.query(`SET LOCAL statement_timeout = ${timeoutMs}`);
    cursor = new Cursor<unknown[]>(text, params, { rowMode: 'array', types: driverTypes });
    // pg's client-side read timeout watches a submitted query until its callback: the reading's whole life here.
    cursor.query_timeout = timeoutMs;
    client.query(cursor);
    for (;;) {
      if (signal?.aborted) return;
      reading = true;
      const rows = await cursor.read(batchSize);
      reading = false;
      if (!rows.length) return;
      const mapped = rows.map(toRow);
      yield mapRow ? mapped.map(mapRow) : mapped;
      if (rows.length < batchSize) return;
    }
  } catch (err) {
    broken = err as Error;
    throw err;
  } finally {
    signal?.removeEventListener('abort', cancel);
    // Ends pg's read timer of the cursor (its callback clears it).
    cursor?.callback?.();
    try {
      if (cursor && !broken) await cursor.close();
      await client.query(broken ? 'ROLLBACK' : 'COMMIT');
      client.release();
    } catch (err) {
      client.release(err as Error);
    }
  }
}
