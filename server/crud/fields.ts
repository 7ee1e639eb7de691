/** Reusable body fields with French validation messages (spec 001 §5). */
import { z } from 'zod';

/** A required, trimmed, non-empty text of at most `max` characters. */
export const requiredText = (message: string, max = 255) =>
  z.string({ error: message }).trim().min(1, message).max(max, `${max} caractères au maximum`);

/** An optional text (empty allowed). */
export const optionalText = (max = 1000) => z.string().trim().max(max, `${max} caractères au maximum`).optional();

/** A required reference id (UUID). */
export const requiredId = (message: string) => z.uuid({ error: message });

/**
 * A number as a JSON client sends it: a JSON number, or a numeric text from a form ('12.5', '12,5'). Booleans,
 * arrays, objects, empty and non-numeric texts are refused with `${label} doit être un nombre`
 * (docs/decisions/security-hardening.md: `true` or `[1]` must not pass as a weight).
 */
export const strictNumber = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && NUMERIC_TEXT.test(v.trim()) ? Number(v.trim().replace(',', '.')) : v),
    z.number({ error: `${label} doit être un nombre` }).finite(`${label} doit être un nombre`),
  );

/** A decimal number as a form types it: optional sign, digits, optional decimal point or comma. */
const NUMERIC_TEXT = /^[-+]?\d+([.,]\d+)?$/;

/** Rounds to `digits` decimals (the stored precision), so that a rule is checked on what is stored. */
const roundTo = (digits: number) => (n: number) => Number(n.toFixed(digits));

/** A weight in kg (or m³), rounded to the stored 3 decimals before it is checked: > 0 and ≤ `max`. */
export const poidsKg = (label: string, max: number) =>
  strictNumber(label)
    .transform(roundTo(3))
    .pipe(z.number().positive(`${label} doit être supérieur à 0`).max(max, `${label} ne peut pas dépasser ${max}`));

/** An amount in euros, rounded to the stored cents before it is checked: ≥ `min` (default 0) and ≤ `max`. */
export const moneyEuros = (label: string, opts: { min?: number; positive?: boolean; max?: number } = {}) => {
  const max = opts.max ?? 1_000_000;
  let check = z.number().max(max, `${label} ne peut pas dépasser ${max} €`);
  check = opts.positive
    ? check.positive(`${label} doit être supérieur à 0`)
    : check.min(opts.min ?? 0, `${label} ne peut pas être négatif`);
  return strictNumber(label).transform(roundTo(2)).pipe(check);
};
