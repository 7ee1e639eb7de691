/**
 * The 'Caisse' screen's pure parts (src/caisse/caisseView.ts) and its PDF 'Arrêté de caisse' (src/caisse/arretePdf.ts):
 * the live difference, exact in each currency; the differences per currency; the body of caisse/cloture; the A4 PDF
 * holding the agency, the day, the author, each line, the comment and the signatures box; the menu entry under the
 * payments with the key caisse (docs/decisions/refunds-and-cash.md).
 */
import { describe, expect, it } from 'vitest';
import { keysOpening, RESOURCE_KEYS } from '../../common/permissions';
import { buildArretePdf } from '../../src/caisse/arretePdf';
import {
  arreteFileName,
  clotureBodyOf,
  ecartNonNul,
  ecartSaisi,
  ecartsSaisis,
  ecartsText,
  formValuesOf,
} from '../../src/caisse/caisseView';
import type { CaisseClotureDetail } from '../../src/caisse/types';
import { MENU_GROUPS, visibleGroups } from '../../src/layout/menuGroups';

const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
const ESPECES = '0a9e7c1d-2b3f-4a5b-8c6d-7e8f9a0b1c22';

describe('caisseView', () => {
  it('computes the live difference exactly in the currency, null while nothing readable is typed', () => {
    expect(ecartSaisi('2 950,4', '3000', 'XOF')).toBe('-50');
    expect(ecartSaisi('2 950,5', '3000', 'XOF')).toBe('-49');
    expect(ecartSaisi('20,1', '20.00', 'EUR')).toBe('0.10');
    expect(ecartSaisi('0.3', '0.1', 'EUR')).toBe('0.20');
    expect(ecartSaisi('', '3000', 'XOF')).toBeNull();
    expect(ecartSaisi('abc', '3000', 'XOF')).toBeNull();
    expect([ecartNonNul('0.00'), ecartNonNul('-0'), ecartNonNul('0.10'), ecartNonNul(null)]).toEqual([false, false, true, false]);
  });

  it('sums the differences per currency, an empty line counting 0', () => {
    const sums = ecartsSaisis([
      { devise: 'XOF', attendu: '3000', montant: '2950' },
      { devise: 'EUR', attendu: '20.00', montant: '20' },
      { devise: 'XOF', attendu: '1500', montant: '' },
    ]);
    expect(sums).toEqual([
      { devise: 'XOF', ecart: '-1550' },
      { devise: 'EUR', ecart: '0.00' },
    ]);
    expect(plain(ecartsText([{ devise: 'XOF', ecart: '100' }, ...sums.slice(1)]))).toBe('+100 F CFA · 0,00 €');
    expect(ecartsText([])).toBe('—');
  });

  it('keeps each typed amount on its line, and the comment, when the expected lines are read again', () => {
    const WAVE = '0a9e7c1d-2b3f-4a5b-8c6d-7e8f9a0b1c23';
    const especes = { modePaiementID: ESPECES, modePaiement: null, libelle: 'Espèces', devise: 'XOF', attendu: '3000' };
    const operations = { modePaiementID: null, modePaiement: null, libelle: 'Opérations de caisse', devise: 'XOF', attendu: '-500' };
    const typed = formValuesOf([especes, operations]);
    typed.comptes[0].montant = '2 950';
    typed.comptes[1].montant = '-500';
    typed.commentaire = 'Manque 50 F';
    // A Wave payment came in meanwhile (a new line before the operations) and the cash expected changed.
    const wave = { modePaiementID: WAVE, modePaiement: null, libelle: 'Wave', devise: 'XOF', attendu: '1500' };
    const again = formValuesOf([{ ...especes, attendu: '4000' }, wave, operations], typed);
    expect(again.comptes.map((c) => [c.libelle, c.attendu, c.montant])).toEqual([
      ['Espèces', '4000', '2 950'],
      ['Wave', '1500', ''],
      ['Opérations de caisse', '-500', '-500'],
    ]);
    expect(again.commentaire).toBe('Manque 50 F');
    // A line gone takes its amount with it.
    expect(formValuesOf([operations], typed).comptes.map((c) => c.montant)).toEqual(['-500']);
  });

  it('builds the body of caisse/cloture from the form, through the shared schema', () => {
    const values = formValuesOf([
      { modePaiementID: ESPECES, modePaiement: null, libelle: 'Espèces', devise: 'XOF', attendu: '3000' },
      { modePaiementID: null, modePaiement: null, libelle: 'Opérations de caisse', devise: 'EUR', attendu: '-12.50' },
    ]);
    expect(values.comptes.map((c) => c.montant)).toEqual(['', '']);
    values.comptes[0].montant = '2 999,5';
    values.comptes[1].montant = '-12,505';
    values.commentaire = ' RAS ';
    expect(clotureBodyOf(values, { date: '2026-11-26', agenceID: 'a' })).toEqual({
      agenceID: 'a',
      date: '2026-11-26',
      comptes: [
        { modePaiementID: ESPECES, devise: 'XOF', montant: 3000 },
        { modePaiementID: null, devise: 'EUR', montant: -12.51 },
      ],
      commentaire: 'RAS',
    });
    expect(clotureBodyOf(values, { date: '2026-11-26' })).not.toHaveProperty('agenceID');
    values.comptes[0].montant = '';
    expect(() => clotureBodyOf(values, { date: '2026-11-26' })).toThrow();
  });
});

