/**
 * A column of the outer query inside a correlated subquery written in raw `sql`, always written with its table
 * (`"roles"."id"`). Drizzle writes the columns of a select list unqualified when the select reads a single table, and
 * so the RETURNING of an insert, update or delete: `${roles.id}` placed there becomes `"id"`, which the subquery then
 * reads as a column of its own table (the role-users bug of security probe 2026-12-01 F1: `u.role_id = "id"` compared
 * u.role_id with u.id and never held). Inside its own SQL chunk the column keeps its table whatever the outer select.
 * Every `${table.column}` of a raw subquery that names a table of the outer query goes through it.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** `column` of the outer query, qualified by its table (or alias) wherever drizzle places it. */
export const outer = (column: AnyPgColumn): SQL => sql`${column}`;
