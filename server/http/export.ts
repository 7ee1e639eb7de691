/**
 * List exports (docs/decisions/list-exports.md): the list call itself with `format=csv` or `format=xlsx` answers a file
 * of every row matching its filters, in its sort, within its agency scope (the list's where and order, http/list.ts),
 * whatever the page. The rows are read in batches of EXPORT_BATCH_SIZE rows (one query each, so that PGlite and
 * PostgreSQL alike serve other calls between two batches) and written to the reply as a stream that waits for the
 * client (backpressure): a million rows never sit in memory. A large list's batches are cheap whatever their position
 * and sort (bench/README.md "Exports"): in its default order, an index walk per batch; in another order or under a
 * search, its ids are walked on the main table alone by keyset, EXPORT_ID_WINDOW at a time (the where clause evaluated
 * once per window, not per batch), and each batch joins only its own ids.
 * - CSV for French Excel: UTF-8 with BOM, `;` separator, decimal comma, an amount with its own currency's decimals
 *   (none for the francs, two for the euro), dates dd/MM/yyyy (Europe/Paris), quoted when needed, cells starting with
 *   = + - @ prefixed with a quote (formula injection) but a phone in international form (+ and digits only).
 * - XLSX with exceljs' streaming WorkbookWriter: numbers as numbers (an amount with its currency's number format),
 *   dates as dates (dd/mm/yyyy), bold frozen header.
 * The columns of each list are declared next to its query (ExportDef); the permission key is the list's, as the
 * route is the same (plugins/access.ts).
 */
import type { EventEmitter } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import { and, asc, desc, eq, exists, getTableColumns, gt, inArray, is, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias, PgColumn, PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import type ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import Papa from 'papaparse';
import { isoToFr, parisIsoDate, todayIso } from '../../common/dates';
import { decimalesOf, isDevise, montantTexte } from '../../common/devises';
import { formatDecimalFr } from '../../common/format';
import type { Db } from '../db/client';
import { cursorBatches } from '../db/cursorRows';
import { pgPoolOf } from '../db/fast/handles';
import { frenchKey, listOrder, listWhere, orderByOf, rowsOfIds, type AnyRow, type ListDef, type ListOrder } from './list';
import { parseListQuery, type ExportFormat } from './listQuery';

/**
 * How a cell is written: text as is, a decimal number, an amount in a currency (ExportColumn.devise: its minor unit's
 * decimals), a date (dd/MM/yyyy), a yes/no.
 */
export type ExportKind = 'text' | 'number' | 'montant' | 'date' | 'boolean';

/** One column of an export: its French header (as the list shows it) and how to read its value from a row. */
export interface ExportColumn {
  header: string;
  /** Dotted path in the list's row (e.g. 'agenceID.libelle'), or a function of the row. */
  value: string | ((row: AnyRow) => unknown);
  kind?: ExportKind;
  /** For a 'montant': the dotted path of the row's currency (ISO 4217) the amount is written in (e.g. 'devise'). */
  devise?: string;
}

/** The export of one list: the file's base name (e.g. 'colis' → colis-2026-11-22.csv) and its columns. */
export interface ExportDef {
  name: string;
  /** Worksheet name of the XLSX file (default: the name). */
  sheet?: string;
  columns: ExportColumn[];
  /**
   * Sort keys of the list that are a text label of a joined table, each with the main table's foreign key the list
   * joins it through (e.g. [agences.libelle, colis.agenceID]): the export then walks the rows label by label on the
   * main table alone (listBatches). A joined sort key not declared here is walked on the list's whole select.
   */
  joinedSorts?: [label: PgColumn, foreignKey: PgColumn][];
  /**
   * The dotted paths of the list's row its function columns read (e.g. ['destinataireID.nom', 'isActive']). Declared,
   * the export reads on PostgreSQL only the fields its columns name (paths and currencies) and these, not the list's
   * whole select (exportFields): a million parcels' rows carry 20 fields instead of 70. Left out, the whole select.
   */
  reads?: string[];
}

/**
 * The fields an export reads from its list's row (ExportDef.reads): the columns' paths, their currencies' paths, the
 * declared reads and `id`; undefined when the export declares no reads (the whole select is read).
 */
export function exportFields(exp: ExportDef): string[] | undefined {
  if (!exp.reads) return undefined;
  const paths = exp.columns.flatMap((c) => [typeof c.value === 'string' ? c.value : undefined, c.devise]);
  return [...new Set(['id', ...paths.filter((p): p is string => !!p), ...exp.reads])];
}

/**
 * A select's fields cut to the dotted paths given (a path names a field or a whole nested object), in their order;
 * a nested object kept keeps its `id` first, so that a left-joined reference that is absent still reads as null
 * (cursorRows.ts rowMapper nulls an object whose first field is null).
 */
function pickFields(fields: Record<string, unknown>, paths: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(fields)) {
    if (paths.includes(name)) out[name] = field;
    else if (field && typeof field === 'object' && !is(field, PgColumn) && !('getSQL' in field)) {
      const inner = paths.filter((p) => p.startsWith(`${name}.`)).map((p) => p.slice(name.length + 1));
      if (!inner.length) continue;
      const nested = field as Record<string, unknown>;
      out[name] = pickFields(nested, 'id' in nested ? ['id', ...inner] : inner);
    }
  }
  return out;
}

