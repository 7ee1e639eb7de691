/**
 * Amounts and phones in the list exports (docs/decisions/list-exports.md; audits 000 B19 and 001 B16): each amount
 * with its own currency's decimals — none for the francs (XOF, GNF: '39358', never '39358,00'), two for the euro, the
 * amount tendered ('Montant remis') with its currency's ('27,84', not '27,840') — in the CSV and, as the cell's number
 * format, in the XLSX; a phone in international form (+ and digits only, which no spreadsheet runs) written without
 * the formula guard's quote, every other text starting with = + - @ still guarded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { colis, encaissements, modesPaiement, pays } from '../../server/db/schema';
import { setupTestApp, type TestContext } from './helpers';
import { createEnvoiByApi, idByCode, insertColis } from './fixtures';

let t: TestContext;
const refs: Record<'xof' | 'eur' | 'gnf', string> = { xof: '', eur: '', gnf: '' };

/** The CSV of a list call as rows of cells (no quoted cell in these files: none holds ';', '"' or a line break). */
async function csv(url: string): Promise<{ header: string[]; rows: string[][] }> {
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${t.adminToken}` } });
  expect(res.statusCode, url).toBe(200);
  const [header, ...rows] = res.rawPayload
    .toString('utf8')
    .slice(1)
    .split('\r\n')
    .filter(Boolean)
    .map((l) => l.split(';'));
  return { header, rows };
}

/** The first sheet of an XLSX list call. */
async function xlsx(url: string): Promise<ExcelJS.Worksheet> {
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${t.adminToken}` } });
  expect(res.statusCode, url).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return wb.worksheets[0];
}

beforeAll(async () => {
  t = await setupTestApp();
  const db = t.database.db;
  const FR = await idByCode(db, pays, 'FR');
  const parcel = async (paysEmetteur: string, agence: string, total: string, reste: string, telephone: string) => {
    const envoi = await createEnvoiByApi(t, {
      paysEmetteurID: await idByCode(db, pays, paysEmetteur),
      paysID: paysEmetteur === 'FR' ? await idByCode(db, pays, 'SN') : FR,
    });
    const id = await insertColis(db, { envoiID: envoi.id, statut: 'RECEPTIONNE', agence });
    const [row] = await db
      .update(colis)
      .set({
        montantTotal: total,
        reglement: String(Number(total) - Number(reste)),
        resteAPayer: reste,
        destinataireID: null,
        telephoneDestinataire: telephone,
      })
      .where(eq(colis.id, id))
      .returning({ reference: colis.reference });
    return { id, reference: row.reference };
  };
  const xof = await parcel('SN', 'DKR1', '39358', '39358', '+33612345002');
  const eur = await parcel('FR', 'PAR1', '50.5', '50.5', '+221770000001');
  const gnf = await parcel('GN', 'PAR1', '260375', '71', '+224622334455');
  refs.xof = xof.reference;
  refs.eur = eur.reference;
  refs.gnf = gnf.reference;
  // The GNF parcel paid 27,84 € in Paris: 260 304 GNF at 9 350, 71 GNF left (audit 001 B2, B16).
  const [especes] = await db.select({ id: modesPaiement.id }).from(modesPaiement).where(eq(modesPaiement.code, 'ESPECES'));
  await db.insert(encaissements).values({
    colisID: gnf.id,
    modePaiementID: especes.id,
    montantEncaisse: '260304',
    montantRestant: '71',
    montantTendu: '27.84',
    deviseTendue: 'EUR',
    tauxTendu: '1',
    tauxColis: '9350',
  });
});
afterAll(() => t?.close());

