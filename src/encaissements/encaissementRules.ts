/**
 * Pure rules of the collections list (spec 001 §2 Collections list, §3 Collection; 000 §3 Payment "paymentby
 * (expediteur, destinateur; partiel …)"): the row's shape, its parcel, whether that parcel was deleted, the
 * translation keys of who paid, and what a payment may still give back (docs/decisions/refunds-and-cash.md).
 */
import { DEVISE_COMPTABLE, isDevise, minorToString, toMinor } from '../../common/devises';
import type { DecimalInput } from '../../common/money';
import type { Encaissement } from './types';

/** The parcel of a payment as the list answers it (encaissement/liste colisID). */
type EncaissementColis = Encaissement['colisID'];

/** The payment's parcel, or undefined when the answer carries none (the popup then says 'Colis non trouvé'). */
export function colisOfEncaissement(row: Partial<Encaissement> | null | undefined): EncaissementColis | undefined {
  const colis = row?.colisID;
  return colis && typeof colis === 'object' && colis.id ? colis : undefined;
}

/** Whether the payment's parcel was deleted (its colisID.deletedAt is set): the row carries the mark 'colis supprimé'. */
export function isColisDeleted(row: Partial<Encaissement> | null | undefined): boolean {
  return !!colisOfEncaissement(row)?.deletedAt;
}

/** Who paid, as a translation key of resources.encaissements.paymentby (undefined when unknown: shown as '--'). */
export function paymentByKey(paymentby: string | null | undefined): string | undefined {
  return paymentby ? `resources.encaissements.paymentby.${paymentby}` : undefined;
}

/** A payment or a refund as the refund rules read it (a list row, or a row of encaissement/getByColisID). */
interface MontantsRemboursement {
  montantEncaisse: DecimalInput;
  montantRembourse?: DecimalInput;
  devise?: string | null;
  rembourseID?: string | null;
}

/** Whether a row is a refund: a negative row linked to the payment it gives back (listed as 'Remboursement'). */
export function isRemboursement(row: { rembourseID?: string | null } | null | undefined): boolean {
  return !!row?.rembourseID;
}

/**
 * What a payment may still give back: its amount less what its refunds gave back, exact in its currency's minor unit
 * (the euro when unknown), as the decimal text the refund dialog starts from; '0' for a refund or nothing left.
 */
export function remboursableOf(row: MontantsRemboursement): string {
  const devise = deviseOf(row);
  return minorToString(remboursableMinor(row, devise), devise);
}

/** Whether 'Rembourser' is offered on a row: a payment (not a refund) that still has something to give back. */
export function estRemboursable(row: MontantsRemboursement): boolean {
  return remboursableMinor(row, deviseOf(row)) > 0n;
}

/** Whether a payment was refunded, in part or in full (its refunds not cancelled gave something back). */
export function estRembourse(row: MontantsRemboursement): boolean {
  return !row.rembourseID && toMinor(row.montantRembourse ?? 0, deviseOf(row)) > 0n;
}

/** The row's currency, the euro when unknown. */
const deviseOf = (row: MontantsRemboursement) => (row.devise && isDevise(row.devise) ? row.devise : DEVISE_COMPTABLE);

/** What a payment may still give back, in minor units of `devise` (0 for a refund or nothing left). */
function remboursableMinor(row: MontantsRemboursement, devise: string): bigint {
  if (row.rembourseID) return 0n;
  const reste = toMinor(row.montantEncaisse ?? 0, devise) - toMinor(row.montantRembourse ?? 0, devise);
  return reste > 0n ? reste : 0n;
}
