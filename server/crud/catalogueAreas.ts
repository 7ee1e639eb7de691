/**
 * The code / libellé reference areas that are data alone (common/resources.ts rows with `codeLibelle`: payment modes,
 * operation types; docs/decisions/resource-catalogue.md): their five calls (spec 001 §7) registered from the row, on
 * codeLibelleResource and registerReferenceResource, so such an area has no server/<x>/ folder. server/app.ts registers
 * these plugins with the areas' own.
 */
import type { FastifyInstance } from 'fastify';
import { getTableColumns, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { isReferenceResource } from '../../common/autorisationRules';
import { RESOURCE_ROWS, type RESOURCES } from '../../common/resources';
import type { Db } from '../db/client';
import * as schema from '../db/schema';
import { codeLibelleResource } from './codeLibelleResource';
import { registerReferenceResource } from './referenceResource';

/** Compile-time: each row's `codeLibelle.table` names an export of server/db/schema.ts. */
type CatalogueTable = {
  [K in keyof typeof RESOURCES]: (typeof RESOURCES)[K] extends { codeLibelle: { table: infer T } } ? T : never;
}[keyof typeof RESOURCES];
type AssertIn<T extends U, U> = T;
type _TablesExist = AssertIn<CatalogueTable, keyof typeof schema>;

const CODE_LIBELLE_COLUMNS = ['id', 'code', 'libelle', 'description', 'isActive', 'createdAt'];

/** The table of a row: a table of server/db/schema.ts with the code / libellé columns, else it throws (at start). */
function codeLibelleTable(name: string): Parameters<typeof codeLibelleResource>[0]['table'] {
  const table: unknown = (schema as Record<string, unknown>)[name];
  if (!is(table, PgTable)) throw new Error(`Table inconnue dans server/db/schema.ts : ${name}`);
  const columns = getTableColumns(table);
  const missing = CODE_LIBELLE_COLUMNS.filter((column) => !(column in columns));
  if (missing.length) throw new Error(`La table ${name} n'a pas les colonnes ${missing.join(', ')}`);
  return table as Parameters<typeof codeLibelleResource>[0]['table'];
}

/**
 * One route plugin per catalogue row with `codeLibelle`: {api.path}/liste, getBy/{id}, create, update/{id},
 * delete/{id}, with the row's texts and export, in the write scope of the resource (common/autorisationRules.ts).
 * Throws when a row has no `api` or no scope, or its table lacks a column.
 */
export const CATALOGUE_AREA_ROUTES = RESOURCE_ROWS.flatMap(({ name, api, codeLibelle }) => {
  if (!codeLibelle) return [];
  if (!api || !isReferenceResource(name)) throw new Error(`Ressource code/libellé sans appels ni portée : ${name}`);
  const def = codeLibelleResource({ path: api.path, resource: name, ...codeLibelle, table: codeLibelleTable(codeLibelle.table) });
  return [async (app: FastifyInstance, { db }: { db: Db }) => registerReferenceResource(app, db, def)];
});