describe("the 'Arrêté de caisse' PDF", () => {
  const cloture: CaisseClotureDetail = {
    id: 'c',
    _id: 'c',
    jour: '2026-11-26',
    commentaire: 'Manque 50 F au guichet',
    createdAt: '2026-11-26T17:30:00.000Z',
    agenceID: { id: 'a', _id: 'a', code: 'DKR1', libelle: 'Agence Dakar Plateau' },
    auteur: { id: 'u', _id: 'u', nom: 'Diop', prenoms: 'Moussa' },
    rouverte: true,
    rouverteAt: '2026-11-27T08:00:00.000Z',
    rouvertePar: { id: 'v', _id: 'v', nom: 'Admin', prenoms: 'Chef' },
    motifReouverture: 'Paiement oublie',
    ecarts: [
      { devise: 'EUR', ecart: '0.00' },
      { devise: 'XOF', ecart: '-50' },
    ],
    ecartsConversion: [],
    comptes: [
      {
        id: '1',
        _id: '1',
        modePaiementID: ESPECES,
        modePaiement: null,
        libelle: 'Wave',
        devise: 'XOF',
        attendu: '3000',
        compte: '2950',
        ecart: '-50',
      },
      {
        id: '2',
        _id: '2',
        modePaiementID: null,
        modePaiement: null,
        libelle: 'Operations de caisse',
        devise: 'EUR',
        attendu: '15.00',
        compte: '15.00',
        ecart: '0.00',
      },
    ],
  };

  it('is an A4 portrait PDF holding the agency, the day, the author, each line, the comment and the signatures', () => {
    const doc = buildArretePdf(cloture, new Date('2026-11-27T09:00:00Z'));
    expect(Math.round(doc.internal.pageSize.getWidth())).toBe(210);
    expect(Math.round(doc.internal.pageSize.getHeight())).toBe(297);
    const text = doc.output();
    expect(text.startsWith('%PDF-')).toBe(true);
    for (const part of [
      'Agence Dakar Plateau \\(DKR1\\)', // parentheses escaped in the PDF's text
      '26/11/2026',
      'Diop Moussa',
      'Wave',
      '3 000 F CFA',
      '2 950 F CFA',
      '-50 F CFA',
      'Operations de caisse',
      '15,00',
      'Manque 50 F au guichet',
      'Caissier',
      'Responsable',
      'Paiement oublie',
    ]) {
      expect(text, part).toContain(part);
    }
    expect(arreteFileName('DKR1', '2026-11-26')).toBe('arrete-caisse-DKR1-2026-11-26.pdf');
  });

  it("prints the day's conversion differences per parcel currency when there are some, and nothing otherwise", () => {
    const text = buildArretePdf(
      { ...cloture, ecartsConversion: [{ devise: 'GNF', ecart: '23' }] },
      new Date('2026-11-27T09:00:00Z'),
    ).output();
    expect(text).toContain('Arrondis de conversion des soldes');
    expect(text).toContain('+23 GNF');
    expect(buildArretePdf(cloture, new Date('2026-11-27T09:00:00Z')).output()).not.toContain('Arrondis de conversion');
  });

  it('prints every line of a long comment, on as many pages as it needs, each page with its footer', () => {
    // 1 000 characters of 40 lines (the schema's longest comment), and many lines to count: the signed document keeps
    // every word.
    const commentaire = Array.from({ length: 40 }, (_, i) => `Ligne ${String(i + 1).padStart(2, '0')} ${'x'.repeat(14)}`).join('\n');
    expect(commentaire.length).toBeLessThanOrEqual(1000);
    const comptes = Array.from({ length: 25 }, (_, i) => ({ ...cloture.comptes[0], id: `l${i}`, libelle: `Mode ${i + 1}` }));
    const doc = buildArretePdf({ ...cloture, commentaire, comptes }, new Date('2026-11-27T09:00:00Z'));
    const text = doc.output();
    for (let i = 1; i <= 40; i += 1) expect(text).toContain(`Ligne ${String(i).padStart(2, '0')} `);
    for (let i = 1; i <= 25; i += 1) expect(text).toContain(`(Mode ${i})`);
    const pages = doc.getNumberOfPages();
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain(`Page ${pages} / ${pages}`);
    expect(text).toContain('Caissier');
  });
});

describe('menu and access', () => {
  it('shows Caisse under the payments only with the key caisse, which opens the page', () => {
    const colis = (keys: string[]) =>
      visibleGroups(MENU_GROUPS, (k) => keys.includes(k))
        .find((g) => g.id === 'colis')
        ?.entries.map((e) => e.to) ?? [];
    expect(colis(['encaissements', 'caisse'])).toEqual(['/encaissements', '/caisse']);
    expect(colis(['encaissements'])).not.toContain('/caisse');
    expect(RESOURCE_KEYS.caisse).toEqual({ list: 'caisse' });
    expect(keysOpening('caisse', 'list')).toEqual(['caisse']);
  });
});
