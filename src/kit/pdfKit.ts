/**
 * Drawing helpers shared by the PDFs built in the browser with jspdf (the parcel receipt, src/colis/receipt.ts; the
 * departure manifest and labels, src/departs/manifest/; the 'Arrêté de caisse', src/caisse/arretePdf.ts): text for the
 * standard fonts, the French templates filled, the house palette and font, the page break before a block, and a QR
 * code drawn as vector rectangles from the modules of `qrcode` (no canvas, so the same code runs in a Web Worker and in
 * the web tests).
 */
import type { jsPDF } from 'jspdf';
import QRCode, { type QRCodeSegment } from 'qrcode';

/** Text for the standard PDF fonts: the narrow and plain no-break spaces of Intl become plain spaces. */
export function pdfText(text: string): string {
  return text.replace(/[\u202f\u00a0]/g, ' ');
}

/**
 * A polyglot-style template filled with values: fill('Page %{page}', {page: 2}) → 'Page 2'. A placeholder without a
 * value stays as written ('%{missing}'), so a forgotten value shows instead of vanishing.
 */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/%\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

/** A colour as jspdf's setTextColor / setFillColor / setDrawColor take it: red, green, blue from 0 to 255. */
export type Rgb = readonly [number, number, number];

/**
 * The house palette of the PDFs: INK the text, MUTED labels and footers, BRAND the title bands, STRIPE striped rows
 * and header fills, RULE the lines, DUE what is owed or a difference (red), PAID what is settled (green).
 */
export const PALETTE: Readonly<Record<'INK' | 'MUTED' | 'BRAND' | 'STRIPE' | 'RULE' | 'DUE' | 'PAID', Rgb>> = {
  INK: [33, 33, 33],
  MUTED: [110, 110, 110],
  BRAND: [21, 61, 110],
  STRIPE: [242, 245, 249],
  RULE: [200, 205, 212],
  DUE: [183, 28, 28],
  PAID: [46, 125, 50],
};

/** Sets the font (helvetica `style`), its size in pt and the text colour (INK by default) in one call. */
export function font(doc: jsPDF, size: number, style: 'normal' | 'bold' = 'normal', color: Rgb = PALETTE.INK): void {
  doc.setFont('helvetica', style);
  doc.setFontSize(size);
  doc.setTextColor(...color);
}

/**
 * Breaks the page before a block that would run past the bottom margin: when `needed` (document unit, mm) does not fit
 * below `y` above `pageHeight − margin`, adds a page of the same format and returns the first baseline of the new
 * page (`margin + 5`); else returns `y` unchanged (so `ensureRoom(doc, y, n) !== y` says a page was added).
 * @param y the baseline the block would start at
 * @param needed the height of the block
 * @param margin the page's margin (default 10)
 */
export function ensureRoom(doc: jsPDF, y: number, needed: number, margin = 10): number {
  if (y + needed <= doc.internal.pageSize.getHeight() - margin) return y;
  doc.addPage();
  return margin + 5;
}

/**
 * The dark runs of a QR code of `text`, row by row: each run is [row, first column, length] in modules. Adjacent dark
 * modules of a row make one run, so a code is drawn with about a third of the rectangles of one per module.
 * @returns the side in modules and the runs
 */
export function qrRuns(text: string): { size: number; runs: [number, number, number][] } {
  // One segment of a known mode skips the library's segment optimiser (the slowest step for a short text).
  const segment: QRCodeSegment = /^[0-9A-Z $%*+\-./:]*$/.test(text)
    ? { data: text, mode: 'alphanumeric' }
    : { data: new TextEncoder().encode(text), mode: 'byte' };
  const qr = QRCode.create([segment], { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const runs: [number, number, number][] = [];
  for (let row = 0; row < size; row += 1) {
    let start = -1;
    for (let col = 0; col <= size; col += 1) {
      const dark = col < size && qr.modules.get(row, col);
      if (dark && start < 0) start = col;
      if (!dark && start >= 0) {
        runs.push([row, start, col - start]);
        start = -1;
      }
    }
  }
  return { size, runs };
}

/**
 * Draws the QR code of `text` (error correction M) as black squares, top-left corner at (x, y), `side` wide and high,
 * in the document's unit (mm). Leaves the fill colour black.
 */
export function drawQr(doc: jsPDF, text: string, x: number, y: number, side: number): void {
  const { size, runs } = qrRuns(text);
  const cell = side / size;
  doc.setFillColor(0, 0, 0);
  for (const [row, col, length] of runs) doc.rect(x + col * cell, y + row * cell, length * cell, cell, 'F');
}

/**
 * `text` cut to fit `width` (document unit) in the current font, with '…' when cut (table cells).
 * Reads the width through the document, so the font and size must be set first.
 */
export function fitText(doc: jsPDF, text: string, width: number): string {
  const clean = pdfText(text);
  const font = doc.getFont();
  const key = `${font.fontName}|${font.fontStyle}|${doc.getFontSize()}|${width}|${clean}`;
  let fitted = fitted_.get(key);
  if (fitted === undefined) {
    fitted = clean;
    if (doc.getTextWidth(clean) > width) {
      // Longest prefix that fits with the ellipsis, by bisection.
      let lo = 0;
      let hi = clean.length;
      while (lo < hi) {
        const mid = Math.ceil((lo + hi) / 2);
        if (doc.getTextWidth(`${clean.slice(0, mid)}…`) <= width) lo = mid;
        else hi = mid - 1;
      }
      fitted = `${clean.slice(0, lo).trimEnd()}…`;
    }
    if (fitted_.size > 5000) fitted_.clear();
    fitted_.set(key, fitted);
  }
  return fitted;
}

/** fitText's answers by font, size, width and text: names and natures repeat down a 2 000-row manifest. */
const fitted_ = new Map<string, string>();
