/**
 * Loads the demo data set (seed/demo.ts) into the configured database:
 *   npx tsx server/db/seed/demoCli.ts [--colis=600] [--seed=2611]
 * Opens the database as the server does (server/db/seed/openReady.ts: DATABASE_URL, else PGlite in DATA_DIR; migrations,
 * the reference data and the first administrator on an empty database (ADMIN_EMAIL / ADMIN_PASSWORD), the permission
 * keys of this release), then loads the demo set unless parcels already exist.
 * With PGlite, stop the server first: an embedded database has one user at a time.
 * Exit codes: 0 done (or parcels already there), 2 a bad --colis, 1 failure.
 */
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../config';
import { openReady } from './openReady';
import { colis } from '../schema';
import { seedDemo } from './demo';
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
  const opened = Date.now();
  // The demo set is loaded below with this command's size and seed, not openReady's default one.
  const { database, seeded, newKeys } = await openReady(config, { demo: false });
  try {
    const where = database.kind === 'pglite' ? `PGlite dans ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
    if (seeded) console.log(`Données de référence créées (${Date.now() - opened} ms) — ${where}`);
    else if (newKeys.length) console.log(`Nouvelles permissions accordées aux administrateurs : ${newKeys.join(', ')}`);
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
