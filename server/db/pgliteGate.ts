/**
 * A wait limit on the embedded database's one connection (docs/decisions/transaction-handle.md). PGlite runs each
 * query, exec and transaction alone, in turn, behind one lock (`_runExclusiveTransaction`); a call queued behind a
 * transaction that never ends — one that waits for that very call, a query sent on the outer handle inside it —
 * would wait for ever, and every later request with it. As PostgreSQL's statement timeout bounds a statement, this
 * bounds the wait for the lock: past `waitMs` the call fails with DatabaseBusyError (SQLSTATE 55P03, "lock not
 * available"), which the error plugin answers 503 with Retry-After (server/plugins/errors.ts), and the call is never
 * run later: when its turn comes, it gives the lock back at once. The transaction whose query failed rolls back and
 * frees the connection for the others.
 * `_runExclusiveTransaction` is PGlite's (0.2 to 0.5 at least; server/metrics/database.ts reads it too): the start
 * fails loudly if an upgrade removes it, and tests/server/pgliteGate.test.ts holds the behaviour.
 */
import type { PGlite } from '@electric-sql/pglite';

/** SQLSTATE of the refusal: lock_not_available, PostgreSQL's code for a lock timeout. */
const LOCK_NOT_AVAILABLE = '55P03';

/** A call that waited `waitMs` for the embedded database's connection and was given up (never run). */
export class DatabaseBusyError extends Error {
  readonly code = LOCK_NOT_AVAILABLE;
  constructor(waitMs: number) {
    super(`Base embarquée occupée : connexion attendue plus de ${waitMs} ms (canceling statement due to lock timeout)`);
    this.name = 'DatabaseBusyError';
  }
}

/** PGlite as far as its lock goes. */
interface PgliteLock {
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
}

/**
 * Bounds the wait of every query, exec and transaction of `client` for its connection.
 * @param waitMs the longest wait (ms); 0 leaves the client as it is
 * @throws Error at once when this PGlite has no `_runExclusiveTransaction` (an upgrade changed it)
 */
export function limitPgliteWait(client: PGlite, waitMs: number): void {
  if (waitMs <= 0) return;
  const lock = client as unknown as PgliteLock;
  if (typeof lock._runExclusiveTransaction !== 'function') {
    throw new Error('PGlite sans _runExclusiveTransaction : vérifier server/db/pgliteGate.ts après la mise à jour de PGlite.');
  }
  const run = lock._runExclusiveTransaction.bind(client);
  lock._runExclusiveTransaction = <T>(fn: () => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      let gaveUp = false;
      const timer = setTimeout(() => {
        gaveUp = true;
        reject(new DatabaseBusyError(waitMs));
      }, waitMs);
      run(async () => {
        clearTimeout(timer);
        // Its turn came after its caller was told it failed: run nothing, give the lock back.
        if (gaveUp) return undefined as T;
        return fn();
      }).then(resolve, (err: unknown) => {
        if (!gaveUp) reject(err);
      });
    });
}
