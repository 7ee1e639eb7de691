/**
 * Reusable fields of the shared form and request schemas (spec 001 §5 validation rules), with French messages. Used by
 * the server's routes (fastify-type-provider-zod) and by the forms (`zodResolver`), so a rule is written once.
 *
 * Importing this module installs zod's French locale as the one error map of the product: every message a field does
 * not word itself (a wrong type, an unknown enum value…) is French on both sides.
 *
 * Numbers typed by a person go through common/money.ts: one parse (a French comma or a dot, spaces as group
 * separators) and one rounding (half away from zero, to the stored decimals), never a float `toFixed`.
 */
import { z } from 'zod';
import { centsToNumber, milliToNumber, toCents, toMilli } from '../money';

z.config(z.locales.fr());

/** A required, trimmed, non-empty text of at most `max` characters. */
export const requiredText = (message: string, max = 255) =>
  z.string({ error: message }).trim().min(1, message).max(max, `${max} caractères au maximum`);

/** An optional text (empty allowed). */
export const optionalText = (max = 1000) => z.string().trim().max(max, `${max} caractères au maximum`).optional();

/** A required reference id (UUID). */
export const requiredId = (message: string) => z.uuid({ error: message });

/** Whether a value is nothing typed: absent, null, or blanks. */
const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** A decimal number as a form types it: optional sign, digits, optional decimal point or comma, spaces between groups. */
const NUMERIC_TEXT = /^[-+]?\d[\d\s\u00a0\u202f]*([.,]\d+)?$/;

/**
 * A number as a JSON client sends it: a JSON number, or a numeric text from a form ('12.5', '12,5', '1 250'). Booleans,
 * arrays, objects, empty and non-numeric texts are refused with `${label} doit être un nombre`
 * (docs/decisions/security-hardening.md: `true` or `[1]` must not pass as a weight). Nothing typed (absent, null, blanks)
 * is `${label} est obligatoire`.
 */
export const strictNumber = (label: string) =>
  z.preprocess(
    (v) =>
      typeof v === 'string' && NUMERIC_TEXT.test(v.trim())
        ? Number(
            v
              .trim()
              .replace(/[\s\u00a0\u202f]/g, '')
              .replace(',', '.'),
          )
        : v,
    z
      .number({ error: (issue) => (isBlank(issue.input) ? `${label} est obligatoire` : `${label} doit être un nombre`) })
      .finite(`${label} doit être un nombre`),
  );

/** A number rounded half away from zero to the kg's stored 3 decimals, exactly (common/money.ts). */
const roundPoids = (n: number): number => milliToNumber(toMilli(n));

/** A number rounded half away from zero to the stored cents, exactly (common/money.ts): 1.005 → 1.01. */
export const roundMontant = (n: number): number => centsToNumber(toCents(n));

/** A weight in kg (or m³), rounded to the stored 3 decimals before it is checked: > 0 and ≤ `max`. */
export const poidsKg = (label: string, max: number) =>
  strictNumber(label)
    .transform(roundPoids)
    .pipe(z.number().positive(`${label} doit être supérieur à 0`).max(max, `${label} ne peut pas dépasser ${max}`));

/** An amount in euros, rounded to the stored cents before it is checked: ≥ `min` (default 0) and ≤ `max`. */
export const moneyEuros = (label: string, opts: { min?: number; positive?: boolean; max?: number } = {}) => {
  const max = opts.max ?? 1_000_000;
  let check = z.number().max(max, `${label} ne peut pas dépasser ${max.toLocaleString('fr-FR')}`);
  check = opts.positive
    ? check.positive(`${label} doit être supérieur à 0`)
    : check.min(opts.min ?? 0, `${label} ne peut pas être négatif`);
  return strictNumber(label).transform(roundMontant).pipe(check);
};
