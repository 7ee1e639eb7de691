/**
 * Pure rules of the parcel list and details (spec 000 §2 Parcel list, §4 Parcel statuses): which row action a
 * parcel offers in which status, who the recipient is, who sees every agency. No React here: tests/web reads it.
 */
import { toCents, type DecimalInput } from '../../common/pricing';
import { COLIS_EDITABLE } from '../../common/statusRules';
import { seesAllAgencies } from '../../common/permissions';
import type { StatutCode } from '../../common/statuts';
import { fullName } from '../common/records';
import type { ColisRecord } from './types';

/** Parcel status codes in their life order (DESIGN.md §4), for the status filter and chips. */
export const COLIS_STATUT_CODES: readonly StatutCode[] = ['EN_ATTENTE', 'RECEPTIONNE', 'EN_COURS_ENVOI', 'EXPEDIE', 'RETIRE', 'LIVRE'];

/** The status code of a parcel ('' when unknown). */
export function statutCodeOf(colis: Pick<ColisRecord, 'statutID'> | null | undefined): string {
  return colis?.statutID?.code ?? '';
}

/** Whether an amount in euros is above 0 (exact, on cents). */
export function isPositiveAmount(value: DecimalInput): boolean {
  try {
    return toCents(value) > 0n;
  } catch {
    return false;
  }
}

/** Edit and the direct delete path exist only while EN_ATTENTE (spec 000 §4). */
export function canEditColis(colis: Pick<ColisRecord, 'statutID'>): boolean {
  return COLIS_EDITABLE.includes(statutCodeOf(colis) as StatutCode);
}

/** Cash collection: only when not EN_ATTENTE and money remains (spec 000 §4). */
export function canCollectColis(colis: Pick<ColisRecord, 'statutID' | 'resteAPayer'>): boolean {
  return !canEditColis(colis) && isPositiveAmount(colis.resteAPayer);
}

/** The green check replacing the collection button: not EN_ATTENTE and nothing remains (spec 000 §4). */
export function isColisPaid(colis: Pick<ColisRecord, 'statutID' | 'resteAPayer'>): boolean {
  return !canEditColis(colis) && !isPositiveAmount(colis.resteAPayer);
}

/** Receipt PDF: only when not EN_ATTENTE (spec 000 §4). */
export function canPrintReceipt(colis: Pick<ColisRecord, 'statutID'>): boolean {
  return statutCodeOf(colis) !== '' && !canEditColis(colis);
}

/** 'Retiré' / 'Livré': only for a parcel arrived at destination (EXPEDIE), docs/api-contract.md colis/retirer|livrer. */
export function canFinishColis(colis: Pick<ColisRecord, 'statutID'>): boolean {
  return statutCodeOf(colis) === 'EXPEDIE';
}

/**
 * Recipient of a parcel as the list shows it (spec 000 §2 Parcel list): from the recipient record when the parcel
 * has one (destinataireID), else from the free-text fields (nomDestinataire, prenomsDestinataire, telephoneDestinataire).
 * @returns name and phone ('' when absent)
 */
export function recipientOf(colis: Partial<ColisRecord>): { nom: string; telephone: string } {
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
export function senderOf(colis: Partial<ColisRecord>): { nom: string; telephone: string } {
  const e = colis.expediteurID;
  return { nom: fullName(e), telephone: e?.telephoneComplet || e?.telephone || colis.NumeroSaisi || '' };
}

/**
 * Whether the signed-in user sees every agency (spec 000 §6: role ADMIN; SUPERADMIN holds every right too, as on
 * the server): agency filter on the list, agency choice in the wizard.
 */
export function userSeesAllAgencies(user: { roleID?: { code?: string | null } | null } | null | undefined): boolean {
  return seesAllAgencies(user?.roleID?.code);
}

/**
 * Whether the signed-in user may change a parcel (edit, delete, active toggle): ADMIN any, another role only those
 * its agency registered — the server's rule (colisOwnerScope).
 */
export function isOwnColis(
  colis: Pick<ColisRecord, 'agenceID'>,
  user: { roleID?: { code?: string | null } | null; agenceID?: { id?: string | null } | null } | null | undefined,
): boolean {
  return userSeesAllAgencies(user) || (!!colis.agenceID?.id && colis.agenceID.id === user?.agenceID?.id);
}
