/**
 * List exports (docs/decisions/list-exports.md): the list call with `format=csv|xlsx` answers every row of the filtered
 * list (not the page), in its sort and agency scope, under the list's permission key; CSV for French Excel, XLSX read
 * back with exceljs; batches and windows of ids crossed with a small EXPORT_BATCH_SIZE and EXPORT_ID_WINDOW, rows with
 * equal sort keys on both sides of a boundary under each sort; formula injection guarded.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { isoToFr, todayIso } from '../../common/dates';
import type { CurrentUser } from '../../server/auth/currentUser';
import { agences, colis, encaissements, modesPaiement } from '../../server/db/schema';
import { encaissementList } from '../../server/encaissement/query';
import { colisExport } from '../../server/colis/exportColumns';
import { colisList } from '../../server/colis/query';
import { encaissementExport } from '../../server/encaissement/exportColumns';
import { exportFields, listBatches, withFields, type ExportDef } from '../../server/http/export';
import { runList, type ListDef } from '../../server/http/list';
import { setupTestApp, type TestContext } from './helpers';
import { createEnvoiByApi, idByCode, insertColis, insertRoleWithKeys } from './fixtures';

let t: TestContext;
let par1: string;
let bko1: string;
const bkoRefs: string[] = [];
const TRICKY = 'Tissus; "wax"\nlot 2';
const FORMULA = '=HYPERLINK("http://evil.example","clic")';

/** Parses CSV text (`;`, quoted fields with doubled quotes and line breaks) into rows of cells. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ';') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

/** GET with a token, the raw answer. */
async function get(url: string, token: string) {
  return t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
}

/** The references of a JSON list call, every page (perPage 500), in the list's order. */
async function listRefs(query: string, token: string): Promise<{ refs: string[]; total: number }> {
  const res = await t.call('GET', `/api/colis/liste/x?${query}&_page=1&_perPage=500`, { token });
  expect(res.status).toBe(200);
  return { refs: res.body.datas.map((r: { reference: string }) => r.reference), total: res.body.total };
}

beforeAll(async () => {
  t = await setupTestApp();
  const db = t.database.db;
  par1 = await idByCode(db, agences, 'PAR1');
  bko1 = await idByCode(db, agences, 'BKO1');
  const envoi = await createEnvoiByApi(t);
  for (let i = 0; i < 7; i++) await insertColis(db, { envoiID: envoi.id, statut: 'RECEPTIONNE', agence: 'PAR1', poids: 1.25 + i });
  for (let i = 0; i < 3; i++) {
    const id = await insertColis(db, { envoiID: envoi.id, statut: 'RECEPTIONNE', agence: 'BKO1' });
    bkoRefs.push((await db.select({ r: colis.reference }).from(colis).where(eq(colis.id, id)))[0].r);
  }
  for (const statut of ['EN_ATTENTE', 'EN_ATTENTE', 'EXPEDIE']) await insertColis(db, { envoiID: envoi.id, statut, agence: 'PAR1' });
  const [first, second, ...others] = await db.select({ id: colis.id }).from(colis).where(eq(colis.agenceID, par1)).limit(6);
  await db.update(colis).set({ detailsContenu: TRICKY }).where(eq(colis.id, first.id));
  await db.update(colis).set({ detailsContenu: FORMULA }).where(eq(colis.id, second.id));
  // Equal sort keys: four parcels registered at the same instant (microseconds kept), with the same contents.
  await db.execute(
    sql`UPDATE ${colis} SET created_at = '2026-01-15 10:00:00.123456+00', details_contenu = 'Lot identique' WHERE ${inArray(
      colis.id,
      others.map((o) => o.id),
    )}`,
  );
});
afterAll(() => t?.close());
afterEach(() => {
  delete process.env.EXPORT_BATCH_SIZE;
  delete process.env.EXPORT_ID_WINDOW;
});

/** The references of a CSV export (first column), header left out. */
async function exportRefs(query: string, token: string): Promise<string[]> {
  const res = await get(`/api/colis/liste/x?format=csv&${query}`, token);
  expect(res.statusCode, query).toBe(200);
  return parseCsv(res.rawPayload.toString('utf8').slice(1))
    .slice(1)
    .map((r) => r[0]);
}

