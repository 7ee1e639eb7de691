/**
 * Exact decimal arithmetic of money and weights, shared by the server (which recomputes every amount) and the UI
 * (which shows them while the user types). docs/architecture.md §4 "Money", spec 000 §9 "Business constants".
 *
 * Units: money in euros with 2 decimals (numeric(12,2) in the database), weights in kg (or m³)
 * with 3 decimals (numeric(10,3)). No floating-point arithmetic is done on amounts: every input is
 * parsed from its decimal text into an exact integer of hundredths (cents) or thousandths (grams),
 * computed with BigInt, rounded half-up (away from zero) to the cent, and only turned back into a
 * JavaScript number at the end. `0.1 + 0.2` therefore gives `0.3`.
 */

/** A decimal value as the API, the database (numeric → string) or a form may give it. */
export type DecimalInput = number | string | null | undefined;

/** Scale of money (cents) and of weights (thousandths of kg / m³). */
const MONEY_SCALE = 2;
export const POIDS_SCALE = 3;

const DECIMAL_RE = /^([+-])?(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/** The spaces found between groups of digits: space, no-break space (U+00A0), narrow no-break space (U+202F, Intl's
 * fr-FR separator), thin space (U+2009). */
const GROUP_SPACES = /[ \u00a0\u202f\u2009]/g;

/**
 * A number as the French write it, once the trailing unit is off: optional sign, the whole part either plain digits or
 * groups of three after a first group of one to three (separated by one space each), then optionally a decimal comma
 * or point and its digits.
 */
const FRENCH_NUMBER_RE = /^([+-])?(\d{1,3}(?: \d{3})+|\d*)(?:[.,](\d*))?$/;

/** A unit as compared: its spaces dropped, in lower case ('F CFA' and 'fcfa' are the same). */
const uniteKey = (unite: string) => unite.replace(/\s/g, '').toLowerCase();

/**
 * Reads a number typed the French way, whatever the browser's locale (docs/decisions/money-input.md): the one parse of
 * every amount, weight and rate a person types, on the screen (src/kit/MontantInput.tsx) and in the shared schemas
 * (common/schemas/fields.ts strictNumber). Accepted: a decimal comma or point ('150,50', '150.50', '150,', ',5'), the
 * whole part in groups of three separated by a space, a no-break space or a narrow no-break space ('1 250,5',
 * '1\u202f250,50'), a sign ('-', '+', or Intl's U+2212), and, when `unites` names it, one unit after the number
 * ('1 250,50 €', '2,5 kg'; compared without spaces and case). Refused (null): a misplaced group ('12 50', which may be
 * 12,50 or 1 250), a point between groups ('1.250,50'), two separators, letters, a unit not in `unites`, an exponent,
 * nothing typed.
 * @param text the text typed
 * @param unites the units the field may show after its number (common/format.ts unitesDevise, UNITES_POIDS); none by
 *   default: the API takes no unit
 * @returns the exact decimal text with a point and no group ('1250.50', '-0.5', '150'), or null when it is not a number
 */
export function parseDecimalFr(text: string, unites: readonly string[] = []): string | null {
  let t = text.trim().replace(/\u2212/g, '-');
  const lastDigit = t.search(/\d[^\d]*$/);
  if (lastDigit < 0) return null;
  // The unit: what follows the last digit (and a decimal separator right after it: '150, €').
  const end = /[.,]/.test(t.charAt(lastDigit + 1)) ? lastDigit + 2 : lastDigit + 1;
  const unite = t.slice(end).trim();
  if (unite !== '') {
    if (!unites.some((u) => uniteKey(u) === uniteKey(unite))) return null;
    t = t.slice(0, end).trim();
  }
  const m = FRENCH_NUMBER_RE.exec(t.replace(GROUP_SPACES, ' '));
  if (!m) return null;
  const whole = (m[2] ?? '').replace(/ /g, '').replace(/^0+(?=\d)/, '');
  const frac = m[3] ?? '';
  if (whole === '' && frac === '') return null;
  const digits = `${whole || '0'}${frac ? `.${frac}` : ''}`;
  return m[1] === '-' && /[1-9]/.test(digits) ? `-${digits}` : digits;
}

/**
 * Parses a decimal value into an exact integer scaled by 10^scale, rounding half-up (away from zero)
 * on the first dropped digit. Accepts numbers (through their shortest decimal text, so `1.005` is
 * read as typed), strings typed the French way (parseDecimalFr: a dot or a French comma, spaces between groups of
 * three) or written by a machine ('1.5e-7'), and treats null, undefined and '' (or blanks) as 0.
 * @param value the decimal value
 * @param scale the number of decimals kept (2 for euros, 3 for kg)
 * @returns the scaled integer, e.g. toScaled('12,345', 2) → 1235n
 * @throws RangeError on a value that is not a finite decimal number
 */
export function toScaled(value: DecimalInput, scale: number): bigint {
  if (value === null || value === undefined) return 0n;
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`Nombre invalide : ${value}`);
    text = String(value);
  } else {
    if (value.trim() === '') return 0n;
    // French typed text through the one parse; machine text ('1e-7') as it is, for DECIMAL_RE to read or refuse.
    text = parseDecimalFr(value) ?? value.trim();
  }
  const m = DECIMAL_RE.exec(text);
  if (!m || (m[2] === '' && (m[3] === undefined || m[3] === ''))) throw new RangeError(`Nombre invalide : ${value}`);
  const negative = m[1] === '-';
  let digits = (m[2] ?? '') + (m[3] ?? '');
  // Position of the decimal point counted from the left of `digits`.
  let point = (m[2] ?? '').length + (m[4] ? Number.parseInt(m[4], 10) : 0);
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  }
  if (digits.length < point) digits = digits + '0'.repeat(point - digits.length);
  const keep = point + scale;
  let kept = digits.slice(0, keep);
  if (kept.length < keep) kept = kept + '0'.repeat(keep - kept.length);
  const firstDropped = digits.charCodeAt(keep) - 48; // NaN when nothing is dropped
  let result = BigInt(kept === '' ? '0' : kept);
  if (firstDropped >= 5) result += 1n;
  return negative ? -result : result;
}

