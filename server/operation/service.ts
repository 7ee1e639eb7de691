/**
 * Cash operations (spec 001 §3 Operation, §4 active flag, §5 Operation add, §8; docs/api-contract.md "Cash
 * operations"): recorded, changed, toggled and cancelled in one transaction each, on a row locked within the caller's
 * agency scope (access/locks.ts: 404 unknown or cancelled, 403 another agency's).
 * - motif: an active operation type (an inactive one stays accepted on an edit that keeps it);
 * - userID: an active staff member (a user of type ADMIN); for a role bound to an agency, one of its agency;
 * - the agency of the operation: the caller's, or for ADMIN the named staff member's (access/scopes.ts);
 * - date: a calendar day not after today in the business time zone, stored as the start of that day there (an edit
 *   keeping the day keeps the stored instant);
 * - montant ≥ 1 as typed (checked by the route's schema, and by a CHECK constraint), in the operation's currency, rounded
 *   here once to its minor unit, half away from zero (common/devises.ts montantTexte: XOF '2,495' → 2, whole francs; a
 *   code outside common/devises.ts an old row may still hold, to the cent);
 * - devise: the ISO 4217 code named (common/devises.ts), else the operation's agency's country's (agences → villes →
 *   pays.devise), the euro for an operation without an agency (docs/decisions/currencies.md); an edit that names none
 *   keeps the stored one.
 * Money is never deleted: operation/delete stamps deletedAt / deletedByID, and the row leaves the lists and totals.
 */
import { eq } from 'drizzle-orm';
import { DEVISE_COMPTABLE, montantTexte } from '../../common/devises';
import { TYPE_USER_CODES } from '../../common/permissions';
import { OPERATION_MESSAGES as M, isFutureDate, type OperationType } from '../../common/operationRules';
import { lockOperation } from '../access/locks';
import { operationAgenceFor } from '../access/scopes';
import { agenceDevise } from '../agence/query';
import { checkAgenceActive } from '../agence/service';
import type { CurrentUser } from '../auth/currentUser';
import type { Db, Tx } from '../db/client';
import { operations } from '../db/schema';
import { badRequest, forbidden, notFound } from '../http/errors';
import { findOperation, findStaff, findTypeOperation, operationDay } from './query';
import { dayStart } from '../db/sqlDates';

/** The fields of an operation form (the route has checked their shape). */
export interface OperationFields {
  date: string;
  montant: number;
  description: string;
  userID: string;
  motif: string;
  type: OperationType;
  /** ISO 4217 code (common/devises.ts); undefined: the agency's country's on a creation, the stored one on an edit. */
  devise?: string;
}

/** The currency of an operation of an agency: its country's (agences → villes → pays), the euro without an agency. */
async function deviseParDefaut(tx: Tx, agenceID: string | null): Promise<string> {
  return (agenceID ? await agenceDevise(tx, agenceID) : undefined) ?? DEVISE_COMPTABLE;
}

const LOCK_MESSAGES = { notFound: M.notFound, forbidden: M.otherAgence };

/** Refuses a day after today (400 under `date`). */
function checkDate(date: string) {
  if (isFutureDate(date)) throw badRequest(M.dateFuture, { date: M.dateFuture });
}

/** Checks the motif is an active operation type (400 under `motif`). */
async function checkMotif(tx: Tx, id: string) {
  const motif = await findTypeOperation(tx, id);
  if (!motif?.isActive) throw badRequest(M.motifInactive, { motif: M.motifInactive });
}

/**
 * Checks the named user is an active staff member the caller may record for, and returns its agency.
 * @throws 400 under `userID` (unknown, inactive, a client); 403 a staff member of another agency
 */
async function checkStaff(tx: Tx, id: string, user: CurrentUser): Promise<string | null> {
  const staff = await findStaff(tx, id);
  if (!staff || !staff.isActive || staff.typeCode !== TYPE_USER_CODES.ADMIN) throw badRequest(M.userInvalid, { userID: M.userInvalid });
  if (!user.allAgences && staff.agenceID !== user.agenceID) throw forbidden(M.userOtherAgence);
  return staff.agenceID;
}

