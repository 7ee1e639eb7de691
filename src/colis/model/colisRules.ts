/**
 * Pure rules of the parcel list and details (spec 000 §2 Parcel list, §4 Parcel statuses): which row action a
 * parcel offers in which status, who the recipient is (who sees or changes which agency's parcels: common/scopes.ts).
 * No React here: tests/web reads it.
 */
import { canFinishColis as canFinishStatut, isColisEditable, isColisPayable } from '../../../common/colisRules';
import { isPositiveMontant } from '../../../common/money';
import { fullName } from '../../providers/records';
import type { ColisRecord } from './types';

/** Parcel status codes in their life order (docs/architecture.md §4), for the status filter and chips: common/colisRules.ts. */
export { COLIS_STATUT_CODES } from '../../../common/colisRules';

/** Whether an amount in euros is above 0 (exact, on cents): common/money.ts. */
export { isPositiveMontant } from '../../../common/money';

/** The status code of a parcel ('' when unknown). */
function statutCodeOf(colis: Pick<ColisRecord, 'statutID'> | null | undefined): string {
  return colis?.statutID?.code ?? '';
}

/** Edit and the direct delete path exist only while EN_ATTENTE (spec 000 §4; common/colisRules.ts isColisEditable). */
export function canEditColis(colis: Pick<ColisRecord, 'statutID'>): boolean {
  return isColisEditable(statutCodeOf(colis));
}

/** Cash collection: only when the status allows a payment (not EN_ATTENTE, common/colisRules.ts) and money remains. */
export function canCollectColis(colis: Pick<ColisRecord, 'statutID' | 'resteAPayer'>): boolean {
  return isColisPayable(statutCodeOf(colis)) && isPositiveMontant(colis.resteAPayer);
}

/** The green check replacing the collection button: the status allows a payment and nothing remains (spec 000 §4). */
export function isColisRegle(colis: Pick<ColisRecord, 'statutID' | 'resteAPayer'>): boolean {
  return isColisPayable(statutCodeOf(colis)) && !isPositiveMontant(colis.resteAPayer);
}

/** Receipt PDF: only when not EN_ATTENTE (spec 000 §4). */
export function canPrintReceipt(colis: Pick<ColisRecord, 'statutID'>): boolean {
  return statutCodeOf(colis) !== '' && !canEditColis(colis);
}

/** 'Retiré' / 'Livré': only for a parcel arrived at destination (EXPEDIE, common/colisRules.ts), docs/api-contract.md colis/retirer|livrer. */
export function canFinishColis(colis: Pick<ColisRecord, 'statutID'>): boolean {
  return canFinishStatut(statutCodeOf(colis));
}

/**
 * Recipient of a parcel as the list shows it (spec 000 §2 Parcel list): from the recipient record when the parcel
 * has one (destinataireID), else from the free-text fields (nomDestinataire, prenomsDestinataire, telephoneDestinataire).
 * @returns name and phone ('' when absent)
 */
export function destinataireOf(colis: Partial<ColisRecord>): { nom: string; telephone: string } {
  const d = colis.destinataireID;
  if (d && d.id) {
    return { nom: fullName(d), telephone: d.telephoneComplet || d.telephone || '' };
  }
  return {
    nom: fullName({ nom: colis.nomDestinataire, prenoms: colis.prenomsDestinataire }),
    telephone: colis.telephoneDestinataire ?? '',
  };
}

/** Sender of a parcel: the client record, else the typed phone (NumeroSaisi). */
export function expediteurOf(colis: Partial<ColisRecord>): { nom: string; telephone: string } {
  const e = colis.expediteurID;
  return { nom: fullName(e), telephone: e?.telephoneComplet || e?.telephone || colis.NumeroSaisi || '' };
}
