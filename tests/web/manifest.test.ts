/**
 * Pure parts of a departure's manifest and labels (docs/decisions/departure-manifest.md): printed data of a parcel,
 * totals (exact sums), the manifest's page layout, the paged load with progress and cancel, the QR runs, text fitting,
 * and the two builders (page counts, 'Page N / M', references, totals in the French format).
 */
import { describe, expect, it } from 'vitest';
import { jsPDF } from 'jspdf';
import QRCode from 'qrcode';
import { fill, fitText, qrRuns } from '../../src/kit/pdfKit';
import {
  isPaid,
  labelsFileName,
  loadManifest,
  manifestColisFrom,
  manifestFileName,
  manifestPages,
  manifestTotals,
  type ManifestColis,
  type ManifestData,
  type ManifestPage,
} from '../../src/departs/manifest/manifestData';
import { buildLabelsPdf, buildManifestPdf, CHUNK, MANIFEST_ROWS } from '../../src/departs/manifest/manifestPdf';

const parcel = (i: number, over: Partial<ManifestColis> = {}): ManifestColis => ({
  reference: `PAR1-2611-${String(i).padStart(6, '0')}`,
  expediteur: 'Durand Léa',
  destinataire: 'Ndiaye Fatou',
  destinataireTelephone: '+221770000001',
  natures: 'Vêtements adultes',
  poids: 0.1,
  unite: 'KG',
  montantTotal: 0.1,
  reglement: i % 2 ? 0.1 : 0,
  resteAPayer: i % 2 ? 0 : 0.1,
  devise: 'EUR',
  ville: 'Dakar',
  retraitAgence: true,
  agenceRetrait: 'Dakar Plateau',
  ...over,
});

const envoi = {
  reference: 'DEP-2611-0042',
  mode: 'Aérien',
  origine: 'France',
  destination: 'Sénégal',
  dateDebut: '2026-11-25',
  dateArrive: '2026-11-27',
  devise: 'EUR',
};

/** The euro sign as a standard-font PDF string holds it (WinAnsi 0x80). */
const EURO_PDF = '\u0080';

/** The text a jsPDF document built with compress: false draws, with PDF string escapes undone. */
const textOf = (doc: jsPDF) => doc.output().replace(/\\([()\\])/g, '$1');

