/**
 * Pure rules of the agency screens (spec 001 §2 Agencies "Téléphone (complete phone or '--')", §3 Agence, §5 Agency
 * add: country, city, name, latitude, longitude required; phone typed without dial code, full phone = dial code +
 * phone). The phone rule itself is common/phone.ts normalizePaysPhone, the one the server applies too.
 */
import { normalizePaysPhone, type PaysTelephone } from '../../common/phone';
import { refId } from '../providers/records';

/** The phone column of the list: the full number, else '--'. */
export function agencePhoneLabel(record: { telephoneComplet?: unknown } | null | undefined): string {
  const phone = record?.telephoneComplet;
  return typeof phone === 'string' && phone.trim() ? phone : '--';
}

/** The full number of the typed phone for the chosen country (dial code + national number), or null when not valid yet. */
export function agenceTelephoneComplet(telephone: unknown, pays: PaysTelephone | null | undefined): string | null {
  const typed = typeof telephone === 'string' ? telephone.trim() : '';
  if (!typed || !pays) return null;
  const result = normalizePaysPhone(typed, pays);
  return result.ok ? result.phone : null;
}

/** The record of the edit form: city and country as ids for the selects (the API sends them populated). */
export function agenceFormRecord<T extends Record<string, unknown>>(record: T): T {
  const ville = record.villeID as { paysID?: unknown } | undefined;
  return {
    ...record,
    villeID: refId(record.villeID) ?? null,
    paysID: refId(record.paysID) ?? refId(ville?.paysID) ?? null,
  } as T;
}

/** The agence/create and agence/update body (spec 001 §7): libelle, latitude, longitude, villeID, paysID, telephone, telephoneComplet. */
export function agenceBody(data: Record<string, unknown>): Record<string, unknown> {
  const telephone = typeof data.telephone === 'string' ? data.telephone.trim() : '';
  return {
    libelle: data.libelle,
    latitude: data.latitude,
    longitude: data.longitude,
    villeID: refId(data.villeID),
    paysID: refId(data.paysID),
    telephone: telephone || null,
    telephoneComplet: telephone && typeof data.telephoneComplet === 'string' ? data.telephoneComplet : null,
  };
}