/**
 * Turns a scaled integer back into its decimal text, e.g. fromScaled(-1235n, 2) → '-12.35'.
 * @param n the scaled integer
 * @param scale its number of decimals
 */
export function fromScaled(n: bigint, scale: number): string {
  const negative = n < 0n;
  const abs = (negative ? -n : n).toString().padStart(scale + 1, '0');
  const whole = abs.slice(0, abs.length - scale);
  const frac = abs.slice(abs.length - scale);
  return (negative ? '-' : '') + whole + (scale > 0 ? '.' + frac : '');
}

/** Divides a scaled integer by 10^digits, rounding half-up (away from zero). */
export function roundDiv(n: bigint, digits: number): bigint {
  if (digits <= 0) return n;
  const d = 10n ** BigInt(digits);
  const negative = n < 0n;
  const abs = negative ? -n : n;
  const q = (abs + d / 2n) / d;
  return negative ? -q : q;
}

/** Euros → exact integer cents (half-up). `toCents('12.345')` → 1235n. */
export function toCents(value: DecimalInput): bigint {
  return toScaled(value, MONEY_SCALE);
}

/** kg (or m³) → exact integer thousandths (half-up). `toMilli('0.1')` → 100n. */
export function toMilli(value: DecimalInput): bigint {
  return toScaled(value, POIDS_SCALE);
}

/** Integer cents → euros as a number with 2 decimals (12345n → 123.45). */
export function centsToNumber(cents: bigint): number {
  return Number(fromScaled(cents, MONEY_SCALE));
}

/** Integer cents → the numeric(12,2) text the database stores (12345n → '123.45'). */
export function centsToString(cents: bigint): string {
  return fromScaled(cents, MONEY_SCALE);
}

/** Integer thousandths → kg as a number with 3 decimals (1500n → 1.5). */
export function milliToNumber(milli: bigint): number {
  return Number(fromScaled(milli, POIDS_SCALE));
}

/** Integer thousandths → the numeric(10,3) text the database stores (1500n → '1.500'). */
export function milliToString(milli: bigint): string {
  return fromScaled(milli, POIDS_SCALE);
}

/** An amount in euros rounded half-up to the cent, as a number (`roundMoney(0.1 + 0.2)` → 0.3). */
export function roundMoney(value: DecimalInput): number {
  return centsToNumber(toCents(value));
}

/** An amount in euros as the numeric(12,2) text the database stores (`toMoneyString(7)` → '7.00'). */
export function toMoneyString(value: DecimalInput): string {
  return centsToString(toCents(value));
}

/** A weight in kg (or m³) as the numeric(10,3) text the database stores (`toPoidsString(2.5)` → '2.500'). */
export function toPoidsString(value: DecimalInput): string {
  return milliToString(toMilli(value));
}

/** Exact sum of amounts in euros, as a number with 2 decimals. */
export function sumMoney(values: readonly DecimalInput[]): number {
  return centsToNumber(values.reduce<bigint>((acc, v) => acc + toCents(v), 0n));
}

/**
 * Exact sum of weights in kg (or m³), as a number with 3 decimals: e.g. a departure's used weight
 * (poidsReel) is the sum of its parcels' weights (docs/architecture.md §4).
 */
export function sumPoids(values: readonly DecimalInput[]): number {
  return milliToNumber(values.reduce<bigint>((acc, v) => acc + toMilli(v), 0n));
}

/** Whether an amount in euros is above 0, exactly on cents (0.004 is not); an empty or unreadable amount is not. */
export function isPositiveMontant(value: DecimalInput): boolean {
  try {
    return toCents(value) > 0n;
  } catch {
    return false;
  }
}
