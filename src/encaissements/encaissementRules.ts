/**
 * Pure rules of the collections list (spec 001 §2 Collections list, §3 Collection; 000 §3 Payment "paymentby
 * (expediteur, destinateur; partiel …)"): the row's shape, its parcel, whether that parcel was deleted, and the
 * translation keys of who paid.
 */
import type { DecimalInput } from '../../common/money';
import type { Ref } from '../providers/records';

/** The parcel of a payment as the list answers it (encaissement/liste colisID). */
export interface EncaissementColis {
  id: string;
  reference?: string | null;
  montantTotal?: DecimalInput;
  reglement?: DecimalInput;
  resteAPayer?: DecimalInput;
  /** Set when the parcel was deleted (soft deletion): its payments stay listed. */
  deletedAt?: string | null;
}

/** One row of encaissement/liste/{userId}. */
export interface EncaissementRow {
  id: string;
  createdAt: string;
  paymentby?: string | null;
  montantEncaisse: DecimalInput;
  montantRestant: DecimalInput;
  isActive: boolean;
  modePaiementID?: Ref | null;
  auteurID?: { nom?: string | null; prenoms?: string | null } | null;
  agenceID?: Ref | null;
  colisID?: EncaissementColis | null;
}

/** The payment's parcel, or undefined when the answer carries none (the popup then says 'Colis non trouvé'). */
export function colisOfEncaissement(row: Partial<EncaissementRow> | null | undefined): EncaissementColis | undefined {
  const colis = row?.colisID;
  return colis && typeof colis === 'object' && colis.id ? colis : undefined;
}

/** Whether the payment's parcel was deleted (its colisID.deletedAt is set): the row carries the mark 'colis supprimé'. */
export function isColisDeleted(row: Partial<EncaissementRow> | null | undefined): boolean {
  return !!colisOfEncaissement(row)?.deletedAt;
}

/** Who paid, as a translation key of resources.encaissements.paymentby (undefined when unknown: shown as '--'). */
export function paymentByKey(paymentby: string | null | undefined): string | undefined {
  return paymentby ? `resources.encaissements.paymentby.${paymentby}` : undefined;
}
