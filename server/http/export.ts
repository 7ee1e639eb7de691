/**
 * List exports (issue 14 §3 "Exports"): the list call itself with `format=csv` or `format=xlsx` answers a file of
 * every row matching its filters, in its sort, within its agency scope (the list's where and order, http/list.ts),
 * whatever the page. The rows are read in keyset batches (sort key then id, EXPORT_BATCH_SIZE rows a query, so that
 * PGlite and PostgreSQL alike serve other calls between two batches) and written to the reply as a stream that
 * waits for the client (backpressure): a million rows never sit in memory.
 * - CSV for French Excel: UTF-8 with BOM, `;` separator, decimal comma, dates dd/MM/yyyy (Europe/Paris), quoted
 *   when needed, cells starting with = + - @ prefixed with a quote (formula injection).
 * - XLSX with exceljs' streaming WorkbookWriter: numbers as numbers, dates as dates (dd/mm/yyyy), bold frozen header.
 * The columns of each list are declared next to its query (ExportDef); the permission key is the list's, as the
 * route is the same (plugins/access.ts).
 */
import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import { and, asc, desc, is, sql, type SQL } from 'drizzle-orm';
import { PgColumn, PgDialect } from 'drizzle-orm/pg-core';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { isoToFr, parisIsoDate, todayIso } from '../../common/dates';
import { formatDecimalFr } from '../../common/format';
import type { Db } from '../db/client';
import { frenchKey, listOrder, listWhere, type AnyRow, type ListDef, type ListOrder } from './list';
import { parseListQuery, type ExportFormat } from './listQuery';

/** How a cell is written: text as is, a decimal number, a date (dd/MM/yyyy), a yes/no. */
export type ExportKind = 'text' | 'number' | 'date' | 'boolean';

/** One column of an export: its French header (as the list shows it) and how to read its value from a row. */
export interface ExportColumn {
  header: string;
  /** Dotted path in the list's row (e.g. 'agenceID.libelle'), or a function of the row. */
  value: string | ((row: AnyRow) => unknown);
  kind?: ExportKind;
}

/** The export of one list: the file's base name (e.g. 'colis' → colis-2026-11-22.csv) and its columns. */
export interface ExportDef {
  name: string;
  /** Worksheet name of the XLSX file (default: the name). */
  sheet?: string;
  columns: ExportColumn[];
}

/** Short declaration of columns: [header, path or function, kind?]. */
export function exportColumns(...cols: [string, ExportColumn['value'], ExportKind?][]): ExportColumn[] {
  return cols.map(([header, value, kind]) => ({ header, value, kind }));
}

/** Rows read per query (EXPORT_BATCH_SIZE overrides it, e.g. in tests to cross batch boundaries with few rows). */
export function exportBatchSize(): number {
  const n = Number(process.env.EXPORT_BATCH_SIZE);
  return Number.isInteger(n) && n > 0 ? n : 1000;
}

/** Whether a list call asks for a file (a valid `format`; an invalid one was refused by listQuerySchema). */
export function wantsExport(query: unknown): boolean {
  const f = (query as { format?: unknown } | undefined)?.format;
  return f === 'csv' || f === 'xlsx';
}

const dialect = new PgDialect();
const render = (chunk: unknown) => dialect.sqlToQuery(sql`${chunk}`).sql;

/** The path of a column in a select's fields (nested objects walked), compared by its rendered SQL. */
function pathOf(fields: Record<string, unknown>, target: string, prefix: string[] = []): string[] | undefined {
  for (const [name, field] of Object.entries(fields)) {
    if (is(field, PgColumn)) {
      if (render(field) === target) return [...prefix, name];
    } else if (field && typeof field === 'object' && !is(field, PgColumn) && !('getSQL' in field)) {
      const found = pathOf(field as Record<string, unknown>, target, [...prefix, name]);
      if (found) return found;
    }
  }
  return undefined;
}

/** Reads a dotted path of a row. */
function at(row: AnyRow, path: readonly string[]): unknown {
  let v: unknown = row;
  for (const p of path) v = v && typeof v === 'object' ? (v as AnyRow)[p] : undefined;
  return v;
}

