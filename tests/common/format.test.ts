/** common/format.ts: French formatting of euros and weights (spec 000 §1, DESIGN.md §5). */
import { describe, expect, it } from 'vitest';
import { formatEuro, formatKg } from '../../common/format';

/** Spaces Intl puts in French numbers (no-break and narrow no-break) as plain spaces. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatters', () => {
  it('formats euros the French way', () => {
    expect(plain(formatEuro(1234.5))).toBe('1 234,50 €');
    expect(plain(formatEuro('0.1'))).toBe('0,10 €');
    expect(plain(formatEuro(null))).toBe('0,00 €');
  });
  it('formats weights in kg', () => {
    expect(formatKg(12.5)).toBe('12,5 kg');
    expect(formatKg('3.000')).toBe('3 kg');
    expect(formatKg(0.125)).toBe('0,125 kg');
    expect(formatKg(2, 'M3')).toBe('2 m³');
  });
});
