/**
 * One submission at a time, its button disabled until its answer (docs/decisions/idempotent-writes.md "Browser"), over
 * useOneAtATime: the rule of useWrite (src/kit/useWrite.ts, which runs react-query's mutations through it) and of the
 * pages shown before the app, which run without react-query's client (src/auth/PublicApp.tsx).
 */
import { useCallback, useRef, useState } from 'react';
import { useOneAtATime } from './useOneAtATime';

/** What to do with the submission's answer. */
export interface SubmitOnceOptions<V, R> {
  /** Called with the answer and the values; may return a promise the submission then waits for. */
  onSuccess?: (result: R, values: V) => unknown;
  /** Called with the failure (a rejected action or onSuccess). */
  onError?: (error: unknown) => void;
  /** The page leaves after a success: from then on the button stays disabled and nothing starts again. */
  holdOnSuccess?: boolean;
}

/**
 * Runs `action` at most once at a time.
 * @param action the call (sign-in, a code request…)
 * @param options onSuccess, onError, holdOnSuccess
 * @returns `run(values)` (starts nothing while one runs or after a held success; settles, never rejects, once the
 *   submission ended) and `pending` (true while it runs, and for good after a held success)
 */
export function useSubmitOnce<V, R>(action: (values: V) => Promise<R>, options: SubmitOnceOptions<V, R> = {}) {
  const latest = useRef({ action, options });
  latest.current = { action, options };
  const held = useRef(false);
  const [running, setRunning] = useState(false);
  const [holding, setHolding] = useState(false);
  const submit = useCallback(async (values: V) => {
    const { action: call, options: o } = latest.current;
    setRunning(true);
    try {
      const result = await call(values);
      if (o.holdOnSuccess) {
        held.current = true;
        setHolding(true);
      }
      await o.onSuccess?.(result, values);
    } catch (error) {
      o.onError?.(error);
    } finally {
      setRunning(false);
    }
  }, []);
  const once = useOneAtATime(submit);
  const run = useCallback((values: V): Promise<void> => (held.current ? Promise.resolve() : once(values)), [once]);
  return { run, pending: running || holding };
}
