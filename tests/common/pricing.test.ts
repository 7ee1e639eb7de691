/** common/pricing.ts: the price of a nature line and the amounts of a parcel (spec 000 §9, DESIGN.md §4). */
import { describe, expect, it } from 'vitest';
import { computeColisMontants, prixLigneOf } from '../../common/pricing';

describe('prixLigneOf (spec 000 §9)', () => {
  it('the exceptional price wins when above 0', () => {
    expect(prixLigneOf(12.5, 8)).toBe(12.5);
    expect(prixLigneOf('15.00', '9.90')).toBe(15);
  });
  it('the unit price applies otherwise', () => {
    expect(prixLigneOf(0, 8.5)).toBe(8.5);
    expect(prixLigneOf('0.00', '8.50')).toBe(8.5);
    expect(prixLigneOf(null, 9)).toBe(9);
    expect(prixLigneOf(undefined, '3.2')).toBe(3.2);
    expect(prixLigneOf('', 4)).toBe(4);
    expect(prixLigneOf(-2, 4)).toBe(4);
  });
});

describe('computeColisMontants (spec 000 §9, DESIGN.md §4)', () => {
  it('three lines of 0.1 kg at 0.70 € make exactly 0.21 €', () => {
    const r = computeColisMontants({
      lines: [0, 1, 2].map(() => ({ poids: 0.1, prixExceptionnel: 0, prixUnitaire: 0.7 })),
    });
    expect(r.lines).toEqual([0, 1, 2].map(() => ({ prixLigne: 0.7, prixTotal: 0.07 })));
    expect(r.montant).toBe(0.21);
    expect(r.montantTotal).toBe(0.21);
    expect(r.resteAPayer).toBe(0.21);
    expect(r.poids).toBe(0.3);
  });

  it('0.1 + 0.2 style amounts stay exact', () => {
    const r = computeColisMontants({
      lines: [
        { poids: 1, prixUnitaire: 0.1 },
        { poids: 1, prixUnitaire: 0.2 },
      ],
      montantComplementaire: 0.1,
      reglement: 0.2,
    });
    expect(r.montant).toBe(0.3);
    expect(r.montantTotal).toBe(0.4);
    expect(r.resteAPayer).toBe(0.2);
  });

  it('uses the exceptional price of a line when above 0', () => {
    const r = computeColisMontants({
      lines: [
        { poids: '2.000', prixExceptionnel: '15.00', prixUnitaire: '9.00' },
        { poids: '3.000', prixExceptionnel: '0.00', prixUnitaire: '9.00' },
      ],
    });
    expect(r.lines).toEqual([
      { prixLigne: 15, prixTotal: 30 },
      { prixLigne: 9, prixTotal: 27 },
    ]);
    expect(r.montant).toBe(57);
  });

  it('rounds each line half-up to the cent', () => {
    // 0.125 kg × 0.10 € = 0.0125 € → 0.01 ; 0.155 kg × 0.10 € = 0.0155 € → 0.02 ; 1.005 kg × 1 € → 1.01 (not 1.00)
    const r = computeColisMontants({
      lines: [
        { poids: 0.125, prixUnitaire: 0.1 },
        { poids: 0.155, prixUnitaire: 0.1 },
        { poids: 1.005, prixUnitaire: 1 },
        { poids: 0.333, prixUnitaire: 7.5 }, // 2.4975 → 2.50
      ],
    });
    expect(r.lines.map((l) => l.prixTotal)).toEqual([0.01, 0.02, 1.01, 2.5]);
    expect(r.montant).toBe(3.54);
  });

  it('adds complementary, delivery and expedition amounts and subtracts the settlement', () => {
    const r = computeColisMontants({
      lines: [
        { poids: 12.4, prixExceptionnel: null, prixUnitaire: 9.5 },
        { poids: '3.25', prixUnitaire: '12.00' },
      ],
      montantComplementaire: '5.00',
      montantLivraison: 10,
      montantExpedition: '2.50',
      reglement: '100',
    });
    expect(r.montant).toBe(156.8); // 117.80 + 39.00
    expect(r.montantTotal).toBe(174.3);
    expect(r.resteAPayer).toBe(74.3);
  });

  it('a fully settled parcel has nothing left, an over-settled one a negative remainder', () => {
    const base = { lines: [{ poids: 10, prixUnitaire: 8 }], montantLivraison: 0 };
    expect(computeColisMontants({ ...base, reglement: 80 }).resteAPayer).toBe(0);
    expect(computeColisMontants({ ...base, reglement: 85.5 }).resteAPayer).toBe(-5.5);
  });

  it('no line, no amounts', () => {
    expect(computeColisMontants({ lines: [] })).toEqual({ lines: [], poids: 0, montant: 0, montantTotal: 0, resteAPayer: 0 });
  });

  it('large amounts stay exact', () => {
    const r = computeColisMontants({ lines: [{ poids: '9999999.999', prixUnitaire: '99.99' }] });
    expect(r.montant).toBe(999899999.9); // 999 899 999.900 000 01 € → 999 899 999.90
  });
});
