/** common/money.ts: exact decimal arithmetic of euros and weights (DESIGN.md §4 "Money"). */
import { describe, expect, it } from 'vitest';
import { isPositiveMontant, roundMoney, sumMoney, sumPoids, toCents, toMilli, toMoneyString, toPoidsString } from '../../common/money';

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
