/**
 * Writes that lock the same row, grouped into transactions, within this process (docs/decisions/registration-write.md).
 *
 * A departure's registrations all lock its row (colis/registrationWrite.ts `claim`): they wait for each other anyway.
 * Left to PostgreSQL, sixty-four of them queue on the row lock, each commit (and its WAL flush) waking the next one to
 * re-check the row. Here the writes of a key that arrive while an earlier group of that key is being written wait in
 * the process; then up to `max` of them are written, in arrival order, in one transaction: one lock taken, one commit
 * for the group. Each write still decides for itself (the claim's conditional UPDATE sees the weight the group's
 * earlier writes took), so a group is exactly the writes one after the other, committed together.
 *
 * Nothing is half-written: when a write of a group fails (an error the database reports, or any error its task
 * throws), the group's transaction is rolled back and each of its writes is run again alone, in its own transaction:
 * the failing one answers its own error, the others are written as if they had come one by one. When the failure says
 * the database could not be reached (`unreachable`: a connection lost, possibly during the COMMIT, whose outcome is
 * then unknown), nothing is run again: every write of the group answers that error, as a write alone would have.
 * This is an optimisation, not the guard: the row lock still decides between processes.
 * Used by colis/registrationWrite.ts `departureWrites`, whose DEPARTURE_BATCH=1 writes each registration alone (and
 * DEPARTURE_WRITES=<at least the clients in flight> lets them all reach PostgreSQL's row lock at once, the plain path;
 * both read from the switches in force, server/config.ts FastSwitches, each time a group is formed);
 * tests/server/keyedBatches.test.ts holds a group equal to its writes one after the other, and colis.test.ts the
 * registrations' outcomes.
 */
import type { Db, Tx } from './handles';

/**
 * A write of a group: `run` on the group's transaction, or, written alone, on its own transaction, or on `db` itself
 * when `atomic` (one statement: atomic without BEGIN / COMMIT). It must not commit, nor catch a database error and go
 * on. Consecutive writes of a group with the same `together` function are written by one call of it with their `data`
 * (e.g. in one round trip), which answers each one's answer, in order, as their `run`s one after the other would.
 */
export type BatchWrite<T, D = unknown> = (
  { atomic: true; run: (handle: Db | Tx) => Promise<T> } | { atomic?: false; run: (tx: Tx) => Promise<T> }
) & { together?: (tx: Tx, data: D[]) => Promise<T[]>; data?: D };

/** Writes `write` with the other writes of `key` on `db` (see above); answers what its `run` answers, once committed. */
export type KeyedBatches = <T, D>(db: Db, key: string, write: BatchWrite<T, D>) => Promise<T>;

interface Waiting {
  write: BatchWrite<unknown, unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

interface KeyState {
  running: number;
  waiting: Waiting[];
}

/** A number, or a function read each time it is needed (e.g. a switch in force: server/db/fast/switches.ts). */
type Setting = number | (() => number);

const valueOf = (setting: Setting): number => (typeof setting === 'function' ? setting() : setting);

/**
 * A new set of queues: `concurrency` groups of a key written at once (the next one waiting on the row lock, ready),
 * at most `max` writes in a group; each a number or a function, read each time a group is formed. Keys are per
 * database handle and forgotten once idle.
 * @param unreachable whether a group's error means the database could not be reached (its writes are then not run
 *   again: see above); default none
 */
export function keyedBatches({
  concurrency = 1,
  max = 32,
  unreachable = (): boolean => false,
}: { concurrency?: Setting; max?: Setting; unreachable?: (error: unknown) => boolean } = {}): KeyedBatches {
  const byDb = new WeakMap<Db, Map<string, KeyState>>();

  function pump(db: Db, keys: Map<string, KeyState>, key: string, state: KeyState) {
    while (state.running < valueOf(concurrency) && state.waiting.length > 0) {
      const group = state.waiting.splice(0, valueOf(max));
      state.running++;
      void writeGroup(db, group, unreachable).finally(() => {
        state.running--;
        if (state.running === 0 && state.waiting.length === 0) keys.delete(key);
        else pump(db, keys, key, state);
      });
    }
  }

  return <T, D>(db: Db, key: string, write: BatchWrite<T, D>) =>
    new Promise<T>((resolve, reject) => {
      let keys = byDb.get(db);
      if (!keys) byDb.set(db, (keys = new Map()));
      let state = keys.get(key);
      if (!state) keys.set(key, (state = { running: 0, waiting: [] }));
      state.waiting.push({ write: write as BatchWrite<unknown, unknown>, resolve: resolve as (value: unknown) => void, reject });
      pump(db, keys, key, state);
    });
}

/** One write alone: its own transaction, or none when it is one statement. */
function writeAlone(db: Db, write: BatchWrite<unknown, unknown>): Promise<unknown> {
  if (write.atomic) return write.run(db);
  return db.transaction((tx) => write.run(tx));
}

/** Settles each waiting write with its own outcome, written alone, one after the other. */
async function writeEachAlone(db: Db, group: Waiting[]): Promise<void> {
  for (const w of group) {
    try {
      w.resolve(await writeAlone(db, w.write));
    } catch (error) {
      w.reject(error);
    }
  }
}

/**
 * A group in one transaction, its answers given after the commit; on a failure, each of its writes alone, or, when the
 * database could not be reached, that error for all.
 */
async function writeGroup(db: Db, group: Waiting[], unreachable: (error: unknown) => boolean): Promise<void> {
  if (group.length === 1) return writeEachAlone(db, group);
  let answers: unknown[];
  try {
    answers = await db.transaction(async (tx) => {
      const out: unknown[] = [];
      for (let i = 0; i < group.length;) {
        const { together, run } = group[i].write;
        let end = i + 1;
        while (together && end < group.length && group[end].write.together === together) end++;
        if (end - i === 1) out.push(await run(tx));
        else {
          const written = await together!(
            tx,
            group.slice(i, end).map((w) => w.write.data),
          );
          if (written.length !== end - i) throw new Error('keyedBatches: together answered another number of writes');
          out.push(...written);
        }
        i = end;
      }
      return out;
    });
  } catch (error) {
    if (!unreachable(error)) return writeEachAlone(db, group);
    for (const w of group) w.reject(error);
    return;
  }
  group.forEach((w, i) => w.resolve(answers[i]));
}
