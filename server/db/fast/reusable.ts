/**
 * Queries built once per process and run on any database handle, a transaction included
 * (docs/decisions/registration-write.md). Building a Drizzle query (its SQL text from the builder's tree, the
 * selection's field list) costs more Node CPU than sending it and reading its answer: a registration spent about a
 * fifth of its CPU there, rebuilding the same texts every time.
 *
 * A reusable query is written with `sql.placeholder(name)` where its values go. Its first run builds it (Drizzle's
 * `.prepare()`) and keeps what the driver needs: the SQL text, the parameters (placeholders and constants), the
 * selected fields and the joins' nullability. Every run then asks the handle's own session for a prepared query of that
 * text (`session.prepareQuery`, what `.execute()` itself does after building), so it runs on that handle's connection:
 * inside a transaction, on the transaction's. Drizzle's own `.prepare()` cannot be kept for that: its prepared query
 * is bound to the client of the handle it was made on (the pool, or one transaction's connection).
 *
 * Values stay bound parameters ($1, $2…, encoded by their column as Drizzle would); on PostgreSQL the text is also a
 * named statement (namedStatements.ts). Only for queries whose SQL text never depends on the values: a value that
 * changes the shape (an optional condition, a list of values for IN) must become a parameter (e.g. `= any($1)`) or
 * stay a query built each time. Values Drizzle computes while building (a column's `$defaultFn`, the uuidv7 of every
 * `id`, and `$onUpdate`, every `updated_at`) would be computed once and kept: an insert or update must give those
 * columns as placeholders too, and `reusable` refuses one that does not (checkComputedColumns). `reusableSql` is the
 * same for a statement written as SQL (no builder: no column encodes its values, no such check, an insert names its
 * id). No cache (Drizzle's query cache is not used by this application).
 * Off switch: FAST_REUSABLE=0 (server/config.ts) builds every query again on every run, as the builder would.
 * Held equal to the builder by tests/server/reusable.test.ts (and tests/server/fastSwitches.test.ts, switch off).
 */
import { fillPlaceholders, getTableColumns, is, Param, Placeholder, SQL, type Query, type Table } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db, Tx } from './handles';
import { NamedStatementClient, statementName } from './namedStatements';
import { fastSwitches } from './switches';

/** What a driver's prepared query (node-postgres or PGlite) holds beside its text: read once from the first one built. */
interface Template {
  query: Query;
  /** The names of its placeholders. */
  names: Set<string>;
  fields: unknown;
  customResultMapper: unknown;
  isResponseInArrayMode: boolean;
  joinsNotNullableMap: unknown;
}

/** A builder Drizzle can prepare (select, insert, update, delete), answering R. */
interface Preparable<R> {
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<R> };
}

/** The session's prepareQuery, as both drivers implement it (drizzle-orm pg-core/session.js PgSession). */
type PrepareQuery = (
  query: Query,
  fields: unknown,
  name: string | undefined,
  isResponseInArrayMode: boolean,
  customResultMapper?: unknown,
) => { joinsNotNullableMap?: unknown; execute(values?: Record<string, unknown>): Promise<unknown> };

/**
 * A query built once and run on any handle.
 * @param build the query on a handle, with `sql.placeholder(name)` for its values; called once, on the first handle
 * @returns run(handle, values): the query's answer on that handle (a transaction's connection inside a transaction),
 *   `values` giving each placeholder's value; throws on a value without its placeholder (a column the query would
 *   silently not write), as Drizzle throws on a placeholder without its value
 */
export function reusable<R>(build: (db: Db | Tx) => Preparable<R>): (db: Db | Tx, values: Record<string, unknown>) => Promise<R> {
  let template: Template | undefined;
  return (db, values) => {
    // FAST_REUSABLE=0: built again on every run, as a query written with Drizzle's builder would be.
    if (!template || !fastSwitches().reusable) {
      // Fields of the driver's prepared query (NodePgPreparedQuery, PglitePreparedQuery: same names in both).
      const builder = build(db);
      checkComputedColumns(builder);
      const first = builder.prepare('') as unknown as Template & { getQuery(): Query; _isResponseInArrayMode: boolean };
      template = {
        query: first.getQuery(),
        names: placeholderNames(first.getQuery()),
        fields: first.fields,
        customResultMapper: first.customResultMapper,
        isResponseInArrayMode: first._isResponseInArrayMode,
        joinsNotNullableMap: first.joinsNotNullableMap,
      };
    }
    return runTemplate(template, db, values) as Promise<R>;
  };
}

