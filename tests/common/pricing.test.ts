/**
 * common/pricing.ts: the price of a nature line and the amounts of a parcel (spec 000 §9, docs/architecture.md §4), in the parcel's
 * currency, exact to its minor unit (docs/decisions/currencies.md).
 */
import { describe, expect, it } from 'vitest';
import { computeColisMontants, computeColisMontantsExact, prixLigneOf } from '../../common/pricing';

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

describe('computeColisMontants (spec 000 §9, docs/architecture.md §4)', () => {
  it('three lines of 0.1 kg at 0.70 € make exactly 0.21 €', () => {
    const r = computeColisMontants({
      devise: 'EUR',
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
      devise: 'EUR',
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
      devise: 'EUR',
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
      devise: 'EUR',
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
      devise: 'EUR',
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
    expect(computeColisMontants({ ...base, devise: 'EUR', reglement: 80 }).resteAPayer).toBe(0);
    expect(computeColisMontants({ ...base, devise: 'EUR', reglement: 85.5 }).resteAPayer).toBe(-5.5);
  });

  it('no line, no amounts', () => {
    expect(computeColisMontants({ devise: 'EUR', lines: [] })).toEqual({
      lines: [],
      poids: 0,
      montant: 0,
      montantTotal: 0,
      resteAPayer: 0,
    });
  });

  it('large amounts stay exact', () => {
    const r = computeColisMontants({ devise: 'EUR', lines: [{ poids: '9999999.999', prixUnitaire: '99.99' }] });
    expect(r.montant).toBe(999899999.9); // 999 899 999.900 000 01 € → 999 899 999.90
  });
});

describe("in the parcel's currency (docs/decisions/currencies.md)", () => {
  it('an XOF parcel is computed in whole francs: lines, extras and remainder (the price of a Dakar departure)', () => {
    // 2 kg × 10 F = 20 F, not 20 € (the Dakar → Paris price of 10 XOF).
    const r = computeColisMontants({ devise: 'XOF', lines: [{ poids: 2, prixUnitaire: '10' }] });
    expect(r).toEqual({ lines: [{ prixLigne: 10, prixTotal: 20 }], poids: 2, montant: 20, montantTotal: 20, resteAPayer: 20 });
    // 0,333 kg × 5 900 F = 1 964,7 F → 1 965 F; 10,5 F of extras → 11 F; an advance of 999,5 F → 1 000 F.
    const x = computeColisMontants({
      devise: 'XOF',
      lines: [{ poids: 0.333, prixUnitaire: 5900 }],
      montantComplementaire: 10.5,
      reglement: '999.5',
    });
    expect(x.lines).toEqual([{ prixLigne: 5900, prixTotal: 1965 }]);
    expect([x.montant, x.montantTotal, x.resteAPayer]).toEqual([1965, 1976, 976]);
    for (const v of [x.montant, x.montantTotal, x.resteAPayer, ...x.lines.map((l) => l.prixTotal)]) expect(Number.isInteger(v)).toBe(true);
  });

  it('a 5 000 XAF unit price for 2 kg totals exactly 10 000 XAF', () => {
    const r = computeColisMontants({ devise: 'XAF', lines: [{ poids: '2.000', prixUnitaire: '5000.00' }] });
    expect([r.montant, r.montantTotal, r.resteAPayer]).toEqual([10000, 10000, 10000]);
  });

  it("an exceptional price converted to the departure's currency wins over the unit price (6 560 F for 10 €)", () => {
    const r = computeColisMontants({ devise: 'XOF', lines: [{ poids: 1, prixExceptionnel: 6560, prixUnitaire: 5900 }] });
    expect(r.lines).toEqual([{ prixLigne: 6560, prixTotal: 6560 }]);
    expect(prixLigneOf('6560', '5900', 'XOF')).toBe(6560);
    expect(prixLigneOf(0, '5900.4', 'XOF')).toBe(5900);
  });

  it("a line is never billed below its unit price's minimum: 0,5 kg at 1 000 F/kg with a minimum of 2 000 F bills 2 000 F", () => {
    const r = computeColisMontants({
      devise: 'XOF',
      lines: [
        { poids: 0.5, prixUnitaire: 1000, montantMinimum: 2000 },
        { poids: 3, prixUnitaire: 1000, montantMinimum: '2000.00' }, // 3 000 F: above the minimum
        { poids: 0, prixUnitaire: 1000, montantMinimum: 2000 }, // no weight, no line
      ],
    });
    expect(r.lines.map((l) => l.prixTotal)).toEqual([2000, 3000, 0]);
    expect(r.montant).toBe(5000);
    // No minimum set (null, 0): the weight × the price.
    expect(computeColisMontants({ devise: 'EUR', lines: [{ poids: 0.5, prixUnitaire: 9, montantMinimum: null }] }).montant).toBe(4.5);
    expect(computeColisMontants({ devise: 'EUR', lines: [{ poids: 0.5, prixUnitaire: 9, montantMinimum: 0 }] }).montant).toBe(4.5);
  });

  it('refuses an unknown currency rather than guessing one', () => {
    expect(() => computeColisMontants({ devise: 'ZZZ', lines: [{ poids: 1, prixUnitaire: 1 }] })).toThrow(RangeError);
  });
});

describe('computeColisMontantsExact: the same amounts as exact integers (the server formats them once)', () => {
  it('gives thousandths of kg and minor units, which computeColisMontants shows as numbers', () => {
    const input = {
      devise: 'EUR',
      lines: [
        { poids: 0.1, prixUnitaire: '12.50' },
        { poids: '0,2', prixUnitaire: '12.50' },
      ],
      montantLivraison: 3,
      reglement: '1.10',
    };
    expect(computeColisMontantsExact(input)).toEqual({
      lines: [
        { prixLigne: 1250n, prixTotal: 125n },
        { prixLigne: 1250n, prixTotal: 250n },
      ],
      poids: 300n,
      montant: 375n,
      montantTotal: 675n,
      resteAPayer: 565n,
    });
    expect(computeColisMontants(input)).toMatchObject({ poids: 0.3, montant: 3.75, montantTotal: 6.75, resteAPayer: 5.65 });
  });

  it('in a currency without decimals, minor units are whole francs', () => {
    const exact = computeColisMontantsExact({ devise: 'XOF', lines: [{ poids: 2.5, prixUnitaire: '4921' }] });
    expect(exact.montant).toBe(12303n); // 12 302,5 rounded half away from zero, once
  });
});
