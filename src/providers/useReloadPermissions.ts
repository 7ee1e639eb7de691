/**
 * Hook giving a function that reloads the signed-in user's privileges from the server and refreshes every
 * react-admin query, access checks included (menu, buttons, route guards) — spec 001 §4 "the user's
 * permissions are reloaded".
 */
import { useCallback } from 'react';
import { useRefresh } from 'react-admin';
import { reloadPermissions } from './authProvider';

/** Returns an async function that reloads the privileges, then invalidates all queries (useRefresh). */
export function useReloadPermissions(): () => Promise<void> {
  const refresh = useRefresh();
  return useCallback(async () => {
    await reloadPermissions();
    refresh();
  }, [refresh]);
}