/**
 * A list's select reading only the given fields (pickFields), its joins, where and order unchanged. Drizzle keeps a
 * select's fields in `config.fields` (the SQL's columns) and `_.selectedFields` (the rows' mapping): both are set.
 */
export function withFields<Q>(query: Q, paths: readonly string[] | undefined): Q {
  if (!paths) return query;
  const q = query as unknown as { config: { fields: Record<string, unknown> }; _: { selectedFields: Record<string, unknown> } };
  const fields = pickFields(q._.selectedFields, paths);
  q.config.fields = fields;
  q._.selectedFields = fields;
  return query;
}

/** Short declaration of columns: [header, path or function, kind?, path of the currency of a 'montant'?]. */
export function exportColumns(...cols: [string, ExportColumn['value'], ExportKind?, string?][]): ExportColumn[] {
  return cols.map(([header, value, kind, devise]) => ({ header, value, kind, devise }));
}

/** Rows read per query (EXPORT_BATCH_SIZE overrides it, e.g. in tests to cross batch boundaries with few rows). */
function exportBatchSize(): number {
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

/** Ids of a list taken by one query before their rows are read batch by batch (EXPORT_ID_WINDOW overrides it). */
function exportIdWindow(): number {
  const n = Number(process.env.EXPORT_ID_WINDOW);
  return Number.isInteger(n) && n > 0 ? n : 50_000;
}

const ids = (rows: unknown) => (rows as { id: string }[]).map((r) => r.id);

/**
 * The ids of a list in its order, window by window, each window one query on the main table alone (def.countFrom,
 * the select of the list's total: same rows; covering indexes of migration 0011), evaluating the where clause (scope,
 * search, filters) once for `window` ids instead of once per batch:
 * - sorted on a column of the main table: keyset after the window's last id (keysetOf);
 * - sorted on a joined label that the export declares (ExportDef.joinedSorts): one walk per label, in the label's
 *   order (NULL last ascending, first descending, as PostgreSQL sorts), over the rows whose foreign key points to a
 *   referenced row with that label, by id (the list's tie-break).
 * Not for the list's default order (createdAt) without a search: its keyset batches on the list's select walk the
 * covering index of migration 0011 and join each row by primary key (nested loops), measured cheaper than joining
 * 1 000 ids at once, which PostgreSQL does by hashing whole referenced tables (bench/README.md "Exports").
 * @param searched whether the call has a search (`q`): evaluated once per window rather than once per batch
 * @returns undefined when the list is read by keyset batches on its select instead (no countFrom, a French sort key,
 *   an undeclared joined key, the default order without a search)
 */
function idWindows(
  db: Db,
  def: ListDef,
  where: SQL | undefined,
  order: ListOrder,
  joined: ExportDef['joinedSorts'],
  window: number,
  searched: boolean,
) {
  const countFrom = def.countFrom;
  if (!countFrom || order.french || (order.column === def.table.createdAt && !searched)) return undefined;
  const dir = order.order === 'asc' ? asc : desc;
  if (order.column.table === (def.table as unknown)) {
    const after = keysetOf(db, def, order);
    return (async function* () {
      let last: string | undefined;
      for (;;) {
        const page = ids(
          await countFrom(db)
            .where(and(where, last ? after({ id: last }) : undefined))
            .orderBy(...orderByOf(def, order))
            .limit(window),
        );
        if (page.length) yield page;
        if (page.length < window) return;
        last = page[page.length - 1];
      }
    })();
  }
  const foreignKey = joined?.find(([label]) => label === order.column)?.[1];
  if (!foreignKey) return undefined;
  const ref = order.column.table;
  const labelName = Object.entries(getTableColumns(ref)).find(([, c]) => c === order.column)?.[0];
  if (!getTableColumns(ref).id || !labelName) return undefined;
  return (async function* () {
    // The referenced rows that matching rows point to, in the list's order (an alias, so that the condition on the
    // matching rows names this referenced row even where countFrom joins the same table); NULL labels apart.
    const r = alias(ref, 'export_label') as unknown as Record<string, PgColumn>;
    const refs = await db
      .select({ id: r.id, label: r[labelName] })
      .from(r as unknown as PgTable)
      .where(exists(countFrom(db).where(and(where, eq(foreignKey, r.id)))))
      .orderBy(dir(r[labelName]), asc(r.id));
    // One group of foreign keys per label (equal labels of two referenced rows make one group: the list orders their
    // rows by id together).
    const groups: string[][] = [];
    const nullLabel: string[] = [];
    refs.forEach(({ id, label }, i) => {
      if (label === null) nullLabel.push(id as string);
      else if (refs[i - 1]?.label === label) groups[groups.length - 1].push(id as string);
      else groups.push([id as string]);
    });
    const conds = groups.map((g) => inArray(foreignKey, g));
    // Rows without a referenced row (a NULL foreign key) or with a NULL label: PostgreSQL sorts NULL last ascending,
    // first descending.
    if (!foreignKey.notNull || nullLabel.length) {
      const nulls = or(isNull(foreignKey), nullLabel.length ? inArray(foreignKey, nullLabel) : undefined)!;
      if (order.order === 'asc') conds.push(nulls);
      else conds.unshift(nulls);
    }
    for (const group of conds) {
      let last: string | undefined;
      for (;;) {
        const page = ids(
          await countFrom(db)
            .where(and(where, group, last ? gt(def.table.id, last) : undefined))
            .orderBy(asc(def.table.id))
            .limit(window),
        );
        if (page.length) yield page;
        if (page.length < window) break;
        last = page[page.length - 1];
      }
    }
  })();
}

/** An export's longest life on PostgreSQL (its connection's), in ms (EXPORT_TIMEOUT_MS): a client reading at a trickle. */
function exportTimeoutMs(): number {
  const n = Number(process.env.EXPORT_TIMEOUT_MS);
  return Number.isInteger(n) && n > 0 ? n : 30 * 60_000;
}

/**
 * Every row of a list call (its where, its order), batch by batch, whatever `_page`/`_perPage` say: the rows a JSON
 * call counts in its `total`. On PostgreSQL (unless EXPORT_CURSOR=0), one statement, the list's select with its where
 * and order, whose rows a cursor streams (cursorBatches). On PGlite, when the list can be walked on its main table (idWindows), a batch is its ids' rows,
 * joined for those ids only (the deferred join of runList's pages); else (small lists without countFrom, French sort
 * keys, the default order without a search) a batch is the list's select with a keyset condition after the previous
 * batch's last row. The first batch is read
 * before returning, so that a refusal or a database error is an ordinary error answer, not a cut file.
 * @param rawQuery the list call's query string
 * @param batchSize rows per batch (EXPORT_BATCH_SIZE); window: ids per window of idWindows (EXPORT_ID_WINDOW)
 * @param joined the joined sort keys the export declares (ExportDef.joinedSorts)
 * @param signal aborted when the client went away: a cursor's statement in progress is cancelled (cursorBatches)
 * @param fields on PostgreSQL, the only fields of the rows read (exportFields), the whole select when undefined
 * @returns the batches (arrays of rows as the list's select and mapRow give them, at most batchSize rows each)
 */
export async function listBatches(
  db: Db,
  def: ListDef,
  rawQuery: Record<string, unknown>,
  {
    batchSize = exportBatchSize(),
    joined,
    window = exportIdWindow(),
    signal,
    fields,
  }: {
    batchSize?: number;
    joined?: ExportDef['joinedSorts'];
    window?: number;
    signal?: AbortSignal;
    fields?: readonly string[];
  } = {},
) {
  const q = parseListQuery(rawQuery);
  const where = listWhere(db, def, q);
  const order = listOrder(def, q);
  const orderBy = orderByOf(def, order);
  const mapRows = (rows: unknown) => (def.mapRow ? (rows as AnyRow[]).map(def.mapRow) : (rows as AnyRow[]));
  const pool = process.env.EXPORT_CURSOR === '0' ? undefined : pgPoolOf(db);
  const windows = pool ? undefined : idWindows(db, def, where, order, joined, window, !!q.q);
  const batches = pool
    ? cursorBatches(
        pool,
        withFields(def.select(db), fields)
          .where(where)
          .orderBy(...orderBy),
        batchSize,
        def.mapRow,
        signal,
        exportTimeoutMs(),
      )
    : windows
      ? (async function* () {
          for await (const page of windows) {
            for (let i = 0; i < page.length; i += batchSize) {
              yield mapRows(await rowsOfIds(db, def, page.slice(i, i + batchSize), order));
            }
          }
        })()
      : (async function* () {
          const after = keysetOf(db, def, order);
          let last: AnyRow | undefined;
          for (;;) {
            const rows = (await def
              .select(db)
              .where(and(where, last ? after(last) : undefined))
              .orderBy(...orderBy)
              .limit(batchSize)) as AnyRow[];
            if (rows.length) yield mapRows(rows);
            if (rows.length < batchSize) return;
            last = rows[rows.length - 1];
          }
        })();
  const first = await batches.next();
  return (async function* () {
    if (first.done) return;
    yield first.value;
    yield* batches;
  })();
}

/** An amount and the currency it is written in (a 'montant' cell). */
interface Montant {
  montant: unknown;
  devise: unknown;
}

/** A dotted path's reader, built once per export (e.g. 'agenceID.libelle' → row.agenceID?.libelle). */
function reader(path: string): (row: AnyRow) => unknown {
  const parts = path.split('.');
  if (parts.length === 1) return (row) => row[path];
  return (row) => at(row, parts);
}

/** One column of an export ready to read rows: its kind and its value in a row (a 'montant': with its currency). */
interface CompiledColumn {
  kind: ExportKind;
  value: (row: AnyRow) => unknown;
}

/** The columns' readers, paths split once per export rather than once per cell. */
function compileColumns(columns: ExportColumn[]): CompiledColumn[] {
  return columns.map((col) => {
    const read = typeof col.value === 'function' ? col.value : reader(col.value);
    const kind = col.kind ?? 'text';
    if (kind !== 'montant') return { kind, value: read };
    const devise = col.devise ? reader(col.devise) : () => null;
    return { kind, value: (row) => ({ montant: read(row), devise: devise(row) }) satisfies Montant };
  });
}

/**
 * An amount's exact decimal text with its currency's minor unit (common/devises.ts montantTexte: '39358' for 39 358 F
 * CFA, '27.84' for 27,840 €), or the stored text when the currency is not one of DEVISES; undefined when there is none.
 */
function montantOf(v: unknown): { text: string; decimales: number } | undefined {
  const { montant, devise } = v as Montant;
  if (montant === null || montant === undefined || montant === '') return undefined;
  if (!isDevise(devise)) return { text: String(montant), decimales: 2 };
  try {
    return { text: montantTexte(montant as string | number, devise), decimales: decimalesOf(devise) };
  } catch {
    return { text: String(montant), decimales: 2 };
  }
}

/**
 * A phone number in international form (E.164: '+' and up to 15 digits), which a spreadsheet reads as a number at
 * worst, never runs: written without the formula guard's quote (audit 000 B19).
 */
const PHONE_E164 = /^\+\d{4,15}$/;

/** The Paris calendar day of each UTC hour met (Paris is a whole number of hours from UTC): a few thousand a list. */
const parisDayOfHour = new Map<number, string | undefined>();

/** A value as a 'yyyy-MM-dd' calendar date (Paris), or undefined; an instant's day computed once per UTC hour. */
function dateOf(v: unknown): string | undefined {
  if (!(v instanceof Date)) return typeof v === 'string' ? parisIsoDate(v) : undefined;
  const hour = Math.floor(v.getTime() / 3_600_000);
  if (Number.isNaN(hour)) return undefined;
  let day = parisDayOfHour.get(hour);
  if (day === undefined) {
    if (parisDayOfHour.size > 100_000) parisDayOfHour.clear();
    day = parisIsoDate(v);
    parisDayOfHour.set(hour, day);
  }
  return day;
}

/** The CSV text of one cell, before quoting (formula guard included). */
function csvText(kind: ExportKind, v: unknown): string {
  if (v === null || v === undefined) return '';
  if (kind === 'number') return formatDecimalFr(v as string | number);
  if (kind === 'montant') return formatDecimalFr(montantOf(v)?.text);
  if (kind === 'date') {
    const d = dateOf(v);
    return d ? isoToFr(d) : '';
  }
  if (kind === 'boolean') return v ? 'Oui' : 'Non';
  const s = String(v);
  // Formula injection: a spreadsheet would run =…, +…, -…, @… (and a tab or carriage return before them); '+' and digits
  // alone is a number to it (a phone), nothing it runs.
  return /^[=+\-@\t\r]/.test(s) && !PHONE_E164.test(s) ? `'${s}` : s;
}

/**
 * CSV lines of cells (papaparse's unparse): `;`, CRLF after every line, a field quoted when it holds `;`, a quote, a
 * line break or spaces at either end (quotes doubled). The formula guard is csvText's (its phone exception is not
 * papaparse's escapeFormulae). papaparse writes a million rows in a third of csv-stringify's time (bench/README.md
 * "Exports").
 */
const csvLines = (records: string[][]) =>
  records.length ? `${Papa.unparse(records, { delimiter: ';', newline: '\r\n', quotes: false, escapeFormulae: false })}\r\n` : '';

/** The XLSX value of one cell but an amount's (xlsxMontant): numbers as numbers, dates as dates (midnight UTC of the Paris day), text guarded. */
function xlsxValue(kind: Exclude<ExportKind, 'montant'>, v: unknown): ExcelJS.CellValue {
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

/**
 * An amount's XLSX cell, its currency read once: the number, and the number format of its currency's decimals in
 * groups of three ('#,##0', '#,##0.00'; two decimals when the currency is unknown).
 */
function xlsxMontant(v: unknown): { value: number | null; numFmt: string } {
  const m = montantOf(v);
  const n = Number(m?.text);
  const decimales = m?.decimales ?? 2;
  return { value: Number.isFinite(n) ? n : null, numFmt: decimales > 0 ? `#,##0.${'0'.repeat(decimales)}` : '#,##0' };
}

/**
 * Resolves at the first of the events given, its listeners on every emitter then removed (events.once in a race
 * leaves the loser's listeners: one more per batch that waited).
 */
function firstEvent(...waits: [EventEmitter, string][]): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      for (const [emitter, name] of waits) emitter.off(name, done);
      resolve();
    };
    for (const [emitter, name] of waits) emitter.on(name, done);
  });
}

