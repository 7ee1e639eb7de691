import { describe, expect, it } from 'vitest';
import { keyedQueue } from '../../server/db/keyedQueue';

/** A task that records when it starts and ends, and settles after `ms` (rejects when `fail`). */
function recorder() {
  const events: string[] = [];
  const task =
    (name: string, ms: number, fail = false) =>
    async () => {
      events.push(`start ${name}`);
      await new Promise((r) => setTimeout(r, ms));
      events.push(`end ${name}`);
      if (fail) throw new Error(`échec ${name}`);
      return name;
    };
  return { events, task };
}

describe('keyedQueue (issue 12 §3: a departure’s registrations one after the other)', () => {
  it('runs the tasks of one key one at a time, in arrival order, and answers each its own result', async () => {
    const run = keyedQueue();
    const { events, task } = recorder();
    const results = await Promise.all([run('envoi-1', task('a', 20)), run('envoi-1', task('b', 5)), run('envoi-1', task('c', 1))]);
    expect(results).toEqual(['a', 'b', 'c']);
    expect(events).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('runs tasks of different keys side by side', async () => {
    const run = keyedQueue();
    const { events, task } = recorder();
    await Promise.all([run('envoi-1', task('a', 20)), run('envoi-2', task('b', 5))]);
    expect(events).toEqual(['start a', 'start b', 'end b', 'end a']);
  });

  it('a failed task answers its error and does not stop the tasks behind it', async () => {
    const run = keyedQueue();
    const { events, task } = recorder();
    const first = run('envoi-1', task('a', 5, true));
    const second = run('envoi-1', task('b', 1));
    await expect(first).rejects.toThrow('échec a');
    await expect(second).resolves.toBe('b');
    expect(events).toEqual(['start a', 'end a', 'start b', 'end b']);
    // Once settled, the key is free: a new task starts at once.
    await expect(run('envoi-1', task('c', 1))).resolves.toBe('c');
  });

  it('with a limit of two, runs two tasks of a key at once and starts the third when one of them ends', async () => {
    const run = keyedQueue(2);
    const { events, task } = recorder();
    await Promise.all([run('envoi-1', task('a', 30)), run('envoi-1', task('b', 10)), run('envoi-1', task('c', 1))]);
    expect(events).toEqual(['start a', 'start b', 'end b', 'start c', 'end c', 'end a']);
  });
});
