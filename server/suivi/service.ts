/**
 * Public parcel tracking (docs/decisions/public-tracking.md): a parcel found by its reference and the last 4 digits of
 * its recipient's phone, or by its tracking token (receipt QR code, mails). Every failure answers the same 404
 * (SUIVI_NOT_FOUND), so nothing tells a wrong digit from an unknown or deleted parcel. Guessing the digits is bounded
 * per address (route rate limit), per reference from one address (SUIVI_POLICY) and per reference from every address
 * (SUIVI_REFERENCE_POLICY, a limit one address never reaches, so that nobody can hold a reference's lookups by failing
 * on purpose: docs/decisions/imposed-lock-outs.md), counted in the database whether the reference exists or not.
 */
import { timingSafeEqual } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { initials, phoneDigits, SUIVI_NOT_FOUND, type SuiviColis } from '../../common/suivi';
import { isModeLivraisonAgence } from '../../common/colisRules';
import { pairKey, settleAttempt, takeAttempt, type ThrottlePolicy } from '../auth/throttle';
import type { Db } from '../db/client';
import { colis } from '../db/schema';
import { notFound } from '../http/errors';
import { agenceDestination } from '../access/destination';
import { findSuiviColis, suiviEtapes, suiviRemise } from './query';

/**
 * Lookups of one reference from one address: 10 free an hour, then 1 min doubling up to an hour (at most 15 in an
 * hour); a successful lookup from that address starts again.
 */
const SUIVI_POLICY: ThrottlePolicy = { free: 10, baseMs: 60_000, maxMs: 3_600_000, windowMs: 3_600_000 };
/**
 * Lookups of one reference from every address together: 60 per hour of the clock, the 61st refused until the hour
 * ends. Four addresses' worth of SUIVI_POLICY: three addresses guessing on purpose (45 in an hour) leave the recipient
 * its lookups; 60 guesses an hour over the 10 000 possible digits keep a guess of the digits at 0,6 % an hour.
 */
export const SUIVI_REFERENCE_POLICY: ThrottlePolicy = {
  free: 60,
  baseMs: 3_600_000,
  maxMs: 3_600_000,
  windowMs: 3_600_000,
  window: 'clock',
};

/** A tracking token: 43 characters of base64url (migration 0009). */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

type Found = NonNullable<Awaited<ReturnType<typeof findSuiviColis>>>;

/** Whether one of the recipient's phones ends with `digits` (4 digits), compared in constant time. */
function phoneMatches(row: Found, digits: string): boolean {
  const wanted = Buffer.from(digits);
  let ok = false;
  for (const phone of [row.phones.complet, row.phones.local, row.phones.libre]) {
    const last = phoneDigits(phone).slice(-4);
    if (last.length === 4 && timingSafeEqual(Buffer.from(last), wanted)) ok = true;
  }
  return ok;
}

/** What the public sees of a found parcel: no phone, name, e-mail or address, initials only; of its release, the date and agency. */
async function toSuivi(db: Db, row: Found): Promise<SuiviColis> {
  const [etapes, agence, remise] = await Promise.all([
    suiviEtapes(db, row.id),
    // The agency that holds it, by the one rule of the arrival notice and the release (access/destination.ts).
    isModeLivraisonAgence(row.modeLivraison) ? agenceDestination(db, row.id) : undefined,
    suiviRemise(db, row.id),
  ]);
  const dest = row.destinataire ?? { nom: row.nomDestinataire, prenoms: row.prenomsDestinataire };
  return {
    reference: row.reference,
    statut: row.statut,
    etapes: etapes.map((e) => ({ date: e.date.toISOString(), statut: e.statut })),
    dateDepart: row.dateDepart,
    dateArriveePrevue: row.dateArriveePrevue,
    modeEnvoi: row.modeEnvoi,
    origine: { ville: row.villeOrigine, pays: row.paysOrigine },
    destination: { ville: row.villeDestination, pays: row.paysDestination },
    modeLivraison: row.modeLivraison?.libelle ?? null,
    agenceRetrait: agence ? { libelle: agence.libelle, ville: agence.ville } : null,
    resteAPayer: Number(row.resteAPayer),
    devise: row.devise,
    expediteur: initials(row.expediteur?.nom, row.expediteur?.prenoms),
    destinataire: initials(dest.nom, dest.prenoms),
    remise: remise ? { date: remise.date.toISOString(), statut: remise.statut as 'RETIRE' | 'LIVRE', agence: remise.agence } : null,
  };
}

/**
 * Finds a parcel by reference (as printed, or typed in lower case) and the last 4 digits of its recipient's phone.
 * Counted on 'suivi:ref-ip:<REFERENCE>|<address>' (SUIVI_POLICY) and 'suivi:ref:<REFERENCE>' (SUIVI_REFERENCE_POLICY);
 * a right answer starts the first again and gives the second its attempt back.
 * @param ip the caller's address (request.ip)
 * @throws 404 SUIVI_NOT_FOUND for an unknown or deleted parcel or wrong digits; 429 after SUIVI_POLICY's free lookups
 *   of that reference from that address, or SUIVI_REFERENCE_POLICY's from every address
 */
export async function suiviByReference(db: Db, q: { reference: string; telephone: string }, ip: string): Promise<SuiviColis> {
  const reference = q.reference.trim();
  const subject = reference.toUpperCase();
  const pair = pairKey('suivi:ref', subject, ip);
  const wide = `suivi:ref:${subject}`;
  await takeAttempt(
    db,
    [
      { key: pair, policy: SUIVI_POLICY },
      { key: wide, policy: SUIVI_REFERENCE_POLICY },
    ],
    'recherches pour ce colis',
  );
  const row = await findSuiviColis(db, inArray(colis.reference, [...new Set([reference, subject])]));
  if (!row || !phoneMatches(row, q.telephone)) throw notFound(SUIVI_NOT_FOUND);
  await settleAttempt(db, { reset: [pair], refund: [wide] });
  return toSuivi(db, row);
}

/** Finds a parcel by its tracking token. @throws 404 SUIVI_NOT_FOUND (malformed, unknown, or deleted parcel) */
export async function suiviByToken(db: Db, token: string): Promise<SuiviColis> {
  const row = TOKEN_PATTERN.test(token) ? await findSuiviColis(db, eq(colis.suiviToken, token)) : undefined;
  if (!row) throw notFound(SUIVI_NOT_FOUND);
  return toSuivi(db, row);
}
