/**
 * The currencies the product handles (ISO 4217) with their minor unit, the accounting currency, and exact conversion
 * between currencies. A route is priced in its origin country's currency (spec 001 §5 unit-price form: "the currency
 * shown comes from the origin country"; spec 000 §7 a departure's `devise`); dashboards are in euros.
 * docs/decisions/currencies.md.
 *
 * Twin: the `devises` table of migration 0021 (seeded from the same list, TND taken off by migration 0024);
 * tests/server/devises.test.ts holds them equal.
 */
import { fromScaled, roundDiv, toMoneyString, toScaled, type DecimalInput } from './money';

/** A currency: ISO 4217 code, French name, digits of its minor unit (EUR 2 for cents, XOF 0). */
export interface Devise {
  code: string;
  libelle: string;
  decimales: number;
}

/**
 * The currencies of the countries served, and the usual others: none with more than 2 decimals, as every money column
 * is numeric(12,2) (the Tunisian dinar's 3 left with migration 0024; tests/server/devises.test.ts).
 */
export const DEVISES: readonly Devise[] = [
  { code: 'EUR', libelle: 'Euro', decimales: 2 },
  { code: 'XOF', libelle: 'Franc CFA (BCEAO)', decimales: 0 },
  { code: 'XAF', libelle: 'Franc CFA (BEAC)', decimales: 0 },
  { code: 'GNF', libelle: 'Franc guinéen', decimales: 0 },
  { code: 'MAD', libelle: 'Dirham marocain', decimales: 2 },
  { code: 'DZD', libelle: 'Dinar algérien', decimales: 2 },
  { code: 'USD', libelle: 'Dollar des États-Unis', decimales: 2 },
  { code: 'CAD', libelle: 'Dollar canadien', decimales: 2 },
  { code: 'GBP', libelle: 'Livre sterling', decimales: 2 },
  { code: 'CHF', libelle: 'Franc suisse', decimales: 2 },
  { code: 'CDF', libelle: 'Franc congolais', decimales: 2 },
  { code: 'MRU', libelle: 'Ouguiya mauritanien', decimales: 2 },
  { code: 'GMD', libelle: 'Dalasi gambien', decimales: 2 },
  { code: 'CVE', libelle: 'Escudo cap-verdien', decimales: 2 },
  { code: 'GHS', libelle: 'Cedi ghanéen', decimales: 2 },
  { code: 'NGN', libelle: 'Naira nigérian', decimales: 2 },
];

/** The accounting currency (DEVISE_COMPTABLE): rates are given as units of a currency for one of it. */
export const DEVISE_COMPTABLE = 'EUR';

/**
 * Currencies whose rate to the euro is fixed by law (the CFA francs: 1 € = 655,957 F since 1999): seeded by the
 * migration, never edited through tauxChange/create.
 */
export const TAUX_FIXES: Readonly<Record<string, string>> = { XOF: '655.957', XAF: '655.957' };

/** Digits kept in a rate (numeric(18,6)). */
export const TAUX_SCALE = 6;

const BY_CODE = new Map(DEVISES.map((d) => [d.code, d]));

/** Whether a code names a currency of DEVISES. */
export function isDevise(code: unknown): code is string {
  return typeof code === 'string' && BY_CODE.has(code);
}

/** A record's currency when it is one of DEVISES, else the accounting currency: deviseOuEuro('XOF') → 'XOF', null → 'EUR'. */
export function deviseOuEuro(code: unknown): string {
  return isDevise(code) ? code : DEVISE_COMPTABLE;
}

/**
 * Digits of a currency's minor unit (EUR 2, XOF 0).
 * @throws RangeError on an unknown currency
 */
export function decimalesOf(devise: string): number {
  const d = BY_CODE.get(devise);
  if (!d) throw new RangeError(`Devise inconnue : ${devise}`);
  return d.decimales;
}

/**
 * An amount as an exact integer of its currency's minor unit, rounded half away from zero: toMinor('1,005', 'EUR')
 * → 101n, toMinor('10,5', 'XOF') → 11n.
 * @throws RangeError on an unknown currency or an unreadable amount
 */
export function toMinor(value: DecimalInput, devise: string): bigint {
  return toScaled(value, decimalesOf(devise));
}

/** An integer of minor units as the decimal text the database stores (101n, 'EUR' → '1.01'; 11n, 'XOF' → '11'). */
export function minorToString(minor: bigint, devise: string): string {
  return fromScaled(minor, decimalesOf(devise));
}

/** An integer of minor units as a number of the currency's units (101n, 'EUR' → 1.01). */
export function minorToNumber(minor: bigint, devise: string): number {
  return Number(minorToString(minor, devise));
}

/** An amount rounded half away from zero to its currency's minor unit, as a number (10.5 XOF → 11). */
export function roundToDevise(value: DecimalInput, devise: string): number {
  return minorToNumber(toMinor(value, devise), devise);
}

