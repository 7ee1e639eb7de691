/**
 * One process at a time on an embedded database, and a restart right after a crash (server/db/dataDirLock.ts,
 * docs/decisions/fault-tolerance.md): a live holder refuses the opener; a holder that is gone, a zombie its parent has
 * not reaped yet (as right after a kill -9), or a pid now used by another process leaves a lock the opener takes over.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lockDataDir, lockPath } from '../../server/db/dataDirLock';

const dir = mkdtempSync(path.join(os.tmpdir(), 'colis-lock-'));
const dataDir = path.join(dir, 'db');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Starts a parent that forks a child which dies at once and is never reaped: resolves the zombie's pid. */
function zombie(): Promise<{ pid: number; stop: () => void }> {
  const parent = spawn(
    'python3',
    ['-c', 'import os, time\npid = os.fork()\nif pid == 0: os._exit(0)\nprint(pid, flush=True)\ntime.sleep(60)'],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    parent.stdout.once('data', (chunk: Buffer) => resolve({ pid: Number(String(chunk).trim()), stop: () => parent.kill('SIGKILL') }));
    parent.once('error', reject);
  });
}

describe.runIf(process.platform === 'linux')('the lock of DATA_DIR', () => {
  it('records pid and start time; a live holder refuses a second opener with a French message', () => {
    const release = lockDataDir(dataDir);
    expect(readFileSync(lockPath(dataDir), 'utf8')).toMatch(new RegExp(`^${process.pid} \\d+$`));
    expect(() => lockDataDir(dataDir)).toThrow(`est déjà ouverte par le processus ${process.pid}`);
    release();
  });

  it('takes over the lock of a zombie: dead, not yet reaped, still answering kill(pid, 0)', async () => {
    const z = await zombie();
    try {
      await new Promise((r) => setTimeout(r, 200));
      expect(readFileSync(`/proc/${z.pid}/stat`, 'utf8')).toMatch(/\) Z /);
      expect(() => process.kill(z.pid, 0)).not.toThrow();
      writeFileSync(lockPath(dataDir), String(z.pid));
      const release = lockDataDir(dataDir);
      expect(readFileSync(lockPath(dataDir), 'utf8')).toMatch(new RegExp(`^${process.pid} `));
      release();
    } finally {
      z.stop();
    }
  });

  it('takes over a lock whose pid now belongs to another process (another start time), or is gone', () => {
    writeFileSync(lockPath(dataDir), `${process.pid} 1`);
    lockDataDir(dataDir)();
    writeFileSync(lockPath(dataDir), '2147483646 12345');
    lockDataDir(dataDir)();
  });
});
