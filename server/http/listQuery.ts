/**
 * Paging, sorting, searching and filtering of list calls (docs/architecture.md §3 extension: _page, _perPage, _sort, _order, q, fields).
 */
import { z } from 'zod';

/**
 * Every file format a list can be exported to (docs/decisions/list-exports.md): `format=csv` or `format=xlsx` on the
 * list call.
 */
const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
/** A list export's file format. */
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The query string of a list call; a malformed `format` is refused with a French 400. */
export const listQuerySchema = z.looseObject({
  _page: z.coerce.number().int().min(1).optional(),
  _perPage: z.coerce.number().int().min(1).max(500).optional(),
  _sort: z.string().max(64).optional(),
  _order: z.enum(['ASC', 'DESC', 'asc', 'desc']).optional(),
  q: z.string().max(200).optional(),
  ids: z.string().max(20000).optional(),
  format: z.enum(EXPORT_FORMATS, { error: "Format d'export inconnu : utilisez format=csv ou format=xlsx" }).optional(),
  /** `_byAgence=0`: no `byAgence` in the answer (http/byAgence.ts, docs/decisions/list-by-agence.md). */
  _byAgence: z.enum(['0', '1'], { error: 'Paramètre _byAgence invalide : utilisez 0 ou 1' }).optional(),
});

export interface ListQuery {
  page?: number;
  perPage?: number;
  sort?: string;
  order: 'asc' | 'desc';
  q?: string;
  ids?: string[];
  /** The export's file format, when the call asks for a file rather than a JSON page (http/export.ts). */
  format?: ExportFormat;
  /** Remaining query parameters: field filters, as strings. */
  filters: Record<string, string>;
}

/** Splits the raw query string object into paging, sorting, search and field filters. */
export function parseListQuery(raw: Record<string, unknown>): ListQuery {
  // _byAgence shapes the answer, not the rows (http/byAgence.ts): neither a filter nor part of the query.
  const { _page, _perPage, _sort, _order, q, ids, format, _byAgence, ...rest } = listQuerySchema.parse(raw);
  const filters: Record<string, string> = {};
  for (const [k, v] of Object.entries(rest)) if (typeof v === 'string' && v !== '') filters[k] = v;
  return {
    page: _page,
    perPage: _page ? (_perPage ?? 10) : _perPage,
    sort: _sort,
    order: _order?.toLowerCase() === 'asc' ? 'asc' : 'desc',
    q: q?.trim() || undefined,
    ids: ids ? ids.split(',').filter(Boolean) : undefined,
    format,
    filters,
  };
}
