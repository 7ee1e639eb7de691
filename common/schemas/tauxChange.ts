/**
 * Exchange rates (docs/decisions/currencies.md): the body of tauxChange/create and the schema of the 'Nouveau taux de
 * change' form (src/tauxChange/TauxChangeCreate.tsx), and the currency field every record naming its currency shares
 * (an operation's `devise`, common/schemas/operation.ts). A rate is the units of a currency for 1 € (the accounting
 * currency, common/devises.ts DEVISE_COMPTABLE), in force from its `dateDebut` until the next one of the same currency.
 * What needs the database or the signed-in user (a fixed rate is refused, a role bound to an agency may not enter a
 * rate, one rate per currency and day) stays in server/tauxChange/service.ts.
 */
import { z } from 'zod';
import { DEVISE_COMPTABLE, DEVISES, TAUX_SCALE, isDevise } from '../devises';
import { fromScaled, toScaled } from '../money';
import './fields';

/** The French messages of the rates' rules (the form and the API show the same). */
export const TAUX_MESSAGES = {
  deviseRequired: 'La devise est obligatoire',
  deviseInconnue: `Devise inconnue : indiquez un code ISO 4217 (${DEVISES.map((d) => d.code).join(', ')})`,
  deviseComptable: "L'euro est la devise comptable : son taux est toujours 1, il ne se saisit pas.",
  /** 409 of tauxChange/create for a currency of common/devises.ts TAUX_FIXES. */
  tauxFixe: 'Le taux du franc CFA est fixé par la loi (655,957 F pour 1 €) : il ne se saisit pas.',
  tauxRequired: 'Le taux est obligatoire',
  tauxInvalide: 'Le taux doit être un nombre',
  tauxPositif: 'Le taux doit être supérieur à 0',
  tauxDecimales: `Le taux a ${TAUX_SCALE} décimales au plus`,
  tauxMax: 'Le taux ne peut pas dépasser 999 999 999 999',
  dateRequired: 'La date de début est obligatoire',
  dateInvalide: 'La date de début doit être une date valide',
  /** 403 of tauxChange/create for a role bound to an agency. */
  roleAgence: 'Seul un rôle qui voit toutes les agences peut saisir un taux de change.',
} as const;

const M = TAUX_MESSAGES;

/** Whether a value is nothing typed: absent, null, or blanks. */
const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * A currency code of common/devises.ts DEVISES (ISO 4217), typed in any case ('xof' is XOF): nothing typed →
 * `requiredMessage`, another code → TAUX_MESSAGES.deviseInconnue.
 */
export const deviseCode = (requiredMessage: string = M.deviseRequired) =>
  z.preprocess(
    (v) => (isBlank(v) ? undefined : typeof v === 'string' ? v.trim().toUpperCase() : v),
    z.string({ error: (issue) => (issue.input === undefined ? requiredMessage : M.deviseInconnue) }).refine(isDevise, M.deviseInconnue),
  );

/** An optional currency code: nothing typed ('' or null from a select, or absent) is undefined, else deviseCode. */
export const optionalDevise = () => z.preprocess((v) => (isBlank(v) ? undefined : v), deviseCode().optional());

/** A decimal text: optional sign, digits, optional decimals (after the French comma or spaces were read). */
const DECIMAL_TEXT = /^[-+]?\d+(\.\d+)?$/;

/** Largest rate numeric(18, 6) holds: 12 digits before the point. */
const TAUX_MAX = 10n ** 18n; // scaled by 10^TAUX_SCALE: 10^12 units

/**
 * A rate as typed ('655,957', '1 234,5') or sent (655.957, '655.957'): above 0, at most TAUX_SCALE (6) decimals — never
 * rounded, a seventh decimal is refused — and below 10^12. Parsed exactly (common/money.ts, no float) into the decimal
 * text the database stores, without trailing zeros: '655,9570' → '655.957'.
 */
export const tauxField = z.preprocess(
  (v) => {
    if (isBlank(v)) return undefined;
    if (typeof v === 'number') return Number.isFinite(v) ? String(v) : v;
    if (typeof v !== 'string') return v;
    return v
      .trim()
      .replace(/[\s\u00a0\u202f]/g, '')
      .replace(',', '.');
  },
  z
    .string({ error: (issue) => (issue.input === undefined ? M.tauxRequired : M.tauxInvalide) })
    .regex(DECIMAL_TEXT, M.tauxInvalide)
    .refine((text) => (text.split('.')[1] ?? '').length <= TAUX_SCALE, M.tauxDecimales)
    .transform((text) => toScaled(text, TAUX_SCALE))
    .refine((scaled) => scaled > 0n, M.tauxPositif)
    .refine((scaled) => scaled < TAUX_MAX, M.tauxMax)
    .transform((scaled) => fromScaled(scaled, TAUX_SCALE).replace(/\.?0+$/, '')),
);

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether 'yyyy-MM-dd' names a real calendar day (not 2026-02-30) from year 1900 on. */
function isRealDay(day: string): boolean {
  if (!DAY_RE.test(day) || Number(day.slice(0, 4)) < 1900) return false;
  const t = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === day;
}

/**
 * The first day of a rate, 'yyyy-MM-dd' (or an ISO instant, read as its UTC day as a date input sends it): any real
 * day, past or future — a correction starts a new rate from its day.
 */
const dateDebutField = z.preprocess(
  (v) => (isBlank(v) ? undefined : typeof v === 'string' ? v.trim().slice(0, 10) : v),
  z.string({ error: (issue) => (issue.input === undefined ? M.dateRequired : M.dateInvalide) }).refine(isRealDay, M.dateInvalide),
);

/**
 * Body of tauxChange/create and schema of its form: a currency other than the euro, its rate for 1 € and the day it
 * starts. Strict: a field the call does not know is refused (400), never silently dropped.
 */
export const tauxChangeBody = z.strictObject({
  devise: deviseCode().refine((code) => code !== DEVISE_COMPTABLE, M.deviseComptable),
  taux: tauxField,
  dateDebut: dateDebutField,
});

/** A rate as the route hands it to server/tauxChange/service.ts (taux as exact decimal text, dateDebut 'yyyy-MM-dd'). */
export type TauxChangeInput = z.infer<typeof tauxChangeBody>;