/** The dialect of both drivers (drizzle() without casing): turns an SQL template into its text and parameters. */
const dialect = new PgDialect();

/** A statement of reusableSql: run(handle, values) answers its rows; `each` runs it for several values in a row. */
export type ReusableSql<T> = ((db: Db | Tx, values: Record<string, unknown>) => Promise<T[]>) & {
  /**
   * Runs the statement once per entry of `valuesList`, in that order, on a transaction's connection, and answers the
   * rows of each run. On PostgreSQL with named statements (namedStatements.ts), once the statement is prepared on
   * the connection (else one run, sent as usual, prepares it), the runs are sent together, in one round trip: one
   * simple query of `EXECUTE name(…)` commands, each value a quoted literal (pg's own conversion of the value, then
   * `escapeLiteral`), run by the statement's kept plan; their rows are read by the same type parsers. Elsewhere
   * (PGlite, named statements off), one run after the other. A failing run fails the call: the transaction is then
   * aborted, as after any failed statement (the caller rolls it back).
   */
  each(tx: Tx, valuesList: Record<string, unknown>[]): Promise<T[][]>;
};

/**
 * A statement written as SQL (what a builder cannot say: e.g. data-modifying CTEs), built once and run on any handle
 * like `reusable`'s queries.
 * @param query the statement, with `sql.placeholder(name)` for its values (sent as they are, no column encodes them:
 *   cast them in the SQL, e.g. `${sql.placeholder('id')}::uuid`; an inserted row's id is one of them)
 * @returns run(handle, values): its rows as objects keyed by column name, as `db.execute` answers them (T: their
 *   shape, not checked); throws on a value without its placeholder, and (Drizzle) on a placeholder without its value.
 *   `.each(tx, valuesList)`: see ReusableSql.
 */
export function reusableSql<T>(query: SQL): ReusableSql<T> {
  const templateOf = (): Template => {
    const built = dialect.sqlToQuery(query);
    return {
      query: { sql: built.sql, params: built.params },
      names: placeholderNames(built),
      fields: undefined,
      customResultMapper: undefined,
      isResponseInArrayMode: false,
      joinsNotNullableMap: undefined,
    };
  };
  const kept = templateOf();
  // FAST_REUSABLE=0: its text built again on every run.
  const template = () => (fastSwitches().reusable ? kept : templateOf());
  const run = async (db: Db | Tx, values: Record<string, unknown>) => ((await runTemplate(template(), db, values)) as { rows: T[] }).rows;
  const each = async (tx: Tx, valuesList: Record<string, unknown>[]): Promise<T[][]> => {
    const answers: T[][] = [];
    for (let i = 0; i < valuesList.length; i++) {
      // Once the statement is prepared on this connection (at the latest by the first run), the rest go together.
      const together = executeTogether(template(), tx, valuesList.slice(i));
      if (together) return [...answers, ...((await together) as T[][])];
      answers.push(await run(tx, valuesList[i]));
    }
    return answers;
  };
  return Object.assign(run, { each });
}

/** node-postgres' conversion of a parameter to its text (lib/utils.js, not in its type declarations). */
const pgUtils = (pg as unknown as { utils: { prepareValue(value: unknown): unknown } }).utils;

/**
 * A value as a quoted SQL literal, converted as node-postgres converts a parameter (`NULL` for null): texts, numbers,
 * booleans, dates, arrays and JSON. @throws Error for a binary value (a Buffer: no text form to quote)
 */
function literal(value: unknown): string {
  const text = pgUtils.prepareValue(value);
  if (text == null) return 'NULL';
  if (typeof text !== 'string') throw new Error('reusable: a binary value cannot be sent as a literal');
  return pg.escapeLiteral(text);
}

