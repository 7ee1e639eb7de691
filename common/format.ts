/**
 * French formatting of amounts and weights (spec 000 §1, DESIGN.md §5): euros with Intl.NumberFormat('fr-FR'), an
 * amount in its own currency (docs/decisions/currencies.md), weights in kg (or m³) with up to 3 decimals. Values go
 * through common/money.ts and common/devises.ts first, so they are rounded exactly.
 */
import { DEVISE_COMPTABLE, isDevise, decimalesOf, minorToNumber, toMinor } from './devises';
import { centsToNumber, milliToNumber, toCents, toMilli, type DecimalInput } from './money';

const euroFormat = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const kgFormat = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 0, maximumFractionDigits: 3 });

/**
 * Formats an amount in euros the French way (spec 000 §1, DESIGN.md §5), e.g. 1234.5 → '1 234,50 €'
 * (Intl uses a narrow no-break space as group separator and a no-break space before €).
 * Null or undefined give '0,00 €'.
 */
export function formatEuro(value: DecimalInput): string {
  return euroFormat.format(centsToNumber(toCents(value)));
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
