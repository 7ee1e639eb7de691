/**
 * Entry point of the product (DESIGN.md §1): configuration → database → migrations → seed → listen.
 * Serves the UI at / and the API at /api/ on PORT; prints the address and how to sign in.
 */
import { buildApp } from './app';
import { loadConfig, DEFAULT_ADMIN_EMAIL, DEFAULT_ADMIN_PASSWORD } from './config';
import { createDatabase } from './db/client';
import { seedIfEmpty, syncPermissions } from './db/seed';
import { startOutboxWorker } from './mail/outbox';

const config = loadConfig();
const database = await createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
const seeded = await seedIfEmpty(database.db, config, { demo: config.demoData && database.kind === 'pglite' });
const newKeys = await syncPermissions(database.db);
const app = await buildApp({ db: database.db, config });
const stopWorker = startOutboxWorker({ db: database.db, smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log });

await app.listen({ port: config.port, host: config.host });
const where = database.kind === 'pglite' ? `PGlite dans ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
const creds =
  config.adminEmail === DEFAULT_ADMIN_EMAIL && config.adminPassword === DEFAULT_ADMIN_PASSWORD
    ? `${DEFAULT_ADMIN_EMAIL} / ${DEFAULT_ADMIN_PASSWORD}`
    : `${config.adminEmail} / (ADMIN_PASSWORD)`;
console.log(`\nBack-office prêt : http://localhost:${config.port}/  (API : /api/, documentation : /api/docs)`);
console.log(
  `Base de données : ${where}${seeded ? ` — initialisée avec les données de référence${config.demoData && database.kind === 'pglite' ? ' et de démonstration' : ''}` : ''}`,
);
if (newKeys.length && !seeded) console.log(`Nouvelles permissions accordées aux administrateurs : ${newKeys.join(', ')}`);
console.log(`Connexion administrateur : ${creds}\n`);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'arrêt');
  stopWorker();
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