/** Waits until the stream takes more (drain), or resolves false when the client went away. */
async function ready(out: Writable): Promise<boolean> {
  if (out.destroyed) return false;
  if (!out.writableNeedDrain) return true;
  await firstEvent([out, 'drain'], [out, 'close']);
  return !out.destroyed;
}

/**
 * Waits until the sheet's compressed entry takes more, or the client went away. exceljs' sheet stream (WorksheetWriter
 * `stream`, a StreamBuf) writes into the zip entry's deflate stream without heeding its answer: rows read faster than
 * they are compressed and sent would pile up there (a million rows' XML, ~1 GB) while the reply itself looks drained.
 */
async function sheetReady(ws: ExcelJS.Worksheet, out: Writable): Promise<boolean> {
  type Entry = Writable & { _writableState?: { needDrain?: boolean } };
  const pipes = (ws as unknown as { stream?: { pipes?: Entry[] } }).stream?.pipes ?? [];
  for (const pipe of pipes) {
    // A readable-stream 2 Writable (archiver's), which says it in its state only.
    if (pipe.writableNeedDrain ?? pipe._writableState?.needDrain) await firstEvent([pipe, 'drain'], [pipe, 'close'], [out, 'close']);
  }
  return ready(out);
}

/** Writes the CSV file of the rows to the stream; resolves the rows written (fewer when the client went away). */
async function writeCsv(out: PassThrough, exp: ExportDef, batches: AsyncIterable<AnyRow[]>): Promise<number> {
  const columns = compileColumns(exp.columns);
  let written = 0;
  out.write(`\uFEFF${csvLines([exp.columns.map((c) => c.header)])}`);
  for await (const rows of batches) {
    out.write(csvLines(rows.map((row) => columns.map((c) => csvText(c.kind, c.value(row))))));
    written += rows.length;
    if (!(await ready(out))) return written;
  }
  out.end();
  return written;
}

