/** common/format.ts: French formatting of euros and weights (spec 000 §1, docs/architecture.md §5). */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEVISES, montantTexte } from '../../common/devises';
import {
  formatEuro,
  formatKg,
  formatMontant,
  formatMontantSigne,
  formatSaisie,
  formatTaux,
  tauxLibelle,
  unitesDevise,
} from '../../common/format';
import { parseDecimalFr } from '../../common/money';

/** Spaces Intl puts in French numbers (no-break and narrow no-break) as plain spaces. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatters', () => {
  it('formats euros the French way', () => {
    expect(plain(formatEuro(1234.5))).toBe('1 234,50 €');
    expect(plain(formatEuro('0.1'))).toBe('0,10 €');
    expect(plain(formatEuro(null))).toBe('0,00 €');
  });
  it('formats an amount in its own currency, with its digits, rounded half away from zero', () => {
    expect(plain(formatMontant(1234.5, 'EUR'))).toBe('1 234,50 €');
    expect(plain(formatMontant('1.005', 'EUR'))).toBe('1,01 €');
    expect(plain(formatMontant(6560, 'XOF'))).toBe('6 560 F CFA');
    expect(plain(formatMontant('6560.5', 'XOF'))).toBe('6 561 F CFA');
    expect(plain(formatMontant(-6560.5, 'XOF'))).toBe('-6 561 F CFA');
    expect(plain(formatMontant(6560, 'XAF'))).toBe('6 560 F CFA (BEAC)');
    expect(plain(formatMontant(12.5, 'USD'))).toBe('12,50 $US');
    expect(plain(formatMontant('1.0005', 'TND'))).toBe('1,00 TND'); // not a currency here: to the cent
  });
  it("keeps Intl's no-break spaces, so that an amount never breaks across lines", () => {
    expect(formatMontant(6560, 'XOF')).toBe('6\u202f560\u00a0F\u202fCFA');
    expect(formatMontant(6560, 'XAF')).toBe('6\u202f560\u00a0F\u202fCFA\u00a0(BEAC)');
    expect(formatMontant(1234.5, 'EUR')).toBe(formatEuro(1234.5));
  });
  it('reads a missing currency as the euro and writes an unknown code after the amount', () => {
    expect(plain(formatMontant(null, undefined))).toBe('0,00 €');
    expect(plain(formatMontant(3, ''))).toBe('3,00 €');
    expect(plain(formatMontant(1234.5, 'ZZZ'))).toBe('1 234,50 ZZZ');
  });
  it('formats weights in kg', () => {
    expect(formatKg(12.5)).toBe('12,5 kg');
    expect(formatKg('3.000')).toBe('3 kg');
    expect(formatKg(0.125)).toBe('0,125 kg');
    expect(formatKg(2, 'M3')).toBe('2 m³');
  });
});

describe('exchange rates', () => {
  it('writes a rate from its exact text: 6 decimals at most, no trailing zeros, narrow spaces between groups', () => {
    expect(formatTaux('655.957000')).toBe('655,957');
    expect(formatTaux('9500')).toBe('9\u202f500');
    expect(formatTaux('1234567.5')).toBe('1\u202f234\u202f567,5');
    expect(formatTaux(0.001524)).toBe('0,001524');
    expect(formatTaux('0.0000015')).toBe('0,000002');
    // Beyond a double's 15 digits: the text is kept exact, no float on the way.
    expect(formatTaux('123456789012.123456')).toBe('123\u202f456\u202f789\u202f012,123456');
    expect([formatTaux(null), formatTaux(undefined), formatTaux('')]).toEqual(['--', '--', '--']);
    expect(formatTaux('abc')).toBe('abc');
  });

  it('labels a cross rate with ISO codes', () => {
    expect(tauxLibelle('655.957000', 'EUR', 'XOF')).toBe('1 EUR = 655,957 XOF');
    expect(tauxLibelle('0.001524', 'XOF', 'EUR')).toBe('1 XOF = 0,001524 EUR');
  });
});

describe('typed amounts shown back', () => {
  it('writes a typed number the French way with at least its currency’s decimals, never rounded', () => {
    expect(plain(formatSaisie(1250.5, 2))).toBe('1 250,50');
    expect(plain(formatSaisie(6560, 0))).toBe('6 560');
    expect(plain(formatSaisie('10.495', 0))).toBe('10,495');
    expect(plain(formatSaisie(-1234567.891, 2))).toBe('-1 234 567,891');
    expect(formatSaisie(0.1 + 0.2, 2)).toBe('0,30');
    expect(formatSaisie('150,50', 0)).toBe('150,50');
    expect(plain(formatSaisie('1 250,5', 2))).toBe('1 250,50');
  });

  it('names the units of a currency field, so an amount copied from a list is read back', () => {
    for (const devise of ['EUR', 'XOF', 'XAF', 'GNF', 'USD']) {
      const shown = formatMontant(1250, devise);
      expect(Number(parseDecimalFr(shown, unitesDevise(devise))), shown).toBe(1250);
    }
    expect(parseDecimalFr('5 000 F', unitesDevise('XOF'))).toBe('5000');
    expect(parseDecimalFr('5 000 €', unitesDevise('XOF'))).toBeNull();
    expect(unitesDevise(undefined)).toEqual([]);
    expect(unitesDevise('ZZZ')).toEqual([]);
  });
});

describe('a signed amount (a difference)', () => {
  it('writes + before a positive amount, keeps the minus, and 0 unsigned', () => {
    const plain = (t: string) => t.replace(/[\u00a0\u202f]/g, ' ');
    expect(plain(formatMontantSigne(23, 'GNF'))).toBe('+23 GNF');
    expect(plain(formatMontantSigne('-1.00', 'XOF'))).toBe('-1 F CFA');
    expect(plain(formatMontantSigne('0.00', 'EUR'))).toBe('0,00 €');
    expect(plain(formatMontantSigne('0.004', 'EUR'))).toBe('0,00 €'); // rounds to 0 in the currency: no sign
  });
});

describe('typed amounts, property-based (fast-check)', () => {
  /** An amount of up to 10^9 with up to 3 decimals, as exact decimal text. */
  const amount = fc.tuple(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), fc.constantFrom(0, 1, 2, 3)).map(([n, d]) => {
    const abs = (n < 0n ? -n : n).toString().padStart(d + 1, '0');
    const text = d ? `${abs.slice(0, -d)}.${abs.slice(-d)}` : abs;
    return n < 0n ? `-${text}` : text;
  });

  it('reads back every amount as a list or a receipt writes it, in its currency, and as a field shows it', () => {
    fc.assert(
      fc.property(amount, fc.constantFrom(...DEVISES.map((d) => d.code)), (text, devise) => {
        const shown = formatMontant(text, devise);
        expect(parseDecimalFr(shown, unitesDevise(devise)), shown).not.toBeNull();
        expect(Number(parseDecimalFr(shown, unitesDevise(devise)))).toBe(Number(montantTexte(text, devise)));
        expect(Number(parseDecimalFr(formatSaisie(text, 2)))).toBe(Number(text));
        expect(Number(parseDecimalFr(formatSaisie(Number(text), 0)))).toBe(Number(text));
      }),
      { numRuns: 500 },
    );
  });

  it('never throws on any text, and what it reads is plain decimal text', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789 ,.-+€e\u00a0\u202fFCA'.split('')) }), (typed) => {
        const read = parseDecimalFr(typed, ['€', 'F CFA']);
        if (read !== null) expect(read).toMatch(/^-?\d+(\.\d+)?$/);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses a whole part whose space does not fall between groups of three', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 10n, max: 10n ** 12n }), fc.nat(), (n, at) => {
        const digits = n.toString();
        const cut = 1 + (at % (digits.length - 1)); // a space after `cut` digits
        const text = `${digits.slice(0, cut)} ${digits.slice(cut)}`;
        const grouped = cut <= 3 && digits.length - cut === 3; // one space: one group of three after it
        expect(parseDecimalFr(text) === null, text).toBe(!grouped);
      }),
      { numRuns: 1000 },
    );
  });
});