describe('manifest data', () => {
  it('prints the registered recipient, else the typed one, and the pick-up agency only for AGENCE', () => {
    const row = manifestColisFrom({
      reference: 'R1',
      expediteurID: { id: 'e', nom: 'Durand', prenoms: 'Léa' },
      nomDestinataire: 'Ndiaye',
      prenomsDestinataire: 'Fatou',
      telephoneDestinataire: '+221770000001',
      natures: 'Cartons',
      poids: 2,
      unite: 'KG',
      modeLivraisonID: { id: 'm', code: 'AGENCE', libelle: 'Récupération en Agence ' },
      agenceRetrait: 'Dakar Plateau',
      villeID: { id: 'v', libelle: 'Dakar' },
    });
    expect(row).toMatchObject({
      expediteur: 'Durand Léa',
      destinataire: 'Ndiaye Fatou',
      ville: 'Dakar',
      retraitAgence: true,
      agenceRetrait: 'Dakar Plateau',
    });
    expect(manifestColisFrom({ reference: 'R2', modeLivraisonID: { id: 'm', code: 'DOMICILE', libelle: 'Domicile' } }).retraitAgence).toBe(
      false,
    );
  });

  it('sums exactly: 0.1 × 3 is 0.3, kg and m³ apart, paid when nothing remains', () => {
    const totals = manifestTotals([parcel(1), parcel(2), parcel(3), parcel(4, { unite: 'M3', poids: 1.25 })]);
    expect(totals).toEqual({
      count: 4,
      poids: 0.3,
      volume: 1.25,
      montants: [{ devise: 'EUR', montantTotal: 0.4, reglement: 0.2, resteAPayer: 0.2 }],
    });
    expect(isPaid({ resteAPayer: 0 })).toBe(true);
    expect(isPaid({ resteAPayer: '0.01' })).toBe(false);
  });

  it("sums each currency apart, in its own minor unit, the departure's first even when empty", () => {
    const xof = (i: number, over: Partial<ManifestColis> = {}) =>
      parcel(i, { devise: 'XOF', montantTotal: 6560, reglement: 3280, resteAPayer: 3280, ...over });
    expect(manifestTotals([xof(1), xof(2, { montantTotal: '1000.5', reglement: 0, resteAPayer: '1000.5' })], 'XOF').montants).toEqual([
      { devise: 'XOF', montantTotal: 7561, reglement: 3280, resteAPayer: 4281 },
    ]);
    // Never added across currencies: a parcel in another currency (which the database does not allow) stays apart.
    expect(manifestTotals([xof(1), parcel(2)], 'XOF').montants).toEqual([
      { devise: 'XOF', montantTotal: 6560, reglement: 3280, resteAPayer: 3280 },
      { devise: 'EUR', montantTotal: 0.1, reglement: 0, resteAPayer: 0.1 },
    ]);
    expect(manifestTotals([], 'XOF').montants).toEqual([{ devise: 'XOF', montantTotal: 0, reglement: 0, resteAPayer: 0 }]);
    // Paid to the franc: 0.4 F rounds to 0, 0.5 F to 1.
    expect(isPaid({ resteAPayer: '0.4', devise: 'XOF' })).toBe(true);
    expect(isPaid({ resteAPayer: '0.5', devise: 'XOF' })).toBe(false);
  });

  it("takes the parcel's currency, else its departure's, else the euro", () => {
    expect(manifestColisFrom({ reference: 'R1', devise: 'XAF' }, 'XOF').devise).toBe('XAF');
    expect(manifestColisFrom({ reference: 'R1' }, 'XOF').devise).toBe('XOF');
    expect(manifestColisFrom({ reference: 'R1' }).devise).toBe('EUR');
  });

  it('lays the rows out on pages and keeps room for the totals', () => {
    expect(manifestPages(0, 10, 20, 3)).toEqual([[0, 0]]);
    expect(manifestPages(5, 10, 20, 3)).toEqual([[0, 5]]);
    expect(manifestPages(8, 10, 20, 3)).toEqual([
      [0, 8],
      [8, 8],
    ]);
    expect(manifestPages(35, 10, 20, 3)).toEqual([
      [0, 10],
      [10, 30],
      [30, 35],
    ]);
    const pages = manifestPages(2000, MANIFEST_ROWS.first, MANIFEST_ROWS.next, MANIFEST_ROWS.totals);
    expect(pages.at(-1)![1]).toBe(2000);
    expect(pages.every(([start], i) => i === 0 || start === pages[i - 1]![1])).toBe(true);
  });

  it('fills templates and names the files', () => {
    expect(fill('Page %{page} / %{pages}', { page: 1, pages: 3 })).toBe('Page 1 / 3');
    expect(fill('%{x} %{missing}', { x: 'a' })).toBe('a %{missing}');
    expect(manifestFileName('DEP-1')).toBe('manifeste-DEP-1.pdf');
    expect(labelsFileName('DEP-1')).toBe('etiquettes-DEP-1.pdf');
  });

  it('loads page after page until the total, reporting progress; stops when aborted', async () => {
    const rows = Array.from({ length: 7 }, (_, i) => ({ reference: `R${i}`, poids: 1 }));
    const calls: number[] = [];
    const loadPage = async (page: number, perPage: number): Promise<ManifestPage> => {
      calls.push(page);
      return {
        envoi: { reference: 'DEP-1', paysID: { libelle: 'Sénégal' }, devise: 'XOF' },
        datas: rows.slice((page - 1) * perPage, page * perPage),
        total: 7,
      };
    };
    const seen: string[] = [];
    const data = await loadManifest(loadPage, 3, (done, total) => seen.push(`${done}/${total}`));
    expect(calls).toEqual([1, 2, 3]);
    expect(seen).toEqual(['3/7', '6/7', '7/7']);
    expect(data.colis.map((c) => c.reference)).toEqual(rows.map((r) => r.reference));
    expect(data.envoi.destination).toBe('Sénégal');
    expect(data.envoi.devise).toBe('XOF');
    expect(data.colis.every((c) => c.devise === 'XOF')).toBe(true);
    const controller = new AbortController();
    controller.abort(new Error('annulé'));
    await expect(loadManifest(loadPage, 3, undefined, controller.signal)).rejects.toThrow('annulé');
  });
});

