/**
 * A list page written by PostgreSQL (docs/decisions/list-queries.md): the rows of a list's select as the JSON text of
 * the array server/http/serialize.ts toApi would answer, so that Node neither parses, maps nor writes them again. The
 * twin of toApi (the plain path), from the same selection and the same rules on field names, which toApi's file owns
 * and its caller passes (serialize.ts API_FIELD_RULES: decimals answered as numbers, secrets left out);
 * tests/server/listJson.test.ts compares every page of the parcels, payments and departures lists written here with
 * the rows toApi answers. Used by server/http/list.ts (the fast-page strategy) when a route asks for JSON text;
 * FAST_JSON_PAGES=0 (server/config.ts fastSwitchesFromEnv) answers rows instead.
 */
import { Column, getTableName, is, SQL, sql } from 'drizzle-orm';

/** toApi's rules on field names (server/http/serialize.ts API_FIELD_RULES). */
export interface ApiFieldRules {
  /** Decimal columns answered as numbers. */
  numeric: ReadonlySet<string>;
  /** Fields never answered. */
  secret: ReadonlySet<string>;
}

/**
 * A list's selection as Drizzle takes it: columns (or named SQL) by API name, a populated reference as an object of
 * columns.
 */
interface Selection {
  [key: string]: Column | SQL.Aliased | Selection;
}

/** The text of an instant as JSON.stringify writes a Date (server/http/answerSerializer.ts isoInstant): UTC, milliseconds, Z. */
const ISO_INSTANT = sql.raw(`'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`);

/**
 * A value as toApi answers it, in SQL, from `value` (the column's value as selected): an instant as its ISO text
 * (Drizzle's Date, both truncated to the millisecond), a decimal of `rules.numeric` as a number (float8: the shortest
 * text that reads back the same, as JavaScript writes a number), another decimal as its text, the rest as
 * PostgreSQL's JSON writes it.
 * @throws Error for a column type whose JSON would differ from Drizzle's value (when the list is first answered)
 */
function apiValueSql(key: string, column: Column, value: SQL, rules: ApiFieldRules): SQL {
  switch (column.columnType) {
    case 'PgTimestamp':
      return (column as unknown as { withTimezone: boolean }).withTimezone
        ? sql`to_char(${value} AT TIME ZONE 'UTC', ${ISO_INSTANT})`
        : sql`to_char(${value}, ${ISO_INSTANT})`;
    case 'PgDateString':
      return sql`to_char(${value}, 'YYYY-MM-DD')`;
    case 'PgNumeric':
      return rules.numeric.has(key) ? sql`${value}::float8` : sql`${value}::text`;
    case 'PgUUID':
    case 'PgText':
    case 'PgVarchar':
    case 'PgBoolean':
    case 'PgInteger':
    case 'PgSmallInt':
    case 'PgEnumColumn':
      return value;
    default:
      throw new Error(`apiJsonSql : type de colonne non pris en charge ${column.columnType} (${key})`);
  }
}

/**
 * A selected row as toApi answers it, as a JSON object PostgreSQL writes: the same keys in the same order, secrets
 * left out, `_id` after the fields when there is an `id`, a populated reference null where Drizzle makes it null (its
 * first column null and all its columns of one table: a left join that found nothing). The selected columns are read
 * by position (`valueAt(i)`: the i-th column of the select, in Drizzle's order: the fields in order, a reference's
 * columns in its place).
 */
function apiObjectSql(fields: Selection, valueAt: (i: number) => SQL, next: { i: number }, nested: boolean, rules: ApiFieldRules): SQL {
  const pairs: SQL[] = [];
  let id: SQL | undefined;
  for (const [key, field] of Object.entries(fields)) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) throw new Error(`apiJsonSql : nom de champ invalide ${key}`);
    let value: SQL;
    if (is(field, Column)) {
      const position = next.i++;
      if (rules.secret.has(key)) continue;
      value = apiValueSql(key, field, valueAt(position), rules);
    } else if (is(field, SQL.Aliased) && rules.numeric.has(key)) {
      // A computed decimal, named (e.g. a departure's weight left): its text, a number for toApi.
      value = sql`${valueAt(next.i++)}::float8`;
    } else if (nested || !isPlainSelection(field)) {
      throw new Error(`apiJsonSql : champ non pris en charge (${key})`);
    } else {
      const columns = Object.values(field) as Column[];
      const first = valueAt(next.i);
      const object = apiObjectSql(field, valueAt, next, true, rules);
      const oneTable = columns.every((c) => getTableName(c.table) === getTableName(columns[0].table));
      value = oneTable ? sql`CASE WHEN ${first} IS NULL THEN NULL ELSE ${object} END` : object;
    }
    pairs.push(sql`${sql.raw(`'${key}'`)}, ${value}`);
    if (key === 'id') id = value;
  }
  if (id) pairs.push(sql`'_id', ${id}`);
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

