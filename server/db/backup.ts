/**
 * Backups of the database (docs/decisions/fault-tolerance.md), for both kinds the server runs on:
 *
 *   npm run backup [fichier]     (tsx server/db/backup.ts backup [fichier])
 *   npm run restore <fichier>    (tsx server/db/backup.ts restore <fichier>)
 *
 * The database is the server's: DATABASE_URL when set, else the PGlite directory DATA_DIR (server/config.ts).
 *
 * - Embedded (PGlite): the backup is PGlite's own `dumpDataDir('gzip')` (a .tar.gz of the data directory, which
 *   `loadDataDir` reads back), taken after a CHECKPOINT through the opened database. The server must be stopped: an
 *   embedded database has one process at a time, and the directory lock (server/db/dataDirLock.ts) refuses the backup
 *   or the restore while a server holds it — a raw copy of a directory a server is writing is not a backup. Restore
 *   moves the current directory aside (`<DATA_DIR>.avant-restauration-<date>`, kept, nothing is deleted) and loads
 *   the backup into a fresh one.
 * - PostgreSQL: `pg_dump --format=custom` (a consistent snapshot: the servers may keep running). Restore replaces
 *   the schemas `public` and `drizzle` by the backup's, in one transaction (`pg_restore` to SQL, run by
 *   `psql --single-transaction`): all or nothing. It refuses while an API process is connected to the database
 *   (application_name 'colis-api', set by server/db/pgPool.ts). Needs pg_dump, pg_restore and psql of the server's
 *   major version or newer (Debian: postgresql-client).
 *
 * Exit code 0 on success, 1 on failure (French message on stderr), 2 on a usage error.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { loadConfig } from '../config';
import { createDatabase } from './client';
import { lockDataDir } from './dataDirLock';
import { API_APPLICATION_NAME } from './pgPool';

/** Where the database lives: a PGlite directory or a PostgreSQL URL. */
export type BackupTarget = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

/** The server's database, from DATABASE_URL / DATA_DIR. */
export function targetFromEnv(env: Record<string, string | undefined> = process.env): BackupTarget {
  const config = loadConfig(env);
  return config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir };
}

/** Local date and time as YYYYMMDD-HHMMSS (file names). */
function stamp(d = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}-${p(d.getHours())}${p(d.getMinutes())}${p(d.getSeconds())}`;
}

/** Default backup file: sauvegardes/colis-<date>.tar.gz (PGlite) or .dump (PostgreSQL), under the current folder. */
export function defaultBackupFile(target: BackupTarget): string {
  return path.join('sauvegardes', `colis-${stamp()}.${target.kind === 'pglite' ? 'tar.gz' : 'dump'}`);
}

/** Runs a PostgreSQL client tool; throws a French error when it is missing or fails. */
function runTool(tool: string, args: string[]): void {
  // stdout ignored: psql would print the result of every setval() of the script.
  const res = spawnSync(tool, args, { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  if (res.error && (res.error as NodeJS.ErrnoException).code === 'ENOENT') {
    throw new Error(`${tool} introuvable : installez les outils clients de PostgreSQL (Debian : apt-get install postgresql-client).`);
  }
  if (res.status !== 0) throw new Error(`${tool} a échoué (code ${res.status}) : ${(res.stderr || res.error?.message || '').trim()}`);
}

/**
 * Writes a backup of the database to `file` (its folder is created).
 * @returns the path written and its size in bytes
 * @throws Error (French) when the embedded database is open by a server, or a PostgreSQL tool fails
 */
export async function backup(target: BackupTarget, file = defaultBackupFile(target)): Promise<{ file: string; bytes: number }> {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  if (target.kind === 'pglite') {
    if (!existsSync(path.join(target.dataDir, 'PG_VERSION')))
      throw new Error(`Aucune base embarquée dans ${path.resolve(target.dataDir)}.`);
    const database = await createDatabase({ dataDir: target.dataDir }); // takes the directory lock: refused while a server runs
    try {
      await database.pglite!.exec('CHECKPOINT');
      const dump = await database.pglite!.dumpDataDir('gzip');
      writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await database.close();
    }
  } else {
    runTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${target.url}`]);
  }
  return { file, bytes: statSync(file).size };
}