describe('pdf kit', () => {
  it('draws the same dark modules as the QR code, merged into runs', () => {
    const text = 'PAR1-2611-000123';
    const { size, runs } = qrRuns(text);
    const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
    expect(size).toBe(qr.modules.size);
    const dark = new Set<string>();
    for (const [row, col, length] of runs) for (let c = col; c < col + length; c += 1) dark.add(`${row},${c}`);
    for (let row = 0; row < size; row += 1)
      for (let col = 0; col < size; col += 1) expect(dark.has(`${row},${col}`), `${row},${col}`).toBe(!!qr.modules.get(row, col));
    expect(runs.length).toBeLessThan(dark.size);
  });

  it('cuts text to a width with an ellipsis', () => {
    const doc = new jsPDF({ unit: 'mm' });
    doc.setFontSize(8);
    expect(fitText(doc, 'Court', 50)).toBe('Court');
    const cut = fitText(doc, 'Konaté Abdoulaye Mamadou Ibrahim Junior', 20);
    expect(cut.endsWith('…')).toBe(true);
    expect(doc.getTextWidth(cut)).toBeLessThanOrEqual(20);
    expect(fitText(doc, 'a\u202fb', 50)).toBe('a b');
  });
});

describe('manifest and labels PDFs', () => {
  const data: ManifestData = { envoi, colis: Array.from({ length: 120 }, (_, i) => parcel(i)) };

  it('manifest: header, every reference, totals and Page N / M, progress by chunks', () => {
    const progress: number[] = [];
    const doc = buildManifestPdf(data, (done) => progress.push(done), { compress: false, today: new Date('2026-11-22T10:00:00Z') });
    const pages = doc.getNumberOfPages();
    const expected = manifestPages(120, MANIFEST_ROWS.first, MANIFEST_ROWS.next, MANIFEST_ROWS.totals).length;
    expect(pages).toBe(expected);
    const text = textOf(doc);
    for (const c of data.colis) expect(text).toContain(c.reference);
    for (let p = 1; p <= pages; p += 1) expect(text).toContain(`Page ${p} / ${pages}`);
    expect(text).toContain('MANIFESTE DE D');
    expect(text).toContain('DEP-2611-0042');
    expect(text).toContain('25/11/2026');
    expect(text).toContain('27/11/2026');
    expect(text).toContain('12 kg'); // 120 × 0.1 kg, exact
    expect(progress).toEqual([CHUNK, 2 * CHUNK, 120]);
    expect(text).toContain(`(12,00 ${EURO_PDF})`); // 120 × 0.10 €, exact
  }, 60_000);

  it('manifest of a Dakar departure: every amount and total in F CFA, none in euros', () => {
    const dakar: ManifestData = {
      envoi: { ...envoi, devise: 'XOF' },
      colis: Array.from({ length: 3 }, (_, i) =>
        parcel(i, { devise: 'XOF', montantTotal: 6560, reglement: i ? 6560 : 0, resteAPayer: i ? 0 : 6560 }),
      ),
    };
    const text = textOf(buildManifestPdf(dakar, undefined, { compress: false, today: new Date('2026-11-22T10:00:00Z') }));
    expect(text).toContain('(6 560 F CFA)');
    expect(text).toContain('(Dû 6 560 F CFA)');
    expect(text).toContain('(19 680 F CFA)'); // total
    expect(text).toContain('(13 120 F CFA)'); // paid
    expect(text).not.toContain(EURO_PDF);
  }, 60_000);

  it('labels: one 100 × 150 mm page per parcel, each reference, destination and count', () => {
    const few: ManifestData = { envoi, colis: data.colis.slice(0, 30) };
    const doc = buildLabelsPdf(few, undefined, { compress: false });
    expect(doc.getNumberOfPages()).toBe(30);
    const { width, height } = doc.internal.pageSize;
    expect(Math.round(width)).toBe(100);
    expect(Math.round(height)).toBe(150);
    const text = textOf(doc);
    for (const c of few.colis) expect(text).toContain(`(${c.reference})`);
    expect(text).toContain('Colis 30 / 30');
    expect(text).toContain('DAKAR');
  }, 60_000);
});