/**
 * An amount as the database stores it in its currency: rounded once, half away from zero, to the currency's minor
 * unit, as exact decimal text (10.495, 'XOF' → '10'; 1.005, 'EUR' → '1.01'); a code outside DEVISES (an old
 * row's) to the cent.
 * @throws RangeError on an unreadable amount
 */
export function montantTexte(value: DecimalInput, devise: string): string {
  if (!isDevise(devise)) return toMoneyString(value);
  return canonique(value, decimalesOf(devise)) ?? minorToString(toMinor(value, devise), devise);
}

/** PostgreSQL's text of a numeric: an optional '-', digits without leading zeros, then maybe decimals. */
const NUMERIC_TEXT = /^(-?)(0|[1-9]\d*)(?:\.(\d+))?$/;

/**
 * montantTexte's answer read off a text already at the currency's decimals, or with zeros only beyond them (a stored
 * amount as PostgreSQL gives it: '39358.00' in XOF → '39358', '27.84' in EUR → '27.84'), without parsing it into minor
 * units: a million-row export writes three amounts a row (bench/README.md "Exports"). Undefined for any other input
 * (a number, French text, rounding to do, a negative zero), which montantTexte converts exactly.
 */
function canonique(value: DecimalInput, decimales: number): string | undefined {
  if (typeof value !== 'string') return undefined;
  const m = NUMERIC_TEXT.exec(value);
  if (!m) return undefined;
  const [, sign, whole, frac = ''] = m;
  const kept = frac.slice(0, decimales).padEnd(decimales, '0');
  if (!/^0*$/.test(frac.slice(decimales))) return undefined;
  if (sign && whole === '0' && /^0*$/.test(kept)) return undefined;
  return `${sign}${whole}${kept ? `.${kept}` : ''}`;
}

/**
 * The step of an amount input in a currency: its minor unit (0.01 for the euro, 1 for the CFA francs); 0.01 for a missing or unknown code (deviseOuEuro).
 */
export function pasDevise(devise: unknown): number {
  return minorToNumber(1n, deviseOuEuro(devise));
}

/**
 * Converts an amount exactly between two currencies through the accounting currency, rounding once, half away from
 * zero, to the target's minor unit: amount ÷ tauxFrom × tauxTo.
 * @param amount the amount in `from` (number or decimal text)
 * @param from its currency
 * @param to the target currency
 * @param tauxFrom units of `from` for 1 unit of the accounting currency (1 when `from` is it)
 * @param tauxTo units of `to` for 1 unit of the accounting currency (1 when `to` is it)
 * @returns the converted amount, a number with the target's decimals
 * @throws RangeError on an unknown currency or a rate that is not above 0
 */
export function convertir(amount: DecimalInput, from: string, to: string, tauxFrom: DecimalInput, tauxTo: DecimalInput): number {
  if (from === to) return roundToDevise(amount, to);
  const rf = toScaled(tauxFrom, TAUX_SCALE);
  const rt = toScaled(tauxTo, TAUX_SCALE);
  if (rf <= 0n || rt <= 0n) throw new RangeError('Taux de change invalide');
  const fromDigits = decimalesOf(from);
  const toDigits = decimalesOf(to);
  // amount (10^-fromDigits) × rt (10^-6) ÷ rf (10^-6) → 10^-toDigits: scale the numerator, divide once, round half up.
  const a = toMinor(amount, from);
  const shift = toDigits - fromDigits;
  const numerator = a * rt * 10n ** BigInt(Math.max(shift, 0)) * 10n;
  const denominator = rf * 10n ** BigInt(Math.max(-shift, 0));
  const tenths = numerator / denominator; // one more digit than the target, truncated toward zero
  return minorToNumber(roundDiv(tenths, 1), to);
}

/**
 * The rate of one currency in another, from their two rates to the accounting currency: units of the second for 1 unit
 * of the first, TAUX_SCALE (6) decimals, rounded once, half away from zero (tauxColis ÷ tauxTendu, both rates being
 * units for 1 €): tauxCroise('1', '655.957') → '655.957000' (1 € = 655,957 F CFA), tauxCroise('655.957', '1') →
 * '0.001524'. The rate applied to a payment tendered in another currency, and (with '1' second) the inverse of a rate.
 * @param tauxTendu units of the first currency for 1 € (the one tendered)
 * @param tauxColis units of the second currency for 1 € (the parcel's)
 * @returns exact decimal text with 6 decimals
 * @throws RangeError when a rate is not above 0
 */
export function tauxCroise(tauxTendu: DecimalInput, tauxColis: DecimalInput): string {
  const rt = toScaled(tauxTendu, TAUX_SCALE);
  const rc = toScaled(tauxColis, TAUX_SCALE);
  if (rt <= 0n || rc <= 0n) throw new RangeError('Taux de change invalide');
  // rc ÷ rt with one more digit than kept, truncated, then rounded half away from zero (as convertir).
  const tenths = (rc * 10n ** BigInt(TAUX_SCALE + 1)) / rt;
  return fromScaled(roundDiv(tenths, 1), TAUX_SCALE);
}
