/**
 * The 'Arrêté de caisse' PDF of a closing (docs/decisions/refunds-and-cash.md), built in the browser with jspdf in the
 * house style of the parcel receipt and the manifest (src/kit/pdfKit.ts: palette, font, page breaks): A4 portrait;
 * the agency, the day, who closed it and when (and the reopening, if any); one row per line — payment mode (or the cash
 * operations), currency, expected, counted, difference (in red when not zero) — each amount in its currency
 * (common/format.ts formatMontant); the differences per currency; the conversion differences of the day's settling
 * amounts, per parcel currency (docs/decisions/currencies.md "The last minor units"), when any; the whole comment,
 * every line of it; a signatures box
 * 'Caissier' / 'Responsable'. A block that does not fit goes on a new page (the lines' header repeated), and every page
 * has the footer 'Édité le … - Page N / M'. Takes a closing as caisse/getBy answers it; its labels are the screen's
 * (resources.caisse fields, historique, page.title), the PDF's own texts are resources.caisse.pdf.
 */
import { jsPDF } from 'jspdf';
import { isoToFr } from '../../common/dates';
import { formatMontant } from '../../common/format';
import { formatDateFr } from '../kit/formatDate';
import { ensureRoom, fill, fitText, font, PALETTE, pdfText } from '../kit/pdfKit';
import { fr } from '../i18n/fr';
import { fullName } from '../providers/records';
import { arreteFileName, ecartNonNul, formatEcart } from './caisseView';
import type { CaisseClotureDetail } from './types';

/** A4 portrait in millimetres. */
const PAGE = { width: 210, height: 297, margin: 15 };

/** The columns of the lines' table: left edge (mm) and alignment. */
const COLUMNS = [
  { key: 'mode', x: PAGE.margin, width: 54, align: 'left' },
  { key: 'devise', x: PAGE.margin + 56, width: 16, align: 'left' },
  { key: 'attendu', x: PAGE.margin + 112, width: 36, align: 'right' },
  { key: 'compte', x: PAGE.margin + 146, width: 32, align: 'right' },
  { key: 'ecart', x: PAGE.width - PAGE.margin, width: 32, align: 'right' },
] as const;

/** Height of a row of the lines' table, and of a line of the comment (mm). */
const ROW = 7;
const LINE = 4.5;

/**
 * Builds the 'Arrêté de caisse' (A4 portrait, uncompressed so its text stays searchable in tests).
 * @param cloture a closing with its counted lines
 * @param now the printing instant (the footer)
 * @returns the jsPDF document; the caller saves it (downloadArrete) or reads doc.output()
 */
