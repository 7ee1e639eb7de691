/**
 * The deposit receipt of a parcel (spec 000 §2 "Receipt PDF", §9 "A6 portrait with QR code"), built in the browser
 * with jspdf. Every amount is printed in the parcel's currency (docs/decisions/currencies.md). Every charge of the total
 * is a line of its own, so that the lines add up to the total (spec 000 §9 montantTotal = Σ nature lines +
 * complementary + delivery + expedition; audit 000 B6): each nature with its weight and amount, then the delivery,
 * expedition and complementary amounts the parcel holds now (an edit's new fees included; a fee of 0 is left out).
 * The payments follow the totals, and a payment tendered in another currency shows the amount tendered and the rate beside its equivalent; a
 * refund (docs/decisions/refunds-and-cash.md) is printed 'Remboursement', its negative amount and its reason. Its QR
 * code holds the parcel's public tracking address (docs/decisions/public-tracking.md,
 * `{PUBLIC_URL}/suivi/{token}` as colis/getByReference answers it), or the reference when no address is known; it is
 * drawn from the modules of `qrcode` as vector squares (no canvas, so the same code runs in the web tests). Takes plain
 * data: see ReceiptData.
 */
import { jsPDF } from 'jspdf';
import { isPositiveMontant, type DecimalInput } from '../../common/money';
import { DEVISE_COMPTABLE, tauxCroise } from '../../common/devises';
import { formatKg, formatMontant, tauxLibelle } from '../../common/format';
import type { Encaissement } from '../encaissements/types';
import { isRemboursement } from '../encaissements/encaissementRules';
import { ecartConversionDe } from '../encaissements/montantRemis';
import { formatDateFr } from '../kit/formatDate';
import { drawQr, ensureRoom, fill, font, PALETTE, pdfText } from '../kit/pdfKit';
import { fr } from '../i18n/fr';
import { destinataireOf, expediteurOf } from './model/colisRules';
import type { ColisRecord, ColisNatureDetail } from './model/types';

/** One nature line of the receipt: weight in kg (or m³), amount in the parcel's currency. */
interface ReceiptLine {
  libelle: string;
  poids: DecimalInput;
  unite?: string | null;
  montant: DecimalInput;
}

/** A fee of the parcel beside its nature lines (delivery, expedition, complementary): its label and amount. */
interface ReceiptFee {
  libelle: string;
  montant: DecimalInput;
}

/**
 * A payment as the receipt prints it: its date, mode and amount (the parcel's currency) and, when tendered in another
 * currency, the amount tendered, its currency and both rates of the day (units for 1 €). A refund (`remboursement`)
 * has a negative amount and its reason (`motif`).
 */
export interface ReceiptPayment {
  date: string | Date | null | undefined;
  mode: string;
  montant: DecimalInput;
  montantTendu?: DecimalInput;
  deviseTendue?: string | null;
  tauxTendu?: string | null;
  tauxColis?: string | null;
  /** The conversion difference a settling amount booked, in the parcel's currency. */
  ecartConversion?: DecimalInput;
  remboursement?: boolean;
  motif?: string | null;
}

/**
 * Everything the receipt prints (spec 000 §2 Receipt PDF); amounts in `devise` (the parcel's; the euro when absent),
 * dates ISO strings or Dates.
 */
export interface ReceiptData {
  reference: string;
  /** Deposit date (dateDepot), else the last update (updatedAt). */
  date: string | Date | null | undefined;
  expediteur: { nom: string; telephone: string };
  destinataire: { nom: string; telephone: string };
  lines: ReceiptLine[];
  /** The fees above 0 after the nature lines (receiptFees): with them the lines add up to montantTotal. */
  frais?: ReceiptFee[];
  montantTotal: DecimalInput;
  reglement: DecimalInput;
  resteAPayer: DecimalInput;
  devise?: string | null;
  /** The payments and refunds not cancelled, oldest first (none when the caller may not read them). */
  encaissements?: ReceiptPayment[];
  agence: { libelle: string; telephone?: string | null };
  /** Public tracking address of the parcel (docs/decisions/public-tracking.md), encoded in the QR code. */
  suiviUrl?: string | null;
}

/** What the receipt's QR code encodes: the tracking address, else the reference. */
export function receiptQrText(data: Pick<ReceiptData, 'reference' | 'suiviUrl'>): string {
  return data.suiviUrl || data.reference;
}

/** File name of a receipt: recu-{reference}.pdf. */
export function receiptFileName(reference: string): string {
  return `recu-${reference}.pdf`;
}

/**
 * The fees of a parcel as the receipt lists them after its natures, in the order of the wizard: delivery ('Frais de
 * livraison'), expedition ("Frais d'expédition"), complementary ('Montant complémentaire'); a fee of 0 (or none) is
 * left out, since it adds nothing to the total.
 */
function receiptFees(colis: ColisRecord): ReceiptFee[] {
  const t = fr.resources.colis.receipt;
  const fees: [string, DecimalInput][] = [
    [t.livraison, colis.montantLivraison],
    [t.expedition, colis.montantExpedition],
    [t.complementaire, colis.montantComplementaire],
  ];
  return fees.filter(([, montant]) => isPositiveMontant(montant)).map(([libelle, montant]) => ({ libelle, montant }));
}

