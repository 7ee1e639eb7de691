/**
 * Exchange rates (docs/decisions/currencies.md): the body of tauxChange/create and the schema of the 'Nouveau taux de
 * change' form (src/tauxChange/TauxChangeCreate.tsx); the currency field is common/schemas/fields.ts deviseCode, shared
 * by every record naming its currency. A rate is the units of a currency for 1 € (the accounting
 * currency, common/devises.ts DEVISE_COMPTABLE), in force from its `dateDebut` until the next one of the same currency.
 * What needs the database or the signed-in user (a fixed rate is refused, a role bound to an agency may not enter a
 * rate, no rate before today but a currency's first, one rate per currency and day unless it replaces it) stays in
 * server/tauxChange/service.ts (docs/decisions/exchange-rate-history.md).
 */
import { z } from 'zod';
import * as answer from './answer';
import { isoToFr } from '../dates';
import { DEVISE_COMPTABLE, TAUX_SCALE } from '../devises';
import { formatTaux } from '../format';
import { fromScaled, parseDecimalFr, toScaled } from '../money';
import { DEVISE_INCONNUE, deviseCode, isBlank, jourIso } from './fields';

/** The French messages of the rates' rules (the form and the API show the same). */
export const TAUX_MESSAGES = {
  deviseRequired: 'La devise est obligatoire',
  deviseInconnue: DEVISE_INCONNUE,
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
  /** Success of tauxChange/create when it replaced the rate of its day (docs/decisions/exchange-rate-history.md). */
  corrige: 'Taux de change corrigé avec succès !',
} as const;

/**
 * 409 of tauxChange/create for a day before today when the currency already has a rate on or before it
 * (docs/decisions/exchange-rate-history.md: the past keeps the rates it was converted at).
 * @param aujourdhui today, 'yyyy-MM-dd' (Europe/Paris)
 */
export const tauxPasseMessage = (aujourdhui: string) =>
  `Un taux ne peut pas commencer avant aujourd'hui : les montants des jours passés gardent le taux de leur jour. Saisissez le nouveau taux à partir du ${isoToFr(aujourdhui)}.`;

/**
 * 409 of tauxChange/create for today or a day to come that already has a rate of the currency, sent without
 * `remplacer` (docs/decisions/exchange-rate-history.md).
 * @param existant the rate already entered for that day: its currency, day and rate (exact decimal text)
 */
export const tauxExistantMessage = (existant: { devise: string; dateDebut: string; taux: string }) =>
  `Un taux de ${existant.devise} est déjà saisi pour le ${isoToFr(existant.dateDebut)} (${formatTaux(existant.taux)} pour 1 €) : cochez « Remplacer ce taux » pour le corriger.`;

const M = TAUX_MESSAGES;

/** A decimal text: optional sign, digits, optional decimals (as common/money.ts parseDecimalFr writes it). */
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
    return parseDecimalFr(v) ?? v;
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

/**
 * The first day of a rate, 'yyyy-MM-dd' (an ISO instant is read as its day in Europe/Paris, common/schemas/fields.ts
 * jourIso): any real day here; a day before today is refused by the server unless it is the currency's first rate
 * (server/tauxChange/service.ts, docs/decisions/exchange-rate-history.md).
 */
const dateDebutField = jourIso({ required: M.dateRequired, invalid: M.dateInvalide });

/**
 * Body of tauxChange/create and schema of its form: a currency other than the euro, its rate for 1 € and the day it
 * starts. Strict: a field the call does not know is refused (400), never silently dropped.
 */
export const tauxChangeBody = z.strictObject({
  devise: deviseCode().refine((code) => code !== DEVISE_COMPTABLE, M.deviseComptable),
  taux: tauxField,
  dateDebut: dateDebutField,
  /**
   * Replace the rate the currency already has on that day, today or a day to come (a correction; journaled):
   * docs/decisions/exchange-rate-history.md. Without it such a day is a 409 (tauxExistantMessage).
   */
  remplacer: z.boolean({ error: 'Remplacer doit valoir vrai ou faux' }).optional(),
});

/** A rate as the route hands it to server/tauxChange/service.ts (taux as exact decimal text, dateDebut 'yyyy-MM-dd'). */
export type TauxChangeInput = z.infer<typeof tauxChangeBody>;

// ---------------------------------------------------------------- answers (server/tauxChange/routes.ts)

/** A rate as the API answers it. */
export const tauxRecord = answer.record({
  devise: z.string().describe('ISO 4217 code (common/devises.ts)'),
  taux: z.string().describe('units of the currency for 1 €, exact decimal text (up to 6 decimals)'),
  dateDebut: answer.calendarDate.describe('first day it is in force; until the next rate of the same currency'),
  fixe: z.boolean().describe('fixed by law (the CFA francs): never entered'),
  auteur: answer.record({ nom: z.string(), prenoms: z.string() }).nullable().describe('who entered it; null for a seeded rate'),
  createdAt: answer.instant,
});

/** POST tauxChange/create: the rate entered and the French message. */
export const tauxWriteAnswer = answer.envelope({ message: z.string(), data: tauxRecord });
