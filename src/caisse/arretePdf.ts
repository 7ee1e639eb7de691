/**
 * The 'Arrêté de caisse' PDF of a closing (docs/decisions/refunds-and-cash.md), built in the browser with jspdf in the
 * house style of the parcel receipt (src/colis/receipt.ts, src/common/pdfKit.ts): A4 portrait; the agency, the day, who
 * closed it and when (and the reopening, if any); one row per line — payment mode (or the cash operations), currency,
 * expected, counted, difference (in red when not zero) — each amount in its currency (common/format.ts formatMontant);
 * the differences per currency; the comment; a signatures box 'Caissier' / 'Responsable'. Takes a closing as
 * caisse/getBy answers it.
 */
import { jsPDF } from 'jspdf';
import { isoToFr } from '../../common/dates';
import { formatMontant } from '../../common/format';
import { formatDateFr } from '../common/formatDate';
import { fitText, pdfText } from '../common/pdfKit';
import { fr } from '../i18n/fr';
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

/** A person's full name. */
const nomOf = (p: { nom: string; prenoms: string } | null | undefined) => (p ? [p.nom, p.prenoms].filter(Boolean).join(' ') : '--');

/** Replaces the %{name} placeholders of a French text. */
const fill = (text: string, values: Record<string, string>) => text.replace(/%\{(\w+)\}/g, (_, k: string) => values[k] ?? '');

/**
 * Builds the 'Arrêté de caisse' (A4 portrait, uncompressed so its text stays searchable in tests).
 * @param cloture a closing with its counted lines
 * @param now the printing instant (the footer)
 * @returns the jsPDF document; the caller saves it (downloadArrete) or reads doc.output()
 */
