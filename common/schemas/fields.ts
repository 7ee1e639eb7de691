/**
 * Reusable fields of the shared form and request schemas (spec 001 §5 validation rules), with French messages. Used by
 * the server's routes (fastify-type-provider-zod) and by the forms (src/kit/formResolver.ts), so a rule is written
 * once.
 *
 * Importing this module installs zod's French locale as the one error map of the product: every message a field does
 * not word itself (a wrong type, an unknown enum value…) is French on both sides.
 *
 * Numbers typed by a person are parsed exactly (strictNumber, through common/money.ts parseDecimalFr: a French comma
 * or a dot, spaces between groups of three), never through a float `toFixed`. An amount (montant) is kept as parsed: its record's currency (EUR 2 decimals, XOF
 * none) rounds it once, half away from zero, where that currency is known (the server; common/devises.ts). A
 * weight, and an amount always in euros (moneyEuros), are rounded here (common/money.ts).
 */
import { z } from 'zod';
import { todayIso } from '../dates';
import { DEVISES, isDevise } from '../devises';
import { centsToNumber, milliToNumber, parseDecimalFr, toCents, toMilli } from '../money';

z.config(z.locales.fr());

/** A required, trimmed, non-empty text of at most `max` characters. */
export const requiredText = (message: string, max = 255) =>
  z.string({ error: message }).trim().min(1, message).max(max, `${max} caractères au maximum`);

/** An optional text (empty allowed). */
export const optionalText = (max = 1000) => z.string().trim().max(max, `${max} caractères au maximum`).optional();

/** A required reference id (UUID). */
export const requiredId = (message: string) => z.uuid({ error: message });

