/**
 * The window event the http layer fires when the server answers 403 to a call made with the stored session
 * (docs/decisions/permission-assignment.md): the UI believed the key held, the role may have lost it. providers/permissionsSync.ts listens.
 * Kept apart (no imports) so that http.ts does not import the authProvider back.
 */

/** Name of the event. */
export const FORBIDDEN_EVENT = 'colis:forbidden';

/** Fires FORBIDDEN_EVENT on the window (nothing outside a browser). */
export function notifyForbidden(): void {
  if (typeof window !== 'undefined' && typeof window.dispatchEvent === 'function') window.dispatchEvent(new Event(FORBIDDEN_EVENT));
}
