/** Currencies and exact conversion (common/devises.ts; docs/decisions/currencies.md). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  convertir,
  DEVISES,
  decimalesOf,
  deviseOuEuro,
  isDevise,
  minorToString,
  montantTexte,
  pasDevise,
  roundToDevise,
  tauxCroise,
  toMinor,
} from '../../common/devises';

describe('currencies with their minor unit', () => {
  it('rounds each amount to its own minor unit, half away from zero', () => {
    expect(decimalesOf('EUR')).toBe(2);
    expect(decimalesOf('XOF')).toBe(0);
    expect(toMinor('1,005', 'EUR')).toBe(101n);
    expect(toMinor('10,5', 'XOF')).toBe(11n);
    expect(toMinor('-10,5', 'XOF')).toBe(-11n);
    expect(minorToString(6560n, 'XOF')).toBe('6560');
    expect(minorToString(101n, 'EUR')).toBe('1.01');
    expect(roundToDevise(5000.4, 'XAF')).toBe(5000);
    expect(isDevise('XOF')).toBe(true);
    expect(isDevise('CFA')).toBe(false);
    expect(() => decimalesOf('CFA')).toThrow(RangeError);
  });

  it('converts through the euro at the given rates, rounding once', () => {
    // 10 € in francs CFA at the legal rate: 6 559,57 → 6 560 F.
    expect(convertir(10, 'EUR', 'XOF', 1, '655.957')).toBe(6560);
    // 5 000 F CFA in euros: 7,6224… → 7,62 €.
    expect(convertir(5000, 'XAF', 'EUR', '655.957', 1)).toBe(7.62);
    // XOF and XAF share the rate: 1 for 1.
    expect(convertir(5000, 'XAF', 'XOF', '655.957', '655.957')).toBe(5000);
    // 3 279,785 F = 5 € exactly → half up at the boundary.
    expect(convertir('3279.785', 'XOF', 'EUR', '655.957', 1)).toBe(5);
    expect(convertir(-10, 'EUR', 'XOF', 1, '655.957')).toBe(-6560);
    expect(() => convertir(10, 'EUR', 'XOF', 1, 0)).toThrow(RangeError);
  });

  it('never drifts more than half a minor unit from the exact quotient', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), fc.integer({ min: 1, max: 2_000_000_000 }), (cents, rateMicro) => {
        const amount = cents / 100;
        const taux = rateMicro / 1_000_000;
        const xof = convertir(amount, 'EUR', 'XOF', 1, String(taux));
        // Exact value in XOF: cents × rateMicro / 10^8; the result is within 0.5 of it.
        const exactTimes1e8 = BigInt(cents) * BigInt(rateMicro);
        const diff = BigInt(xof) * 100_000_000n - exactTimes1e8;
        expect(diff <= 50_000_000n && diff >= -50_000_000n).toBe(true);
        expect(Number.isInteger(xof)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

describe('an amount as stored, the step of an input, a record without currency', () => {
  it('montantTexte rounds once to the currency, half away from zero, as exact text; an unknown code to the cent', () => {
    expect(montantTexte('10,495', 'XOF')).toBe('10');
    expect(montantTexte(10.5, 'XOF')).toBe('11');
    expect(montantTexte(1.005, 'EUR')).toBe('1.01');
    expect(montantTexte('1,0005', 'TND')).toBe('1.00'); // 3 decimals: not a currency here (migration 0024)
    expect(montantTexte(-2.5, 'XAF')).toBe('-3');
    expect(montantTexte(1.005, 'ZZZ')).toBe('1.01');
  });

  it('deviseOuEuro keeps a known code and reads anything else as the euro', () => {
    expect(deviseOuEuro('XOF')).toBe('XOF');
    expect([deviseOuEuro(null), deviseOuEuro(undefined), deviseOuEuro(''), deviseOuEuro('ZZZ')]).toEqual(['EUR', 'EUR', 'EUR', 'EUR']);
  });

  it("pasDevise is the currency's minor unit, 0,01 without a known one", () => {
    expect([pasDevise('XOF'), pasDevise('EUR'), pasDevise('TND'), pasDevise(undefined), pasDevise('ZZZ')]).toEqual([
      1, 0.01, 0.01, 0.01, 0.01,
    ]);
  });
});

describe("a stored amount's text read as it is (montantTexte's shortcut)", () => {
  it('gives what the exact conversion gives for any numeric text in any currency', () => {
    const numericText = fc
      .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.option(fc.stringMatching(/^\d{1,4}$/), { nil: undefined }))
      .map(([neg, whole, frac]) => `${neg ? '-' : ''}${whole}${frac === undefined ? '' : `.${frac}`}`);
    fc.assert(
      fc.property(numericText, fc.constantFrom(...DEVISES.map((d) => d.code)), (text, devise) => {
        expect(montantTexte(text, devise)).toBe(minorToString(toMinor(text, devise), devise));
      }),
      { numRuns: 2000 },
    );
    expect(montantTexte('39358.00', 'XOF')).toBe('39358');
    expect(montantTexte('-0.00', 'EUR')).toBe('0.00');
    expect(montantTexte('27.845', 'EUR')).toBe('27.85');
  });
});

describe('the rate of one currency in another', () => {
  it('is units of the second for 1 unit of the first, 6 decimals, rounded half away from zero', () => {
    expect(tauxCroise('1', '655.957')).toBe('655.957000');
    expect(tauxCroise('655.957', '1')).toBe('0.001524'); // 0,00152449…
    expect(tauxCroise('3', '2')).toBe('0.666667');
    expect(tauxCroise('655.957', '655.957')).toBe('1.000000');
    expect(tauxCroise('4000000', '1')).toBe('0.000000'); // 0,00000025
    expect(tauxCroise('1.5', '1')).toBe('0.666667');
    expect(() => tauxCroise('0', '1')).toThrow(RangeError);
  });
});
