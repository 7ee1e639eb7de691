/**
 * Declaration of the simple reference resources made of code, libelle, description and the active flag
 * (sending modes, pickup modes, nature groups, operation types, roles: spec 001 §3, §5).
 */
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client';
import { codeLibelleRecord } from '../../common/schemas/answer';
import { exportColumns } from '../http/export';
import { codeLibelleSchema } from '../../common/schemas/reference';
import type { ReferenceResource } from '../../common/autorisationRules';
import type { ReferenceResourceDef } from './referenceResource';

type CodeLibelleTable = PgTable & {
  id: PgColumn;
  code: PgColumn;
  libelle: PgColumn;
  description: PgColumn;
  isActive: PgColumn;
  createdAt: PgColumn;
};

/**
 * Builds the declaration of a code / libelle / description resource.
 * @param opts.descriptionRequired spec 001 §5: required for roles, pickup and sending modes; optional for groups
 */
export function codeLibelleResource(opts: {
  path: string;
  /** The resource whose write scope applies (ReferenceResourceDef.resource). */
  resource: ReferenceResource;
  table: CodeLibelleTable;
  descriptionRequired: boolean;
  /** Base name of the list's export file (e.g. 'roles' → roles-2026-11-22.csv) and its worksheet. */
  exportName: string;
  sheet: string;
  messages: ReferenceResourceDef['messages'];
}): ReferenceResourceDef {
  const schema = codeLibelleSchema(opts.descriptionRequired ? 'required' : 'optional');
  const t = opts.table;
  return {
    path: opts.path,
    resource: opts.resource,
    table: t,
    select: (d: Db | Tx) => d.select().from(t).$dynamic(),
    createSchema: schema,
    updateSchema: schema,
    searchColumns: [t.code, t.libelle, t.description],
    sortColumns: { code: t.code, libelle: t.libelle, description: t.description, isActive: t.isActive, createdAt: t.createdAt },
    toValues: (b) => ({ ...b, code: String(b.code).toUpperCase(), description: b.description ?? '' }),
    messages: opts.messages,
    record: codeLibelleRecord,
    export: {
      name: opts.exportName,
      sheet: opts.sheet,
      columns: exportColumns(
        ['Code', 'code'],
        ['Libellé', 'libelle'],
        ['Description', 'description'],
        ['Statut', (r) => (r.isActive ? 'Actif' : 'Inactif')],
        ["Date d'ajout", 'createdAt', 'date'],
      ),
    },
  };
}
