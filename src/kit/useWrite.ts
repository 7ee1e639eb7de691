/**
 * One action, one write (docs/decisions/idempotent-writes.md "Browser"): a write the user starts with a click runs at
 * most once at a time. The button shows the write running (disabled, from its mutation's `isPending`), and a start
 * made while one runs starts nothing, at once, through a ref: two clicks in the same tick — before React draws the
 * button disabled — still start one write. The Idempotency-Key of the request is its submission's
 * (src/providers/submissions.ts).
 */
import { useCallback, useRef, useState } from 'react';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { useOneAtATime } from './useOneAtATime';

/**
 * A write started by a click: react-query's useMutation (its onSuccess / onError notify and close), with `run`, which
 * starts it unless it already runs (useOneAtATime), and `pending`, which disables its button.
 * @param options the mutation's options (mutationFn, onSuccess, onError…)
 * @param holdOnSuccess the screen leaves after a success (a navigation, a day shown closed): from the success on, the
 *   button stays disabled and nothing starts again, so a click that comes while the next screen loads writes nothing
 * @returns `run(variables)` (starts nothing while one runs; a failure goes to onError; its promise settles, never
 *   rejects, once the running write ended: a form's submit that returns it stays "submitting" until then), `pending`
 *   and the mutation
 */
export function useWrite<TData, TVariables = void>(
  options: UseMutationOptions<TData, unknown, TVariables>,
  { holdOnSuccess = false }: { holdOnSuccess?: boolean } = {},
) {
  const held = useRef(false);
  const [holding, setHolding] = useState(false);
  const { onSuccess } = options;
  const mutation = useMutation({
    ...options,
    onSuccess: (...args) => {
      if (holdOnSuccess) {
        held.current = true;
        setHolding(true);
      }
      return onSuccess?.(...args);
    },
  });
  const once = useOneAtATime(mutation.mutateAsync);
  const run = useCallback(
    // onError has said what went wrong: the rejection is not another error to report.
    (variables: TVariables): Promise<void> =>
      held.current
        ? Promise.resolve()
        : once(variables).then(
            () => undefined,
            () => undefined,
          ),
    [once],
  );
  return { run, pending: mutation.isPending || holding, mutation };
}
