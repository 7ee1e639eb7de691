/**
 * Small readers of API records shared by the providers and the screens: the populated reference shape, the id of a
 * reference that may come populated ({id, code, libelle}) or as a plain id, a person's full name, and a record's id.
 * Here in providers/ (which imports no screen and not the screen kit of src/kit/) since the dataProvider and the
 * authProvider read records with them.
 */
import type { Identifier } from 'ra-core';

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

/** Full name of a person (user, client, author): nom + ' ' + prenoms, the one order of common/format.ts. */
/**
 * The fields of a value an answer declares as any JSON (an audit row's `avant` or `apres`): the value when it is an
 * object, else none.
 */
export const fieldsOf = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};

export { fullName } from '../../common/format';

/** Gives a record its `id` (the server sends `id` and `_id`; older answers may carry only `_id`). */
export function withId<T extends Record<string, unknown>>(record: T): T & { id: Identifier } {
  const id = (record.id ?? record._id) as Identifier;
  return { ...record, id };
}

/** A list column rendering the `libelle` of a populated reference field of the row ('--' when absent). */
export const libelleOf =
  (field: string) =>
  (record: Record<string, unknown>): string =>
    (record[field] as { libelle?: string } | undefined)?.libelle ?? '--';
