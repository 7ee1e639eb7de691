/**
 * The columns of a populated reference in a Drizzle select: a record read as `{ id, code, libelle }` (status, mode,
 * agency, country, city, nature, group, role, user type, operation type…), which the API answers with `_id` added
 * (common/schemas/answer.ts codeLibelleRef; spec 000 §3, spec 001 §3). One spelling for every read that populates one.
 */
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** The three columns every populated reference reads. */
type CodeLibelleColumn = 'id' | 'code' | 'libelle';

/**
 * The `{ id, code, libelle }` columns of `t` (a table or an alias of it), in that order, for a select object: as a
 * nested field (`statutID: codeLibelleColumns(statuts)`), or spread where a place reads more
 * (`{ ...codeLibelleColumns(agences), telephoneComplet: agences.telephoneComplet }`). The answer's keys follow the
 * select's field order, so the spread goes first. (schema.ts's local codeLibelle makes such tables; this reads them.)
 * @param t a table or alias having id, code and libelle columns
 * @returns the three columns, typed as `t`'s own (the row reads `{ id: string; code: string; libelle: string }`)
 */
export const codeLibelleColumns = <T extends Record<CodeLibelleColumn, AnyPgColumn>>(t: T): Pick<T, CodeLibelleColumn> => ({
  id: t.id,
  code: t.code,
  libelle: t.libelle,
});
