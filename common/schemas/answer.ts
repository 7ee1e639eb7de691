/**
 * Answer schemas of the API (docs/architecture.md §3): every route declares what it answers, so that /api/docs describes it
 * and the serializer checks it (an answer that does not match its schema is a 500, never sent as it is).
 * - Every answer has `success` and an optional French `message`, plus the call's own keys (`datas`, `data`,
 *   `envois`, `clients`, `total`…).
 * - A record carries `id` and `_id` (http/serialize.ts), its references populated one level.
 * - Every object is loose: a field answered but not named here is kept, never dropped; the schemas name the fields
 *   the spec names.
 * - A refusal is `{success: false, message, errors?}` with its HTTP status, the same for every route unless the route
 *   declares its own (`answers(ok, refusals)`: the parcel deletion's 409 adds `encaisse` and `devise`).
 * - An amount is `montant`, in its record's currency `devise` (docs/decisions/currencies.md); `euros` is only for a
 *   total converted to euros (dashboards).
 * The records of each area are declared with these pieces in common/schemas/<area>.ts, beside its request schemas: the
 * route answers them and the UI reads their type, `Answered<typeof schema>` (docs/decisions/answer-schemas.md).
 */
import { z } from 'zod';

// ---------------------------------------------------------------- the UI's side

/** A value as the browser reads it once written as JSON: every instant (a Date on the server) is its ISO 8601 text. */
type Json<T> = T extends Date ? string : T extends readonly (infer U)[] ? Json<U>[] : T extends object ? { [K in keyof T]: Json<T[K]> } : T;

/**
 * What the UI receives of an answer schema: its output (what the route returns) as JSON writes it, instants as ISO
 * texts. One type for both sides of the wire (docs/decisions/answer-schemas.md).
 */
export type Answered<S extends z.ZodType> = Json<z.output<S>>;

// ---------------------------------------------------------------- fields

/** A record id (UUID v7). */
export const id = z.string().describe('UUID');
/** An instant: an ISO 8601 text in the answer. */
export const instant = z.date().describe('ISO 8601');
/** A calendar date 'YYYY-MM-DD'. */
export const calendarDate = z.string().describe('YYYY-MM-DD');
/**
 * An amount converted to euros, 2 decimals: only for totals across currencies (dashboards,
 * docs/decisions/currencies.md) and prices held in euros; an amount of a record is `montant`.
 */
export const euros = z.number().describe('euros');
/**
 * An amount in its record's currency `devise` (a parcel's is its departure's, a payment's its parcel's: ISO 4217,
 * docs/decisions/currencies.md), to that currency's minor unit (2 decimals for EUR, none for XOF).
 */
export const montant = z.number().describe("in the record's devise");
/** The ISO 4217 code of a record's amounts (common/devises.ts DEVISES): EUR, XOF… */
export const devise = z.string().describe('ISO 4217 currency of the amounts: EUR, XOF…');
/** A weight in kg (or m³), 3 decimals. */
export const kg = z.number().describe('kg');

// ---------------------------------------------------------------- records

const baseRecord = z.looseObject({ id, _id: id });

/** A record: `id`, `_id` (same value) and its fields; other fields pass through. */
export const record = <S extends z.ZodRawShape>(shape: S) => baseRecord.extend(shape);

/** A populated reference `{id, _id, code, libelle}` (status, mode, group, country…). */
export const codeLibelleRef = record({ code: z.string(), libelle: z.string() });

/** A reference data record made of code, libelle, description and the active flag (modes, groups, roles…). */
export const codeLibelleRecord = record({
  code: z.string(),
  libelle: z.string(),
  description: z.string(),
  isActive: z.boolean(),
  createdAt: instant,
  updatedAt: instant,
});

// ---------------------------------------------------------------- envelopes

const baseAnswer = z.looseObject({
  success: z.boolean().describe('true when the call did what was asked'),
  message: z.string().optional().describe('French message to show'),
});

/** An answer: `success`, an optional French `message`, and the call's own keys. */
export const envelope = <S extends z.ZodRawShape>(shape: S) => baseAnswer.extend(shape);

/** An answer with a French message only (deletions, sent mails…). */
export const messageAnswer = envelope({ message: z.string() });

/** An answer carrying one record under `data` (and a message for writes). */
export const dataAnswer = <T extends z.ZodType>(data: T) => envelope({ data });

/** A list answer: the rows under `key` (the spec's: `datas`, `envois`, `clients`…) and `total`. */
export const listAnswer = <K extends string, T extends z.ZodType>(key: K, row: T) =>
  envelope({ ...rowsShape(key, row), total: z.number().int().describe('rows matching, all pages') });

/** An answer carrying rows under `key`, without a total (lists of a form's choices). */
export const rowsAnswer = <K extends string, T extends z.ZodType>(key: K, row: T) => envelope(rowsShape(key, row));

/** `{[key]: array of row}` as a shape. */
const rowsShape = <K extends string, T extends z.ZodType>(key: K, row: T) => ({ [key]: z.array(row) }) as { [P in K]: z.ZodArray<T> };

// ---------------------------------------------------------------- refusals

/**
 * A refusal, for every route: `{success: false, message, errors?}` (and `dependances?` on a deactivation to confirm).
 * A route whose refusal carries more fields declares it with `errorAnswer.extend({…})` in `answers(ok, refusals)`.
 */
export const errorAnswer = z.looseObject({
  success: z.literal(false),
  message: z.string().describe('French message to show'),
  errors: z.record(z.string(), z.string()).optional().describe('a French message per field'),
  dependances: z
    .record(z.string(), z.number().int())
    .optional()
    .describe('409 of a deactivation to confirm: the active records still depending on it, by kind (then force=true)'),
});

/** The refusals every route may answer (docs/api-contract.md "Envelopes"). */
const REFUSALS = {
  400: errorAnswer.describe('Données invalides (un message par champ dans errors)'),
  401: errorAnswer.describe('Non connecté, ou session expirée ou révoquée'),
  403: errorAnswer.describe("Permission manquante, ou enregistrement d'une autre agence"),
  404: errorAnswer.describe('Introuvable'),
  409: errorAnswer.describe('Règle métier : doublon, enregistrement utilisé, poids dépassé, statut…'),
  429: errorAnswer.describe('Trop de tentatives (Retry-After)'),
  500: errorAnswer.describe('Erreur interne (détails dans le journal du serveur)'),
  503: errorAnswer.describe('Base de données indisponible (Retry-After)'),
} as const;

/** A status a route may refuse with (REFUSALS). */
type RefusalStatus = keyof typeof REFUSALS;

/**
 * The response schemas of a route: its own answers by status (200, and 202 where it applies) and the shared
 * refusals, each replaced by the route's own where `refusals` gives one (e.g. a 409 with more fields, built with
 * `errorAnswer.extend`).
 * @param ok the route's answers by success status
 * @param refusals the route's own refusals by status (default: none, the shared ones)
 */
export const answers = <
  T extends Partial<Record<200 | 201 | 202, z.ZodType>>,
  R extends Partial<Record<RefusalStatus, z.ZodType>> = Record<never, never>,
>(
  ok: T,
  refusals?: R,
): T & Omit<typeof REFUSALS, keyof R> & R => ({ ...ok, ...REFUSALS, ...refusals }) as T & Omit<typeof REFUSALS, keyof R> & R;