/**
 * The keyset walk of a list in its order: a condition "after this row" for the next batch. The last row's key is
 * re-read by id from the main table when the sorted column is the main table's (exact, whatever its type: a
 * timestamp keeps its microseconds), else taken from the row's populated reference (a joined label).
 */
function keysetOf(db: Db, def: ListDef, order: ListOrder) {
  const { column, french, key } = order;
  const ownColumn = column.table === (def.table as unknown);
  const path = ownColumn ? undefined : pathOf(def.select(db)._.selectedFields as Record<string, unknown>, render(column));
  if (!ownColumn && !path) throw new Error(`Export: the sort column ${render(column)} is not in the list's select`);
  const nullable = !(ownColumn && column.notNull);
  return (last: AnyRow): SQL => {
    const id = String(last.id);
    const idAfter = sql`${def.table.id} > ${id}`;
    // The last row's key: re-read by id (main table), or a parameter whose nullness is known here (joined label).
    const value = ownColumn ? undefined : (at(last, path!) ?? null);
    let k: SQL;
    if (ownColumn) k = sql`(SELECT ${key} FROM ${def.table} WHERE ${def.table.id} = ${id})`;
    else k = french ? frenchKey(sql`${sql.param(value, column)}`) : sql`${sql.param(value, column)}`;
    const before = order.order === 'asc' ? sql`${key} > ${k}` : sql`${key} < ${k}`;
    if (!nullable) {
      const range = order.order === 'asc' ? sql`${key} >= ${k}` : sql`${key} <= ${k}`;
      return sql`(${range} AND (${before} OR ${idAfter}))`;
    }
    // PostgreSQL's defaults: NULLS LAST ascending, NULLS FIRST descending.
    const afterNull = order.order === 'asc' ? sql`(${key} IS NULL AND ${idAfter})` : sql`(${key} IS NOT NULL OR ${idAfter})`;
    const sameOrBefore = sql`(${before} OR (${key} = ${k} AND ${idAfter}))`;
    const afterValue = order.order === 'asc' ? sql`(${sameOrBefore} OR ${key} IS NULL)` : sameOrBefore;
    if (!ownColumn) return value === null ? afterNull : afterValue;
    return sql`((${k} IS NULL AND ${afterNull}) OR (${k} IS NOT NULL AND ${afterValue}))`;
  };
}

/**
 * Every row of a list call (its where, its order), batch by batch, whatever `_page`/`_perPage` say. The first batch
 * is read before returning, so that a refusal or a database error is an ordinary error answer, not a cut file.
 * @param rawQuery the list call's query string
 * @returns the batches (arrays of rows as the list's select and mapRow give them)
 */
export async function listBatches(db: Db, def: ListDef, rawQuery: Record<string, unknown>, batchSize = exportBatchSize()) {
  const q = parseListQuery(rawQuery);
  const where = listWhere(db, def, q);
  const order = listOrder(def, q);
  const after = keysetOf(db, def, order);
  const batch = async (last: AnyRow | undefined) =>
    (await def
      .select(db)
      .where(and(where, last ? after(last) : undefined))
      .orderBy(order.order === 'asc' ? asc(order.key) : desc(order.key), asc(def.table.id))
      .limit(batchSize)) as AnyRow[];
  const first = await batch(undefined);
  return (async function* () {
    let rows = first;
    while (rows.length > 0) {
      yield def.mapRow ? rows.map(def.mapRow) : rows;
      if (rows.length < batchSize) return;
      rows = await batch(rows[rows.length - 1]);
    }
  })();
}

/** The value of a column in a row. */
function valueOf(col: ExportColumn, row: AnyRow): unknown {
  return typeof col.value === 'function' ? col.value(row) : at(row, col.value.split('.'));
}

/** A value as a 'yyyy-MM-dd' calendar date (Paris), or undefined. */
function dateOf(v: unknown): string | undefined {
  return v instanceof Date || typeof v === 'string' ? parisIsoDate(v) : undefined;
}