/**
 * The runs of a statement sent in one simple query of EXECUTE commands, when the statement is already prepared on the
 * transaction's connection (node-postgres' record of the statements it parsed there); undefined otherwise (not
 * node-postgres with named statements, or not prepared there yet: the caller runs one first).
 */
function executeTogether(template: Template, tx: Tx, valuesList: Record<string, unknown>[]): Promise<unknown[][]> | undefined {
  const prepared = prepareOn(template, tx) as unknown as { client?: unknown; params: unknown[]; rawQueryConfig?: { types?: unknown } };
  if (!(prepared.client instanceof NamedStatementClient) || !prepared.rawQueryConfig) return undefined;
  const name = statementName(template.query.sql);
  const parsed = (prepared.client as unknown as { connection?: { parsedStatements?: Record<string, string> } }).connection
    ?.parsedStatements;
  if (!name || parsed?.[name] !== template.query.sql) return undefined;
  const client = prepared.client as NamedStatementClient;
  const text = valuesList
    .map((values) => {
      checkValues(template, values);
      return `EXECUTE ${name}(${fillPlaceholders(prepared.params, values).map(literal).join(', ')})`;
    })
    .join(';\n');
  const queried = (client.query as (config: unknown) => Promise<pg.QueryResult | pg.QueryResult[]>)({
    text,
    types: prepared.rawQueryConfig.types,
  });
  return queried.then((result) => (Array.isArray(result) ? result : [result]).map((r) => r.rows));
}

/** Throws on a value without its placeholder in the template (a column the query would silently not write). */
function checkValues(template: Template, values: Record<string, unknown>): void {
  for (const name in values) {
    if (!template.names.has(name)) throw new Error(`reusable: no placeholder ${name} in ${template.query.sql}`);
  }
}

/** The driver's prepared query of a template on a handle's own session (its connection). */
function prepareOn(template: Template, db: Db | Tx) {
  const session = db._.session as unknown as { prepareQuery: PrepareQuery };
  // No name: node-postgres names it from its text (namedStatements.ts), unless named statements are off.
  const prepared = session.prepareQuery(
    template.query,
    template.fields,
    undefined,
    template.isResponseInArrayMode,
    template.customResultMapper,
  );
  prepared.joinsNotNullableMap = template.joinsNotNullableMap;
  return prepared;
}

/** Runs a template on a handle's own session (its connection), with the placeholders' values. */
function runTemplate(template: Template, db: Db | Tx, values: Record<string, unknown>): Promise<unknown> {
  checkValues(template, values);
  return prepareOn(template, db).execute(values);
}

/**
 * Refuses an insert (or update) that leaves a column with a `$defaultFn` (or `$onUpdate`) to Drizzle: its value would
 * be computed once, when the query is built, and repeated on every run (the same id twice, a frozen updated_at).
 * Such a column must be given, as a placeholder or as SQL. A select passes.
 * @throws Error naming the column
 */
function checkComputedColumns(builder: unknown): void {
  const config = (builder as { config?: { table?: Table; values?: unknown; set?: Record<string, unknown> } }).config;
  if (!config?.table) return;
  const update = !!config.set;
  const rows = update ? [config.set!] : Array.isArray(config.values) ? (config.values as Record<string, unknown>[]) : [];
  for (const [key, column] of Object.entries(getTableColumns(config.table))) {
    const computed = update ? column.onUpdateFn : (column.defaultFn ?? (column.hasDefault ? undefined : column.onUpdateFn));
    if (!computed) continue;
    for (const row of rows) {
      const value = row[key];
      if (!(is(value, SQL) || (is(value, Param) && is(value.value, Placeholder)))) {
        throw new Error(`reusable: column ${column.name} is computed when the query is built: give it as a placeholder`);
      }
    }
  }
}

/** The names of a built query's placeholders (Drizzle keeps them among its parameters, bare or in a column's Param). */
function placeholderNames(query: Query): Set<string> {
  const names = new Set<string>();
  for (const p of query.params) {
    if (is(p, Placeholder)) names.add(p.name);
    else if (is(p, Param) && is(p.value, Placeholder)) names.add(p.value.name);
  }
  return names;
}