/** The sorts of the parcels list, each way: own columns (indexed or not, nullable or not) and joined labels. */
const COLIS_SORTS = [
  '',
  'createdAt',
  'reference',
  'detailsContenu',
  'poids',
  'montantTotal',
  'resteAPayer',
  'isActive',
  'agenceID',
  'statutID',
].flatMap((f) => (f ? [`_sort=${f}&_order=ASC`, `_sort=${f}&_order=DESC`] : ['x=1']));

describe('colis export, CSV', () => {
  it("has the list's total rows of the agency, BOM, ';', decimal comma, dd/MM/yyyy, quoting and the formula guard", async () => {
    const { refs, total } = await listRefs(`agenceID=${par1}`, t.adminToken);
    expect(total).toBeGreaterThanOrEqual(7);
    const res = await get(`/api/colis/liste/x?agenceID=${par1}&_page=1&_perPage=2&format=csv`, t.adminToken);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="colis-${todayIso()}.csv"`);
    const text = res.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parseCsv(text.slice(1));
    expect(header.slice(0, 6)).toEqual(['Référence', "Date d'ajout", 'Contenu', 'Poids', 'Unité', 'Montant']);
    // every row of the filter, not the page of 2, in the list's order
    expect(rows).toHaveLength(total);
    expect(rows.map((r) => r[0])).toEqual(refs);
    const ref = header.indexOf('Agence émettrice');
    expect(new Set(rows.map((r) => r[ref]))).toEqual(new Set([rows[0][ref]]));
    expect(rows[0][1]).toBe(isoToFr(todayIso()));
    expect(rows.map((r) => r[3])).toContain('1,250');
    expect(rows[0][header.indexOf('Montant')]).toBe('50,00');
    const contents = rows.map((r) => r[2]);
    expect(contents).toContain(TRICKY);
    expect(contents).toContain(`'${FORMULA}`);
    expect(contents).not.toContain(FORMULA);
  });

  it('crosses batch and id-window boundaries with equal sort keys: every row once, in the order of the list, whatever the sort', async () => {
    process.env.EXPORT_BATCH_SIZE = '2';
    process.env.EXPORT_ID_WINDOW = '3';
    for (const sort of COLIS_SORTS) {
      const { refs, total } = await listRefs(sort, t.adminToken);
      expect(refs.length).toBeGreaterThan(8);
      expect(await exportRefs(sort, t.adminToken), sort).toEqual(refs);
      expect(refs).toHaveLength(total);
    }
  });

  it('keeps the order of the list under a search and an agent scope, and across equal labels of two agencies', async () => {
    process.env.EXPORT_BATCH_SIZE = '2';
    process.env.EXPORT_ID_WINDOW = '3';
    const agent = await t.createStaff('AGENT', { agenceCode: 'PAR1' });
    for (const sort of ['x=1', '_sort=statutID&_order=DESC', '_sort=poids&_order=ASC']) {
      const { refs } = await listRefs(sort, agent.token);
      expect(await exportRefs(sort, agent.token), sort).toEqual(refs);
      const searched = await listRefs(`${sort}&q=T-`, t.adminToken);
      expect(searched.refs.length).toBeGreaterThan(8);
      expect(await exportRefs(`${sort}&q=T-`, t.adminToken), sort).toEqual(searched.refs);
    }
    // Two agencies of the same label: one group, their parcels by id as the list has them.
    const db = t.database.db;
    const [par] = await db.select({ libelle: agences.libelle }).from(agences).where(eq(agences.id, par1));
    const [bko] = await db.select({ libelle: agences.libelle }).from(agences).where(eq(agences.id, bko1));
    await db.update(agences).set({ libelle: par.libelle }).where(eq(agences.id, bko1));
    try {
      for (const sort of ['_sort=agenceID&_order=ASC', '_sort=agenceID&_order=DESC']) {
        const { refs } = await listRefs(sort, t.adminToken);
        expect(await exportRefs(sort, t.adminToken), sort).toEqual(refs);
      }
    } finally {
      await db.update(agences).set({ libelle: bko.libelle }).where(eq(agences.id, bko1));
    }
  });
});

