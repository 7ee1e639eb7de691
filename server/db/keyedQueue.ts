/**
 * At most `limit` tasks at a time per key, the others waiting in arrival order, within this process (issue 12 §3).
 *
 * Writes that all lock the same row (a departure's registrations: registrationWrite.ts `claim`) wait for each other
 * anyway; left to PostgreSQL, sixty-four of them queue on the row lock, each woken in turn to re-check the updated
 * row, and the waiting costs the database more CPU than the writes. Queued here, a few at a time reach it. This is an
 * optimisation, not the guard: the row lock still decides between processes, and a task that fails does not stop
 * the ones behind it.
 */

/** Runs `task` once fewer than the queue's limit of tasks under the same key run; answers what `task` answers. */
export type KeyedQueue = <T>(key: string, task: () => Promise<T>) => Promise<T>;

/** A new queue (no key held) letting `limit` tasks of a key run at once. Keys are forgotten once idle. */
export function keyedQueue(limit = 1): KeyedQueue {
  const keys = new Map<string, { running: number; waiting: (() => void)[] }>();
  return async <T>(key: string, task: () => Promise<T>): Promise<T> => {
    let state = keys.get(key);
    if (!state) keys.set(key, (state = { running: 0, waiting: [] }));
    if (state.running < limit) state.running++;
    else await new Promise<void>((resolve) => state.waiting.push(resolve));
    try {
      return await task();
    } finally {
      // The slot goes to the next waiting task, else it is freed (and the key forgotten when none runs).
      const next = state.waiting.shift();
      if (next) next();
      else if (--state.running === 0) keys.delete(key);
    }
  };
}
