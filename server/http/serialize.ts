/**
 * Shapes database rows into API records (docs/architecture.md §3): every record carries `id` and `_id`,
 * numeric strings of money and weight columns become numbers, populated references keep their own `_id`.
 * The same shape is written two ways: by toApi from the rows Drizzle maps (the plain path), and, for the pages of the
 * large lists, by PostgreSQL itself (its twin: server/db/fast/jsonPage.ts apiJsonPageSql,
 * docs/decisions/list-queries.md), from the same selection and the same rules (API_FIELD_RULES);
 * tests/server/listJson.test.ts holds them equal.
 */

/** Columns returned by the database as exact decimal strings that the API answers as numbers. */
const NUMERIC_FIELD_NAMES = [
  'poids',
  'poidsReel',
  'prixUnitaire',
  'prixExceptionnel',
  'prixTotal',
  'montant',
  'montantLivraison',
  'montantExpedition',
  'montantComplementaire',
  'montantTotal',
  'reglement',
  'resteAPayer',
  'montantEncaisse',
  'montantRestant',
  'montantTendu',
  'ecartConversion',
  'montantRembourse',
  'montantMinimum',
  'latitude',
  'longitude',
  'poidsDisponible',
] as const;
type NumericField = (typeof NUMERIC_FIELD_NAMES)[number];
const NUMERIC_FIELDS: ReadonlySet<string> = new Set<string>(NUMERIC_FIELD_NAMES);

/** Fields never answered. */
const SECRET_FIELD_NAMES = ['passwordHash', 'tokenVersion'] as const;
type SecretField = (typeof SECRET_FIELD_NAMES)[number];
const SECRET_FIELDS: ReadonlySet<string> = new Set<string>(SECRET_FIELD_NAMES);

/**
 * toApi's rules on field names, for its SQL twin (server/db/fast/jsonPage.ts apiJsonPageSql, which writes a page as
 * toApi would answer it and takes them from here: one list of names for both; tests/server/listJson.test.ts compares
 * their pages).
 */
export const API_FIELD_RULES = { numeric: NUMERIC_FIELDS, secret: SECRET_FIELDS };

/** A value as toApi answers it: decimal texts of NUMERIC_FIELDS as numbers, `_id` beside `id`, no secrets. */
export type Api<T> = T extends Date
  ? T
  : T extends readonly (infer U)[]
    ? Api<U>[]
    : T extends object
      ? { [K in Exclude<keyof T, SecretField>]: K extends NumericField ? NumericOf<T[K]> : Api<T[K]> } & (T extends { id: infer I }
          ? { _id: I }
          : unknown)
      : T;

/** The number a decimal text becomes (null and undefined stay). */
type NumericOf<V> = V extends string ? number : V extends null | undefined ? V : V;

/** Recursively adds `_id`, converts decimal strings to numbers and drops secrets. */
export function toApi<T>(row: T): Api<T> {
  if (row === null || row === undefined || typeof row !== 'object' || row instanceof Date) return row as Api<T>;
  if (Array.isArray(row)) return row.map((r) => toApi(r)) as Api<T>;
  const out: Record<string, unknown> = {};
  const source = row as Record<string, unknown>;
  // Object.keys and an index loop: no [key, value] pair allocated per field (docs/decisions/request-path.md: every
  // answer goes through here).
  const keys = Object.keys(source);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    if (SECRET_FIELDS.has(key)) continue;
    const value = source[key];
    if (typeof value === 'string') out[key] = NUMERIC_FIELDS.has(key) ? Number(value) : value;
    else if (value === null || typeof value !== 'object' || value instanceof Date) out[key] = value;
    else out[key] = toApi(value);
  }
  if ('id' in out) out._id = out.id;
  return out as Api<T>;
}