export function buildArretePdf(cloture: CaisseClotureDetail, now: Date = new Date()): jsPDF {
  const c = fr.resources.caisse;
  const t = c.pdf;
  const { INK, MUTED, DUE, STRIPE, RULE } = PALETTE;
  const doc = new jsPDF({ orientation: 'portrait', unit: 'mm', format: 'a4', compress: false });
  doc.setProperties({ title: pdfText(`${c.page.title} ${cloture.agenceID.code} ${cloture.jour}`), subject: cloture.agenceID.libelle });
  const { width, height, margin } = PAGE;
  const inner = width - 2 * margin;
  const room = (y: number, needed: number) => ensureRoom(doc, y, needed, margin);

  // Title and header.
  font(doc, 16, 'bold');
  doc.text(pdfText(c.page.title), width / 2, margin + 6, { align: 'center' });
  let y = margin + 18;
  const field = (label: string, value: string, x: number) => {
    font(doc, 9, 'normal', MUTED);
    doc.text(pdfText(label), x, y);
    font(doc, 11, 'bold');
    doc.text(fitText(doc, value, inner / 2 - 4), x, y + 5);
  };
  field(c.fields.agence, `${cloture.agenceID.libelle} (${cloture.agenceID.code})`, margin);
  field(c.historique.jour, isoToFr(cloture.jour), margin + inner / 2);
  y += 13;
  field(c.historique.auteur, fullName(cloture.auteur) || '--', margin);
  field(c.historique.createdAt, formatDateFr(cloture.createdAt, 'dd/MM/yyyy HH:mm'), margin + inner / 2);
  y += 12;
  if (cloture.rouverte) {
    font(doc, 9, 'bold', DUE);
    const text = fill(c.historique.rouverte_detail, {
      date: formatDateFr(cloture.rouverteAt, 'dd/MM/yyyy HH:mm'),
      auteur: fullName(cloture.rouvertePar) || '--',
      motif: cloture.motifReouverture ?? '',
    });
    for (const line of doc.splitTextToSize(pdfText(text), inner) as string[]) {
      y = room(y, LINE);
      doc.text(line, margin, y);
      y += LINE;
    }
    y += 2;
  }

  // The lines: header (again on each new page), rows.
  const headers: Record<(typeof COLUMNS)[number]['key'], string> = {
    mode: c.fields.mode,
    devise: c.fields.devise,
    attendu: c.fields.attendu,
    compte: c.fields.compte,
    ecart: c.fields.ecart,
  };
  const tableHead = () => {
    doc.setFillColor(...STRIPE);
    doc.rect(margin, y - 5, inner, 8, 'F');
    font(doc, 9, 'bold');
    for (const col of COLUMNS) doc.text(pdfText(headers[col.key]), col.x + (col.align === 'left' ? 1 : -1), y, { align: col.align });
    y += 8;
  };
  y = room(y, 8 + ROW);
  tableHead();
  doc.setDrawColor(...RULE);
  if (cloture.comptes.length === 0) {
    font(doc, 9.5);
    doc.text(pdfText(t.aucune_ligne), margin + 1, y);
    y += ROW;
  }
  for (const l of cloture.comptes) {
    const next = room(y, ROW);
    if (next !== y) {
      y = next;
      tableHead();
    }
    const cells: Record<(typeof COLUMNS)[number]['key'], string> = {
      mode: l.libelle,
      devise: l.devise,
      attendu: formatMontant(l.attendu, l.devise),
      compte: formatMontant(l.compte, l.devise),
      ecart: formatEcart(l.ecart, l.devise),
    };
    for (const col of COLUMNS) {
      font(doc, 9.5, 'normal', col.key === 'ecart' && ecartNonNul(l.ecart) ? DUE : INK);
      doc.text(fitText(doc, cells[col.key], col.width), col.x + (col.align === 'left' ? 1 : -1), y, { align: col.align });
    }
    doc.line(margin, y + 2.5, width - margin, y + 2.5);
    y += ROW;
  }

  // The differences per currency.
  y = room(y + 3, 5.5 * (cloture.ecarts.length + 1));
  font(doc, 10, 'bold');
  doc.text(pdfText(t.totaux), margin, y);
  for (const e of cloture.ecarts) {
    y = room(y + 5.5, 0);
    font(doc, 10);
    doc.text(pdfText(e.devise), margin + 4, y);
    font(doc, 10, 'normal', ecartNonNul(e.ecart) ? DUE : INK);
    doc.text(pdfText(formatEcart(e.ecart, e.devise)), margin + 60, y, { align: 'right' });
  }

  // The conversion differences of the day's settling amounts, per parcel currency: in the parcels, in no drawer line.
  const conversions = cloture.ecartsConversion ?? [];
  if (conversions.length > 0) {
    y = room(y + 8, 5.5 * (conversions.length + 2));
    font(doc, 10, 'bold');
    doc.text(pdfText(c.conversion.title), margin, y);
    font(doc, 8.5, 'normal', MUTED);
    for (const line of doc.splitTextToSize(pdfText(c.conversion.explication), inner) as string[]) {
      y = room(y + LINE, 0);
      doc.text(line, margin, y);
    }
    for (const e of conversions) {
      y = room(y + 5.5, 0);
      font(doc, 10);
      doc.text(pdfText(e.devise), margin + 4, y);
      doc.text(pdfText(formatEcart(e.ecart, e.devise)), margin + 60, y, { align: 'right' });
    }
  }

  // The comment, every line of it (up to 1 000 characters, its own line breaks kept), over as many pages as it needs.
  y = room(y + 10, 5.5 + LINE);
  font(doc, 10, 'bold');
  doc.text(pdfText(c.fields.commentaire), margin, y);
  y += 5.5;
  font(doc, 9.5);
  for (const line of doc.splitTextToSize(pdfText(cloture.commentaire || t.aucun_commentaire), inner) as string[]) {
    y = room(y, LINE);
    doc.text(line, margin, y);
    y += LINE;
  }
  y += 6;

  // The signatures box: 'Caissier' and 'Responsable', side by side.
  y = room(y, 40);
  font(doc, 10, 'bold');
  doc.text(pdfText(t.signatures), margin, y);
  y += 3;
  const boxWidth = (inner - 6) / 2;
  doc.setDrawColor(...MUTED);
  font(doc, 9);
  for (const [i, label] of [t.caissier, t.responsable].entries()) {
    const x = margin + i * (boxWidth + 6);
    doc.rect(x, y, boxWidth, 32);
    doc.text(pdfText(label), x + 3, y + 5.5);
  }

  // The footer of every page: when it was printed, and the page.
  const edite = fill(t.edite, { date: formatDateFr(now, 'dd/MM/yyyy HH:mm') });
  const pages = doc.getNumberOfPages();
  for (let page = 1; page <= pages; page += 1) {
    doc.setPage(page);
    font(doc, 7.5, 'normal', MUTED);
    doc.text(pdfText(`${c.page.title} ${cloture.agenceID.code} ${isoToFr(cloture.jour)}`), margin, height - 8);
    doc.text(pdfText(`${edite} - ${fill(t.page, { page, pages })}`), width - margin, height - 8, { align: 'right' });
  }
  return doc;
}

/** Builds the 'Arrêté de caisse' and downloads it as arrete-caisse-{agency}-{day}.pdf (browser only). */
export function downloadArrete(cloture: CaisseClotureDetail): void {
  buildArretePdf(cloture).save(arreteFileName(cloture.agenceID.code, cloture.jour));
}
