/**
 * What the 'Taux de change' screen shows beside the rules (docs/decisions/currencies.md): the currencies a rate may be
 * entered for, a rate written the French way, and its inverse (the euros of one unit of the currency). Exact decimal
 * arithmetic (common/money.ts), no float.
 */
import { DEVISE_COMPTABLE, DEVISES, TAUX_FIXES, TAUX_SCALE } from '../../common/devises';
import { fromScaled, toScaled } from '../../common/money';
import { tauxField } from '../../common/schemas/tauxChange';

/**
 * The currencies offered in the form: every currency of common/devises.ts but the euro (the accounting currency, rate
 * 1) and the CFA francs (fixed by law), as `{id: code, name: 'USD — Dollar des États-Unis'}`.
 */
export const DEVISES_SAISISSABLES: readonly { id: string; name: string }[] = DEVISES.filter(
  (d) => d.code !== DEVISE_COMPTABLE && !Object.hasOwn(TAUX_FIXES, d.code),
).map((d) => ({ id: d.code, name: `${d.code} — ${d.libelle}` }));

/** Every currency as a filter choice, `{id: code, name: code}`. */
export const DEVISE_CHOICES: readonly { id: string; name: string }[] = DEVISES.map((d) => ({ id: d.code, name: d.code }));

/**
 * A decimal text written the French way: groups of three digits separated by a narrow no-break space, decimal comma,
 * digits as given ('655.957' → '655,957', '9500' → '9 500', '0.001524' → '0,001524').
 */
export function formatTaux(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '--';
  const [whole, frac] = String(value).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');
  return frac ? `${grouped},${frac}` : grouped;
}

/**
 * The euros of one unit of a currency from its rate (units for 1 €), rounded half away from zero to 6 decimals, as
 * French text without trailing zeros: inverseTaux('655,957') → '0,001524', inverseTaux('0,5') → '2'; '< 0,000001' below
 * that.
 * @param taux the rate as typed or stored
 * @returns undefined for a rate the form refuses (empty, not a number, not above 0, more than 6 decimals)
 */
export function inverseTaux(taux: unknown): string | undefined {
  const parsed = tauxField.safeParse(taux);
  if (!parsed.success) return undefined;
  const scaled = toScaled(parsed.data, TAUX_SCALE); // rate × 10^6
  const one = 10n ** BigInt(2 * TAUX_SCALE); // 1 × 10^6 × 10^6
  const inverse = (2n * one + scaled) / (2n * scaled); // (1 ÷ rate) × 10^6, half up
  if (inverse === 0n) return `< ${formatTaux(fromScaled(1n, TAUX_SCALE))}`;
  return formatTaux(fromScaled(inverse, TAUX_SCALE).replace(/\.?0+$/, ''));
}
