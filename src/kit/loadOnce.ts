/**
 * A download made once (a chunk loaded with import()): the first call starts it, the later ones share its promise; a
 * failed download is forgotten, so the next call tries again (a lost connection, a release replaced meanwhile).
 */

/**
 * @param load starts the download (`() => import('./X')`, or that and what follows it)
 * @returns the function to call where the module is needed; it resolves with `load`'s value or rejects with its error
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