describe('export of payments', () => {
  const admin = { allAgences: true } as CurrentUser;

  beforeAll(async () => {
    // Nine payments over two modes, a third of them without an agency.
    const db = t.database.db;
    const modes = await db.select({ id: modesPaiement.id }).from(modesPaiement);
    const parcels = await db.select({ id: colis.id }).from(colis).limit(9);
    for (const [i, p] of parcels.entries())
      await db.insert(encaissements).values({
        colisID: p.id,
        agenceID: i % 3 === 0 ? null : par1,
        modePaiementID: modes[i % 2].id,
        montantEncaisse: '10.00',
        montantRestant: '40.00',
      });
  });

  it('walks the payments by payment mode (a joined sort key) as the list orders them', async () => {
    process.env.EXPORT_BATCH_SIZE = '2';
    process.env.EXPORT_ID_WINDOW = '3';
    for (const order of ['ASC', 'DESC']) {
      const res = await t.call('GET', `/api/encaissement/liste/x?_sort=modePaiementID&_order=${order}&_page=1&_perPage=500`, {
        token: t.adminToken,
      });
      const csv = await get(`/api/encaissement/liste/x?_sort=modePaiementID&_order=${order}&format=csv`, t.adminToken);
      const rows = parseCsv(csv.rawPayload.toString('utf8').slice(1)).slice(1);
      expect(rows).toHaveLength(res.body.total);
      expect(rows.map((r) => `${r[0]} ${r[5]}`)).toEqual(
        res.body.datas.map(
          (d: { modePaiementID: { libelle: string }; colisID: { reference: string } }) =>
            `${d.modePaiementID.libelle} ${d.colisID.reference}`,
        ),
      );
    }
  });

  it('puts the rows without a referenced row where PostgreSQL sorts NULL: last ascending, first descending', async () => {
    // The payments' agency (a nullable foreign key) declared as a joined sort key, read back through listBatches.
    const base = encaissementList(admin);
    const def: ListDef = { ...base, sortColumns: { ...base.sortColumns, agenceID: agences.libelle } } as ListDef;
    const joined: [typeof agences.libelle, typeof encaissements.agenceID][] = [[agences.libelle, encaissements.agenceID]];
    for (const order of ['ASC', 'DESC']) {
      const query = { _sort: 'agenceID', _order: order };
      const expected = (await runList(t.database.db, def, query)).rows.map((r) => r.id);
      const got: unknown[] = [];
      for await (const rows of await listBatches(t.database.db, def, query, { batchSize: 2, joined, window: 3 }))
        got.push(...rows.map((r) => r.id));
      expect(got, order).toEqual(expected);
      const agency = (await runList(t.database.db, def, query)).rows.map((r) => (r.agenceID as { id: string } | null)?.id ?? null);
      expect(agency.filter((a) => a === null).length).toBeGreaterThan(0);
      expect(agency[order === 'ASC' ? agency.length - 1 : 0], order).toBeNull();
    }
  });
});

describe('an export reading only the fields of its columns (ExportDef.reads)', () => {
  const admin = { allAgences: true } as CurrentUser;
  /** Each row's cells as the export reads them: every column's value and its currency. */
  const cells = (exp: ExportDef, rows: Record<string, unknown>[]) =>
    rows.map((row) =>
      exp.columns.flatMap((c) => {
        const read = (p: string) => p.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | null)?.[k], row);
        return [typeof c.value === 'function' ? c.value(row) : read(c.value), c.devise ? read(c.devise) : undefined];
      }),
    );
  const cases: [string, ListDef, ExportDef][] = [
    ['colis', colisList(admin) as ListDef, colisExport],
    ['encaissements', encaissementList(admin) as ListDef, encaissementExport],
  ];

  it.each(cases)('%s: the same cells as from the whole select, an absent reference still null', async (_name, def, exp) => {
    const db = t.database.db;
    const fields = exportFields(exp)!;
    const whole = (await def.select(db).orderBy(asc(def.table.id))) as Record<string, unknown>[];
    const narrow = (await withFields(def.select(db), fields).orderBy(asc(def.table.id))) as Record<string, unknown>[];
    expect(whole.length).toBeGreaterThan(0);
    expect(cells(exp, narrow)).toEqual(cells(exp, whole));
    expect(Object.keys(narrow[0]).length).toBeLessThan(Object.keys(whole[0]).length);
    // As the export reads them (on PostgreSQL a cursor and its own row mapping), by id.
    const batches = async (only?: string[]) => {
      const rows: Record<string, unknown>[] = [];
      for await (const b of await listBatches(db, def, {}, { batchSize: 4, fields: only })) rows.push(...b);
      return rows.sort((a, b) => String(a.id).localeCompare(String(b.id)));
    };
    expect(cells(exp, await batches(fields))).toEqual(cells(exp, await batches()));
  });

  it('the payments include rows without an agency or an author, whose references read as null', async () => {
    const rows = (await withFields(encaissementList(admin).select(t.database.db), exportFields(encaissementExport)!)) as Record<
      string,
      unknown
    >[];
    expect(rows.some((r) => r.agenceID === null)).toBe(true);
    expect(rows.some((r) => r.agenceID !== null)).toBe(true);
    expect(rows.some((r) => r.auteurID === null)).toBe(true);
  });
});

