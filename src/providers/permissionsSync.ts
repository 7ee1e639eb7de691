/**
 * The signed-in user's menu and access checks follow the server's grants without signing out (docs/decisions/permission-assignment.md "Effect at
 * once"; spec 001 §4 "the user's permissions are reloaded"):
 * - the http layer (http.ts) fires FORBIDDEN_EVENT (forbiddenEvent.ts) when the server answers 403 to a call made with the stored
 *   session: the UI believed the key held, the role may have lost it;
 * - usePermissionsFollowServer (mounted once by the layout) then reloads the privileges of the user's role
 *   (autorisation/listePermissionByRoleID, open to one's own role) and, when they changed, invalidates react-admin's
 *   auth queries (getPermissions, canAccess): the menu redraws and a page whose key is gone goes to the 403 page
 *   (react-admin's access check, or RequirePermission);
 * - it does the same on every navigation, so an entry removed by an administrator leaves the menu on the next one;
 * - the assignment screen calls syncPermissions() after changing the user's own role.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { reloadPermissions } from './authProvider';
import { FORBIDDEN_EVENT } from './forbiddenEvent';
import { effectivePermissions, readSession, type Permission } from './session';

/** The held keys of a privilege list, sorted, as one comparable text. */
const heldKeys = (privileges: readonly Permission[]) =>
  privileges
    .filter((p) => p.isActive)
    .map((p) => p.libelle)
    .sort()
    .join(',');

let running: Promise<boolean> | null = null;
let again = false;

/**
 * Reloads the signed-in user's privileges from the server; when they changed (or `force`), invalidates react-admin's
 * auth queries so the menu, buttons and route guards read them again. Calls made while one runs are folded into one
 * more run after it (the server may have changed meanwhile).
 * @returns whether the privileges changed; false without a session or when the server cannot be reached
 */
export async function syncPermissions(queryClient: QueryClient, force = false): Promise<boolean> {
  if (running) {
    again = true;
    const changed = await running;
    if (force) await queryClient.invalidateQueries({ queryKey: ['auth'] });
    return changed;
  }
  running = (async () => {
    let changed = false;
    do {
      again = false;
      const before = heldKeys(effectivePermissions(readSession()));
      if (!readSession()) return changed;
      try {
        await reloadPermissions();
      } catch {
        return changed; // unreachable server or session over (http.ts handles a 401)
      }
      if (heldKeys(effectivePermissions(readSession())) !== before) changed = true;
    } while (again);
    return changed;
  })();
  try {
    const changed = await running;
    if (changed || force) await queryClient.invalidateQueries({ queryKey: ['auth'] });
    return changed;
  } finally {
    running = null;
  }
}

/** Keeps the signed-in user's privileges in step with the server: on every navigation and after every 403. */
export function usePermissionsFollowServer(): void {
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  useEffect(() => {
    void syncPermissions(queryClient);
  }, [pathname, queryClient]);
  useEffect(() => {
    const onForbidden = () => void syncPermissions(queryClient);
    window.addEventListener(FORBIDDEN_EVENT, onForbidden);
    return () => window.removeEventListener(FORBIDDEN_EVENT, onForbidden);
  }, [queryClient]);
}
