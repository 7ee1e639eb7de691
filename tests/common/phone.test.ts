/** common/phone.ts: one normalisation of client phone numbers with the country's dial code and length (spec 001 §3, §5). */
import { describe, expect, it } from 'vitest';
import { PHONE_MESSAGES, normalizePaysPhone, normalizePhone, otherDialCodeMessage } from '../../common/phone';

const FR = { indicatif: '+33', longueurNumero: 9 };
const SN = { indicatif: '+221', longueurNumero: 9 };
const CI = { indicatif: '+225', longueurNumero: 10 };
const ok = (phone: string) => ({ ok: true, phone });
const refused = (error: string) => ({ ok: false, error });

describe('normalizePhone: national numbers get the country dial code', () => {
  it('drops the trunk 0 when the number is one digit longer than the country length', () => {
    expect(normalizePhone('0612345678', FR)).toEqual(ok('+33612345678'));
    expect(normalizePhone('612345678', FR)).toEqual(ok('+33612345678'));
    expect(normalizePhone('770000001', SN)).toEqual(ok('+221770000001'));
  });

  it('accepts spaces, dots, dashes and parentheses between digits', () => {
    expect(normalizePhone(' 06 12 34 56 78 ', FR)).toEqual(ok('+33612345678'));
    expect(normalizePhone('06.12.34.56.78', FR)).toEqual(ok('+33612345678'));
    expect(normalizePhone('06-12-34-56-78', FR)).toEqual(ok('+33612345678'));
    expect(normalizePhone('77\u00a0000\u00a000\u00a001', SN)).toEqual(ok('+221770000001'));
  });

  it('keeps a leading 0 that belongs to the number (Côte d’Ivoire: 10 digits)', () => {
    expect(normalizePhone('07 01 23 45 02', CI)).toEqual(ok('+2250701234502'));
  });

  it('refuses a number of the wrong length for its country', () => {
    const nine = refused("Numéro de téléphone invalide : 9 chiffres attendus après l'indicatif +33");
    expect(normalizePhone('06 12 34 56', FR)).toEqual(nine);
    expect(normalizePhone('6123456789', FR)).toEqual(nine); // 10 digits without a trunk 0
    expect(normalizePhone('06123456789', FR)).toEqual(nine);
  });

  it('with an unknown country length keeps the digits as typed, 4 digits at least', () => {
    expect(normalizePhone('0612345678', { indicatif: '+33' })).toEqual(ok('+330612345678'));
    expect(normalizePhone('0612345678', { indicatif: '33', longueurNumero: null })).toEqual(ok('+330612345678'));
    expect(normalizePhone('0612345678', { indicatif: '+33', longueurNumero: 0 })).toEqual(ok('+330612345678'));
    expect(normalizePhone('123', { indicatif: '+33' })).toEqual(refused(PHONE_MESSAGES.tooShort));
    expect(normalizePhone('1234567890123', { indicatif: '+221' })).toEqual(refused(PHONE_MESSAGES.tooLong));
  });

  it('refuses a national number without any country dial code', () => {
    expect(normalizePhone('0612345678')).toEqual(refused(PHONE_MESSAGES.noDialCode));
    expect(normalizePhone('0612345678', { indicatif: '', longueurNumero: 9 })).toEqual(refused(PHONE_MESSAGES.noDialCode));
    expect(PHONE_MESSAGES.noDialCode).toMatch(/indicatif/);
  });
});

describe('normalizePhone: international numbers', () => {
  it('reads + and 00 prefixes, separators allowed', () => {
    expect(normalizePhone('+33 6 12 34 56 78', FR)).toEqual(ok('+33612345678'));
    expect(normalizePhone('0033612345678', FR)).toEqual(ok('+33612345678'));
    expect(normalizePhone('+221 77 000 00 01', SN)).toEqual(ok('+221770000001'));
    expect(normalizePhone('+33 (0)6 12 34 56 78', FR)).toEqual(ok('+33612345678'));
  });

  it('holds a number of the country to the country length', () => {
    expect(normalizePhone('+33 6 12 34', FR)).toEqual(refused("Numéro de téléphone invalide : 9 chiffres attendus après l'indicatif +33"));
  });

  it('keeps a number of another country within 15 digits', () => {
    expect(normalizePhone('+39 312 345 6789', SN)).toEqual(ok('+393123456789'));
    expect(normalizePhone('+33612345678')).toEqual(ok('+33612345678'));
    expect(normalizePhone('+1234567890123456', SN)).toEqual(refused(PHONE_MESSAGES.tooLong));
    expect(normalizePhone('+1234', SN)).toEqual(refused(PHONE_MESSAGES.tooShort));
  });

  it('is idempotent: a full number normalises to itself', () => {
    for (const [phone, country] of [
      ['+33612345678', FR],
      ['+2250701234502', CI],
      ['+393123456789', SN],
    ] as const) {
      expect(normalizePhone(phone, country)).toEqual(ok(phone));
    }
  });
});

describe('normalizePhone: what is not a phone number is refused', () => {
  it('refuses letters and numbers without digits (they once all became "+" and merged clients)', () => {
    const invalid = refused(PHONE_MESSAGES.invalid);
    for (const raw of ['abc', 'n/a', 'N/A', '+', '++33612345678', '- -', '06 12 AB 56 78', '0612345678x', '33+612345678', '☎ 0612345678']) {
      expect(normalizePhone(raw, FR), raw).toEqual(invalid);
    }
    expect(PHONE_MESSAGES.invalid).toMatch(/^Numéro de téléphone invalide/);
  });

  it('says an empty number is required', () => {
    expect(normalizePhone('', FR)).toEqual(refused('Le numéro de téléphone est obligatoire'));
    expect(normalizePhone('   ', FR)).toEqual(refused(PHONE_MESSAGES.required));
    expect(normalizePhone(null, FR)).toEqual(refused(PHONE_MESSAGES.required));
    expect(normalizePhone(undefined)).toEqual(refused(PHONE_MESSAGES.required));
  });
});

describe('normalizePaysPhone: a phone typed without dial code for a chosen country (spec 001 §5 Agency add)', () => {
  it('builds the full number with the country dial code and keeps the national part', () => {
    expect(normalizePaysPhone('01 42 58 76 30', FR)).toEqual({ ok: true, phone: '+33142587630', national: '142587630' });
    expect(normalizePaysPhone('338214567', SN)).toEqual({ ok: true, phone: '+221338214567', national: '338214567' });
    expect(normalizePaysPhone('+33 1 42 58 76 30', FR)).toEqual({ ok: true, phone: '+33142587630', national: '142587630' });
  });

  it('checks the length of the country', () => {
    expect(normalizePaysPhone('12345', FR)).toEqual(refused(PHONE_MESSAGES.length(9, '33')));
  });

  it('refuses a number with the dial code of another country', () => {
    expect(normalizePaysPhone('+221 77 000 00 01', FR)).toEqual(refused(otherDialCodeMessage('33')));
    expect(normalizePaysPhone('00221770000001', FR)).toEqual(refused(otherDialCodeMessage('33')));
  });

  it('refuses letters and an empty number with the shared messages', () => {
    expect(normalizePaysPhone('06 12 AB', FR)).toEqual(refused(PHONE_MESSAGES.invalid));
    expect(normalizePaysPhone('', FR)).toEqual(refused(PHONE_MESSAGES.required));
  });
});
