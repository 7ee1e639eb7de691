/**
 * Phone numbers of clients (senders and recipients), shared by the server (which creates or finds clients by their
 * full number: server/user/service.ts upsertClient) and the UI (the parcel wizard: src/colis/wizardRules.ts).
 * docs/architecture.md §4: clients are found by their full number (telephoneComplet); spec 001 §3 Pays: a country has a dial
 * code (indicatif, e.g. '+33') and the length of its national numbers (longueurNumero, e.g. 9); spec 001 §5: full
 * phone = dial code + phone.
 *
 * A full number is '+' followed by digits only, e.g. '+33612345678' (E.164: at most 15 digits). Typed numbers may hold
 * spaces, dots, dashes, slashes and parentheses between digits, and a leading '+' or '00'. Anything else (a letter,
 * 'n/a', a lone '+') is refused: such numbers once all became '+' and merged unrelated people into one client.
 */

/** A country as the phone rules read it (pays table): its dial code, and the length of its national numbers when known. */
export interface PaysTelephone {
  /** Dial code, e.g. '+33' (a '+' is optional). */
  indicatif?: string | null;
  /** Digits of a national number without its trunk '0' (pays.longueurNumero, e.g. 9 in France); null or 0 when unknown. */
  longueurNumero?: number | null;
}

/** The full number, or the French message saying why the typed number is refused. */
export type PhoneResult = { ok: true; phone: string } | { ok: false; error: string };

/** Fewest digits of a national number, and most digits of a full number with its dial code (E.164). */
const PHONE_MIN_NATIONAL_DIGITS = 4;
const PHONE_MAX_DIGITS = 15;

/** Messages of the phone rules, the same on both sides. */
export const PHONE_MESSAGES = {
  required: 'Le numéro de téléphone est obligatoire',
  invalid: 'Numéro de téléphone invalide : saisissez des chiffres (espaces, points, tirets et un « + » initial acceptés)',
  noDialCode: "Numéro de téléphone incomplet : indiquez l'indicatif du pays (ex. +33 6 12 34 56 78)",
  length: (digits: number, indicatif: string) =>
    `Numéro de téléphone invalide : ${digits} chiffres attendus après l'indicatif +${indicatif}`,
  tooShort: `Numéro de téléphone invalide : ${PHONE_MIN_NATIONAL_DIGITS} chiffres au moins après l'indicatif`,
  tooLong: `Numéro de téléphone invalide : ${PHONE_MAX_DIGITS} chiffres au plus, indicatif compris`,
} as const;

/** What a typed number may hold: digits and separators, with a '+' only at the start. */
const TYPED_RE = /^\+?[\d\s.\-/()]+$/;
const SEPARATORS_RE = /[\s.\-/()]/g;

/** The length of a country's national numbers, or null when it has none (missing, 0, not a whole number). */
function paysLength(country: PaysTelephone | null | undefined): number | null {
  const n = country?.longueurNumero;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : null;
}

/**
 * The national part of a number of a known country: a leading trunk '0' is dropped when the number is one digit
 * longer than the country's length (06 12 34 56 78 in France → 612345678); with a length the number must have exactly
 * that many digits; without one it is kept as typed.
 */
function national(digits: string, code: string, length: number | null): PhoneResult {
  let n = digits;
  if (length !== null) {
    if (n.length === length + 1 && n.startsWith('0')) n = n.slice(1);
    if (n.length !== length) return { ok: false, error: PHONE_MESSAGES.length(length, code) };
  }
  if (n.length < PHONE_MIN_NATIONAL_DIGITS) return { ok: false, error: PHONE_MESSAGES.tooShort };
  if (code.length + n.length > PHONE_MAX_DIGITS) return { ok: false, error: PHONE_MESSAGES.tooLong };
  return { ok: true, phone: `+${code}${n}` };
}

/**
 * Normalises a typed phone number into the full number clients are stored and found by.
 * - A number starting with '+' or '00' is already international: when it starts with the country's dial code, its
 *   national part follows the country's rules below; another dial code is kept, within 15 digits.
 * - Otherwise it is a national number of the country: the country's dial code goes in front (none known: refused),
 *   a trunk '0' is dropped when the number is one digit longer than the country's length, and the number must then
 *   have that length (a country without a length: kept as typed, at least 4 digits).
 * @param raw the number as typed, e.g. '06 12 34 56 78', '+33 6 12 34 56 78', '0033612345678'
 * @param country the country of the number: its dial code and national length (pays table)
 * @returns `{ok: true, phone: '+33612345678'}`, or `{ok: false, error}` with a French message
 */
export function normalizePhone(raw: string | null | undefined, country?: PaysTelephone | null): PhoneResult {
  const text = (raw ?? '').trim();
  if (!text) return { ok: false, error: PHONE_MESSAGES.required };
  if (!TYPED_RE.test(text) || !/\d/.test(text)) return { ok: false, error: PHONE_MESSAGES.invalid };
  const compact = text.replace(SEPARATORS_RE, '');
  const code = (country?.indicatif ?? '').replace(/\D/g, '').replace(/^00/, '');
  const length = paysLength(country);
  const international = compact.startsWith('+') ? compact.slice(1) : compact.startsWith('00') ? compact.slice(2) : null;
  if (international !== null) {
    if (code && international.startsWith(code)) return national(international.slice(code.length), code, length);
    if (international.length < PHONE_MIN_NATIONAL_DIGITS + 1) return { ok: false, error: PHONE_MESSAGES.tooShort };
    if (international.length > PHONE_MAX_DIGITS) return { ok: false, error: PHONE_MESSAGES.tooLong };
    return { ok: true, phone: `+${international}` };
  }
  if (!code) return { ok: false, error: PHONE_MESSAGES.noDialCode };
  return national(compact, code, length);
}

/** The full number of a phone of one country, with its national part (what an agency stores: telephone, telephoneComplet). */
export type PaysPhoneResult = { ok: true; phone: string; national: string } | { ok: false; error: string };

/** Message of a number given with the dial code of another country than the one chosen. */
export const otherDialCodeMessage = (indicatif: string) =>
  `Numéro de téléphone invalide : saisissez un numéro du pays choisi (indicatif +${indicatif})`;

/**
 * The number of a phone typed without its dial code for a given country (spec 001 §5 "Agency add: phone typed without
 * dial code, full phone = dial code + phone"): normalizePhone's rules (separators, trunk '0', the country's length), and
 * a number typed with the dial code of another country is refused. Shared by the agency form and server/agences.
 * @param raw the number as typed, e.g. '06 12 34 56 78' (or '+33 6 12 34 56 78')
 * @param country the chosen country: its dial code and national length
 * @returns `{ok: true, phone: '+33612345678', national: '612345678'}`, or `{ok: false, error}` with a French message
 */
export function normalizePaysPhone(raw: string | null | undefined, country: PaysTelephone | null | undefined): PaysPhoneResult {
  const result = normalizePhone(raw, country);
  if (!result.ok) return result;
  const code = (country?.indicatif ?? '').replace(/\D/g, '').replace(/^00/, '');
  if (!result.phone.startsWith(`+${code}`)) return { ok: false, error: otherDialCodeMessage(code) };
  return { ok: true, phone: result.phone, national: result.phone.slice(code.length + 1) };
}
