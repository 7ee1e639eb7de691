/**
 * French formatting of amounts and weights (spec 000 §1, DESIGN.md §5): euros with Intl.NumberFormat('fr-FR'),
 * weights in kg (or m³) with up to 3 decimals. Values go through common/money.ts first, so they are rounded exactly.
 */
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
