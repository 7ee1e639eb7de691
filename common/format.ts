/**
 * French formatting of amounts and weights (spec 000 §1, docs/architecture.md §5): euros with Intl.NumberFormat('fr-FR'), an
 * amount in its own currency (docs/decisions/currencies.md), weights in kg (or m³) with up to 3 decimals, exchange
 * rates with up to 6. Values go through common/money.ts and common/devises.ts first, so they are rounded exactly.
 */
import { DEVISE_COMPTABLE, TAUX_SCALE, isDevise, decimalesOf, minorToNumber, toMinor } from './devises';
import { centsToNumber, fromScaled, milliToNumber, parseDecimalFr, toCents, toMilli, toScaled, type DecimalInput } from './money';

const kgFormat = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 0, maximumFractionDigits: 3 });

/**
 * Formats an amount in euros the French way (spec 000 §1, docs/architecture.md §5), e.g. 1234.5 → '1 234,50 €'
 * (Intl uses a narrow no-break space as group separator and a no-break space before €): formatMontant in
 * DEVISE_COMPTABLE, for the figures that are always in euros (dashboards, price lists).
 * Null or undefined give '0,00 €'.
 */
export function formatEuro(value: DecimalInput): string {
  return formatMontant(value, DEVISE_COMPTABLE);
}

/**
 * The symbols shown instead of Intl's where Intl's would confuse: the two CFA francs, which Intl writes 'F CFA' (XOF)
 * and 'FCFA' (XAF); the Central African one is named by its bank.
 */
const SYMBOLES: Readonly<Record<string, string>> = { XAF: 'F\u202fCFA\u00a0(BEAC)' };

/** An amount with 2 decimals and no currency (a code outside DEVISES). */
const plainMoneyFormat = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const montantFormats = new Map<string, Intl.NumberFormat>();

