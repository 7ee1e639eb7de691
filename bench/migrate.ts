/**
 * Brings bench databases made by an earlier bench/generate.ts up to the latest migration (server/db/migrations), as the
 * server does at its start; the list and comparison benches do not migrate. Prints each database's migration time
 * (ms): a migration that backfills counters runs over every row once.
 *
 * Usage: npx tsx bench/migrate.ts postgres://root@127.0.0.1:5432/colis_bench [postgres://…/regbench …]
 */
import { createDatabase } from '../server/db/client';

for (const databaseUrl of process.argv.slice(2)) {
  const t = performance.now();
  const database = await createDatabase({ databaseUrl });
  await database.migrate();
  await database.close();
  console.log(`${databaseUrl}: migrated in ${(performance.now() - t).toFixed(0)} ms`);
}
