/**
 * The two PDFs of a departure (docs/decisions/departure-manifest.md), drawn with jspdf:
 * - the manifest, A4 portrait: the departure's header (reference, mode, origin → destination, departure date,
 *   expected arrival), a table of every parcel (reference, sender, recipient, natures, weight, amount, paid or due),
 *   the totals (count, weight, total, paid, due) and 'Page N / M' on every page; amounts in the parcels' currency
 *   (the departure's, docs/decisions/currencies.md), totals per currency;
 * - the labels, one 100 × 150 mm page per parcel: departure band, reference in large type, QR code of the reference,
 *   destination (city, country, pick-up agency when known), recipient, weight, departure date.
 * French formatting through common/format.ts and formatDateFr. Both call `onProgress(done)` every CHUNK parcels; they
 * run in a Web Worker (./manifest.worker.ts) so that 2 000 parcels never freeze the page.
 */
import { jsPDF } from 'jspdf';
import { formatKg, formatMontant } from '../../../common/format';
import { formatDateFr } from '../../kit/formatDate';
import { drawQr, fill, fitText, font, PALETTE, pdfText, type Rgb } from '../../kit/pdfKit';
import { manifestFr } from '../../i18n/fr/manifest';
import {
  formatCount,
  isPaid,
  manifestPages,
  type ManifestMontants,
  manifestTotals,
  type ManifestColis,
  type ManifestData,
  type ManifestEnvoi,
} from './manifestData';

/** Parcels drawn between two progress reports. */
export const CHUNK = 50;

/** Progress callback: parcels drawn so far. */
export type OnProgress = (done: number) => void;

const t = manifestFr.pdf;
const { INK, MUTED, BRAND, STRIPE, RULE, DUE, PAID } = PALETTE;

/** 'origin → destination', the arrow drawn (the standard fonts have none); returns the width used. */
function drawRoute(doc: jsPDF, envoi: ManifestEnvoi, x: number, y: number): number {
  const from = pdfText(envoi.origine || '--');
  doc.text(from, x, y);
  const ax = x + doc.getTextWidth(from) + 1.5;
  const ay = y - doc.getFontSize() * 0.12;
  doc.setLineWidth(0.3);
  doc.line(ax, ay, ax + 5, ay);
  doc.line(ax + 5, ay, ax + 3.8, ay - 0.9);
  doc.line(ax + 5, ay, ax + 3.8, ay + 0.9);
  const to = pdfText(envoi.destination || '--');
  doc.text(to, ax + 6.5, y);
  return ax + 6.5 + doc.getTextWidth(to) - x;
}

// ------------------------------------------------------------------------------------------------ manifest

/** A4 portrait in mm, and the table's geometry. */
const A4 = { width: 210, height: 297, margin: 12 };
const ROW = 5.6;
const FIRST_TABLE_Y = 62;
const NEXT_TABLE_Y = 24;
const TABLE_BOTTOM = A4.height - 18;
const TOTALS_ROWS = 6;

/** Columns of the manifest table: width in mm, right-aligned numbers. */
const COLUMNS: { key: keyof typeof t; width: number; right?: boolean }[] = [
  { key: 'reference', width: 30 },
  { key: 'expediteur', width: 31 },
  { key: 'destinataire', width: 31 },
  { key: 'natures', width: 27 },
  { key: 'poids', width: 16, right: true },
  { key: 'montant', width: 24, right: true },
  { key: 'paiement', width: 27, right: true },
];

/** Rows that fit under the first page's header and on the next pages. */
export const MANIFEST_ROWS = {
  first: Math.floor((TABLE_BOTTOM - FIRST_TABLE_Y - ROW) / ROW),
  next: Math.floor((TABLE_BOTTOM - NEXT_TABLE_Y - ROW) / ROW),
  totals: TOTALS_ROWS,
};

