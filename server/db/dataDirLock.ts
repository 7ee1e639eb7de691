/**
 * One process at a time on an embedded database (docs/decisions/fault-tolerance.md). PGlite does not guard its
 * data directory: two processes opening the same DATA_DIR (a second `npm start` on another PORT, or a backup taken
 * while the server runs) each keep their own copy of the pages in memory and overwrite each other's writes. Whoever
 * opens the directory first writes its pid and start time into `<DATA_DIR>.lock` (beside the directory, so that a
 * backup of the directory never carries it); the others are refused until it closes or dies. A holder that no longer
 * runs leaves a stale lock that the next opener takes over: a pid that is gone, a dead process its parent has not
 * reaped yet (a zombie: right after a kill -9, `process.kill(pid, 0)` still succeeds), or a pid reused by another
 * process (its start time differs). Start times and states are read from /proc (Linux); elsewhere the pid alone.
 */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

/** Path of the lock file of a data directory. */
export function lockPath(dataDir: string): string {
  return `${path.resolve(dataDir)}.lock`;
}

/**
 * A process's state letter and start time (clock ticks since boot) from /proc/<pid>/stat, null without such a
 * process, undefined where /proc cannot tell (not Linux).
 */
function procStat(pid: number): { state: string; start: string } | null | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return code === 'ENOENT' && process.platform === 'linux' ? null : undefined;
  }
  // "pid (comm) state ppid …": comm may hold spaces and parentheses; the fields follow its last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0], start: fields[19] };
}

/** This process's lock text: its pid and, on Linux, its start time. */
function ownStamp(): string {
  const stat = procStat(process.pid);
  return stat ? `${process.pid} ${stat.start}` : String(process.pid);
}

/** Whether the process of a lock (`pid`, and its start time when recorded) still runs, a zombie counting as gone. */
function alive(pid: number, start: string | undefined): boolean {
  const stat = procStat(pid);
  if (stat === null) return false;
  if (stat) return stat.state !== 'Z' && stat.state !== 'X' && (!start || start === stat.start);
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid holding the lock of a data directory, or null when free (no lock file, or its process is gone). */
function lockHolder(dataDir: string): number | null {
  let stamp: string[];
  try {
    stamp = readFileSync(lockPath(dataDir), 'utf8').trim().split(/\s+/);
  } catch {
    return null;
  }
  const pid = Number(stamp[0]);
  return Number.isInteger(pid) && pid > 0 && alive(pid, stamp[1]) ? pid : null;
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
      writeSync(fd, ownStamp());
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