/** Whether a value is nothing typed: absent, null, or blanks. */
export const isBlank = (v: unknown): boolean => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * An optional reference id: a UUID, or nothing (absent, null, or '' from an empty select, read as null).
 * @param message the refusal of a value that is not a UUID (default: zod's French one)
 */
export const optionalId = (message?: string) =>
  z.preprocess((v) => (v === '' ? null : v), (message ? z.uuid({ error: message }) : z.uuid()).nullish());

/** The refusal of a text that is not an e-mail address. */
export const EMAIL_INVALIDE = 'Email invalide !';

/** The longest e-mail address (RFC 5321). */
const EMAIL_MAX = 254;

/**
 * A required e-mail address: trimmed, then checked; nothing typed (missing, '' or blanks) is `message`, more than 254
 * characters '254 caractères au maximum', anything else that is not an address EMAIL_INVALIDE.
 */
export const requiredEmail = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(EMAIL_MAX, `${EMAIL_MAX} caractères au maximum`).pipe(z.email(EMAIL_INVALIDE));

/** The refusal of a currency code outside common/devises.ts DEVISES. */
export const DEVISE_INCONNUE = `Devise inconnue : indiquez un code ISO 4217 (${DEVISES.map((d) => d.code).join(', ')})`;

/**
 * A currency code of common/devises.ts DEVISES (ISO 4217), typed in any case (' xof ' is XOF): nothing typed →
 * `requiredMessage`, anything else → DEVISE_INCONNUE.
 */
export const deviseCode = (requiredMessage = 'La devise est obligatoire') =>
  z.preprocess(
    (v) => (isBlank(v) ? undefined : typeof v === 'string' ? v.trim().toUpperCase() : v),
    z.string({ error: (issue) => (issue.input === undefined ? requiredMessage : DEVISE_INCONNUE) }).refine(isDevise, DEVISE_INCONNUE),
  );

/** An optional currency code: nothing typed ('' or null from a select, or absent) is undefined, else deviseCode. */
export const optionalDevise = () => z.preprocess((v) => (isBlank(v) ? undefined : v), deviseCode().optional());

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/** An ISO instant as a client may send a day: 'yyyy-MM-ddTHH:mm…'. */
const INSTANT_RE = /^\d{4}-\d{2}-\d{2}T/;

/** Whether 'yyyy-MM-dd' names a real calendar day (not 2026-02-30) from year 1900 on. */
function isRealDay(day: string): boolean {
  if (!DAY_RE.test(day) || Number(day.slice(0, 4)) < 1900) return false;
  const t = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === day;
}

/** The French messages of a day field; `future` given: a day after today is refused with it. */
interface JourMessages {
  required: string;
  invalid: string;
  future?: string;
}

/**
 * A calendar day, 'yyyy-MM-dd', as a date input gives it; an ISO instant ('2026-03-01T10:00:00Z') is read as its day
 * in the business time zone (common/dates.ts, Europe/Paris). Nothing typed (absent, null, blanks) →
 * `messages.required`; not a real day from 1900 on (2026-02-30, 'hier') → `messages.invalid`; with `messages.future`,
 * a day after today (Europe/Paris) → that message.
 * @returns a schema whose output is the day 'yyyy-MM-dd'
 */
export const jourIso = (messages: JourMessages) => {
  const day = z
    .string({ error: (issue) => (issue.input === undefined ? messages.required : messages.invalid) })
    .refine(isRealDay, { message: messages.invalid, abort: true });
  const future = messages.future;
  return z.preprocess(
    (v) => {
      if (isBlank(v)) return undefined;
      if (typeof v !== 'string') return v;
      const text = v.trim();
      if (!INSTANT_RE.test(text)) return text;
      const instant = Date.parse(text);
      return Number.isNaN(instant) ? text : todayIso(new Date(instant));
    },
    future ? day.refine((d) => d <= todayIso(), future) : day,
  );
};

/**
 * A number as a JSON client sends it: a JSON number, or a numeric text as a person types it, read by the one French
 * parse (common/money.ts parseDecimalFr: '12.5', '12,5', '1 250', '1\u202f250,50'; no unit, no misplaced group such as
 * '12 50'; docs/decisions/money-input.md). Booleans, arrays, objects, empty and non-numeric texts are refused with
 * `${label} doit être un nombre` (docs/decisions/security-hardening.md: `true` or `[1]` must not pass as a weight).
 * Nothing typed (absent, null, blanks) is `${label} est obligatoire`.
 */
export const strictNumber = (label: string) =>
  z.preprocess(
    (v) => {
      if (typeof v !== 'string') return v;
      const text = parseDecimalFr(v);
      return text === null ? v : Number(text);
    },
    z
      .number({ error: (issue) => (isBlank(issue.input) ? `${label} est obligatoire` : `${label} doit être un nombre`) })
      .finite(`${label} doit être un nombre`),
  );

/** A number rounded half away from zero to the kg's stored 3 decimals, exactly (common/money.ts). */
const roundPoids = (n: number): number => milliToNumber(toMilli(n));

/** A number rounded half away from zero to the stored cents, exactly (common/money.ts): 1.005 → 1.01. */
const roundCents = (n: number): number => centsToNumber(toCents(n));

/** A weight in kg (or m³), rounded to the stored 3 decimals before it is checked: > 0 and ≤ `max`. */
export const poidsKg = (label: string, max: number) =>
  strictNumber(label)
    .transform(roundPoids)
    .pipe(z.number().positive(`${label} doit être supérieur à 0`).max(max, `${label} ne peut pas dépasser ${max}`));

/** The largest amount a person may type, in any currency: 1 000 000 000 F CFA is about 1,5 M€ (numeric(12,2) holds it). */
const MONTANT_MAX = 1_000_000_000;

/**
 * An amount typed or sent in its record's currency ('1 250,5', 1250.5), parsed exactly (strictNumber) and checked, NOT
 * rounded: the currency is the record's (a departure's, an agency's…), and the one who knows it rounds it once to its
 * minor unit (common/devises.ts roundToDevise; '10,495' F CFA → 10, 1,005 € → 1,01 €), so that it is never rounded to
 * the cent first ('10,495' → 10,50 → 11 F).
 * @param label the field's name in the messages ('Le montant réglé')
 * @param opts `positive`: above 0 (`${label} doit être supérieur à 0`); `signed`: either sign, at least −max; default:
 *   ≥ 0 (`${label} ne peut pas être négatif`); `max`: the largest size (default MONTANT_MAX, 1 000 000 000), written
 *   the French way in its message
 * @returns a schema whose output is the number as parsed
 */
export const montant = (label: string, opts: { positive?: boolean; signed?: boolean; max?: number } = {}) => {
  const max = opts.max ?? MONTANT_MAX;
  const limite = max.toLocaleString('fr-FR');
  let check = z.number().max(max, `${label} ne peut pas dépasser ${limite}`);
  if (opts.signed) check = check.min(-max, `${label} ne peut pas être inférieur à -${limite}`);
  else if (opts.positive) check = check.positive(`${label} doit être supérieur à 0`);
  else check = check.min(0, `${label} ne peut pas être négatif`);
  return strictNumber(label).pipe(check);
};

/** Largest amount in euros (moneyEuros). */
const EUROS_MAX = 1_000_000;

/**
 * An amount always in euros (a nature's exceptional price), rounded to the stored cents before it is checked: ≥ 0 and
 * ≤ 1 000 000 (1,005 → 1,01).
 */
export const moneyEuros = (label: string) =>
  strictNumber(label)
    .transform(roundCents)
    .pipe(
      z
        .number()
        .min(0, `${label} ne peut pas être négatif`)
        .max(EUROS_MAX, `${label} ne peut pas dépasser ${EUROS_MAX.toLocaleString('fr-FR')}`),
    );
