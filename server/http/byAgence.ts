/**
 * The `byAgence` of the parcels' and the collections' list answers (spec 000 §7 "GET colis/liste/{userId} → success,
 * datas, byAgence (id, agenceLibelle, colis)"; spec 001 §3 "Collection … grouped by agency (_id, agenceLibelle,
 * datas)", §7 encaissement/liste → datas, byAgence): the rows of the page answered, grouped by their agency, for a role
 * that sees every agency only (docs/decisions/list-by-agence.md). Our client reads `datas` and filters on `agenceID`.
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

/**
 * Groups rows by their agency, in the rows' order within a group; groups sorted by agency name the French way,
 * 'Sans agence' last.
 * @param rows the page's rows (toApi's objects)
 * @param rowsKey the spec's key of a group's rows: 'colis' (parcels) or 'datas' (collections)
 */
function groupByAgence(rows: readonly AgenceRow[], rowsKey: string): AgenceGroup[] {
  const groups = new Map<string | null, AgenceGroup>();
  for (const row of rows) {
    const agence = row.agenceID && typeof row.agenceID === 'object' ? (row.agenceID as { id?: unknown; libelle?: unknown }) : null;
    const agenceId = agence && typeof agence.id === 'string' ? agence.id : null;
    let group = groups.get(agenceId);
    if (!group) {
      const agenceLibelle = agenceId && typeof agence?.libelle === 'string' ? agence.libelle : SANS_AGENCE;
      group = { id: agenceId, _id: agenceId, agenceLibelle, [rowsKey]: [] };
      groups.set(agenceId, group);
    }
    (group[rowsKey] as AgenceRow[]).push(row);
  }
  return [...groups.values()].sort((a, b) => {
    if ((a.id === null) !== (b.id === null)) return a.id === null ? 1 : -1;
    return frenchOrder.compare(a.agenceLibelle, b.agenceLibelle);
  });
}

/**
 * The text of `byAgence` from the texts of the page's rows and their agency (the fast JSON page, jsonPage.ts
 * ApiJsonRow): the groups groupByAgence makes of the parsed rows, in the same order, each row's text as in `datas`,
 * written without parsing nor writing the rows again (bench/history.md, 2026-12-02).
 */
function groupTextsByAgence(rows: readonly ApiJsonRow[], rowsKey: string): string {
  const groups = new Map<string | null, { id: string | null; agenceLibelle: string; rows: string[] }>();
  for (const { row, agence, libelle } of rows) {
    let group = groups.get(agence);
    if (!group) groups.set(agence, (group = { id: agence, agenceLibelle: agence && libelle !== null ? libelle : SANS_AGENCE, rows: [] }));
    group.rows.push(row);
  }
  const sorted = [...groups.values()].sort((a, b) => {
    if ((a.id === null) !== (b.id === null)) return a.id === null ? 1 : -1;
    return frenchOrder.compare(a.agenceLibelle, b.agenceLibelle);
  });
  const key = JSON.stringify(rowsKey);
  return `[${sorted.map((g) => `{"id":${JSON.stringify(g.id)},"_id":${JSON.stringify(g.id)},"agenceLibelle":${JSON.stringify(g.agenceLibelle)},${key}:[${g.rows.join(',')}]}`).join(',')}]`;
}

/**
 * `{byAgence}` for a user who sees every agency (`allAgences`: CurrentUser.allAgences), else `{}` (a role bound to one
 * agency has one group: its list is `datas`). `rows` is called only when needed (the fast page parses its JSON text then).
 */
function byAgenceOf(allAgences: boolean, rows: () => readonly AgenceRow[], rowsKey: string): { byAgence?: AgenceGroup[] } {
  return allAgences ? { byAgence: groupByAgence(rows(), rowsKey) } : {};
}

/**
 * Answers a page of a list whose rows may be grouped by agency (colis/liste, encaissement/liste): `{success, datas,
 * total}` plus `byAgence` for a user who sees every agency. A page read as JSON text (runList `json`) is sent as text,
 * its groups written from the texts of its rows (groupTextsByAgence).
 */
export function sendGroupedPage<R>(reply: FastifyReply, page: ListPage<R>, allAgences: boolean, rowsKey: string) {
  if (page.json !== undefined) {
    const byAgence = allAgences ? `,"byAgence":${groupTextsByAgence(page.jsonRows, rowsKey)}` : '';
    return sendListText(reply, 'datas', page.json, page.total, byAgence);
  }
  const datas = toApi(page.rows);
  return { success: true, datas, total: page.total, ...byAgenceOf(allAgences, () => datas as AgenceRow[], rowsKey) };
}

/** The answer schema of `byAgence` (/api/docs): groups of `row` under `rowsKey`; absent for a role bound to an agency. */
export function byAgenceAnswer<T extends z.ZodType>(rowsKey: string, row: T): z.ZodOptional<z.ZodType<AgenceGroup[]>> {
  // Typed as the groups byAgenceOf builds (a key named at run time); checked and described as written.
  const groups = z.array(z.looseObject({ id: id.nullable(), _id: id.nullable(), agenceLibelle: z.string(), [rowsKey]: z.array(row) }));
  return (groups as unknown as z.ZodType<AgenceGroup[]>)
    .optional()
    .describe("a role that sees every agency: the page's rows grouped by agency ('Sans agence' last); absent otherwise");
}