/**
 * Writes the XLSX workbook of the rows to the stream (exceljs streaming writer, no shared strings); resolves the rows
 * written. exceljs loads with the first XLSX export, not at every start (a noticeable part of the server's start,
 * measured in bench/README.md; docs/decisions/embedded-start.md).
 */
async function writeXlsx(out: PassThrough, exp: ExportDef, batches: AsyncIterable<AnyRow[]>): Promise<number> {
  const { default: Excel } = await import('exceljs');
  const columns = compileColumns(exp.columns);
  const wb = new Excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet(exp.sheet ?? exp.name, { views: [{ state: 'frozen', ySplit: 1 }] });
  // One style object per column, and per number format for the amounts, shared by their cells: exceljs finds a
  // cell's style by its object (a WeakMap), and a style object per cell made it describe the same few styles a million
  // times over (bench/README.md "Exports").
  const styles = exp.columns.map((c): Partial<ExcelJS.Style> =>
    c.kind === 'date' ? { numFmt: 'dd/mm/yyyy' } : c.kind === 'number' ? { numFmt: '0.###' } : {},
  );
  const montantStyles = new Map<string, Partial<ExcelJS.Style>>();
  const montantStyle = (numFmt: string) => {
    let style = montantStyles.get(numFmt);
    if (!style) montantStyles.set(numFmt, (style = { numFmt }));
    return style;
  };
  ws.columns = exp.columns.map((c, i) => ({ key: String(i), width: Math.max(12, c.header.length + 2), style: styles[i] }));
  const header = ws.addRow(exp.columns.map((c) => c.header));
  header.font = { bold: true };
  header.commit();
  let written = 0;
  for await (const rows of batches) {
    for (const row of rows) {
      const values: ExcelJS.CellValue[] = [];
      const cellStyles: Partial<ExcelJS.Style>[] = [];
      columns.forEach((c, i) => {
        const v = c.value(row);
        if (c.kind === 'montant') {
          const { value, numFmt } = xlsxMontant(v);
          values.push(value);
          cellStyles.push(montantStyle(numFmt));
        } else {
          values.push(xlsxValue(c.kind, v));
          cellStyles.push(styles[i]);
        }
      });
      const line = ws.addRow(values);
      cellStyles.forEach((style, i) => (line.getCell(i + 1).style = style));
      line.commit();
    }
    written += rows.length;
    if (!(await sheetReady(ws, out))) return written;
  }
  ws.commit();
  await wb.commit();
  return written;
}

