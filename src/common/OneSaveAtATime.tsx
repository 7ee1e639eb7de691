/**
 * The save of the <Create> / <Edit> around it, started at most once at a time (docs/decisions/idempotent-writes.md
 * "Browser"): react-admin's SaveButton is disabled, with its spinner, while the form's submit runs (until the save's
 * answer), and a second click that comes before React drew it so — two clicks in the same tick — saves nothing.
 */
import { useCallback, useMemo, type ReactNode } from 'react';
import { SaveContextProvider, useSaveContext, type SaveHandler } from 'react-admin';
import { useOneAtATime } from './useWrite';

/** Takes the form (children); renders it with the guarded save in its save context. */
export const OneSaveAtATime = ({ children }: { children: ReactNode }) => {
  const context = useSaveContext();
  const { save } = context;
  const saveOnce = useOneAtATime(useCallback(async (...args: Parameters<SaveHandler<never>>) => save?.(...args), [save]));
  const value = useMemo(() => ({ ...context, save: save && (saveOnce as SaveHandler<never>) }), [context, save, saveOnce]);
  return <SaveContextProvider value={value}>{children}</SaveContextProvider>;
};