describe('amounts with their currency’s decimals (000 B19, 001 B16)', () => {
  it('writes the parcels’ F CFA amounts without decimals and the euro ones with two, in the CSV', async () => {
    const { header, rows } = await csv('/api/colis/liste/x?format=csv&_perPage=500');
    const cell = (ref: string, name: string) => rows.find((r) => r[0] === ref)![header.indexOf(name)];
    expect([cell(refs.xof, 'Montant'), cell(refs.xof, 'Réglé'), cell(refs.xof, 'Reste à payer'), cell(refs.xof, 'Devise')]).toEqual([
      '39358',
      '0',
      '39358',
      'XOF',
    ]);
    expect([cell(refs.eur, 'Montant'), cell(refs.eur, 'Réglé'), cell(refs.eur, 'Reste à payer')]).toEqual(['50,50', '0,00', '50,50']);
    expect([cell(refs.gnf, 'Montant'), cell(refs.gnf, 'Reste à payer')]).toEqual(['260375', '71']);
  });

  it('writes the payment in GNF without decimals and the 27,84 € handed over with the euro’s two', async () => {
    const { header, rows } = await csv('/api/encaissement/liste/x?format=csv&_perPage=500');
    const row = rows.find((r) => r[header.indexOf('Colis')] === refs.gnf)!;
    const cell = (name: string) => row[header.indexOf(name)];
    expect([cell('Montant encaissé'), cell('Montant restant'), cell('Montant du colis'), cell('Devise')]).toEqual([
      '260304',
      '71',
      '260375',
      'GNF',
    ]);
    expect([cell('Montant remis'), cell('Devise remise')]).toEqual(['27,84', 'EUR']);
  });

  it('gives each amount cell of the XLSX its currency’s number format, the value a number', async () => {
    const ws = await xlsx('/api/colis/liste/x?format=xlsx&_perPage=500');
    const header = (ws.getRow(1).values as unknown[]).map(String);
    const col = header.indexOf('Montant');
    const rowOf = (ref: string) => {
      let found: ExcelJS.Row | undefined;
      ws.eachRow((r) => {
        if (r.getCell(1).value === ref) found = r;
      });
      return found!;
    };
    expect([rowOf(refs.xof).getCell(col).value, rowOf(refs.xof).getCell(col).numFmt]).toEqual([39358, '#,##0']);
    expect([rowOf(refs.eur).getCell(col).value, rowOf(refs.eur).getCell(col).numFmt]).toEqual([50.5, '#,##0.00']);
    const pay = await xlsx('/api/encaissement/liste/x?format=xlsx&_perPage=500');
    const ph = (pay.getRow(1).values as unknown[]).map(String);
    let remis: ExcelJS.Cell | undefined;
    pay.eachRow((r) => {
      if (r.getCell(ph.indexOf('Colis')).value === refs.gnf) remis = r.getCell(ph.indexOf('Montant remis'));
    });
    expect([remis!.value, remis!.numFmt]).toEqual([27.84, '#,##0.00']);
  });
});

describe('phones without the quote, formulas still guarded (000 B19)', () => {
  it('writes +33612345002 as it is in the CSV and the XLSX', async () => {
    const { header, rows } = await csv('/api/colis/liste/x?format=csv&_perPage=500');
    const phone = (ref: string) => rows.find((r) => r[0] === ref)![header.indexOf('Téléphone du destinataire')];
    expect([phone(refs.xof), phone(refs.eur), phone(refs.gnf)]).toEqual(['+33612345002', '+221770000001', '+224622334455']);
    const ws = await xlsx('/api/colis/liste/x?format=xlsx&_perPage=500');
    const col = (ws.getRow(1).values as unknown[]).map(String).indexOf('Téléphone du destinataire');
    const phones: unknown[] = [];
    ws.eachRow((r, n) => {
      if (n > 1) phones.push(r.getCell(col).value);
    });
    expect(phones).toContain('+33612345002');
  });

  it('still quotes a text that a spreadsheet would run: + followed by anything but digits, = - @', async () => {
    const db = t.database.db;
    const dangerous = ['+1+1', '+33 6 12', '+HYPERLINK("http://evil.example")', '-2+3', '@SUM(A1)', '=1+1', '+'];
    const [{ id }] = await db.select({ id: colis.id }).from(colis).where(eq(colis.reference, refs.eur));
    for (const text of dangerous) {
      await db.update(colis).set({ detailsContenu: text }).where(eq(colis.id, id));
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/colis/liste/x?format=csv&q=${refs.eur}`,
        headers: { authorization: `Bearer ${t.adminToken}` },
      });
      const line = res.rawPayload.toString('utf8').split('\r\n')[1];
      expect(line, text).toContain(`'${text.includes('"') ? text.replace(/"/g, '""') : text}`);
    }
  });
});
