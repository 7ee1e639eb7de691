/** common/format.ts: French formatting of euros and weights (spec 000 §1, DESIGN.md §5). */
import { describe, expect, it } from 'vitest';
import { formatEuro, formatKg, formatMontant } from '../../common/format';

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
    expect(plain(formatMontant('1.0005', 'TND'))).toBe('1,001 TND');
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
