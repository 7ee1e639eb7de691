/**
 * A reference as the API answers it, populated ({id, code, libelle}) or as a plain id, and its id. Re-exported by
 * src/providers/records.ts; apart so that the sign-in's calls (src/providers/credentials.ts) read a role's id without
 * the other readers' imports.
 */

/** A populated reference as the API answers it: id plus optional code / libelle (and whatever else it carries). */
export interface Ref {
  id: string;
  code?: string;
  libelle?: string;
  [key: string]: unknown;
}

/** Id of a reference given as a plain id or a populated object ({id} or, in older answers, {_id}); undefined when empty. */
export function refId(value: unknown): string | undefined {
  if (typeof value === 'string') return value || undefined;
  if (value && typeof value === 'object') {
    const { id, _id } = value as { id?: unknown; _id?: unknown };
    const found = id ?? _id;
    return found === undefined || found === null || found === '' ? undefined : String(found);
  }
  return undefined;
}