/** The first page's header: title band, reference, the departure's facts. */
function drawManifestHeader(doc: jsPDF, envoi: ManifestEnvoi, printed: string) {
  const { width, margin } = A4;
  doc.setFillColor(...BRAND);
  doc.rect(0, 0, width, 26, 'F');
  font(doc, 16, 'bold', [255, 255, 255]);
  doc.text(pdfText(t.title), margin, 12);
  font(doc, 9, 'normal', [215, 225, 240]);
  doc.text(pdfText(`${t.printed} ${printed}`), margin, 19);
  font(doc, 8, 'normal', [215, 225, 240]);
  doc.text(pdfText(t.departure.toUpperCase()), width - margin, 9, { align: 'right' });
  font(doc, 18, 'bold', [255, 255, 255]);
  doc.text(pdfText(envoi.reference), width - margin, 18, { align: 'right' });

  // Four facts in boxes.
  const facts: [string, (x: number, y: number) => void][] = [
    [t.mode, (x, y) => doc.text(fitText(doc, envoi.mode || '--', 40), x, y)],
    [t.route, (x, y) => drawRoute(doc, envoi, x, y)],
    [t.dateDebut, (x, y) => doc.text(formatDateFr(envoi.dateDebut), x, y)],
    [t.dateArrive, (x, y) => doc.text(formatDateFr(envoi.dateArrive), x, y)],
  ];
  const widths = [40, 66, 40, 40];
  let x = margin;
  doc.setDrawColor(...RULE);
  doc.setLineWidth(0.3);
  facts.forEach(([label, draw], i) => {
    const w = widths[i]!;
    doc.roundedRect(x, 32, w - 2, 18, 1.5, 1.5, 'S');
    font(doc, 7, 'normal', MUTED);
    doc.text(pdfText(label.toUpperCase()), x + 3, 38);
    font(doc, 11, 'bold', INK);
    doc.setDrawColor(...INK);
    draw(x + 3, 45.5);
    doc.setDrawColor(...RULE);
    x += w;
  });
}

/** The table's column titles at `y` (top of the header row). */
function drawTableHead(doc: jsPDF, y: number) {
  const { margin, width } = A4;
  doc.setFillColor(...BRAND);
  doc.rect(margin, y, width - 2 * margin, ROW + 0.4, 'F');
  font(doc, 7.5, 'bold', [255, 255, 255]);
  let x = margin;
  for (const col of COLUMNS) {
    const label = pdfText(t[col.key] as string);
    if (col.right) doc.text(label, x + col.width - 1.5, y + 3.9, { align: 'right' });
    else doc.text(label, x + 1.5, y + 3.9);
    x += col.width;
  }
}

/** One parcel row at `y` (top), striped every other row. */
function drawRow(doc: jsPDF, c: ManifestColis, y: number, striped: boolean) {
  const { margin, width } = A4;
  if (striped) {
    doc.setFillColor(...STRIPE);
    doc.rect(margin, y, width - 2 * margin, ROW, 'F');
  }
  const paid = isPaid(c);
  const cells = [
    c.reference,
    c.expediteur || '--',
    c.destinataire || '--',
    c.natures || '--',
    formatKg(c.poids, c.unite),
    formatMontant(c.montantTotal, c.devise),
    paid ? t.paid : fill(t.due, { amount: formatMontant(c.resteAPayer, c.devise) }),
  ];
  let x = margin;
  COLUMNS.forEach((col, i) => {
    const last = i === COLUMNS.length - 1;
    font(doc, 7.5, i === 0 ? 'bold' : 'normal', last ? (paid ? PAID : DUE) : INK);
    const text = fitText(doc, cells[i]!, col.width - 3);
    if (col.right) doc.text(text, x + col.width - 1.5, y + 3.8, { align: 'right' });
    else doc.text(text, x + 1.5, y + 3.8);
    x += col.width;
  });
}

/** One total in each currency, ' + ' between them (one currency on a departure, but never added across). */
const totalText = (montants: readonly ManifestMontants[], key: 'montantTotal' | 'reglement' | 'resteAPayer') =>
  montants.map((m) => formatMontant(m[key], m.devise)).join(' + ');

