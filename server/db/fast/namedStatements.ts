/**
 * Server-side prepared statements for every parameterised query of the PostgreSQL pool (docs/decisions/list-queries.md):
 * PostgreSQL plans an unnamed statement anew on every execution, and a list page's query (a parcel with its departure,
 * agency, status, city, modes, sender and recipient: nine relations) spent many times longer planning than executing
 * (bench/history.md, 2026-11-25 "Prepared statements": that statement 22.9 ms unnamed, 1.6 ms named). A named
 * statement is parsed once per connection, and after five executions PostgreSQL keeps its generic plan when that plan
 * is no worse than the custom ones (`plan_cache_mode = auto`): the same page then costs a fraction of that.
 *
 * The name is a hash of the SQL text, so one text always has one name (node-postgres refuses a name reused for another
 * text). Only queries with parameters are named: a text without any may hold several statements (migrations, scripts),
 * which the extended protocol of a named statement cannot run. At most MAX_NAMED distinct texts get a name in a
 * process (each connection keeps a plan per name): beyond, queries run unnamed (node-postgres' default).
 *
 * Not for a pooler in transaction mode (PgBouncer `pool_mode = transaction`): a statement prepared on one server
 * connection would be missing on the next. Set PG_NAMED_STATEMENTS=0 there (docs/architecture.md §7; read by
 * server/config.ts fastSwitchesFromEnv when server/db/client.ts opens the pool): queries then run unnamed.
 * tests/server/namedStatements.test.ts (PostgreSQL) compares the answers of a named and an unnamed pool.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';

/** Most distinct SQL texts given a name in one process. */
const MAX_NAMED = 500;

const names = new Map<string, string>();

/**
 * The statement name of a SQL text: `s` + 24 hex digits of its SHA-1, or undefined once MAX_NAMED texts are named.
 * @param text the SQL text of a parameterised query
 */
export function statementName(text: string): string | undefined {
  const known = names.get(text);
  if (known || names.size >= MAX_NAMED) return known;
  const name = `s${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
  names.set(text, name);
  return name;
}

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown[]; submit?: unknown };

/** The query config with a statement name, when the query has parameters and no name (a new object: Drizzle reuses its). */
function withName(config: unknown, values: unknown): unknown {
  const params = Array.isArray(values) ? values : undefined;
  if (typeof config === 'string') {
    const name = params?.length ? statementName(config) : undefined;
    return name ? { text: config, name } : config;
  }
  const c = config as QueryConfig | null;
  // A Submittable (cursor, Query object) or an already named query is left alone.
  if (!c || typeof c.text !== 'string' || c.name || typeof c.submit === 'function') return config;
  if (!(params?.length || c.values?.length)) return config;
  const name = statementName(c.text);
  return name ? { ...c, name } : config;
}

/** A pg client whose parameterised queries are named statements (pool option `Client`). */
export class NamedStatementClient extends pg.Client {
  // pg's query has a dozen overloads; the arguments go through unchanged but for the first one.
  query(...args: unknown[]): never {
    const [config, values, ...rest] = args;
    return (super.query as (...a: unknown[]) => never)(withName(config, values), values, ...rest);
  }
}
