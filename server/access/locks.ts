/**
 * Row locks of the writes, checked against the agency scopes beside them (access/scopes.ts) in the same query
 * (db/lockScoped.ts): 404 when the row does not exist, 403 when it belongs to another agency. Every area that
 * writes a parcel, a departure, a cash operation or a cash closing locks it through here, so no area imports another for
 * its locks.
 */
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { CAISSE_MESSAGES } from '../../common/schemas/caisse';
import { DEMANDE_SUPPRESSION_MESSAGES } from '../../common/schemas/demandeSuppression';
import type { CurrentUser } from '../auth/currentUser';
import type { Tx } from '../db/client';
import { lockScoped } from '../db/lockScoped';
import { caisseClotures, colis, demandesSuppression, envois, operations } from '../db/schema';
import { forbidden, notFound } from '../http/errors';
import {
  caisseScope,
  colisAgenceScope,
  colisNotDeleted,
  colisOwnerScope,
  colisScope,
  demandeSuppressionScope,
  envoiScope,
  operationAgencyScope,
} from './scopes';

/**
 * Locks a row and checks the caller's scope covers it.
 * @returns the locked row
 * @throws 404 `messages.notFound`, 403 `messages.forbidden`
 */
async function lockInScope<T extends PgTable>(
  tx: Tx,
  table: T,
  where: SQL,
  scope: SQL | undefined,
  messages: { notFound: string; forbidden: string },
): Promise<T['$inferSelect']> {
  const found = await lockScoped(tx, table, where, scope);
  if (!found) throw notFound(messages.notFound);
  if (!found.visible) throw forbidden(messages.forbidden);
  return found.row;
}

/**
 * Locks a parcel the user may act on: one it may see (payments, pick-up, notifications), or with `owner` one its
 * agency registered (edit, delete, active toggle). Deleted parcels are not found.
 */
export function lockColis(tx: Tx, idOrReference: { id?: string; reference?: string }, user: CurrentUser, opts: { owner?: boolean } = {}) {
  const where = and(colisNotDeleted, idOrReference.id ? eq(colis.id, idOrReference.id) : eq(colis.reference, idOrReference.reference!))!;
  return lockInScope(tx, colis, where, opts.owner ? colisOwnerScope(user) : colisScope(user), {
    notFound: 'Aucun colis trouvé',
    forbidden: opts.owner ? "Seule l'agence émettrice peut modifier ou supprimer ce colis." : 'Ce colis appartient à une autre agence.',
  });
}

/**
 * Locks the parcel of a payment the user may refund (encaissement/refund.ts): within the payments' agency scope
 * (colisAgenceScope, the payments list's), a deleted parcel included (its payments stay listed and may be refunded).
 */
export function lockColisOfPayment(tx: Tx, colisID: string, user: CurrentUser) {
  return lockInScope(tx, colis, eq(colis.id, colisID), colisAgenceScope(user), {
    notFound: 'Encaissement introuvable.',
    forbidden: "Cet encaissement concerne un colis d'une autre agence.",
  });
}

/** Locks a departure row the user may act on (envoiScope). */
export function lockEnvoi(tx: Tx, id: string, user: CurrentUser) {
  return lockInScope(tx, envois, eq(envois.id, id), envoiScope(user), {
    notFound: 'Départ introuvable.',
    forbidden: 'Ce départ ne concerne pas le pays de votre agence.',
  });
}

/** Locks a cash operation the user may change (operationScope): a cancelled one is not found. */
export function lockOperation(tx: Tx, id: string, user: CurrentUser, messages: { notFound: string; forbidden: string }) {
  return lockInScope(tx, operations, and(eq(operations.id, id), isNull(operations.deletedAt))!, operationAgencyScope(user), messages);
}

/**
 * Locks a cash closing the user may read or reopen (caisseScope: every agency's for a role that sees every agency,
 * else its agency's), reopened ones included.
 * @throws 404 'Arrêté de caisse introuvable.', 403 another agency's
 */
export function lockCloture(tx: Tx, id: string, user: CurrentUser) {
  return lockInScope(tx, caisseClotures, eq(caisseClotures.id, id), caisseScope(user), {
    notFound: CAISSE_MESSAGES.introuvable,
    forbidden: CAISSE_MESSAGES.autreAgence,
  });
}

/**
 * Locks a parcel's deletion request the user may decide (demandeSuppressionScope: its parcel registered by the user's
 * agency, any for a role that sees every agency; docs/decisions/deletion-requests.md).
 * @throws 404 DEMANDE_SUPPRESSION_MESSAGES.introuvable, 403 a request of another agency's parcel
 */
export function lockDemandeSuppression(tx: Tx, id: string, user: CurrentUser) {
  return lockInScope(tx, demandesSuppression, eq(demandesSuppression.id, id), demandeSuppressionScope(user), {
    notFound: DEMANDE_SUPPRESSION_MESSAGES.introuvable,
    forbidden: DEMANDE_SUPPRESSION_MESSAGES.autreAgence,
  });
}
