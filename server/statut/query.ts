/**
 * Statuses by code (docs/architecture.md §4: code, never a fixed id, selects a status). Statuses are seeded once and never
 * change, so their ids are kept per database handle after the first read.
 */
import { asc } from 'drizzle-orm';
import type { StatutCode } from '../../common/statuts';
import type { Db } from '../db/client';
import { codeLibelleColumns } from '../db/refSelect';
import { statuts } from '../db/schema';

type StatutRow = { id: string; code: string; libelle: string };
const cache = new WeakMap<object, Promise<Map<string, StatutRow>>>();

/** All statuses of a database, by code. */
export function statutsByCode(db: Db): Promise<Map<string, StatutRow>> {
  let hit = cache.get(db);
  if (!hit) {
    hit = db
      .select(codeLibelleColumns(statuts))
      .from(statuts)
      .then((rows) => new Map(rows.map((r) => [r.code, r])));
    hit.catch(() => cache.delete(db));
    cache.set(db, hit);
  }
  return hit;
}

/** The status of a code; throws when the code is unknown (a programming error). */
export async function statutByCode(db: Db, code: StatutCode): Promise<StatutRow> {
  const s = (await statutsByCode(db)).get(code);
  if (!s) throw new Error(`Statut inconnu : ${code}`);
  return s;
}

/** The id of a status by its code. */
export type StatutIdOf = (code: StatutCode) => string;

/**
 * The ids of the statuses of a database, by typed code (common/statuts.ts): `idOf('OUVERT')`. A code that is not
 * seeded throws (a programming error), instead of reading `undefined`.
 */
export async function statutIds(db: Db): Promise<StatutIdOf> {
  const codes = await statutsByCode(db);
  return (code) => {
    const s = codes.get(code);
    if (!s) throw new Error(`Statut inconnu : ${code}`);
    return s.id;
  };
}

/**
 * The status code a value names among statuses read beforehand (statutsByCode): a status id (the spec's client sends
 * ids) or directly a code. Synchronous, so that a transaction reads the statuses before it opens, never on the outer
 * handle inside it (docs/decisions/transaction-handle.md).
 */
export function statutCodeOf(codes: Map<string, StatutRow>, value: string): string | undefined {
  if (codes.has(value.toUpperCase())) return value.toUpperCase();
  for (const s of codes.values()) if (s.id === value) return s.code;
  return undefined;
}

/** The status code a request value names (statutCodeOf), the statuses read from `db`. */
export async function statutCodeFromValue(db: Db, value: string): Promise<string | undefined> {
  return statutCodeOf(await statutsByCode(db), value);
}

type StatutFull = typeof statuts.$inferSelect;
const listCache = new WeakMap<object, Promise<StatutFull[]>>();

/**
 * Every status, oldest first (statut/liste). Seeded once and never changed by any route: kept per database handle
 * after the first read, like statutsByCode (docs/decisions/request-path.md: the small GET answers without a query).
 */
export function listStatuts(db: Db): Promise<StatutFull[]> {
  let hit = listCache.get(db);
  if (!hit) {
    // then(): a real promise (awaiting Drizzle's query builder again would run the query again).
    hit = db
      .select()
      .from(statuts)
      .orderBy(asc(statuts.createdAt))
      .then((rows) => rows);
    hit.catch(() => listCache.delete(db));
    listCache.set(db, hit);
  }
  return hit;
}