/** What the receipt reads of a payment or a refund (encaissement/getByColisID). */
type PaiementLu = Pick<
  Encaissement,
  | 'createdAt'
  | 'modePaiementID'
  | 'montantEncaisse'
  | 'devise'
  | 'montantTendu'
  | 'deviseTendue'
  | 'tauxTendu'
  | 'tauxColis'
  | 'ecartConversion'
  | 'rembourseID'
  | 'motif'
>;

/**
 * Receipt data from colis/getByReference: the parcel (data) and its nature lines (natureColisDetails), and the
 * parcel's payments and refunds (encaissement/getByColisID, cancelled ones left out by the server).
 * The date is the deposit date, else the last update (spec 000 §2). `suiviUrl`: the answer's tracking address.
 */
export function receiptDataFrom(
  colis: ColisRecord,
  details: ColisNatureDetail[],
  suiviUrl?: string | null,
  encaissements: readonly PaiementLu[] = [],
): ReceiptData {
  return {
    suiviUrl: suiviUrl ?? null,
    reference: colis.reference,
    date: colis.dateDepot || colis.updatedAt || null,
    expediteur: expediteurOf(colis),
    destinataire: destinataireOf(colis),
    lines: details.map((d) => ({
      libelle: d.natureColisID?.libelle ?? '',
      poids: d.poids,
      unite: d.unitePoid ?? colis.unite,
      montant: d.prixTotal,
    })),
    frais: receiptFees(colis),
    montantTotal: colis.montantTotal,
    reglement: colis.reglement,
    resteAPayer: colis.resteAPayer,
    devise: colis.devise ?? encaissements[0]?.devise ?? null,
    encaissements: encaissements.map((e) => ({
      date: e.createdAt,
      mode: e.modePaiementID?.libelle ?? '',
      montant: e.montantEncaisse,
      montantTendu: e.montantTendu,
      deviseTendue: e.deviseTendue,
      tauxTendu: e.tauxTendu,
      tauxColis: e.tauxColis,
      ecartConversion: e.ecartConversion,
      remboursement: isRemboursement(e),
      motif: e.motif ?? null,
    })),
    agence: { libelle: colis.agenceID?.libelle ?? '', telephone: colis.agenceID?.telephoneComplet ?? null },
  };
}

/**
 * The line under a payment tendered in another currency: 'Remis 10,00 € à 1 EUR = 655,957 XOF', followed by the
 * conversion difference a settling amount booked (', arrondi du solde : +23 GNF', docs/decisions/currencies.md "The
 * last minor units"); undefined for a payment in the parcel's currency (or one whose rates are unknown).
 */
export function receiptTenduText(p: ReceiptPayment, devise: string | null | undefined): string | undefined {
  if (!p.deviseTendue || p.deviseTendue === devise || p.montantTendu == null || !p.tauxTendu || !p.tauxColis) return undefined;
  const taux = tauxLibelle(tauxCroise(p.tauxTendu, p.tauxColis), p.deviseTendue, devise || DEVISE_COMPTABLE);
  const remis = fill(fr.resources.colis.receipt.tendu, { montant: formatMontant(p.montantTendu, p.deviseTendue), taux });
  const ecart = ecartConversionDe({ devise, ecartConversion: p.ecartConversion });
  return ecart ? `${remis}, ${fill(fr.resources.encaissements.ecart_conversion, { ecart })}` : remis;
}

/**
 * The label of a payment's row: 'date - mode' for a payment, 'date - Remboursement - mode' for a refund (the mode
 * left out when unknown).
 */
function receiptPaymentLabel(p: ReceiptPayment): string {
  const label = p.remboursement ? fr.resources.encaissements.refund.label : '';
  return [formatDateFr(p.date ?? null), label, p.mode].filter(Boolean).join(' - ');
}

/** The line under a refund: 'Motif : {reason}'; undefined for a payment, or a refund without a reason. */
function receiptMotifText(p: ReceiptPayment): string | undefined {
  const motif = p.motif?.trim();
  return p.remboursement && motif ? fill(fr.resources.encaissements.refund.recu_motif, { motif }) : undefined;
}

/** A6 portrait (105 × 148 mm): its width and margin in millimetres. */
const PAGE = { width: 105, margin: 7 };

/**
 * Builds the receipt PDF (A6 portrait, uncompressed so its text stays searchable in tests); a page is added when the
 * nature lines or the payments run past the bottom margin.
 * @returns the jsPDF document; the caller saves it (doc.save(receiptFileName(ref))) or reads doc.output()
 */