/** The CSV text of one cell, before quoting (formula guard included). */
export function csvText(kind: ExportKind, v: unknown): string {
  if (v === null || v === undefined) return '';
  if (kind === 'number') return formatDecimalFr(v as string | number);
  if (kind === 'date') {
    const d = dateOf(v);
    return d ? isoToFr(d) : '';
  }
  if (kind === 'boolean') return v ? 'Oui' : 'Non';
  const s = String(v);
  // Formula injection: a spreadsheet would run =…, +…, -…, @… (and a tab or carriage return before them).
  return /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
}

/** Quotes a CSV field when it holds the separator, a quote or a line break (quotes doubled). */
export function csvQuote(s: string): string {
  return /[;"\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const csvLine = (cells: string[]) => `${cells.map(csvQuote).join(';')}\r\n`;

/** The XLSX value of one cell: numbers as numbers, dates as dates (midnight UTC of the Paris day), text guarded. */
function xlsxValue(kind: ExportKind, v: unknown): ExcelJS.CellValue {
  if (v === null || v === undefined) return null;
  if (kind === 'number') {
    const n = Number(v);
    return Number.isFinite(n) ? n : null;
  }
  if (kind === 'date') {
    const d = dateOf(v);
    return d ? new Date(`${d}T00:00:00Z`) : null;
  }
  if (kind === 'boolean') return v ? 'Oui' : 'Non';
  return csvText('text', v);
}

/** Waits until the stream takes more (drain), or resolves false when the client went away. */
async function ready(out: Writable): Promise<boolean> {
  if (out.destroyed) return false;
  if (!out.writableNeedDrain) return true;
  await Promise.race([once(out, 'drain'), once(out, 'close')]);
  return !out.destroyed;
}

/** Writes the CSV file of the rows to the stream. */
async function writeCsv(out: PassThrough, exp: ExportDef, batches: AsyncIterable<AnyRow[]>) {
  out.write(`\uFEFF${csvLine(exp.columns.map((c) => c.header))}`);
  for await (const rows of batches) {
    out.write(rows.map((row) => csvLine(exp.columns.map((c) => csvText(c.kind ?? 'text', valueOf(c, row))))).join(''));
    if (!(await ready(out))) return;
  }
  out.end();
}

/** Writes the XLSX workbook of the rows to the stream (exceljs streaming writer, no shared strings). */
async function writeXlsx(out: PassThrough, exp: ExportDef, batches: AsyncIterable<AnyRow[]>) {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet(exp.sheet ?? exp.name, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = exp.columns.map((c, i) => ({
    key: String(i),
    width: Math.max(12, c.header.length + 2),
    style: c.kind === 'date' ? { numFmt: 'dd/mm/yyyy' } : c.kind === 'number' ? { numFmt: '0.###' } : {},
  }));
  const header = ws.addRow(exp.columns.map((c) => c.header));
  header.font = { bold: true };
  header.commit();
  for await (const rows of batches) {
    for (const row of rows) ws.addRow(exp.columns.map((c) => xlsxValue(c.kind ?? 'text', valueOf(c, row)))).commit();
    if (!(await ready(out))) return;
  }
  ws.commit();
  await wb.commit();
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * Answers a list call with its export file (issue 14 §3): Content-Disposition attachment `{name}-{yyyy-MM-dd}.{format}`
 * (Paris date), the body streamed as the batches are read. An error after the first bytes ends the connection
 * (the client sees a cut download, never a half file presented as whole).
 * @param rawQuery the list call's query string, `format` included ('csv' | 'xlsx', validated by listQuerySchema)
 */
export async function sendListExport(reply: FastifyReply, db: Db, def: ListDef, rawQuery: Record<string, unknown>, exp: ExportDef) {
  const format = rawQuery.format as ExportFormat;
  const batches = await listBatches(db, def, rawQuery);
  const out = new PassThrough();
  const filename = `${exp.name}-${todayIso()}.${format}`;
  (format === 'csv' ? writeCsv(out, exp, batches) : writeXlsx(out, exp, batches)).catch((err: unknown) => {
    reply.log.error({ err }, 'export interrompu');
    out.destroy(err as Error);
  });
  return reply
    .header('Content-Type', CONTENT_TYPES[format])
    .header('Content-Disposition', `attachment; filename="${filename}"`)
    .header('Cache-Control', 'no-store')
    .send(out);
}
