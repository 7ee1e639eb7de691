/**
 * Entry point of the product (docs/architecture.md §1): configuration → database → migrations → seed → listen.
 * Serves the UI at / and the API at /api/ on PORT; prints the address and how to sign in.
 */
import { buildApp } from './app';
import { loadConfig } from './config';
import { adminLoginLine, backOfficeAddress, recordBackOfficeAddress } from './startBanner';
import { openReady } from './db/seed/openReady';
import { pgTimeoutsFromEnv } from './db/pgPool';
import { startChannels } from './outbox/channels/registry';
import { startNoticeDispatcher } from './notification/dispatch';
import { pruneThrottles } from './auth/throttle';
import { pruneIdempotencyKeys } from './http/idempotency';

/** Longest an orderly stop may take (ms, SHUTDOWN_TIMEOUT_MS, default 20 s) before the process gives up with code 1. */
const SHUTDOWN_TIMEOUT_MS = Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 20_000);
// One handler for SIGTERM and SIGINT from the first line: a stop asked for while the server starts (opening,
// migrating and seeding the database, listening) waits for the start to end, then runs like any other (shutdown
// below); with the signals' default action it would end the process with the database open, its checkpoint unwritten
// and its lock left behind. The whole stop, start included, is bounded by SHUTDOWN_TIMEOUT_MS from the signal.
let stopAsked: NodeJS.Signals | undefined;
let started = false;
/** The first signal: the stop's time limit starts; the stop itself runs now or at the end of the start. */
function onStopSignal(signal: NodeJS.Signals) {
  if (stopAsked) return;
  stopAsked = signal;
  setTimeout(() => {
    console.error(`Arrêt trop long (plus de ${SHUTDOWN_TIMEOUT_MS} ms) : sortie forcée.`);
    process.exit(1);
  }, SHUTDOWN_TIMEOUT_MS).unref();
  if (started) void shutdown(signal);
}
process.on('SIGINT', onStopSignal);
process.on('SIGTERM', onStopSignal);

const config = loadConfig();
// The demo set goes into a new embedded database only (PGlite: no DATABASE_URL), unless DEMO_DATA=0.
const demo = config.demoData && !config.databaseUrl;
const { database, seeded, newKeys } = await openReady(config, { demo, timeouts: pgTimeoutsFromEnv() });
// UI_DIR: the built UI to serve (default dist/), so that several builds can be tried side by side.
const app = await buildApp({ db: database.db, config, uiDir: process.env.UI_DIR || undefined });
// Notices written undispatched (a registration's) become outbox rows by the one notice rule, with or without SMTP and
// SMPP (docs/decisions/notice-dispatch.md); each channel whose configuration is set (SMTP_URL, SMPP_URL) sends its
// rows of the outbox, the others' wait in it.
const stopDispatcher = startNoticeDispatcher({ db: database.db, log: app.log });
const stopChannels = startChannels({ db: database.db, config, log: app.log });
// Housekeeping every hour: throttle counters idle for two days (a flood of invented e-mails must not grow the table
// forever) and idempotency keys older than 24 h (docs/decisions/idempotent-writes.md).
const pruneTimer = setInterval(() => {
  void pruneThrottles(database.db).catch((err) => app.log.warn({ err }, 'throttles'));
  void pruneIdempotencyKeys(database.db).catch((err) => app.log.warn({ err }, 'idempotency'));
}, 3_600_000);
pruneTimer.unref();

await app.listen({ port: config.port, host: config.host });
const where = database.kind === 'pglite' ? `PGlite dans ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
// The address, recorded for `npm run superadmin`; the default password named only while it still opens the account.
const address = backOfficeAddress(config);
await recordBackOfficeAddress(database.db, address).catch((err) => app.log.warn({ err }, 'adresse'));
const creds = await adminLoginLine(database.db, config);
console.log(`\nBack-office prêt : ${address}/  (API : /api/, documentation : /api/docs)`);
console.log(
  `Base de données : ${where}${seeded ? ` — initialisée avec les données de référence${demo ? ' et de démonstration' : ''}` : ''}`,
);
if (newKeys.length && !seeded) console.log(`Nouvelles permissions accordées aux administrateurs : ${newKeys.join(', ')}`);
if (config.metricsPort) console.log(`Métriques Prometheus : http://${config.metricsHost}:${config.metricsPort}/metrics`);
console.log(`Connexion administrateur : ${creds}\n`);

/**
 * Orderly stop (onStopSignal, once): the port closes (new connections refused), requests already running finish
 * (plugins/lifecycle.ts answers 503 to any newer one on an open connection), then the database is closed — PGlite
 * writes its checkpoint and marks its data directory cleanly shut down. Exit code 0; 1 if a step failed (or, by
 * onStopSignal's timer, took longer than SHUTDOWN_TIMEOUT_MS).
 */
async function shutdown(signal: string) {
  app.log.info({ signal }, 'arrêt');
  let code = 0;
  try {
    await stopDispatcher();
    await stopChannels();
    clearInterval(pruneTimer);
    await app.close();
  } catch (err) {
    console.error(`Arrêt du serveur HTTP : ${(err as Error).message}`);
    code = 1;
  }
  try {
    await database.close();
  } catch (err) {
    console.error(`Fermeture de la base de données : ${(err as Error).message}`);
    code = 1;
  }
  process.exit(code);
}
started = true;
if (stopAsked) void shutdown(stopAsked);
