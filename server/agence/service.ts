/**
 * Agency rules (spec 001 §5 Agency add): the country is the city's; the phone is typed without dial code and the full
 * phone is the country's dial code + phone; the code, absent from the spec's form, is made from the city code when
 * not given (the first free one of CODE1, CODE2…). A deactivated agency records nothing: no parcel, payment or cash
 * operation is written for it (checkAgenceActive; docs/decisions/deactivation-dependants.md).
 */
import { like } from 'drizzle-orm';
import { normalizePaysPhone } from '../../common/phone';
import type { Tx } from '../db/client';
import { agences } from '../db/schema';
import { badRequest, conflict } from '../http/errors';
import { findVilleWithIndicatif, lockAgenceActive } from './query';

/** The 409 message of a record for a deactivated agency. */
const agenceInactiveMessage = (libelle: string) =>
  `L'agence « ${libelle} » est désactivée : aucun enregistrement n'est possible pour elle.`;

/**
 * Refuses a record for a deactivated agency, given the agency as already read (nothing when none was read).
 * @param field the body field naming the agency, to carry the message in `errors` (e.g. 'agenceID'), or none
 * @throws 409 agenceInactiveMessage when the agency is inactive
 */
export function refuseInactiveAgence(agence: { libelle: string; isActive: boolean } | null | undefined, field?: string): void {
  if (!agence || agence.isActive) return;
  const message = agenceInactiveMessage(agence.libelle);
  throw conflict(message, field ? { [field]: message } : undefined);
}

/**
 * Checks, in the caller's write transaction, that the agency a record is for is active: read FOR SHARE, so that a
 * deactivation either waits for this record or is seen by it. No agency (null) is not checked.
 * @throws 409 agenceInactiveMessage for a deactivated agency
 */
export async function checkAgenceActive(tx: Tx, agenceID: string | null | undefined): Promise<void> {
  if (!agenceID) return;
  refuseInactiveAgence(await lockAgenceActive(tx, agenceID));
}

/** A text field of the body, else the stored value, else ''. */
const textOr = (sent: unknown, stored: unknown) => String(sent ?? stored ?? '').trim();

/** Column values of an agency from its validated body. @throws 400 unknown city */
export async function agenceValues(tx: Tx, b: Record<string, unknown>, existing?: Record<string, unknown>) {
  const ville = await findVilleWithIndicatif(tx, String(b.villeID));
  if (!ville) throw badRequest('Ville introuvable.', { villeID: 'Ville introuvable.' });
  // The phone follows common/phone.ts normalizePaysPhone (the agency form's rule too): a French 400 otherwise.
  const typed = String(b.telephone ?? '').trim();
  const phone = typed ? normalizePaysPhone(typed, ville) : null;
  if (phone && !phone.ok) throw badRequest(phone.error, { telephone: phone.error });
  let code = b.code ? String(b.code).toUpperCase() : (existing?.code as string | undefined);
  if (!code) {
    const taken = await tx
      .select({ code: agences.code })
      .from(agences)
      .where(like(agences.code, `${ville.code}%`));
    let n = taken.length + 1;
    const set = new Set(taken.map((t) => t.code));
    while (set.has(`${ville.code}${n}`)) n++;
    code = `${ville.code}${n}`;
  }
  return {
    code,
    libelle: b.libelle,
    latitude: String(b.latitude),
    longitude: String(b.longitude),
    villeID: ville.id,
    paysID: ville.paysID,
    telephone: phone?.ok ? phone.national : null,
    telephoneComplet: phone?.ok ? phone.phone : null,
    // Not sent: kept as it was (a client of the spec's API knows neither field).
    adresse: textOr(b.adresse, existing?.adresse),
    horaires: textOr(b.horaires, existing?.horaires),
  };
}