/** The totals block at `y` (top): count, weight (and volume), total, paid, due (in the departure's currency). */
function drawTotals(doc: jsPDF, colis: readonly ManifestColis[], devise: string, y: number) {
  const { margin, width } = A4;
  const totals = manifestTotals(colis, devise);
  const cells: [string, string, Rgb][] = [
    [t.count, formatCount(totals.count), INK],
    [t.poidsTotal, formatKg(totals.poids), INK],
    ...(totals.volume > 0 ? [[t.volumeTotal, formatKg(totals.volume, 'M3'), INK] as [string, string, Rgb]] : []),
    [t.montantTotal, totalText(totals.montants, 'montantTotal'), INK],
    [t.regle, totalText(totals.montants, 'reglement'), PAID],
    [t.reste, totalText(totals.montants, 'resteAPayer'), DUE],
  ];
  const inner = width - 2 * margin;
  doc.setDrawColor(...BRAND);
  doc.setLineWidth(0.5);
  doc.line(margin, y + 2, width - margin, y + 2);
  font(doc, 9, 'bold', BRAND);
  doc.text(pdfText(t.totals.toUpperCase()), margin, y + 8);
  const w = inner / cells.length;
  cells.forEach(([label, value, color], i) => {
    const x = margin + i * w;
    doc.setFillColor(...STRIPE);
    doc.rect(x + 0.5, y + 11, w - 1, 17, 'F');
    font(doc, 7, 'normal', MUTED);
    doc.text(pdfText(label.toUpperCase()), x + w / 2, y + 17, { align: 'center' });
    font(doc, 11, 'bold', color);
    doc.text(fitText(doc, value, w - 3), x + w / 2, y + 24.5, { align: 'center' });
  });
}

/** The footer of a page: the departure and print date left, 'Page N / M' right. */
function drawFooter(doc: jsPDF, envoi: ManifestEnvoi, printed: string, page: number, pages: number) {
  const { width, height, margin } = A4;
  doc.setDrawColor(...RULE);
  doc.setLineWidth(0.3);
  doc.line(margin, height - 12, width - margin, height - 12);
  font(doc, 7.5, 'normal', MUTED);
  doc.text(pdfText(`${t.title} ${envoi.reference} - ${t.printed} ${printed}`), margin, height - 7);
  doc.text(fill(t.page, { page, pages }), width - margin, height - 7, { align: 'right' });
}

/** Options of both builders: `compress` the page streams (default true; the web tests read them uncompressed). */
export interface BuildOptions {
  compress?: boolean;
  /** The print date of the manifest (default now). */
  today?: Date;
}

/**
 * Builds the manifest (A4 portrait).
 * @param onProgress called with the parcels drawn, every CHUNK and at the end
 * @returns the document; the caller reads doc.output('arraybuffer')
 */
export function buildManifestPdf(
  data: ManifestData,
  onProgress?: OnProgress,
  { compress = true, today = new Date() }: BuildOptions = {},
): jsPDF {
  const doc = new jsPDF({ orientation: 'portrait', unit: 'mm', format: 'a4', compress });
  doc.setProperties({ title: pdfText(`${t.title} ${data.envoi.reference}`), subject: data.envoi.reference });
  const printed = formatDateFr(today);
  const pages = manifestPages(data.colis.length, MANIFEST_ROWS.first, MANIFEST_ROWS.next, MANIFEST_ROWS.totals);
  pages.forEach(([start, end], index) => {
    if (index > 0) doc.addPage('a4', 'portrait');
    let y: number;
    if (index === 0) {
      drawManifestHeader(doc, data.envoi, printed);
      y = FIRST_TABLE_Y;
    } else {
      font(doc, 9, 'bold', BRAND);
      doc.text(pdfText(fill(t.continued, { reference: data.envoi.reference })), A4.margin, 16);
      y = NEXT_TABLE_Y;
    }
    if (end > start || index === 0) {
      drawTableHead(doc, y);
      y += ROW + 0.4;
    }
    for (let i = start; i < end; i += 1) {
      drawRow(doc, data.colis[i]!, y, (i - start) % 2 === 1);
      y += ROW;
      if ((i + 1) % CHUNK === 0) onProgress?.(i + 1);
    }
    if (index === pages.length - 1) drawTotals(doc, data.colis, data.envoi.devise, y + 2);
    drawFooter(doc, data.envoi, printed, index + 1, pages.length);
  });
  onProgress?.(data.colis.length);
  return doc;
}

// ------------------------------------------------------------------------------------------------ labels

/** A label in mm. */
const LABEL = { width: 100, height: 150, margin: 6 };

/** Text centred on the label, shrunk from `size` down to `min` pt until it fits the inner width, then cut. */
function centred(doc: jsPDF, text: string, y: number, size: number, min: number, style: 'normal' | 'bold', color: Rgb = INK) {
  const inner = LABEL.width - 2 * LABEL.margin;
  let s = size;
  font(doc, s, style, color);
  while (s > min && doc.getTextWidth(pdfText(text)) > inner) {
    s -= 1;
    doc.setFontSize(s);
  }
  doc.text(fitText(doc, text, inner), LABEL.width / 2, y, { align: 'center' });
}