/** Whether a selection's field is a reference made of columns only (what apiObjectSql writes one level deep). */
const isPlainSelection = (field: unknown): field is Selection =>
  typeof field === 'object' && field !== null && Object.values(field).length > 0 && Object.values(field).every((c) => is(c, Column));

/** The number of columns a selection selects (a reference's columns counted one by one). */
const columnCount = (fields: Selection): number =>
  Object.values(fields).reduce<number>((n, f) => n + (is(f, Column) || is(f, SQL.Aliased) ? 1 : columnCount(f as Selection)), 0);

/** A row of a page written by PostgreSQL: its JSON text as toApi answers it, and its agency's id and name (or null). */
export interface ApiJsonRow {
  row: string;
  agence: string | null;
  libelle: string | null;
}

/**
 * The positions of `agenceID.id` and `agenceID.libelle` among a selection's columns (the agency a row is grouped by in
 * byAgence, server/http/byAgence.ts), or undefined when the selection has no such reference.
 */
function agencePositions(fields: Selection): { id: number; libelle: number } | undefined {
  let i = 0;
  for (const [key, field] of Object.entries(fields)) {
    if (is(field, Column) || is(field, SQL.Aliased)) {
      i++;
      continue;
    }
    const names = Object.keys(field);
    if (key === 'agenceID' && names.includes('id') && names.includes('libelle'))
      return { id: i + names.indexOf('id'), libelle: i + names.indexOf('libelle') };
    i += columnCount(field as Selection);
  }
  return undefined;
}

/**
 * The page's text from its rows (apiJsonPageSql): the JSON array json_agg writes, byte for byte (its elements
 * separated by ', '), `[]` for none.
 */
export const apiJsonPageText = (rows: readonly { row: string }[]) => (rows.length ? `[${rows.map((r) => r.row).join(', ')}]` : '[]');

/**
 * The rows of a list's select as the JSON texts toApi answers (docs/decisions/list-queries.md: a page written by
 * PostgreSQL, not parsed, mapped and written again by Node), one result row per row of the page (ApiJsonRow: `row`, its
 * text; `agence` and `libelle`, its agency's id and name, read from the selection's `agenceID` reference, null without
 * one), in the order of `order` (an array of their ids, `$ids` of the prepared statement), `pos` its place there. The
 * page's text is apiJsonPageText of the rows (one text per row rather than one json_agg: a page grouped by agency,
 * byAgence, is written from the same texts without parsing them: bench/history.md, 2026-12-02). The select runs as a
 * subquery whose columns are renamed by position (its references select columns of the same name).
 * tests/server/listJson.test.ts compares the pages with toApi's.
 * @param select the list's select, its where clause set (selecting columns and references one level deep)
 * @param order the ids in the page's order (each row's first column must be its id)
 * @param rules toApi's rules on field names (server/http/serialize.ts API_FIELD_RULES)
 * @throws Error for a selection it cannot write the way toApi does (apiValueSql)
 */
export function apiJsonPageSql(
  select: { getSelectedFields(): unknown; getSQL(): SQL },
  order: SQL,
  rules: ApiFieldRules,
): SQL<ApiJsonRow & { pos: number }> {
  const fields = select.getSelectedFields() as Selection;
  if (Object.keys(fields)[0] !== 'id') throw new Error("apiJsonSql : la sélection doit commencer par l'id");
  const names = Array.from({ length: columnCount(fields) }, (_, i) => `c${i}`);
  const valueAt = (i: number) => sql.raw(`p.${names[i]}`);
  const object = apiObjectSql(fields, valueAt, { i: 0 }, false, rules);
  const agence = agencePositions(fields);
  const [agenceId, libelle] = agence
    ? [sql`${valueAt(agence.id)}::text`, sql`${valueAt(agence.libelle)}::text`]
    : [sql`NULL::text`, sql`NULL::text`];
  return sql`SELECT ${object}::text AS row, ${agenceId} AS agence, ${libelle} AS libelle, array_position(${order}, p.c0) AS pos
               FROM (${select.getSQL()}) AS p(${sql.raw(names.join(', '))})
              ORDER BY pos`;
}