export function buildReceiptPdf(data: ReceiptData): jsPDF {
  const t = fr.resources.colis.receipt;
  const doc = new jsPDF({ orientation: 'portrait', unit: 'mm', format: 'a6', compress: false });
  doc.setProperties({ title: pdfText(`${t.title} ${data.reference}`), subject: data.reference });
  const { width, margin } = PAGE;
  const inner = width - 2 * margin;

  // Header: title, agency.
  font(doc, 12, 'bold');
  doc.text(pdfText(t.title), width / 2, margin + 4, { align: 'center' });
  font(doc, 7);
  const agence = [data.agence.libelle, data.agence.telephone].filter(Boolean).join(' - ');
  doc.text(pdfText(`${t.agence} : ${agence}`), width / 2, margin + 8, { align: 'center', maxWidth: inner });

  // QR code of the tracking address (docs/decisions/public-tracking.md), drawn as vector squares.
  const qrSide = 26;
  const qrX = margin;
  const qrY = margin + 11;
  drawQr(doc, receiptQrText(data), qrX, qrY, qrSide);

  // Reference and date beside the QR code.
  const textX = qrX + qrSide + 4;
  font(doc, 7);
  doc.text(pdfText(t.reference), textX, qrY + 4);
  font(doc, 9, 'bold');
  doc.text(data.reference, textX, qrY + 8.5);
  font(doc, 7);
  doc.text(pdfText(t.date), textX, qrY + 14);
  font(doc, 9, 'bold');
  doc.text(formatDateFr(data.date ?? null), textX, qrY + 18.5);

  // Sender and recipient.
  let y = qrY + qrSide + 6;
  doc.setDrawColor(...PALETTE.RULE);
  doc.line(margin, y - 3, width - margin, y - 3);
  const party = (label: string, p: { nom: string; telephone: string }) => {
    font(doc, 7);
    doc.text(pdfText(label), margin, y);
    font(doc, 8, 'bold');
    doc.text(pdfText(p.nom || '--'), margin + 22, y, { maxWidth: inner - 22 });
    font(doc, 8);
    doc.text(pdfText(p.telephone || '--'), margin + 22, y + 3.8);
    y += 9;
  };
  party(t.expediteur, data.expediteur);
  party(t.destinataire, data.destinataire);

  // Nature lines.
  doc.line(margin, y - 3, width - margin, y - 3);
  font(doc, 7.5, 'bold');
  doc.text(pdfText(t.natures), margin, y);
  y += 4;
  font(doc, 7.5);
  for (const line of data.lines) {
    y = ensureRoom(doc, y, 16, margin);
    const left = pdfText(`${line.libelle} - ${formatKg(line.poids, line.unite ?? 'kg')}`);
    doc.text(left, margin, y, { maxWidth: inner - 24 });
    doc.text(pdfText(formatMontant(line.montant, data.devise)), width - margin, y, { align: 'right' });
    y += 4;
  }
  // The fees, each a charge line of the total.
  for (const fee of data.frais ?? []) {
    y = ensureRoom(doc, y, 16, margin);
    doc.text(pdfText(fee.libelle), margin, y, { maxWidth: inner - 24 });
    doc.text(pdfText(formatMontant(fee.montant, data.devise)), width - margin, y, { align: 'right' });
    y += 4;
  }

  // Totals.
  y += 1;
  doc.line(margin, y - 3, width - margin, y - 3);
  const total = (label: string, value: DecimalInput, bold = false) => {
    font(doc, bold ? 9 : 8, bold ? 'bold' : 'normal');
    doc.text(pdfText(label), margin, y);
    doc.text(pdfText(formatMontant(value, data.devise)), width - margin, y, { align: 'right' });
    y += 4.5;
  };
  total(t.total, data.montantTotal, true);
  total(t.regle, data.reglement);
  total(t.reste, data.resteAPayer, true);

  // Payments: date, mode, amount; a payment tendered in another currency adds what was handed over and the rate, a
  // refund its reason, every line of it.
  const payments = data.encaissements ?? [];
  if (payments.length > 0) {
    y = ensureRoom(doc, y, 12, margin);
    doc.line(margin, y - 3, width - margin, y - 3);
    font(doc, 7.5, 'bold');
    doc.text(pdfText(t.encaissements), margin, y);
    y += 4;
    for (const p of payments) {
      y = ensureRoom(doc, y, 8, margin);
      font(doc, 7.5, 'normal', p.remboursement ? PALETTE.DUE : PALETTE.INK);
      doc.text(pdfText(receiptPaymentLabel(p)), margin, y, { maxWidth: inner - 26 });
      doc.text(pdfText(formatMontant(p.montant, data.devise)), width - margin, y, { align: 'right' });
      y += 3.6;
      const under = [receiptTenduText(p, data.devise), receiptMotifText(p)].filter((x): x is string => !!x);
      font(doc, 6.5);
      for (const text of under.flatMap((u) => doc.splitTextToSize(pdfText(u), inner - 3) as string[])) {
        y = ensureRoom(doc, y, 3.4, margin);
        doc.text(text, margin + 3, y);
        y += 3.4;
      }
    }
  }
  return doc;
}

/** Builds the receipt and downloads it as recu-{reference}.pdf (browser only). */
export function downloadReceipt(data: ReceiptData): void {
  buildReceiptPdf(data).save(receiptFileName(data.reference));
}