/** One label on the current page. */
function drawLabel(doc: jsPDF, envoi: ManifestEnvoi, c: ManifestColis, index: number, count: number) {
  const { width, margin } = LABEL;
  // Departure band.
  doc.setFillColor(...BRAND);
  doc.rect(0, 0, width, 15, 'F');
  font(doc, 9, 'bold', [255, 255, 255]);
  doc.text(pdfText(`${t.label_depart.toUpperCase()} ${envoi.reference}`), margin, 6.5);
  font(doc, 7.5, 'normal', [215, 225, 240]);
  doc.setDrawColor(215, 225, 240);
  const route = `${envoi.mode ? `${envoi.mode} - ` : ''}`;
  doc.text(pdfText(route), margin, 11.5);
  drawRoute(doc, envoi, margin + doc.getTextWidth(pdfText(route)), 11.5);
  doc.text(fill(t.label_count, { index: formatCount(index), count: formatCount(count) }), width - margin, 6.5, { align: 'right' });

  // Reference and its QR code.
  centred(doc, c.reference, 26, 24, 14, 'bold');
  drawQr(doc, c.reference, (width - 46) / 2, 30, 46);

  // Destination.
  doc.setDrawColor(...RULE);
  doc.setLineWidth(0.3);
  doc.line(margin, 81, width - margin, 81);
  font(doc, 7, 'normal', MUTED);
  doc.text(pdfText(t.label_destination.toUpperCase()), margin, 86);
  centred(doc, (c.ville || envoi.destination || '--').toUpperCase(), 94, 20, 11, 'bold');
  centred(doc, envoi.destination || '', 100, 11, 8, 'normal');
  const retrait = c.retraitAgence
    ? c.agenceRetrait
      ? fill(t.label_retrait, { agence: c.agenceRetrait })
      : t.label_retrait_agence
    : t.label_domicile;
  centred(doc, retrait, 106, 9, 7, 'bold', BRAND);

  // Recipient.
  doc.line(margin, 110, width - margin, 110);
  font(doc, 7, 'normal', MUTED);
  doc.text(pdfText(t.label_destinataire.toUpperCase()), margin, 115);
  centred(doc, c.destinataire || '--', 121.5, 13, 8, 'bold');
  centred(doc, c.destinataireTelephone || '', 127, 10, 7, 'normal');

  // Weight and departure date.
  const boxY = 131;
  const boxW = (width - 2 * margin - 2) / 2;
  doc.setFillColor(...STRIPE);
  doc.rect(margin, boxY, boxW, 13, 'F');
  doc.rect(margin + boxW + 2, boxY, boxW, 13, 'F');
  font(doc, 6.5, 'normal', MUTED);
  doc.text(pdfText(t.label_poids.toUpperCase()), margin + boxW / 2, boxY + 4.5, { align: 'center' });
  doc.text(pdfText(t.dateDebut.toUpperCase()), margin + boxW + 2 + boxW / 2, boxY + 4.5, { align: 'center' });
  font(doc, 12, 'bold', INK);
  doc.text(pdfText(formatKg(c.poids, c.unite)), margin + boxW / 2, boxY + 10.5, { align: 'center' });
  doc.text(formatDateFr(envoi.dateDebut), margin + boxW + 2 + boxW / 2, boxY + 10.5, { align: 'center' });
}

/**
 * Builds the labels, one 100 × 150 mm portrait page per parcel, in the parcels' order.
 * @param onProgress called with the labels drawn, every CHUNK and at the end
 */
export function buildLabelsPdf(data: ManifestData, onProgress?: OnProgress, { compress = true }: BuildOptions = {}): jsPDF {
  const format = [LABEL.width, LABEL.height];
  const doc = new jsPDF({ orientation: 'portrait', unit: 'mm', format, compress });
  doc.setProperties({ title: pdfText(`${t.label_depart} ${data.envoi.reference}`), subject: data.envoi.reference });
  const count = data.colis.length;
  data.colis.forEach((c, i) => {
    if (i > 0) doc.addPage(format, 'portrait');
    drawLabel(doc, data.envoi, c, i + 1, count);
    if ((i + 1) % CHUNK === 0) onProgress?.(i + 1);
  });
  onProgress?.(count);
  return doc;
}
