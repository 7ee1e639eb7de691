/**
 * Shapes database rows into API records (DESIGN.md §3): every record carries `id` and `_id`,
 * numeric strings of money and weight columns become numbers, populated references keep their own `_id`.
 */

/** Columns returned by the database as exact decimal strings that the API answers as numbers. */
const NUMERIC_FIELDS = new Set([
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
  'latitude',
  'longitude',
  'poidsDisponible',
]);

/** Recursively adds `_id`, converts decimal strings to numbers and drops secrets. */
export function toApi<T>(row: T): T {
  if (row === null || row === undefined || typeof row !== 'object' || row instanceof Date) return row;
  if (Array.isArray(row)) return row.map((r) => toApi(r)) as T;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row as Record<string, unknown>)) {
    if (key === 'passwordHash' || key === 'tokenVersion') continue;
    if (NUMERIC_FIELDS.has(key) && typeof value === 'string') out[key] = Number(value);
    else out[key] = toApi(value);
  }
  if ('id' in out) out._id = out.id;
  return out as T;
}
