/**
 * The guard of a write started by a click (docs/decisions/idempotent-writes.md "Browser"): a start made while one runs
 * starts nothing, at once, through a ref, so two clicks in the same tick — before React draws the button disabled —
 * still start one write. Used by useWrite (src/kit/useWrite.ts) and by the forms that submit through their own save.
 */
import { useCallback, useRef } from 'react';

/**
 * Runs `action` at most once at a time: a call made while the previous one's promise is unsettled starts nothing and
 * gets that promise (its result or its error), so whoever waits for it — a form's submit, whose button stays disabled
 * while it runs — waits for the write that is running.
 * @param action the write (a submit, a save, a mutation's mutateAsync)
 * @returns the guarded action
 */
export function useOneAtATime<A extends unknown[], R>(action: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  const running = useRef<Promise<R> | null>(null);
  return useCallback(
    (...args: A) => {
      if (running.current) return running.current;
      let call: Promise<R>;
      try {
        call = Promise.resolve(action(...args));
      } catch (error) {
        return Promise.reject(error);
      }
      running.current = call;
      const done = () => {
        if (running.current === call) running.current = null;
      };
      call.then(done, done);
      return call;
    },
    [action],
  );
}