/**
 * Replaces the database by the backup in `file`.
 * @returns for PGlite, the folder where the previous data directory was moved (null when there was none)
 * @throws Error (French) when the file is missing or not a backup of this kind, a server uses the database, or a
 *   PostgreSQL tool fails (the database is then left as it was)
 */
export async function restore(target: BackupTarget, file: string): Promise<{ previous: string | null }> {
  if (!existsSync(file)) throw new Error(`Fichier de sauvegarde introuvable : ${file}`);
  const head = readFileSync(file).subarray(0, 5);
  if (target.kind === 'pglite') {
    if (head[0] !== 0x1f || head[1] !== 0x8b) throw new Error(`${file} n'est pas une sauvegarde de base embarquée (.tar.gz attendu).`);
    const dataDir = path.resolve(target.dataDir);
    const unlock = lockDataDir(dataDir); // refused while a server runs
    let previous: string | null = null;
    try {
      if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
        previous = `${dataDir}.avant-restauration-${stamp()}`;
        renameSync(dataDir, previous);
      }
      mkdirSync(dataDir, { recursive: true });
      try {
        const client = await PGlite.create(dataDir, { extensions: { pg_trgm }, loadDataDir: new Blob([readFileSync(file)]) });
        await client.query('select count(*) from statuts');
        await client.close();
      } catch (err) {
        // Put the previous directory back: a failed restore changes nothing.
        rmSync(dataDir, { recursive: true, force: true });
        if (previous) renameSync(previous, dataDir);
        previous = null;
        throw new Error(`Restauration impossible depuis ${file} : ${(err as Error).message}`, { cause: err });
      }
    } finally {
      unlock();
    }
    return { previous };
  }
  if (head.toString('latin1') !== 'PGDMP') throw new Error(`${file} n'est pas une sauvegarde PostgreSQL (format pg_dump custom attendu).`);
  const client = new pg.Client({ connectionString: target.url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = $1',
      [API_APPLICATION_NAME],
    );
    if (rows[0].n > 0) {
      throw new Error(`${rows[0].n} connexion(s) de serveur API sur cette base : arrêtez les serveurs avant de restaurer.`);
    }
  } finally {
    await client.end();
  }
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'colis-restore-'));
  try {
    const script = path.join(tmp, 'restore.sql');
    runTool('pg_restore', ['--no-owner', '--no-privileges', `--file=${script}`, file]);
    runTool('psql', [
      '--quiet',
      '--no-psqlrc',
      '--set=ON_ERROR_STOP=1',
      '--single-transaction',
      `--dbname=${target.url}`,
      '--command=DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;',
      `--file=${script}`,
    ]);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  return { previous: null };
}

/** Command line: `backup [fichier]` or `restore <fichier>`. @returns the exit code */
export async function main(argv = process.argv.slice(2)): Promise<number> {
  const [command, file] = argv;
  const target = targetFromEnv();
  const where = target.kind === 'pglite' ? `la base embarquée ${path.resolve(target.dataDir)}` : 'la base PostgreSQL (DATABASE_URL)';
  try {
    if (command === 'backup') {
      const done = await backup(target, file || undefined);
      console.log(`Sauvegarde de ${where} écrite dans ${done.file} (${Math.ceil(done.bytes / 1024)} Ko).`);
      return 0;
    }
    if (command === 'restore' && file) {
      const done = await restore(target, file);
      console.log(`Sauvegarde ${file} restaurée dans ${where}.`);
      if (done.previous) console.log(`L'ancienne base est conservée dans ${done.previous}.`);
      return 0;
    }
    console.error('Usage : npm run backup [fichier]  |  npm run restore <fichier>');
    return 2;
  } catch (err) {
    console.error((err as Error).message);
    return 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main();
}
