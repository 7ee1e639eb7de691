/**
 * The product as the benchmarks drive it: its own app (buildApp) with the benchmarks' configuration (benchAppOn); a
 * database migrated and seeded with the reference data when empty (openSeededDatabase: bench/hello.ts, cost.ts,
 * registrations.ts); the app on the bench database (BENCH_DATABASE_URL, made by bench/generate.ts), listening on a
 * local port, signed in as the administrator the generator creates (startBenchApp: bench/exports.ts,
 * vs-json-server.ts); and the statements a request runs, for EXPLAIN ANALYZE.
 */
import { sql } from 'drizzle-orm';
import type { Pool } from 'pg';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { createDatabase, type Database, type Db } from '../server/db/client';
import { seedReference } from '../server/db/seed/reference';

/**
 * The app with the benchmarks' configuration (a fixed JWT secret, sign-ins and heavy calls not throttled, no logs, no
 * UI), ready.
 * @param db the database to serve
 */
export async function benchAppOn(db: Db) {
  const app = await buildApp({
    db,
    // The per-user limits of the costly calls off (docs/decisions/usage-limits.md): a bench repeats one search or page
    // far beyond what a user may, and would time 429s.
    config: {
      ...loadConfig({ JWT_SECRET: 'bench-secret-0123456789', HEAVY_SEARCHES_PER_MINUTE: '0', STATS_PER_MINUTE: '0' }),
      loginRateLimit: 1000,
    },
    logger: false,
    uiDir: '/none',
  });
  await app.ready();
  return app;
}

/**
 * Opens a database, migrates it and, when it has no agency yet, seeds the reference data with the administrator
 * admin@colis.local / Admin123!.
 * @param url postgres://… (e.g. BENCH_DATABASE_URL); without it an in-memory PGlite database
 */
export async function openSeededDatabase(url: string | undefined): Promise<Database> {
  const database = await createDatabase(url ? { databaseUrl: url } : { dataDir: 'memory://' });
  await database.migrate();
  const { rows } = (await database.db.execute(sql`SELECT count(*)::int AS n FROM agences`)) as unknown as { rows: { n: number }[] };
  if (rows[0].n === 0) {
    await database.db.transaction((tx) => seedReference(tx, { adminEmail: 'admin@colis.local', adminPassword: 'Admin123!' }));
  }
  return database;
}

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
  const app = await benchAppOn(database.db);
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
