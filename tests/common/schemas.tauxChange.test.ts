/**
 * common/schemas/tauxChange.ts: the body of tauxChange/create, which is also the schema of the 'Nouveau taux de change'
 * form (docs/decisions/currencies.md), fed with what the form holds (a typed rate with a French comma, '' and null when
 * empty) and what a client sends; and the currency field an operation shares.
 */
import { describe, expect, it } from 'vitest';
import { deviseCode, optionalDevise } from '../../common/schemas/fields';
import { TAUX_MESSAGES as M, tauxChangeBody, tauxField } from '../../common/schemas/tauxChange';

const valid = { devise: 'USD', taux: '1,0845', dateDebut: '2026-11-26' };

/** Field → first message of a failed parse (as formResolver and the server's error handler report it). */
function errorsOf(values: unknown): Record<string, string> {
  const result = tauxChangeBody.safeParse(values);
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) errors[issue.path.join('.') || 'body'] ??= issue.message;
  return errors;
}

describe('tauxField', () => {
  it('reads a typed or sent rate exactly into the decimal text stored, without trailing zeros', () => {
    expect(tauxField.parse('655,957')).toBe('655.957');
    expect(tauxField.parse('1 234,5')).toBe('1234.5');
    expect(tauxField.parse('  0,0015 ')).toBe('0.0015');
    expect(tauxField.parse(1.0845)).toBe('1.0845');
    expect(tauxField.parse('9500')).toBe('9500');
    expect(tauxField.parse('100,000000')).toBe('100');
    expect(tauxField.parse('0,000001')).toBe('0.000001');
  });

  it('refuses what is not a rate above 0 with at most 6 decimals, never rounding it', () => {
    const message = (v: unknown) => tauxField.safeParse(v).error?.issues[0].message;
    expect(message('')).toBe(M.tauxRequired);
    expect(message(null)).toBe(M.tauxRequired);
    expect(message(undefined)).toBe(M.tauxRequired);
    expect(message('0')).toBe(M.tauxPositif);
    expect(message('0,0000001')).toBe(M.tauxDecimales);
    expect(message('-2')).toBe(M.tauxPositif);
    expect(message('1,2,3')).toBe(M.tauxInvalide);
    expect(message('1e3')).toBe(M.tauxInvalide);
    expect(message(Number.NaN)).toBe(M.tauxInvalide);
    expect(message([1])).toBe(M.tauxInvalide);
    expect(message(true)).toBe(M.tauxInvalide);
    expect(message('999999999999,999999')).toBeUndefined();
    expect(message('1000000000000')).toBe(M.tauxMax);
  });
});

describe('deviseCode / optionalDevise', () => {
  it('reads an ISO code of common/devises.ts in any case, and refuses another one', () => {
    expect(deviseCode().parse(' xof ')).toBe('XOF');
    expect(deviseCode().safeParse('ZZZ').error?.issues[0].message).toBe(M.deviseInconnue);
    expect(deviseCode().safeParse('').error?.issues[0].message).toBe(M.deviseRequired);
    expect(deviseCode().safeParse(7).error?.issues[0].message).toBe(M.deviseInconnue);
  });

  it('leaves nothing typed undefined (the server then decides)', () => {
    expect(optionalDevise().parse(undefined)).toBeUndefined();
    expect(optionalDevise().parse('')).toBeUndefined();
    expect(optionalDevise().parse(null)).toBeUndefined();
    expect(optionalDevise().parse('eur')).toBe('EUR');
    expect(optionalDevise().safeParse('EURO').success).toBe(false);
  });
});

describe('tauxChangeBody', () => {
  it('parses the form: the currency upper-cased, the rate exact, the day as typed', () => {
    expect(tauxChangeBody.parse({ ...valid, devise: 'usd' })).toEqual({ devise: 'USD', taux: '1.0845', dateDebut: '2026-11-26' });
    // A past day is a correction from that day; an instant reads as its day.
    expect(tauxChangeBody.parse({ ...valid, dateDebut: '2001-05-31T00:00:00.000Z' }).dateDebut).toBe('2001-05-31');
  });

  it('says what each empty field of the form needs', () => {
    expect(errorsOf({ devise: null, taux: '', dateDebut: '' })).toEqual({
      devise: M.deviseRequired,
      taux: M.tauxRequired,
      dateDebut: M.dateRequired,
    });
  });

  it('refuses the euro, an unknown currency, a day that does not exist, and an unknown field', () => {
    expect(errorsOf({ ...valid, devise: 'EUR' })).toEqual({ devise: M.deviseComptable });
    expect(errorsOf({ ...valid, devise: 'ABC' })).toEqual({ devise: M.deviseInconnue });
    expect(errorsOf({ ...valid, dateDebut: '2026-02-29' })).toEqual({ dateDebut: M.dateInvalide });
    expect(errorsOf({ ...valid, dateDebut: '1850-01-01' })).toEqual({ dateDebut: M.dateInvalide });
    expect(errorsOf({ ...valid, dateDebut: '26/11/2026' })).toEqual({ dateDebut: M.dateInvalide });
    expect(tauxChangeBody.safeParse({ ...valid, fixe: true }).success).toBe(false);
    // The CFA francs pass the schema: their refusal is the server's 409 (a fixed rate, not a malformed body).
    expect(tauxChangeBody.safeParse({ ...valid, devise: 'XOF' }).success).toBe(true);
  });
});
