/**
 * Loads the demo data set (seed/demo.ts) into the configured database:
 *   npx tsx server/db/seed/demoCli.ts [--colis=600] [--seed=2611]
 * Opens the database as the server does (DATABASE_URL, else PGlite in DATA_DIR; server/config.ts),
 * applies pending migrations, seeds the reference data and the first administrator when the database
 * is empty (ADMIN_EMAIL / ADMIN_PASSWORD), then loads the demo set unless parcels already exist.
 * With PGlite, stop the server first: an embedded database has one user at a time.
 */
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../config';
import { createDatabase } from '../client';
import { colis, statuts } from '../schema';
import { seedDemo } from './demo';
import { seedReference } from './reference';
import { cliArg as arg } from '../../cliArgs';

/** Runs the CLI; returns the process exit code. */
async function main(): Promise<number> {
  const config = loadConfig();
  const colisCount = Number(arg('colis') ?? process.env.DEMO_COLIS ?? 600);
  const seed = arg('seed') !== undefined ? Number(arg('seed')) : undefined;
  if (!Number.isInteger(colisCount) || colisCount < 0) {
    console.error(`Nombre de colis invalide : ${arg('colis') ?? process.env.DEMO_COLIS}`);
    return 2;
  }
  const database = await createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const where = database.kind === 'pglite' ? `PGlite dans ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
    const [{ n: statutCount }] = await database.db.select({ n: sql<number>`count(*)::int` }).from(statuts);
    if (statutCount === 0) {
      const t = Date.now();
      await database.db.transaction((tx) => seedReference(tx, { adminEmail: config.adminEmail, adminPassword: config.adminPassword }));
      console.log(`Données de référence créées (${Date.now() - t} ms) — ${where}`);
    }
    const [{ n: colisExisting }] = await database.db.select({ n: sql<number>`count(*)::int` }).from(colis);
    if (colisExisting > 0) {
      console.log(`La base contient déjà ${colisExisting} colis : données de démonstration non chargées (${where}).`);
      return 0;
    }
    const t = Date.now();
    const { counts } = await seedDemo(database.db, { colisCount, seed });
    console.log(`Données de démonstration chargées en ${Date.now() - t} ms — ${where}`);
    for (const [table, n] of Object.entries(counts)) console.log(`  ${table.padEnd(16)} ${n}`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('Échec du chargement des données de démonstration :', error);
    process.exit(1);
  },
);
