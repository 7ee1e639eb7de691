/**
 * One action, one write (docs/decisions/idempotent-writes.md "Browser"): a write the user starts with a click runs at
 * most once at a time. The button shows the write running (disabled while it runs), and a start
 * made while one runs starts nothing, at once, through a ref: two clicks in the same tick — before React draws the
 * button disabled — still start one write. The Idempotency-Key of the request is its submission's
 * (src/providers/submissions.ts).
 */
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { useSubmitOnce } from './useSubmitOnce';

/**
 * A write started by a click: react-query's useMutation (its onSuccess / onError notify and close), run through
 * useSubmitOnce: `run` starts it unless it already runs, `pending` disables its button.
 * @param options the mutation's options (mutationFn, onSuccess, onError…)
 * @param holdOnSuccess the screen leaves after a success (a navigation, a day shown closed): from the success on, the
 *   button stays disabled and nothing starts again, so a click that comes while the next screen loads writes nothing
 * @returns `run(variables)` (starts nothing while one runs; a failure goes to onError; its promise settles, never
 *   rejects, once the running write ended: a form's submit that returns it stays "submitting" until then) and `pending`
 */
export function useWrite<TData, TVariables = void>(
  options: UseMutationOptions<TData, unknown, TVariables>,
  { holdOnSuccess = false }: { holdOnSuccess?: boolean } = {},
) {
  const mutation = useMutation(options);
  // onError has said what went wrong: the rejection is not another error to report (useSubmitOnce settles).
  return useSubmitOnce((variables: TVariables) => mutation.mutateAsync(variables), { holdOnSuccess });
}
