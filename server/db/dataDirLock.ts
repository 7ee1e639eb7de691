/**
 * One process at a time on an embedded database (docs/decisions/fault-tolerance.md). PGlite does not guard its
 * data directory: two processes opening the same DATA_DIR (a second `npm start` on another PORT, or a backup taken
 * while the server runs) each keep their own copy of the pages in memory and overwrite each other's writes. Whoever
 * opens the directory first writes its pid into `<DATA_DIR>.lock` (beside the directory, so that a backup of the
 * directory never carries it); the others are refused until it closes or dies (a pid that no longer runs — after a
 * crash or kill -9 — leaves a stale lock that the next opener takes over).
 */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

/** Path of the lock file of a data directory. */
export function lockPath(dataDir: string): string {
  return `${path.resolve(dataDir)}.lock`;
}

/** Whether a process with this pid runs on this machine. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid holding the lock of a data directory, or null when free (no lock file, or its process is gone). */
function lockHolder(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(readFileSync(lockPath(dataDir), 'utf8').trim());
  } catch {
    return null;
  }
  return Number.isInteger(pid) && pid > 0 && alive(pid) ? pid : null;
}

/**
 * Takes the lock of a data directory for this process.
 * @returns a function that gives it back (removes the lock file)
 * @throws Error (French message) when another running process holds it
 */
export function lockDataDir(dataDir: string): () => void {
  const file = lockPath(dataDir);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        rmSync(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = lockHolder(dataDir);
      if (holder) {
        throw new Error(
          `La base embarquée ${path.resolve(dataDir)} est déjà ouverte par le processus ${holder} : arrêtez-le d'abord (un seul processus à la fois sur DATA_DIR).`,
          { cause: err },
        );
      }
      rmSync(file, { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`Impossible de verrouiller la base embarquée ${path.resolve(dataDir)} (${file}).`);
}
