/**
 * The PostgreSQL error behind an error thrown by a query: a fact of the database (its SQLSTATE code, the constraint,
 * the detail), read by the error plugin (server/plugins/errors.ts, which turns it into an answer) and by the services
 * that answer a constraint themselves (a reference still in use, a cash day closed twice). db/ answers facts, never
 * HTTP (docs/architecture.md §2).
 */

/** PostgreSQL error fields, as pg and PGlite report them (possibly wrapped by Drizzle in `cause`). */
export interface PgLikeError {
  code?: string;
  constraint?: string;
  detail?: string;
  message?: string;
}

/** The PostgreSQL error behind an error (pg and PGlite alike, wrapped by Drizzle up to two levels deep), or null. */
export function pgError(err: unknown): PgLikeError | null {
  let e: unknown = err;
  for (let i = 0; i < 3 && e; i++) {
    const code = (e as PgLikeError).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return e as PgLikeError;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}