export function buildArretePdf(cloture: CaisseClotureDetail, now: Date = new Date()): jsPDF {
  const t = fr.resources.caisse.pdf;
  const doc = new jsPDF({ orientation: 'portrait', unit: 'mm', format: 'a4', compress: false });
  doc.setProperties({ title: pdfText(`${t.title} ${cloture.agenceID.code} ${cloture.jour}`), subject: cloture.agenceID.libelle });
  const { width, height, margin } = PAGE;
  const inner = width - 2 * margin;

  // Title and header.
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(16);
  doc.text(pdfText(t.title), width / 2, margin + 6, { align: 'center' });
  let y = margin + 18;
  const field = (label: string, value: string, x: number) => {
    doc.setFont('helvetica', 'normal');
    doc.setFontSize(9);
    doc.setTextColor(90, 90, 90);
    doc.text(pdfText(label), x, y);
    doc.setTextColor(0, 0, 0);
    doc.setFont('helvetica', 'bold');
    doc.setFontSize(11);
    doc.text(fitText(doc, value, inner / 2 - 4), x, y + 5);
  };
  field(t.agence, `${cloture.agenceID.libelle} (${cloture.agenceID.code})`, margin);
  field(t.jour, isoToFr(cloture.jour), margin + inner / 2);
  y += 13;
  field(t.auteur, nomOf(cloture.auteur), margin);
  field(t.createdAt, formatDateFr(cloture.createdAt, 'dd/MM/yyyy HH:mm'), margin + inner / 2);
  y += 12;
  if (cloture.rouverte) {
    doc.setFont('helvetica', 'bold');
    doc.setFontSize(9);
    doc.setTextColor(183, 28, 28);
    const text = fill(t.rouverte, {
      date: formatDateFr(cloture.rouverteAt, 'dd/MM/yyyy HH:mm'),
      auteur: nomOf(cloture.rouvertePar),
      motif: cloture.motifReouverture ?? '',
    });
    const lines = doc.splitTextToSize(pdfText(text), inner) as string[];
    doc.text(lines, margin, y);
    doc.setTextColor(0, 0, 0);
    y += lines.length * 4.5 + 2;
  }

  // The lines: header, rows.
  doc.setDrawColor(160, 160, 160);
  doc.setFillColor(232, 238, 247);
  doc.rect(margin, y - 5, inner, 8, 'F');
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(9);
  const headers: Record<(typeof COLUMNS)[number]['key'], string> = {
    mode: t.mode,
    devise: t.devise,
    attendu: t.attendu,
    compte: t.compte,
    ecart: t.ecart,
  };
  for (const c of COLUMNS) doc.text(pdfText(headers[c.key]), c.x + (c.align === 'left' ? 1 : -1), y, { align: c.align });
  y += 8;
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(9.5);
  if (cloture.comptes.length === 0) {
    doc.text(pdfText(t.aucune_ligne), margin + 1, y);
    y += 7;
  }
  for (const l of cloture.comptes) {
    if (y > height - margin - 70) {
      doc.addPage('a4', 'portrait');
      y = margin + 6;
    }
    const cells: Record<(typeof COLUMNS)[number]['key'], string> = {
      mode: l.libelle,
      devise: l.devise,
      attendu: formatMontant(l.attendu, l.devise),
      compte: formatMontant(l.compte, l.devise),
      ecart: formatEcart(l.ecart, l.devise),
    };
    for (const c of COLUMNS) {
      if (c.key === 'ecart' && ecartNonNul(l.ecart)) doc.setTextColor(183, 28, 28);
      doc.text(fitText(doc, cells[c.key], c.width), c.x + (c.align === 'left' ? 1 : -1), y, { align: c.align });
      doc.setTextColor(0, 0, 0);
    }
    doc.line(margin, y + 2.5, width - margin, y + 2.5);
    y += 7;
  }

  // The differences per currency.
  y += 3;
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(10);
  doc.text(pdfText(t.totaux), margin, y);
  doc.setFont('helvetica', 'normal');
  for (const e of cloture.ecarts) {
    y += 5.5;
    doc.text(pdfText(e.devise), margin + 4, y);
    if (ecartNonNul(e.ecart)) doc.setTextColor(183, 28, 28);
    doc.text(pdfText(formatEcart(e.ecart, e.devise)), margin + 60, y, { align: 'right' });
    doc.setTextColor(0, 0, 0);
  }

  // The comment.
  y += 10;
  doc.setFont('helvetica', 'bold');
  doc.text(pdfText(t.commentaire), margin, y);
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(9.5);
  const comment = doc.splitTextToSize(pdfText(cloture.commentaire || t.aucun_commentaire), inner) as string[];
  doc.text(comment.slice(0, 8), margin, y + 5.5);
  y += 5.5 + Math.min(comment.length, 8) * 4.5 + 6;

  // The signatures box: 'Caissier' and 'Responsable', side by side.
  if (y > height - margin - 45) {
    doc.addPage('a4', 'portrait');
    y = margin + 6;
  }
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(10);
  doc.text(pdfText(t.signatures), margin, y);
  y += 3;
  const boxWidth = (inner - 6) / 2;
  doc.setDrawColor(90, 90, 90);
  for (const [i, label] of [t.caissier, t.responsable].entries()) {
    const x = margin + i * (boxWidth + 6);
    doc.rect(x, y, boxWidth, 32);
    doc.setFont('helvetica', 'normal');
    doc.setFontSize(9);
    doc.text(pdfText(label), x + 3, y + 5.5);
  }

  // Footer.
  doc.setFontSize(7.5);
  doc.setTextColor(120, 120, 120);
  doc.text(pdfText(fill(t.edite, { date: formatDateFr(now, 'dd/MM/yyyy HH:mm') })), width - margin, height - 8, { align: 'right' });
  doc.setTextColor(0, 0, 0);
  return doc;
}

/** Builds the 'Arrêté de caisse' and downloads it as arrete-caisse-{agency}-{day}.pdf (browser only). */
export function downloadArrete(cloture: CaisseClotureDetail): void {
  buildArretePdf(cloture).save(arreteFileName(cloture.agenceID.code, cloture.jour));
}
