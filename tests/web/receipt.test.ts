/**
 * The parcel receipt's payments (src/colis/receipt.ts; spec 000 §2 Receipt PDF, docs/decisions/refunds-and-cash.md): a
 * refund is printed 'Remboursement' with its negative amount and its reason, every line of a long reason; and the
 * drawing kit the receipt, the manifest and the 'Arrêté de caisse' share (src/common/pdfKit.ts): the templates, the
 * font and the page break before a block.
 */
import { describe, expect, it } from 'vitest';
import { jsPDF } from 'jspdf';
import { buildReceiptPdf, receiptDataFrom } from '../../src/colis/receipt';
import type { ColisRecord } from '../../src/colis/model/types';
import { ensureRoom, fill, font, PALETTE } from '../../src/common/pdfKit';
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
const paiement: Encaissement = {
  id: 'p1',
  createdAt: '2026-11-21T10:00:00.000Z',
  montantEncaisse: '50.00',
  montantRestant: '0.00',
  montantRembourse: '20.00',
  devise: 'EUR',
  modePaiementID: { id: 'm', libelle: 'Espèces' },
};
const remboursement: Encaissement = {
  id: 'r1',
  createdAt: '2026-11-23T10:00:00.000Z',
  montantEncaisse: '-20.00',
  montantRestant: '20.00',
  devise: 'EUR',
  rembourseID: 'p1',
  motif: 'Colis arrivé abîmé',
  modePaiementID: { id: 'm', libelle: 'Espèces' },
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

describe('src/common/pdfKit.ts', () => {
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
