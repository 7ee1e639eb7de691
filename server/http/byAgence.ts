/**
 * The `byAgence` of the parcels' and the collections' list answers (spec 000 §7 "GET colis/liste/{userId} → success,
 * datas, byAgence (id, agenceLibelle, colis)"; spec 001 §3 "Collection … grouped by agency (_id, agenceLibelle,
 * datas)", §7 encaissement/liste → datas, byAgence): the rows of the page answered, grouped by their agency, for a role
 * that sees every agency only, unless the call says `_byAgence=0` (docs/decisions/list-by-agence.md). Our client
 * reads `datas`, filters on `agenceID` and says `_byAgence=0`: each row then travels once.
 */
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { id } from '../../common/schemas/answer';
import { sendListText } from './answerSerializer';
import type { ApiJsonRow } from '../db/fast/jsonPage';
import type { ListPage } from './list';
import { toApi } from './serialize';

/** The label of the group of rows without an agency. */
const SANS_AGENCE = 'Sans agence';

const frenchOrder = new Intl.Collator('fr', { sensitivity: 'base' });

/** A row as the lists answer it: its agency populated (`agenceID: {id, libelle}`) or null. */
type AgenceRow = { agenceID?: unknown };

/** One group: the agency's id (as `id` and `_id`, null for rows without one), its name and its rows under `rowsKey`. */
export type AgenceGroup = { id: string | null; _id: string | null; agenceLibelle: string } & Record<string, unknown>;

/** One group before it is written: the agency's id (null for rows without one), its name and its rows. */
type Group<T> = { id: string | null; agenceLibelle: string; rows: T[] };

/**
 * Groups rows by their agency, in the rows' order within a group; groups sorted by agency name the French way,
 * 'Sans agence' last. The one grouping rule of both answers (parsed rows, and the rows' JSON texts).
 * @param agenceOf a row's agency id and name (null: none)
 */
function groupsOf<T>(rows: readonly T[], agenceOf: (row: T) => { id: string | null; libelle: string | null }): Group<T>[] {
  const groups = new Map<string | null, Group<T>>();
  for (const row of rows) {
    const agence = agenceOf(row);
    let group = groups.get(agence.id);
    if (!group) {
      const agenceLibelle = agence.id !== null && agence.libelle !== null ? agence.libelle : SANS_AGENCE;
      groups.set(agence.id, (group = { id: agence.id, agenceLibelle, rows: [] }));
    }
    group.rows.push(row);
  }
  return [...groups.values()].sort((a, b) => {
    if ((a.id === null) !== (b.id === null)) return a.id === null ? 1 : -1;
    return frenchOrder.compare(a.agenceLibelle, b.agenceLibelle);
  });
}

/** A parsed row's agency (`agenceID: {id, libelle}`, or none). */
function agenceOfRow(row: AgenceRow): { id: string | null; libelle: string | null } {
  const agence = row.agenceID && typeof row.agenceID === 'object' ? (row.agenceID as { id?: unknown; libelle?: unknown }) : null;
  return {
    id: agence && typeof agence.id === 'string' ? agence.id : null,
    libelle: agence && typeof agence.libelle === 'string' ? agence.libelle : null,
  };
}

/**
 * The groups of toApi's rows under `rowsKey`: 'colis' (parcels) or 'datas' (collections).
 */
function groupByAgence(rows: readonly AgenceRow[], rowsKey: string): AgenceGroup[] {
  return groupsOf(rows, agenceOfRow).map((g) => ({ id: g.id, _id: g.id, agenceLibelle: g.agenceLibelle, [rowsKey]: g.rows }));
}

/**
 * The text of `byAgence` from the texts of the page's rows and their agency (the fast JSON page, jsonPage.ts
 * ApiJsonRow): groupByAgence's groups, each row's text as in `datas`, written without parsing nor writing the rows
 * again (bench/history.md, 2026-12-02).
 */
function groupTextsByAgence(rows: readonly ApiJsonRow[], rowsKey: string): string {
  const key = JSON.stringify(rowsKey);
  const groups = groupsOf(rows, (r) => ({ id: r.agence, libelle: r.libelle }));
  const id = (g: Group<ApiJsonRow>) => JSON.stringify(g.id);
  return `[${groups
    .map(
      (g) =>
        `{"id":${id(g)},"_id":${id(g)},"agenceLibelle":${JSON.stringify(g.agenceLibelle)},${key}:[${g.rows.map((r) => r.row).join(',')}]}`,
    )
    .join(',')}]`;
}

/**
 * Whether a list answer carries `byAgence`: for a user who sees every agency, unless the query says `_byAgence=0`
 * (http/listQuery.ts checks its value).
 * @param allAgences CurrentUser.allAgences
 * @param query the call's query string, as parsed by its route's schema
 */
export function wantsGroups(allAgences: boolean, query: unknown): boolean {
  return allAgences && (query as { _byAgence?: string } | undefined)?._byAgence !== '0';
}

/**
 * Answers a page of a list whose rows may be grouped by agency (colis/liste, encaissement/liste): `{success, datas,
 * total}` plus `byAgence` when `grouped` (wantsGroups). A page read as JSON text (runList `json`) is sent as text,
 * its groups written from the texts of its rows (groupTextsByAgence).
 */
export function sendGroupedPage<R>(reply: FastifyReply, page: ListPage<R>, grouped: boolean, rowsKey: string) {
  if (page.json !== undefined) {
    const byAgence = grouped ? `,"byAgence":${groupTextsByAgence(page.jsonRows, rowsKey)}` : '';
    return sendListText(reply, 'datas', page.json, page.total, byAgence);
  }
  const datas = toApi(page.rows);
  return { success: true, datas, total: page.total, ...(grouped ? { byAgence: groupByAgence(datas as AgenceRow[], rowsKey) } : {}) };
}

/** The answer schema of `byAgence` (/api/docs): groups of `row` under `rowsKey`; absent for a role bound to an agency. */
export function byAgenceAnswer<T extends z.ZodType>(rowsKey: string, row: T): z.ZodOptional<z.ZodType<AgenceGroup[]>> {
  // Typed as the groups groupByAgence builds (a key named at run time); checked and described as written.
  const groups = z.array(z.looseObject({ id: id.nullable(), _id: id.nullable(), agenceLibelle: z.string(), [rowsKey]: z.array(row) }));
  return (groups as unknown as z.ZodType<AgenceGroup[]>)
    .optional()
    .describe(
      "a role that sees every agency: the page's rows grouped by agency ('Sans agence' last); absent otherwise and with _byAgence=0",
    );
}
