/**
 * Small readers of API records shared by the providers and the screens: the populated reference shape, the id of a
 * reference that may come populated ({id, code, libelle}) or as a plain id, a person's full name, and a record's id.
 * Here in providers/ (which imports no screen and not the screen kit of src/kit/) since the dataProvider and the
 * authProvider read records with them.
 */
import type { Identifier } from 'ra-core';

export { refId, type Ref } from './refId';

/**
 * The fields of a value an answer declares as any JSON (an audit row's `avant` or `apres`): the value when it is an
 * object, else none.
 */
export const fieldsOf = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};

/** Full name of a person (user, client, author): nom + ' ' + prenoms, the one order of common/format.ts. */
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
