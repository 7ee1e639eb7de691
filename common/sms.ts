/**
 * SMS encoding and splitting (docs/decisions/sms-channel.md), shared by the server (server/sms/sender.ts builds the
 * submit_sm PDUs with it) and the messaging form (src/messagerie/MessageCreate.tsx shows the parts count before
 * sending), so that the number announced is the number sent.
 *
 * - GSM 03.38 (7-bit default alphabet, SMPP data_coding 0) when every character is in the basic table or its
 *   extension table; an extension character (€ [ ] { } \ ^ ~ | and form feed) takes two septets (ESC + code).
 *   Septets travel unpacked, one per octet, as SMPP 3.4 carries them; the SMSC packs them over the air.
 * - UCS-2 (UTF-16 big-endian, data_coding 8) otherwise; a character outside the BMP takes two units.
 * - One part holds 160 septets (GSM) or 70 units (UCS-2); a longer text is split into concatenated parts of 153
 *   septets or 67 units, each behind a 6-octet UDH (IEI 00, 8-bit reference, total, sequence). A part never ends in
 *   the middle of an escape sequence or a surrogate pair (it is then one septet or unit shorter).
 * Pure functions, no Buffer (the browser runs them too): octets are Uint8Array.
 */

/** The 128 characters of the GSM 03.38 basic table, by septet value (0x1B, ESC, is the escape to the extension). */
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\x1bÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';

/** The extension table: character → septet after ESC. */
const GSM_EXTENSION: Record<string, number> = {
  '\f': 0x0a,
  '^': 0x14,
  '{': 0x28,
  '}': 0x29,
  '\\': 0x2f,
  '[': 0x3c,
  '~': 0x3d,
  ']': 0x3e,
  '|': 0x40,
  '€': 0x65,
};

const GSM_INDEX = new Map<string, number>([...GSM_BASIC].map((c, i) => [c, i]));
GSM_INDEX.delete('\x1b');

/** Encoding of an SMS: GSM 03.38 7-bit, or UCS-2. */
export type SmsEncoding = 'GSM7' | 'UCS2';

/** SMPP data_coding of each encoding (SMPP 3.4 §5.2.19): 0 SMSC default alphabet (GSM 03.38), 8 UCS-2. */
const SMS_DATA_CODING: Record<SmsEncoding, number> = { GSM7: 0, UCS2: 8 };

/** Capacity of one part: alone, and within a concatenated message (after the 6-octet UDH). */
const SMS_PART_LIMITS: Record<SmsEncoding, { single: number; multi: number }> = {
  GSM7: { single: 160, multi: 153 },
  UCS2: { single: 70, multi: 67 },
};

/** Most parts one message may have (the UDH counts them on one octet; operators refuse far fewer). */
export const SMS_MAX_PARTS = 10;

/** Whether every character of `text` is in the GSM 03.38 basic or extension table. */
export function isGsm7(text: string): boolean {
  for (const c of text) if (!GSM_INDEX.has(c) && !(c in GSM_EXTENSION)) return false;
  return true;
}

/** The encoding an SMS of `text` is sent in: GSM 03.38 when every character fits, else UCS-2. */
export const smsEncoding = (text: string): SmsEncoding => (isGsm7(text) ? 'GSM7' : 'UCS2');

/**
 * The text as code groups that must stay together in one part: per character its septets (1, or 2 for an extension
 * character) for GSM, its UTF-16 units (1, or 2 for a surrogate pair) for UCS-2.
 */
function codeGroups(text: string, encoding: SmsEncoding): number[][] {
  const groups: number[][] = [];
  for (const c of text) {
    if (encoding === 'GSM7') {
      const basic = GSM_INDEX.get(c);
      groups.push(basic !== undefined ? [basic] : [0x1b, GSM_EXTENSION[c]!]);
    } else {
      const units: number[] = [];
      for (let i = 0; i < c.length; i++) units.push(c.charCodeAt(i));
      groups.push(units);
    }
  }
  return groups;
}