/** The French currency format of a currency of DEVISES, its minor unit's digits (EUR 2, XOF 0), made once. */
function montantFormat(devise: string): Intl.NumberFormat {
  let f = montantFormats.get(devise);
  if (!f) {
    const digits = decimalesOf(devise);
    f = new Intl.NumberFormat('fr-FR', {
      style: 'currency',
      currency: devise,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    montantFormats.set(devise, f);
  }
  return f;
}

/**
 * Formats an amount in its currency the French way (docs/decisions/currencies.md: every amount shown with its
 * record's currency), rounded exactly, half away from zero, to the currency's minor unit (common/devises.ts):
 * formatMontant(1234.5, 'EUR') → '1 234,50 €', formatMontant(6560, 'XOF') → '6 560 F CFA',
 * formatMontant(6560, 'XAF') → '6 560 F CFA (BEAC)', formatMontant(12.5, 'USD') → '12,50 $US'. Intl's separators are
 * kept (a narrow no-break space between groups, a no-break space before the symbol).
 * @param value the amount (number or decimal text; null or undefined count 0)
 * @param devise its ISO 4217 code; missing (null, undefined, '') means the euro, the accounting currency; a code
 *   outside DEVISES is written after the amount, with 2 decimals
 */
export function formatMontant(value: DecimalInput, devise: string | null | undefined): string {
  const code = devise || DEVISE_COMPTABLE;
  if (!isDevise(code)) return `${plainMoneyFormat.format(centsToNumber(toCents(value)))}\u00a0${code}`;
  const parts = montantFormat(code).formatToParts(minorToNumber(toMinor(value, code), code));
  const symbole = SYMBOLES[code];
  return parts.map((p) => (p.type === 'currency' && symbole ? symbole : p.value)).join('');
}

/** Other ways people write a currency after an amount, beside its ISO code and its symbol ('1 250 F', '5 000 FG'). */
const ALIAS_DEVISES: Readonly<Record<string, readonly string[]>> = {
  EUR: ['euro', 'euros'],
  XOF: ['F', 'FCFA', 'F CFA'],
  XAF: ['F', 'FCFA', 'F CFA', 'F CFA (BEAC)'],
  GNF: ['FG'],
};

/**
 * The units an amount field in `devise` takes after its number (common/money.ts parseDecimalFr), so that an amount
 * copied from a list or a receipt ('1 250,50 €', '6 560 F CFA') is read as typed: the ISO code, the symbol formatMontant
 * writes, and the usual other spellings (ALIAS_DEVISES). None for a missing or unknown code: the field then takes the
 * bare number only, never an amount of some other currency.
 */
export function unitesDevise(devise: string | null | undefined): readonly string[] {
  if (!devise || !isDevise(devise)) return [];
  const symbole = formatMontant(0, devise).replace(/^[-+\d\s\u00a0\u202f.,]+/, '');
  return [devise, symbole, ...(ALIAS_DEVISES[devise] ?? [])];
}

/** The units a weight field takes after its number: kg and m³ (spec 000 §5 unit KG / M3). */
export const UNITES_POIDS: readonly string[] = ['kg', 'm3', 'm³'];

/**
 * A number as an input shows it back once typed (src/kit/MontantInput.tsx, on blur): the French way, groups of three
 * separated by a narrow no-break space, a decimal comma, at least `decimales` decimals and never fewer than it has (the
 * value is shown as it will be sent, not rounded; a text keeps the decimals typed): formatSaisie(1250.5, 2) →
 * '1 250,50', formatSaisie(6560, 0) → '6 560', formatSaisie('10.495', 0) → '10,495', formatSaisie('150,50', 0) →
 * '150,50'. No unit: the field's adornment shows it.
 * @param value the number, or the text typed (read by common/money.ts parseDecimalFr, without unit)
 * @param decimales the least decimals shown (the currency's minor unit; 0 for a weight)
 * @throws RangeError on a value that is not a finite number
 */
export function formatSaisie(value: number | string, decimales: number): string {
  const exact = typeof value === 'string' ? parseDecimalFr(value) : null;
  // A typed text keeps its own decimals ('150,50' stays 150,50); a number is written with the decimals it has.
  const text = exact ?? fromScaled(toScaled(value, 12), 12).replace(/0+$/, '').replace(/\.$/, '');
  const negative = text.startsWith('-');
  const [whole, frac = ''] = (negative ? text.slice(1) : text).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');
  const decimals = frac.padEnd(decimales, '0');
  return `${negative ? '-' : ''}${grouped}${decimals ? `,${decimals}` : ''}`;
}

/**
 * An amount in its currency with its sign always written when not zero (a difference): '+23 GNF', '-50,00 €',
 * '0,00 €' (formatMontant otherwise).
 */
export function formatMontantSigne(value: DecimalInput, devise: string | null | undefined): string {
  const code = devise || DEVISE_COMPTABLE;
  const positif = isDevise(code) ? toMinor(value, code) > 0n : toCents(value) > 0n;
  return `${positif ? '+' : ''}${formatMontant(value, devise)}`;
}

/**
 * Formats a weight in kg the French way, up to 3 decimals, e.g. 12.5 → '12,5 kg'.
 * @param value weight in kg
 * @param unite the unit shown after the number ('kg' by default; 'M3' shows 'm³')
 */
export function formatKg(value: DecimalInput, unite: string = 'kg'): string {
  const label = unite.toUpperCase() === 'M3' ? 'm³' : unite.toUpperCase() === 'KG' ? 'kg' : unite;
  return `${kgFormat.format(milliToNumber(toMilli(value)))} ${label}`;
}

/**
 * A decimal as French spreadsheets read it: decimal comma, no group separator, no unit, the digits as stored
 * (e.g. '1234.50' → '1234,50', -3.5 → '-3,5'). For the CSV exports (docs/decisions/list-exports.md); '' for null.
 */
export function formatDecimalFr(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  return String(value).replace('.', ',');
}

/**
 * An exchange rate written the French way from its exact decimal text, no float: rounded half away from zero to
 * TAUX_SCALE (6) decimals, trailing zeros dropped, groups of three digits separated by a narrow no-break space, decimal
 * comma ('655.957000' → '655,957', '9500' → '9 500', 0.001524 → '0,001524'). '--' for nothing (null, undefined, '');
 * a text that is not a number is given back as it is.
 */
export function formatTaux(value: DecimalInput): string {
  if (value === null || value === undefined || value === '') return '--';
  let text: string;
  try {
    text = fromScaled(toScaled(value, TAUX_SCALE), TAUX_SCALE).replace(/\.?0+$/, '');
  } catch {
    return String(value);
  }
  const [whole, frac] = text.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');
  return frac ? `${grouped},${frac}` : grouped;
}

/**
 * A cross rate as the payment dialog and the receipt print it: '1 EUR = 655,957 XOF' (ISO codes, so that a rate is never
 * read as an amount rounded to a currency's minor unit; the rate by formatTaux).
 * @param taux units of `devise` for 1 unit of `deviseTendue` (common/devises.ts tauxCroise)
 * @param deviseTendue the currency of the 1 unit
 * @param devise the currency the rate is in
 */
export const tauxLibelle = (taux: DecimalInput, deviseTendue: string, devise: string) =>
  `1 ${deviseTendue} = ${formatTaux(taux)} ${devise}`;

/**
 * The full name of a person (staff user, client, author) as every screen, answer and mail writes it: nom then prénoms,
 * the blank parts left out ('Administrateur Principal'; audit 001 B9: one order everywhere). '' for nobody.
 * @param person its nom and prenoms (either may be missing)
 */
export function fullName(person: { nom?: string | null; prenoms?: string | null } | null | undefined): string {
  return [person?.nom, person?.prenoms]
    .filter((s): s is string => typeof s === 'string' && s.trim() !== '')
    .map((s) => s.trim())
    .join(' ');
}
