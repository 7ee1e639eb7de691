/**
 * What the 'Taux de change' screen shows beside the rules (docs/decisions/currencies.md): the currencies a rate may be
 * entered for, and a rate's inverse (the euros of one unit of the currency). Exact decimal arithmetic
 * (common/devises.ts tauxCroise), no float; a rate is written by common/format.ts formatTaux.
 */
import { DEVISE_COMPTABLE, DEVISES, TAUX_FIXES, TAUX_SCALE, tauxCroise } from '../../common/devises';
import { formatTaux } from '../../common/format';
import { fromScaled } from '../../common/money';
import { tauxField } from '../../common/schemas/tauxChange';
import { deviseChoices } from '../kit/choices';

/**
 * The currencies offered in the form: every currency of common/devises.ts but the euro (the accounting currency, rate
 * 1) and the CFA francs (fixed by law), as `{id: code, name: 'USD — Dollar des États-Unis'}`.
 */
export const DEVISES_SAISISSABLES: readonly { id: string; name: string }[] = deviseChoices(
  (d) => d.code !== DEVISE_COMPTABLE && !Object.hasOwn(TAUX_FIXES, d.code),
);

/** Every currency as a filter choice, `{id: code, name: code}`. */
export const DEVISE_CHOICES: readonly { id: string; name: string }[] = DEVISES.map((d) => ({ id: d.code, name: d.code }));

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
  const inverse = tauxCroise(parsed.data, '1'); // euros for 1 unit: 1 ÷ rate, 6 decimals, half away from zero
  if (inverse === fromScaled(0n, TAUX_SCALE)) return `< ${formatTaux(fromScaled(1n, TAUX_SCALE))}`;
  return formatTaux(inverse);
}
