/**
 * The cash operation's request body and form (spec 001 §5 Operation add: user, date, montant, motif, type and
 * description all required; montant numeric, minimum 1; §9 "operation amount minimum 1"; docs/decisions/currencies.md:
 * an operation carries its own currency): the body of operation/create and of the full operation/update
 * (server/operation/routes.ts), and the resolver of the 'Ajouter / Modifier entrée/sortie' form
 * (src/operation/OperationCreate.tsx, OperationEdit.tsx), so a rule and its French message (common/operationRules.ts
 * OPERATION_MESSAGES, shared with the server's other refusals) are written once. What needs the database (an active
 * motif, an active staff member of the caller's agency, the agency's currency by default) stays in
 * server/operation/service.ts.
 */
import { z } from 'zod';
import * as answer from './answer';
import { OPERATION_MESSAGES as M, OPERATION_MONTANT_MIN, OPERATION_TYPES, parseOperationType } from '../operationRules';
import { jourIso, montant, optionalDevise, requiredId, requiredText } from './fields';

/**
 * The day of an operation: 'yyyy-MM-dd' (or an ISO instant, read as its day in the business time zone), not after
 * today. Missing, '' or null → M.dateRequired; not a real day → M.dateInvalid; after today → M.dateFuture.
 */
const operationDate = jourIso({ required: M.dateRequired, invalid: M.dateInvalid, future: M.dateFuture });

/**
 * An amount in the operation's currency as typed ('12,5', '1 250') or sent (12.5), parsed exactly and not rounded
 * (common/schemas/fields.ts montant): the service rounds it once to its currency's minor unit (XOF '2,495' → 2,
 * 1,005 € → 1,01 €). At least OPERATION_MONTANT_MIN as parsed (M.montantMin: 0,995 is refused), a
 * negative amount too (hence `signed`: one message below the minimum).
 */
const operationMontant = montant('Le montant', { signed: true }).pipe(z.number().min(OPERATION_MONTANT_MIN, M.montantMin));

/**
 * The schema of the operation form: the six fields of spec 001 §5, each required with its French message; the type
 * read as a client may write it ('ENTREE', 'Entrée'…); and the currency (ISO 4217 code of common/devises.ts),
 * optional: without it the server takes the operation's agency's country's. Accepts the form's raw values ('' or null
 * when empty) and the other fields the edit form holds (id, dates…).
 */
export const operationForm = z.object({
  date: operationDate,
  montant: operationMontant,
  description: requiredText(M.descriptionRequired, 1000),
  userID: requiredId(M.userRequired),
  motif: requiredId(M.motifRequired),
  type: z.preprocess((v) => parseOperationType(v) ?? v, z.enum(OPERATION_TYPES, { error: M.typeInvalid })),
  devise: optionalDevise(),
});

/**
 * Body of operation/create and of the full operation/update: the form's fields, strict — a field the call does not
 * know is refused (400), never silently dropped (a `devise` was dropped and the amount booked in euros).
 */
export const operationBody = z.strictObject(operationForm.shape);

/**
 * An operation as the route hands it to server/operation/service.ts (date 'yyyy-MM-dd', montant in its currency,
 * devise absent when the caller named none).
 */
export type OperationInput = z.infer<typeof operationBody>;

// ---------------------------------------------------------------- answers (server/operation/routes.ts)

/** An operation as the API answers it (operation/query.ts selectOperations). */
export const operationRecord = answer.record({
  date: answer.calendarDate.describe('day of the operation, Europe/Paris'),
  montant: z.number().describe('in `devise`, to its minor unit'),
  devise: z.string().describe('ISO 4217 code of the amount (common/devises.ts)'),
  type: z.enum(OPERATION_TYPES).describe("'entrée' or 'sortie' (shown ENTREE / SORTIE)"),
  description: z.string(),
  isActive: z.boolean(),
  motif: answer.codeLibelleRef.describe('the operation type (typeoperation)'),
  userID: answer.record({ nom: z.string(), prenoms: z.string() }),
  agenceID: answer.record({ libelle: z.string() }).nullable(),
  createdAt: answer.instant,
  updatedAt: answer.instant,
});

/** A line of a top 5. */
const topLine = z.looseObject({ motif: answer.codeLibelleRef, montant: answer.euros });

/** GET operation/liste: the page of rows, the total, and the sums over every row of the filter. */
export const operationListeAnswer = answer.envelope({
  datas: z.array(operationRecord),
  total: z.number().int().describe('rows matching, all pages'),
  totalRevenue: answer.euros.describe("Σ montant in euros (each at its day's rate) of the active 'entrée' rows of the filter (all pages)"),
  totalExpenses: answer.euros.describe("Σ montant in euros (each at its day's rate) of the active 'sortie' rows of the filter (all pages)"),
  topRevenueSources: z.array(topLine).describe('the 5 operation types of most revenue, in euros'),
  topExpenseCategories: z.array(topLine).describe('the 5 operation types of most expenses, in euros'),
  horsTaux: z.number().int().describe('active rows of the filter in a currency without a rate on their day: left out of the sums'),
  byAgence: z
    .array(
      z.looseObject({
        id: answer.id.nullable(),
        agenceLibelle: z.string(),
        datas: z.looseObject({ totalRevenue: answer.euros, totalExpenses: answer.euros }),
      }),
    )
    .describe('ADMIN: totals per agency over the same rows; empty for a role bound to an agency'),
});

/** POST operation/create, PUT operation/update/{id}: the operation written and the French message. */
export const operationWriteAnswer = answer.envelope({ message: z.string(), data: operationRecord });
