/**
 * Agency rules (spec 001 §5 Agency add): the country is the city's; the phone is typed without dial code and the full
 * phone is the country's dial code + phone; the code, absent from the spec's form, is made from the city code when
 * not given (the first free one of CODE1, CODE2…).
 */
import { like } from 'drizzle-orm';
import { normalizePaysPhone } from '../../common/phone';
import type { Tx } from '../db/client';
import { agences } from '../db/schema';
import { badRequest } from '../http/errors';
import { findVilleWithIndicatif } from './query';

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
  };
}