/**
 * Records an operation (POST operation/create). Its agency must be active (docs/decisions/deactivation-dependants.md).
 * @returns the operation as the API answers it
 * @throws 400 field errors (date, motif, userID), 403 a staff member of another agency, 409 the operation's agency
 *   deactivated
 */
export async function createOperation(db: Db, input: OperationFields, user: CurrentUser) {
  checkDate(input.date);
  const id = await db.transaction(async (tx) => {
    await checkMotif(tx, input.motif);
    const staffAgence = await checkStaff(tx, input.userID, user);
    const agenceID = operationAgenceFor(user, staffAgence);
    await checkAgenceActive(tx, agenceID);
    const devise = input.devise ?? (await deviseParDefaut(tx, agenceID));
    const [created] = await tx
      .insert(operations)
      .values({
        date: dayStart(input.date),
        montant: montantTexte(input.montant, devise),
        devise,
        description: input.description,
        userID: input.userID,
        motif: input.motif,
        type: input.type,
        agenceID,
      })
      .returning({ id: operations.id });
    return created.id;
  });
  return getOperation(db, id, user);
}

/**
 * Changes an operation (PUT operation/update/{id}, the full form).
 * @returns the operation as the API answers it
 * @throws 404 unknown or cancelled, 403 another agency's; 400 field errors
 */
export async function updateOperation(db: Db, id: string, input: OperationFields, user: CurrentUser) {
  checkDate(input.date);
  await db.transaction(async (tx) => {
    const row = await lockOperation(tx, id, user, LOCK_MESSAGES);
    if (input.motif !== row.motif) await checkMotif(tx, input.motif);
    let agenceID = row.agenceID;
    if (input.userID !== row.userID) agenceID = operationAgenceFor(user, await checkStaff(tx, input.userID, user));
    const [current] = await tx.select({ day: operationDay, devise: operations.devise }).from(operations).where(eq(operations.id, id));
    const devise = input.devise ?? current.devise;
    await tx
      .update(operations)
      .set({
        // The same day keeps its stored instant (an operation imported with its hour keeps it).
        ...(current.day === input.date ? {} : { date: dayStart(input.date) }),
        montant: montantTexte(input.montant, devise),
        devise,
        description: input.description,
        userID: input.userID,
        motif: input.motif,
        type: input.type,
        agenceID,
        updatedAt: new Date(),
      })
      .where(eq(operations.id, id));
  });
  return getOperation(db, id, user);
}

/**
 * The active toggle (PUT operation/update/{id} with `{isActive}` alone, key operationUpdateStatut).
 * @throws 404 unknown or cancelled, 403 another agency's
 */
export async function setOperationActive(db: Db, id: string, isActive: boolean, user: CurrentUser) {
  await db.transaction(async (tx) => {
    await lockOperation(tx, id, user, LOCK_MESSAGES);
    await tx.update(operations).set({ isActive, updatedAt: new Date() }).where(eq(operations.id, id));
  });
  return getOperation(db, id, user);
}

/**
 * Cancels an operation (DELETE operation/delete/{id}): soft, the row stays with who cancelled it and when.
 * @throws 404 unknown or already cancelled, 403 another agency's
 */
export async function cancelOperation(db: Db, id: string, user: CurrentUser): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOperation(tx, id, user, LOCK_MESSAGES);
    const now = new Date();
    await tx.update(operations).set({ deletedAt: now, deletedByID: user.id, updatedAt: now }).where(eq(operations.id, id));
  });
}

/**
 * One operation within the user's scope (GET operation/getBy/{id}).
 * @throws 404 unknown or cancelled, 403 another agency's
 */
export async function getOperation(db: Db, id: string, user: CurrentUser) {
  const found = await findOperation(db, id, user);
  if (!found) throw notFound(M.notFound);
  if (!found.visible) throw forbidden(M.otherAgence);
  return found.row;
}