describe('colis export, XLSX', () => {
  it('has the same rows, numbers as numbers, dates as dates, a bold frozen header', async () => {
    process.env.EXPORT_BATCH_SIZE = '3';
    const { refs } = await listRefs(`agenceID=${par1}`, t.adminToken);
    const res = await get(`/api/colis/liste/x?agenceID=${par1}&format=xlsx`, t.adminToken);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="colis-${todayIso()}.xlsx"`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.name).toBe('Colis');
    expect(ws.rowCount).toBe(refs.length + 1);
    const header = ws.getRow(1);
    expect(header.getCell(1).value).toBe('Référence');
    expect(header.getCell(1).font?.bold).toBe(true);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const refsBack: string[] = [];
    ws.eachRow((row, n) => {
      if (n === 1) return;
      refsBack.push(String(row.getCell(1).value));
      expect(typeof row.getCell(4).value).toBe('number');
      expect(row.getCell(2).value).toBeInstanceOf(Date);
      expect(row.getCell(2).numFmt).toBe('dd/mm/yyyy');
    });
    expect(refsBack).toEqual(refs);
    expect((ws.getRow(2).getCell(2).value as Date).toISOString().slice(0, 10)).toBe(todayIso());
    const contents = refsBack.map((_, i) => String(ws.getRow(i + 2).getCell(3).value));
    expect(contents).toContain(`'${FORMULA}`);
  });
});

describe('export access', () => {
  it("gives an agent its agency's rows only, as many as its list", async () => {
    const agent = await t.createStaff('AGENT', { agenceCode: 'PAR1' });
    const { refs, total } = await listRefs('x=1', agent.token);
    const res = await get(`/api/colis/liste/x?format=csv&agenceID=${bko1},${par1}`, agent.token);
    expect(res.statusCode).toBe(200);
    const rows = parseCsv(res.rawPayload.toString('utf8').slice(1)).slice(1);
    expect(rows).toHaveLength(total);
    expect(rows.map((r) => r[0]).sort()).toEqual([...refs].sort());
    for (const ref of bkoRefs) expect(res.rawPayload.toString('utf8')).not.toContain(ref);
  });

  it("refuses without the list's key (403), without a token (401), and a malformed format (400, French)", async () => {
    await insertRoleWithKeys(t.database.db, 'SANS_COLIS', ['depart']);
    const other = await t.createStaff('SANS_COLIS', { agenceCode: 'PAR1' });
    expect((await get('/api/colis/liste/x?format=csv', other.token)).statusCode).toBe(403);
    expect((await t.call('GET', '/api/colis/liste/x?format=csv')).status).toBe(401);
    const bad = await t.call('GET', '/api/colis/liste/x?format=pdf', { token: t.adminToken });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("Format d'export inconnu");
  });

  it('exports the other lists through the same module (departures, payments, clients, staff, operations, inventories, mails, reference lists)', async () => {
    for (const [url, header] of [
      ['/api/envoi/liste?format=csv', 'Référence;'],
      ['/api/encaissement/liste/x?format=csv', 'Mode de Paiement;'],
      ['/api/user/listeClients?format=csv', 'Nom;Prénoms;'],
      ['/api/user/liste?format=csv', 'Nom;Prénoms;'],
      ['/api/operation/liste/x?format=csv', 'Date;Utilisateur;'],
      ['/api/pays/liste?format=csv&_sort=libelle&_order=ASC', 'Code;Nom du Pays;'],
      ['/api/ville/liste?format=csv&_sort=paysID&_order=ASC', 'Code;Ville;Pays;'],
      ['/api/inventaire/liste?format=csv&_sort=auteur&_order=ASC', 'Date;Heure;Auteur;'],
      ['/api/mail/liste?format=csv', 'Créé le;Destinataire;'],
      ['/api/paramNatureMode/liste?format=csv', 'Libelle;Prix Unitaire;'],
      ['/api/role/liste?format=xlsx', ''],
    ] as const) {
      const res = await get(url, t.adminToken);
      expect(res.statusCode, url).toBe(200);
      if (header) expect(res.rawPayload.toString('utf8').slice(1).startsWith(header), url).toBe(true);
    }
  });
});
