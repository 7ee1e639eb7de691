/**
 * The parcel receipt (src/colis/receipt.ts; spec 000 §2 Receipt PDF): every charge line printed, natures and fees, so
 * that the lines read back from the PDF by pdftotext add up to its total (audit 000 B6); its payments
 * (docs/decisions/refunds-and-cash.md): a refund is printed 'Remboursement' with its negative amount and its reason,
 * every line of a long reason; and the
 * drawing kit the receipt, the manifest and the 'Arrêté de caisse' share (src/kit/pdfKit.ts): the templates, the
 * font and the page break before a block.
 */
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { jsPDF } from 'jspdf';
import { unitesDevise } from '../../common/format';
import { parseDecimalFr } from '../../common/money';
import { buildReceiptPdf, receiptDataFrom } from '../../src/colis/receipt';
import type { ColisRecord } from '../../src/colis/model/types';
import { ensureRoom, fill, font, PALETTE } from '../../src/kit/pdfKit';
import type { Encaissement } from '../../src/encaissements/types';

/**
 * The texts the pages show ('(…) Tj' operators of the uncompressed stream), in order, one a line; the euro sign is
 * byte 0x80 of the standard fonts' encoding.
 */
const pdfLines = (doc: jsPDF) => [...doc.output().matchAll(/\(((?:[^()\\]|\\.)*)\) Tj/g)].map((m) => m[1].replace(/\x80/g, '€')).join('\n');

const colis: ColisRecord = {
  id: 'c',
  reference: 'PAR1-2611-000007',
  dateDepot: '2026-11-21T10:00:00.000Z',
  unite: 'KG',
  montantTotal: '50.00',
  reglement: '30.00',
  resteAPayer: '20.00',
  devise: 'EUR',
  agenceID: { id: 'a', libelle: 'Agence Paris Nord' },
  expediteurID: { id: 'x', nom: 'Martin', prenoms: 'Paul', telephoneComplet: '+33611223344' },
  nomDestinataire: 'Diop',
  prenomsDestinataire: 'Awa',
  telephoneDestinataire: '+221770000001',
};
const natures = [{ poids: '5.000', prixTotal: '50.00', natureColisID: { libelle: 'Vêtements' } }];
/** What a payment in the parcel's own currency answers of the fields of another currency and of a refund. */
const SANS_TENDU = { montantTendu: null, deviseTendue: null, tauxTendu: null, tauxColis: null, ecartConversion: 0 };
const paiement: Encaissement = {
  id: 'p1',
  _id: 'p1',
  createdAt: '2026-11-21T10:00:00.000Z',
  paymentby: 'destinateur',
  montantEncaisse: 50,
  montantRestant: 0,
  montantRembourse: 20,
  devise: 'EUR',
  ...SANS_TENDU,
  rembourseID: null,
  motif: null,
  isActive: true,
  modePaiementID: { id: 'm', _id: 'm', libelle: 'Espèces' },
  auteurID: null,
  agenceID: null,
  colisID: { id: 'c', _id: 'c', reference: 'PAR1-2611-000001', montantTotal: 50, reglement: 30, resteAPayer: 20, deletedAt: null },
};
const remboursement: Encaissement = {
  ...paiement,
  id: 'r1',
  _id: 'r1',
  createdAt: '2026-11-23T10:00:00.000Z',
  montantEncaisse: -20,
  montantRestant: 20,
  montantRembourse: 0,
  rembourseID: 'p1',
  motif: 'Colis arrivé abîmé',
};

describe('the refunds on the receipt', () => {
  it('prints a refund as Remboursement with its negative amount and its reason, a payment as before', () => {
    const data = receiptDataFrom(colis, natures, null, [paiement, remboursement]);
    expect(data.encaissements).toMatchObject([
      { mode: 'Espèces', remboursement: false, motif: null },
      { mode: 'Espèces', remboursement: true, motif: 'Colis arrivé abîmé' },
    ]);
    const lines = pdfLines(buildReceiptPdf(data)).split('\n');
    expect(lines).toContain('21/11/2026 - Espèces');
    expect(lines).toContain('23/11/2026 - Remboursement - Espèces');
    expect(lines).toContain('-20,00 €');
    expect(lines).toContain('Motif : Colis arrivé abîmé');
    // The payment's row is not a refund's.
    expect(lines.filter((l) => l.includes('Remboursement'))).toHaveLength(1);
  });

  it('prints every line of a long reason, on a new page when the first is full', () => {
    const motif = Array.from({ length: 40 }, (_, i) => `raison${i + 1}`).join(' ');
    const many = Array.from({ length: 12 }, (_, i) => ({ ...remboursement, id: `r${i}`, motif: i === 11 ? motif : 'RAS' }));
    const doc = buildReceiptPdf(receiptDataFrom(colis, natures, null, [paiement, ...many]));
    expect(doc.getNumberOfPages()).toBeGreaterThan(1);
    const text = pdfLines(doc).replace(/\n/g, ' ');
    expect(text).toContain('raison1 ');
    expect(text).toContain('raison40');
  });
});

