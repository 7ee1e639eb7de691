/**
 * The save of the <Create> / <Edit> around it, started at most once at a time (docs/decisions/idempotent-writes.md
 * "Browser"): react-admin's SaveButton is disabled, with its spinner, while the form's submit runs (until the save's
 * answer), and a second click that comes before React drew it so — two clicks in the same tick — saves nothing. Once
 * the write succeeded the page leaves (its redirect, which React Router runs as a transition: the form may still show
 * a moment, the next screen loading); until it has left, the submit stays pending, so a late second click saves
 * nothing either. For pages that leave after a save (every ReferenceCreatePage / ReferenceEditPage, the wizard).
 */
import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { SaveContextProvider, useRegisterMutationMiddleware, useSaveContext, type SaveHandler } from 'react-admin';
import { useOneAtATime } from './useOneAtATime';

/** Takes the form (children); renders it with the guarded save in its save context. */
export const OneSaveAtATime = ({ children }: { children: ReactNode }) => {
  const context = useSaveContext();
  const { save } = context;
  /** The dataProvider's create / update answered a success. */
  const saved = useRef(false);
  /** Ends the submit held after a success: called when the page has left. */
  const leave = useRef<(() => void) | null>(null);
  useEffect(() => () => leave.current?.(), []);

  // A middleware of react-admin's save: the last argument calls the dataProvider (create or update).
  const noteSuccess = useCallback(async (...args: unknown[]) => {
    const next = args[args.length - 1] as (...rest: unknown[]) => Promise<unknown>;
    const answer = await next(...args.slice(0, -1));
    saved.current = true;
    return answer;
  }, []);
  useRegisterMutationMiddleware(noteSuccess);

  const saveOnce = useOneAtATime(
    useCallback(
      async (...args: Parameters<SaveHandler<never>>) => {
        const errors = await save?.(...args);
        if (saved.current) await new Promise<void>((resolve) => (leave.current = resolve));
        return errors;
      },
      [save],
    ),
  );
  const value = useMemo(() => ({ ...context, save: save && (saveOnce as SaveHandler<never>) }), [context, save, saveOnce]);
  return <SaveContextProvider value={value}>{children}</SaveContextProvider>;
};
