/**
 * The shared fields of common/schemas/fields.ts, written once for every form and body: an amount kept as parsed for
 * its currency to round, a calendar day, a required e-mail, an optional id, a currency code, nothing typed.
 */
import { describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../common/dates';
import { DEVISE_INCONNUE, deviseCode, isBlank, jourIso, montant, optionalId, requiredEmail } from '../../common/schemas/fields';
import { messageBody } from '../../common/schemas/message';
import { staffCreateBody } from '../../common/schemas/user';
import { loginBody } from '../../common/schemas/auth';

/** The first message of a refused parse. */
const messageOf = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

const UUID = '00000000-0000-4000-8000-000000000001';

describe('montant', () => {
  it('keeps the amount as parsed, never rounded to the cent', () => {
    expect(montant('Le montant').parse('10,495')).toBe(10.495);
    expect(montant('Le montant').parse('1 250,0005')).toBe(1250.0005);
    expect(montant('Le montant').parse(1.005)).toBe(1.005);
  });

  it('reads French text through the one parse, and refuses a misplaced group or a unit (the API takes none)', () => {
    expect(montant('Le montant').parse('150,50')).toBe(150.5);
    expect(montant('Le montant').parse('1\u202f250,5')).toBe(1250.5);
    expect(montant('Le montant').parse('1\u00a0250,50')).toBe(1250.5);
    expect(messageOf(montant('Le montant').safeParse('12 50'))).toBe('Le montant doit être un nombre');
    expect(messageOf(montant('Le montant').safeParse('1.250,50'))).toBe('Le montant doit être un nombre');
    expect(messageOf(montant('Le montant').safeParse('150 €'))).toBe('Le montant doit être un nombre');
  });

  it('checks the sign it is given and a French-written ceiling', () => {
    const big = 'ne peut pas dépasser 1\u202f000\u202f000\u202f000';
    expect(messageOf(montant('Le montant').safeParse(-1))).toBe('Le montant ne peut pas être négatif');
    expect(montant('Le montant').parse(0)).toBe(0);
    expect(messageOf(montant('Le montant', { positive: true }).safeParse(0))).toBe('Le montant doit être supérieur à 0');
    expect(montant('Le montant', { signed: true }).parse('-2 500')).toBe(-2500);
    expect(messageOf(montant('Le montant', { signed: true }).safeParse(-2e9))).toBe(
      'Le montant ne peut pas être inférieur à -1\u202f000\u202f000\u202f000',
    );
    expect(messageOf(montant('Le montant').safeParse(2e9))).toBe(`Le montant ${big}`);
    expect(messageOf(montant('Le prix', { max: 100_000_000 }).safeParse(2e8))).toBe('Le prix ne peut pas dépasser 100\u202f000\u202f000');
    expect(messageOf(montant('Le montant').safeParse(''))).toBe('Le montant est obligatoire');
    expect(messageOf(montant('Le montant').safeParse(true))).toBe('Le montant doit être un nombre');
  });
});

describe('jourIso', () => {
  const M = { required: 'La date est obligatoire', invalid: 'Date invalide', future: 'Pas dans le futur' };
  const today = todayIso();

  it('reads a day, or an instant as its day in Europe/Paris', () => {
    expect(jourIso(M).parse(' 2026-03-01 ')).toBe('2026-03-01');
    // 23:30 UTC on 28 February is 00:30 on 1 March in Paris.
    expect(jourIso(M).parse('2026-02-28T23:30:00Z')).toBe('2026-03-01');
  });

  it('words nothing typed, a day that does not exist, and (when asked) a day after today', () => {
    for (const blank of [undefined, null, '', '  ']) expect(messageOf(jourIso(M).safeParse(blank))).toBe(M.required);
    for (const bad of ['2026-02-30', '1850-01-01', '01/03/2026', 'hier', 7]) expect(messageOf(jourIso(M).safeParse(bad))).toBe(M.invalid);
    expect(messageOf(jourIso(M).safeParse(addDays(today, 1)))).toBe(M.future);
    expect(jourIso(M).parse(today)).toBe(today);
    expect(jourIso({ required: M.required, invalid: M.invalid }).parse(addDays(today, 1))).toBe(addDays(today, 1));
  });
});

describe('requiredEmail', () => {
  it('trims, requires, refuses what is not an address and more than 254 characters, on every form', () => {
    const email = requiredEmail("L'email est obligatoire");
    expect(email.parse(' awa@example.sn ')).toBe('awa@example.sn');
    expect(messageOf(email.safeParse(' '))).toBe("L'email est obligatoire");
    expect(messageOf(email.safeParse(undefined))).toBe("L'email est obligatoire");
    expect(messageOf(email.safeParse('awa@'))).toBe('Email invalide !');
    const long = `${'a'.repeat(250)}@x.sn`;
    expect(messageOf(email.safeParse(long))).toBe('254 caractères au maximum');
    expect(messageOf(messageBody.safeParse({ email: long, subject: 'Objet', htmlContent: 'x' }))).toBe('254 caractères au maximum');
    expect(messageOf(loginBody.safeParse({ email: long, password: 'x' }))).toBe('254 caractères au maximum');
    expect(staffCreateBody.shape.email.safeParse(long).success).toBe(false);
  });
});

describe('optionalId, deviseCode, isBlank', () => {
  it('an optional id: a UUID, or nothing read as null', () => {
    expect(optionalId().parse('')).toBeNull();
    expect(optionalId().parse(null)).toBeNull();
    expect(optionalId().parse(undefined)).toBeUndefined();
    expect(optionalId().parse(UUID)).toBe(UUID);
    expect(messageOf(optionalId("L'agence est invalide").safeParse('x'))).toBe("L'agence est invalide");
    expect(optionalId().safeParse('x').success).toBe(false);
  });

  it('a currency code: any case, one message for an unknown one', () => {
    expect(deviseCode().parse(' xof ')).toBe('XOF');
    expect(messageOf(deviseCode().safeParse('FCFA'))).toBe(DEVISE_INCONNUE);
    expect(messageOf(deviseCode('La devise du colis est obligatoire').safeParse(''))).toBe('La devise du colis est obligatoire');
  });

  it('nothing typed: absent, null or blanks', () => {
    expect([undefined, null, '', ' \t'].map(isBlank)).toEqual([true, true, true, true]);
    expect([0, '0', false, 'a'].map(isBlank)).toEqual([false, false, false, false]);
  });
});