describe('src/kit/pdfKit.ts', () => {
  it('fills a template, leaving a placeholder without a value as written', () => {
    expect(fill('Page %{page} / %{pages}', { page: 2, pages: 3 })).toBe('Page 2 / 3');
    expect(fill('%{x} %{missing}', { x: 'a' })).toBe('a %{missing}');
  });

  it('sets the font, its size and the colour in one call', () => {
    const doc = new jsPDF({ unit: 'mm', format: 'a6' });
    font(doc, 9, 'bold', PALETTE.DUE);
    expect(doc.getFont().fontStyle).toBe('bold');
    expect(doc.getFontSize()).toBe(9);
    expect(doc.getTextColor()).toBe('#b71c1c');
  });

  it('adds a page of the same format only when the block does not fit above the bottom margin', () => {
    const doc = new jsPDF({ unit: 'mm', format: 'a6' }); // 148 mm high
    expect(ensureRoom(doc, 100, 30, 7)).toBe(100);
    expect(doc.getNumberOfPages()).toBe(1);
    expect(ensureRoom(doc, 111, 30, 7)).toBe(111); // 141 mm: just fits
    expect(doc.getNumberOfPages()).toBe(1);
    expect(ensureRoom(doc, 112, 30, 7)).toBe(12); // the first baseline of the new page, margin + 5
    expect(doc.getNumberOfPages()).toBe(2);
    expect(Math.round(doc.internal.pageSize.getHeight())).toBe(148);
  });
});

/**
 * The text of a PDF as a reader sees it: pdftotext -layout (Debian poppler-utils, installed by .ci/run), one line per
 * row of the page; without it, the text operators of the uncompressed stream (pdfLines).
 */
function readBack(doc: jsPDF): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'recu-'));
  try {
    const file = path.join(dir, 'recu.pdf');
    writeFileSync(file, Buffer.from(doc.output('arraybuffer')));
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return pdfLines(doc);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The amount a line of the receipt ends with, in `devise` (its symbol after it), read the French way; null if none. */
function amountAtEnd(line: string, devise: string): number | null {
  const m = /(-?\d[\d \u00a0\u202f]*(?:,\d+)?\s*(?:F CFA|€))\s*$/.exec(line);
  const text = m ? parseDecimalFr(m[1].trim(), unitesDevise(devise)) : null;
  return text === null ? null : Number(text);
}

describe('the charge lines of the receipt (audit 000 B6)', () => {
  /** DKR1-2612-000601 of the audit: two natures, delivery 2 000, expedition 500, complementary 1 000 F CFA. */
  const dakar: ColisRecord = {
    ...colis,
    reference: 'DKR1-2612-000601',
    devise: 'XOF',
    montantLivraison: '2000',
    montantExpedition: '500',
    montantComplementaire: '1000',
    montantTotal: '97183',
    reglement: '20000',
    resteAPayer: '77183',
  };
  const lignes = [
    { poids: '12.500', prixTotal: '81875', natureColisID: { libelle: 'Vêtements adulte' } },
    { poids: '3.000', prixTotal: '11808', natureColisID: { libelle: 'Épices et condiments' } },
  ];

  it('prints the natures with their weights and every fee, and the lines read back add up to the total', () => {
    const text = readBack(buildReceiptPdf(receiptDataFrom(dakar, lignes, null, [])));
    const rows = text.split('\n').map((l) => l.replace(/[\u00a0\u202f]/g, ' ').trim());
    const start = rows.findIndex((l) => l === 'Natures et frais');
    const end = rows.findIndex((l) => /^Total\b/.test(l));
    expect(start, text).toBeGreaterThanOrEqual(0);
    expect(end, text).toBeGreaterThan(start);
    const charges = rows.slice(start + 1, end).filter((l) => amountAtEnd(l, 'XOF') !== null);
    expect(charges.join('\n')).toMatch(/Vêtements adulte - 12,5 kg\s+81 875 F CFA/);
    expect(charges.join('\n')).toMatch(/Épices et condiments - 3 kg\s+11 808 F CFA/);
    expect(charges.join('\n')).toMatch(/Frais de livraison\s+2 000 F CFA/);
    expect(charges.join('\n')).toMatch(/Frais d'expédition\s+500 F CFA/);
    expect(charges.join('\n')).toMatch(/Montant complémentaire\s+1 000 F CFA/);
    const sum = charges.reduce((n, l) => n + amountAtEnd(l, 'XOF')!, 0);
    expect(amountAtEnd(rows[end], 'XOF')).toBe(97183);
    expect(sum).toBe(97183);
  });

  it('leaves out a fee of 0, and still adds up', () => {
    const sansFrais = { ...dakar, montantLivraison: '0', montantExpedition: 0, montantComplementaire: null, montantTotal: '93683' };
    const rows = readBack(buildReceiptPdf(receiptDataFrom(sansFrais, lignes, null, [])))
      .split('\n')
      .map((l) => l.replace(/[\u00a0\u202f]/g, ' ').trim());
    expect(rows.some((l) => l.startsWith('Frais') || l.startsWith('Montant complémentaire'))).toBe(false);
    const end = rows.findIndex((l) => /^Total\b/.test(l));
    const start = rows.findIndex((l) => l === 'Natures et frais');
    const sum = rows.slice(start + 1, end).reduce((n, l) => n + (amountAtEnd(l, 'XOF') ?? 0), 0);
    expect([sum, amountAtEnd(rows[end], 'XOF')]).toEqual([93683, 93683]);
  });
});
