/** common/money.ts: exact decimal arithmetic of euros and weights (docs/architecture.md §4 "Money"). */
import { describe, expect, it } from 'vitest';
import {
  isPositiveMontant,
  parseDecimalFr,
  roundMoney,
  sumMoney,
  sumPoids,
  toCents,
  toMilli,
  toMoneyString,
  toPoidsString,
} from '../../common/money';

describe('exact decimal parsing', () => {
  it('reads numbers, strings, French commas', () => {
    expect(toCents(0.1)).toBe(10n);
    expect(toCents('12,5')).toBe(1250n);
    expect(toCents('1 234,56')).toBe(123456n);
    expect(toCents(1e-7)).toBe(0n);
    expect(toMilli('2.5')).toBe(2500n);
    expect(toMilli(0.0005)).toBe(1n);
  });
  it('rounds half-up to the cent', () => {
    expect(toCents(1.005)).toBe(101n); // 1.005 is 1.00499999… in binary; read as typed
    expect(toCents('2.675')).toBe(268n);
    expect(toCents('2.674')).toBe(267n);
    expect(toCents('-1.005')).toBe(-101n);
    expect(roundMoney(0.1 + 0.2)).toBe(0.3);
  });
  it('refuses what is not a number', () => {
    expect(() => toCents('abc')).toThrow(RangeError);
    expect(() => toCents(Number.NaN)).toThrow(RangeError);
    expect(() => toCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
  it('writes database numeric text', () => {
    expect(toMoneyString(7)).toBe('7.00');
    expect(toMoneyString('-0.5')).toBe('-0.50');
    expect(toPoidsString(2.5)).toBe('2.500');
    expect(toPoidsString('0.0004')).toBe('0.000');
  });
  it('sums without drift', () => {
    expect(sumMoney([0.1, 0.2])).toBe(0.3);
    expect(sumPoids([0.1, 0.2, '0.3'])).toBe(0.6);
    expect(sumPoids(Array(10).fill(0.1))).toBe(1);
  });
});

describe('isPositiveMontant', () => {
  it('is true above 0 on cents, false for 0, negatives, what rounds to 0 and what is not a number', () => {
    expect(isPositiveMontant('10.50')).toBe(true);
    expect(isPositiveMontant(0.005)).toBe(true); // rounds half-up to 0.01
    expect(isPositiveMontant(0.004)).toBe(false);
    expect(isPositiveMontant('0.00')).toBe(false);
    expect(isPositiveMontant(-1)).toBe(false);
    expect(isPositiveMontant('')).toBe(false);
    expect(isPositiveMontant(undefined)).toBe(false);
    expect(isPositiveMontant('abc')).toBe(false);
  });
});

describe('parseDecimalFr: a number typed the French way, whatever the browser', () => {
  it('reads a comma or a point, groups of three between any of the spaces French text uses', () => {
    expect(parseDecimalFr('150,50')).toBe('150.50');
    expect(parseDecimalFr('150.50')).toBe('150.50');
    expect(parseDecimalFr('1 250,5')).toBe('1250.5');
    expect(parseDecimalFr('1\u00a0250,50')).toBe('1250.50');
    expect(parseDecimalFr('1\u202f250\u202f000')).toBe('1250000');
    expect(parseDecimalFr('  -2 500 ')).toBe('-2500');
    expect(parseDecimalFr('\u22122,5')).toBe('-2.5');
    expect(parseDecimalFr('+7')).toBe('7');
    expect(parseDecimalFr('150,')).toBe('150');
    expect(parseDecimalFr(',5')).toBe('0.5');
    expect(parseDecimalFr('007,10')).toBe('7.10');
    expect(parseDecimalFr('-0')).toBe('0');
  });

  it('takes the unit its field names after the number, and no other', () => {
    const euro = ['€', 'EUR'];
    expect(parseDecimalFr('1 250,50 €', euro)).toBe('1250.50');
    expect(parseDecimalFr('1\u202f250,50\u00a0€', euro)).toBe('1250.50');
    expect(parseDecimalFr('12,5 eur', euro)).toBe('12.5');
    expect(parseDecimalFr('150, €', euro)).toBe('150');
    expect(parseDecimalFr('1 250 F CFA', euro)).toBeNull();
    expect(parseDecimalFr('1 250,50 €')).toBeNull();
    expect(parseDecimalFr('6 560 FCFA', ['F\u202fCFA'])).toBe('6560');
  });

  it('refuses what could be read two ways, and what is not a number', () => {
    for (const bad of [
      '12 50',
      '1 2500',
      '1250 0',
      '1.250,50',
      '1,250.50',
      '1,2,3',
      '12,5,',
      'abc',
      '',
      ' ',
      ',',
      '-',
      '1e3',
      '- 5',
      '5-',
      '0x10',
      '1_000',
      '€ 12',
    ]) {
      expect(parseDecimalFr(bad, ['€']), bad).toBeNull();
    }
  });

  it('is the parse of the exact arithmetic: a misgrouped text is refused there too', () => {
    expect(toCents('1\u202f250,505')).toBe(125051n);
    expect(() => toCents('12 50')).toThrow(RangeError);
    expect(toCents('1e-7')).toBe(0n);
  });
});
