/**
 * The cash operation's request body and form (spec 001 §5 Operation add: user, date, montant, motif, type and
 * description all required; montant numeric, minimum 1; §9 "operation amount minimum 1"): the body of
 * operation/create and of the full operation/update (server/operation/routes.ts), and the resolver of the
 * 'Ajouter / Modifier entrée/sortie' form (src/operation/OperationCreate.tsx, OperationEdit.tsx), so a rule and its
 * French message (common/operationRules.ts OPERATION_MESSAGES, shared with the server's other refusals) are written
 * once. What needs the database (an active motif, an active staff member of the caller's agency) stays in
 * server/operation/service.ts.
 */
import { z } from 'zod';
import { todayIso } from '../dates';
import { OPERATION_MESSAGES as M, OPERATION_MONTANT_MIN, OPERATION_TYPES, isFutureDate, parseOperationType } from '../operationRules';
import { requiredId, requiredText, roundMontant, strictNumber } from './fields';

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/** Largest amount of an operation, in euros. */
const OPERATION_MONTANT_MAX = 1_000_000_000;

/**
 * The day of an operation: 'yyyy-MM-dd' (or an ISO instant, read as its day in the business time zone), not after
 * today (checked when parsed). Missing, '' or null → M.dateRequired; not a real day → M.dateInvalid.
 */
const operationDate = z.preprocess(
  (v) => {
    if (v === null || (typeof v === 'string' && v.trim() === '')) return undefined;
    if (typeof v !== 'string') return v;
    const text = v.trim();
    if (DAY_RE.test(text)) return Number.isNaN(Date.parse(`${text}T00:00:00Z`)) ? null : text;
    const instant = Date.parse(text);
    return Number.isNaN(instant) ? null : todayIso(new Date(instant));
  },
  z
    .string({ error: (issue) => (issue.input === undefined ? M.dateRequired : M.dateInvalid) })
    .regex(DAY_RE, M.dateInvalid)
    .refine((day) => !isFutureDate(day), M.dateFuture),
);

/**
 * An amount in euros as typed ('12,5', '1 250') or sent (12.5), rounded half away from zero to the cent
 * (common/money.ts: '1,005' → 1.01) before it is checked: at least OPERATION_MONTANT_MIN (M.montantMin).
 */
const operationMontant = strictNumber('Le montant')
  .transform(roundMontant)
  .pipe(z.number().min(OPERATION_MONTANT_MIN, M.montantMin).max(OPERATION_MONTANT_MAX, 'Le montant ne peut pas dépasser 1 000 000 000 €'));

/**
 * Body of operation/create and of the full operation/update, and the schema of the operation form: the six fields of
 * spec 001 §5, each required with its French message; the type read as a client may write it ('ENTREE', 'Entrée'…).
 * Accepts the form's raw values ('' or null when empty).
 */
export const operationBody = z.object({
  date: operationDate,
  montant: operationMontant,
  description: requiredText(M.descriptionRequired, 1000),
  userID: requiredId(M.userRequired),
  motif: requiredId(M.motifRequired),
  type: z.preprocess((v) => parseOperationType(v) ?? v, z.enum(OPERATION_TYPES, { error: M.typeInvalid })),
});

/** An operation as the route hands it to server/operation/service.ts (date 'yyyy-MM-dd', montant in euros). */
export type OperationInput = z.infer<typeof operationBody>;
