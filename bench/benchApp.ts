/**
 * The product as the HTTP benchmarks drive it (bench/exports.ts, bench/vs-json-server.ts): its own app (buildApp) on
 * the bench database (BENCH_DATABASE_URL, made by bench/generate.ts), listening on a local port, signed in as the
 * administrator the generator creates (admin@colis.local); and the statements a request runs, for EXPLAIN ANALYZE.
 */
import type { Pool } from 'pg';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { createDatabase, type Database } from '../server/db/client';

/**
 * Starts the app on 127.0.0.1 and signs in as the administrator.
 * @param port the port to listen on (0: any free port)
 * @returns the base address (http://127.0.0.1:port), the administrator's authorization headers, login() for another
 *   user's headers, the database, and close()
 * @throws when BENCH_DATABASE_URL is missing or the sign-in fails
 */
export async function startBenchApp(port = 0) {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) throw new Error('BENCH_DATABASE_URL manquant');
  const database = await createDatabase({ databaseUrl: url });
  const app = await buildApp({
    db: database.db,
    config: { ...loadConfig({ JWT_SECRET: 'bench-secret-0123456789' }), loginRateLimit: 1000 },
    logger: false,
    uiDir: '/none',
  });
  const base = await app.listen({ port, host: '127.0.0.1' });
  /** The authorization headers of a user signed in by e-mail and password. */
  const login = async (email: string, password: string) => {
    const res = await fetch(`${base}/api/auth/loginAD`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (!res.ok) throw new Error(`connexion de ${email} : ${res.status} ${await res.text()}`);
    return { authorization: `Bearer ${((await res.json()) as { token: string }).token}` };
  };
  return {
    base,
    headers: await login('admin@colis.local', 'Admin123!'),
    login,
    database,
    /** Stops listening and closes the database. */
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** A statement as the pool ran it. */
export interface Statement {
  text: string;
  values?: unknown[];
}

/**
 * Records the statements the app runs on a PostgreSQL database (its pg pool's query wrapped), for EXPLAIN ANALYZE.
 * @returns record(fn): the statements run while fn ran; query: the pool's own query (not recorded)
 */
export function statementRecorder(database: Database) {
  const pool = (database.db as unknown as { $client: Pool }).$client;
  let recorded: Statement[] | undefined;
  const query = pool.query.bind(pool) as (...a: unknown[]) => Promise<unknown>;
  (pool as unknown as { query: unknown }).query = (...a: unknown[]) => {
    const [first, second] = a as [string | Statement, unknown[] | undefined];
    recorded?.push(typeof first === 'string' ? { text: first, values: second } : { text: first.text, values: first.values ?? second });
    return query(...a);
  };
  return {
    query,
    async record(fn: () => Promise<unknown>): Promise<Statement[]> {
      recorded = [];
      try {
        await fn();
        return recorded;
      } finally {
        recorded = undefined;
      }
    },
  };
}
