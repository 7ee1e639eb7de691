/**
 * A worker's rounds (the notice dispatcher, the e-mail and SMS drivers; docs/decisions/notice-dispatch.md): `round`
 * every `intervalMs`, one at a time; a kick during a round runs one more right after it; a failed round is logged and
 * the next one runs as planned. The timer does not keep the process alive.
 */

/** What repeatRounds hands back: `kick` runs a round now (or one more after the running one), `stop` ends them. */
export interface Rounds {
  /** Runs a round now, or once more after the running one. @returns when that round has ended */
  kick: () => Promise<void>;
  /** No round starts any more; @returns when the running one (if any) has ended */
  stop: () => Promise<void>;
}

/**
 * Starts the rounds of a worker.
 * @param round one round's work; `stopped()` turns true as soon as stop is called (a round with several batches
 *   checks it between them)
 * @param opts.intervalMs ms between planned rounds; `immediate` (default true): the first round at once
 * @param opts.label the log message of a failed round
 */
export function repeatRounds(
  round: (stopped: () => boolean) => Promise<unknown>,
  opts: { intervalMs: number; immediate?: boolean; label: string; log: { error: (o: object, msg: string) => void } },
): Rounds {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const isStopped = () => stopped;
  const kick = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      // Yield first: a round with nothing to do must not end before `running` is assigned.
      await Promise.resolve();
      try {
        do {
          again = false;
          await round(isStopped);
        } while (again && !stopped);
      } catch (err) {
        opts.log.error({ err }, opts.label);
      } finally {
        running = undefined;
      }
    })();
    return running;
  };
  const timer = setInterval(() => void kick(), opts.intervalMs);
  timer.unref();
  if (opts.immediate ?? true) void kick();
  return {
    kick,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