/** The media type of each export format (documented in the OpenAPI document by plugins/openapiErrors.ts). */
export const EXPORT_CONTENT_TYPES: Readonly<Record<ExportFormat, string>> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * Answers a list call with its export file (docs/decisions/list-exports.md): Content-Disposition attachment
 * `{name}-{yyyy-MM-dd}.{format}` (Paris date), the body streamed as the batches are read. An error after the first
 * bytes ends the connection (the client sees a cut download, never a half file presented as whole).
 * @param rawQuery the list call's query string, `format` included ('csv' | 'xlsx', validated by listQuerySchema)
 */
export async function sendListExport(reply: FastifyReply, db: Db, def: ListDef, rawQuery: Record<string, unknown>, exp: ExportDef) {
  const format = rawQuery.format as ExportFormat;
  // The client going away (the UI's 'Annuler', a closed tab) ends the reading: the writer stops at its next batch, a
  // cursor's fetch in progress is cancelled.
  const gone = new AbortController();
  const out = new PassThrough();
  const onClose = () => {
    if (reply.raw.writableFinished) return;
    gone.abort();
    // A writer waiting for the stream to drain hears it closed (ready).
    out.destroy();
  };
  reply.raw.on('close', onClose);
  const batches = await listBatches(db, def, rawQuery, { joined: exp.joinedSorts, signal: gone.signal, fields: exportFields(exp) });
  const filename = `${exp.name}-${todayIso()}.${format}`;
  (format === 'csv' ? writeCsv(out, exp, batches) : writeXlsx(out, exp, batches))
    .then((rows) => {
      const aborted = gone.signal.aborted || out.destroyed;
      if (aborted) reply.log.info({ rows }, 'export abandonné par le client');
    })
    .catch((err: unknown) => {
      if (gone.signal.aborted) reply.log.info('export abandonné par le client');
      else reply.log.error({ err }, 'export interrompu');
      out.destroy(err as Error);
    })
    .finally(() => reply.raw.off('close', onClose));
  return reply
    .header('Content-Type', EXPORT_CONTENT_TYPES[format])
    .header('Content-Disposition', `attachment; filename="${filename}"`)
    .header('Cache-Control', 'no-store')
    .send(out);
}