/** The text's code units split into parts (one part when it fits in `single`), groups never cut. */
function splitGroups(groups: number[][], encoding: SmsEncoding): number[][] {
  const total = groups.reduce((n, g) => n + g.length, 0);
  const { single, multi } = SMS_PART_LIMITS[encoding];
  if (total <= single) return [groups.flat()];
  const parts: number[][] = [];
  let current: number[] = [];
  for (const g of groups) {
    if (current.length + g.length > multi) {
      parts.push(current);
      current = [];
    }
    current.push(...g);
  }
  if (current.length) parts.push(current);
  return parts;
}

/** What the messaging form shows before sending, and what the sender checks. */
export interface SmsSize {
  encoding: SmsEncoding;
  /** Septets (GSM, an extension character counting 2) or UTF-16 units (UCS-2) of the whole text. */
  units: number;
  /** Parts the text is sent in (1 for an empty text). */
  parts: number;
  /** Capacity of each part: 160 / 70 alone, 153 / 67 concatenated. */
  perPart: number;
}

/**
 * The encoding, length and number of parts of an SMS of `text`, computed by the same split as encodeSms (so the
 * count announced is the count sent). Pure.
 */
export function smsSize(text: string): SmsSize {
  const encoding = smsEncoding(text);
  const groups = codeGroups(text, encoding);
  const parts = splitGroups(groups, encoding);
  const units = groups.reduce((n, g) => n + g.length, 0);
  const { single, multi } = SMS_PART_LIMITS[encoding];
  return { encoding, units, parts: parts.length, perPart: parts.length > 1 ? multi : single };
}

/** One submit_sm's payload: its short_message octets (UDH included) and whether a UDH leads them. */
interface SmsPart {
  /** short_message: the UDH (concatenated messages) then the septets (one per octet) or the UCS-2 big-endian octets. */
  octets: Uint8Array;
  /** A UDH leads the octets: the submit_sm's esm_class carries UDHI (0x40). */
  udh: boolean;
}

/** An SMS ready for SMPP: its encoding, data_coding and parts in order. */
export interface EncodedSms {
  encoding: SmsEncoding;
  dataCoding: number;
  parts: SmsPart[];
}

/**
 * Encodes `text` for SMPP submit_sm PDUs (GSM 03.38 unpacked, or UCS-2 big-endian), split into concatenated parts
 * with a UDH when longer than one part. Pure.
 * @param reference the concatenation reference (0–255) shared by the parts of this message; the receiving phone
 *   joins parts with the same reference, sender and total
 * @throws Error when the text needs more than SMS_MAX_PARTS parts
 */
export function encodeSms(text: string, reference = 0): EncodedSms {
  const encoding = smsEncoding(text);
  const chunks = splitGroups(codeGroups(text, encoding), encoding);
  if (chunks.length > SMS_MAX_PARTS) throw new Error(`SMS trop long : ${chunks.length} parties (${SMS_MAX_PARTS} au plus).`);
  const toOctets = (units: number[]) => (encoding === 'GSM7' ? units : units.flatMap((u) => [(u >> 8) & 0xff, u & 0xff]));
  const parts = chunks.map((units, i) => {
    if (chunks.length === 1) return { octets: Uint8Array.from(toOctets(units)), udh: false };
    const header = [0x05, 0x00, 0x03, reference & 0xff, chunks.length, i + 1];
    return { octets: Uint8Array.from([...header, ...toOctets(units)]), udh: true };
  });
  return { encoding, dataCoding: SMS_DATA_CODING[encoding], parts };
}

/**
 * Decodes one part's octets back to text (tests and the gateway stub; the inverse of encodeSms for one part).
 * @param udh whether a UDH leads the octets (skipped)
 */
export function decodeSmsPart(octets: Uint8Array, dataCoding: number, udh: boolean): string {
  const body = udh ? octets.slice(octets[0]! + 1) : octets;
  if (dataCoding === SMS_DATA_CODING.UCS2) {
    let s = '';
    for (let i = 0; i + 1 < body.length; i += 2) s += String.fromCharCode((body[i]! << 8) | body[i + 1]!);
    return s;
  }
  const ext = new Map(Object.entries(GSM_EXTENSION).map(([c, v]) => [v, c]));
  let s = '';
  for (let i = 0; i < body.length; i++) {
    if (body[i] === 0x1b && i + 1 < body.length) s += ext.get(body[++i]!) ?? ' ';
    else s += GSM_BASIC[body[i]!] ?? '?';
  }
  return s;
}
