/**
 * The configured database opened ready for use (docs/architecture.md §1, §4 "Roles, keys and seed"), the same way for the server
 * (server/main.ts), the demo loader (server/db/seed/demoCli.ts) and the SUPERADMIN command
 * (server/user/superadminCli.ts): open (DATABASE_URL, else PGlite in DATA_DIR), apply pending migrations, seed an
 * empty database (seedIfEmpty, ./index.ts), bring the permission keys up to this release (syncPermissions).
 * Backups (server/db/backup.ts) open the database their own way. Beside the seed (not in server/db) so that server/db
 * never imports its seed folder back.
 */
import type { Config } from '../../config';
import { createDatabase, type Database } from '../client';
import type { PgTimeouts } from '../pgPool';
import { seedIfEmpty, syncPermissions } from './index';

/** What openReady opened and did. */
export interface ReadyDatabase {
  database: Database;
  /** The database was empty and got the reference data and the first administrator (and the demo set with `demo`). */
  seeded: boolean;
  /** The permission keys this release added to an existing database (granted to ADMIN and SUPERADMIN). */
  newKeys: string[];
}

/**
 * Opens the configured database, migrates, seeds it when empty and synchronises the permission keys. The caller
 * closes `database`; a failure after the open closes it before rethrowing.
 * @param opts.demo also load the demo data set (seed/demo.ts, its default size) into an empty database
 * @param opts.timeouts PostgreSQL only: the pool's timeouts (server/db/pgPool.ts; the server passes pgTimeoutsFromEnv())
 * @throws what opening, migrating or seeding throws (e.g. a PGlite directory held by another process)
 */
export async function openReady(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'adminEmail' | 'adminPassword' | 'adminMustChangePassword'>,
  opts: { demo: boolean; timeouts?: Partial<PgTimeouts> },
): Promise<ReadyDatabase> {
  const database = await createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, timeouts: opts.timeouts });
  try {
    await database.migrate();
    const seeded = await seedIfEmpty(database.db, config, { demo: opts.demo });
    const newKeys = await syncPermissions(database.db);
    return { database, seeded, newKeys };
  } catch (err) {
    await database.close().catch(() => undefined);
    throw err;
  }
}
