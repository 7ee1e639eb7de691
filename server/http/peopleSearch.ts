/**
 * How a list's free text (`q`) finds people — clients, a parcel's sender and recipient — the way a counter asks for
 * them (docs/decisions/people-search.md): by any of their words in the name or the first names (so a first name alone,
 * or the full name in either order, 'Diallo Aminata' or 'Aminata Diallo', every word belonging to the same person),
 * or, when the text reads as a phone number, by that number in national ('0612345678', '06 12 34') or international
 * form ('+33612345678', '0033612345678'). Every condition is a LIKE or a regular expression that the trigram indexes
 * serve (migrations 0001, 0013, 0016).
 */
import { and, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { likePattern } from './list';

/** At most this many words of a name are matched (the others are ignored): bounds the statement's size. */
const MAX_WORDS = 4;

/** Separators a typed phone may hold: spaces, dots, dashes, slashes, brackets. */
const PHONE_SEPARATORS_RE = /[\s.\-/()]/g;

/** A text that reads as a phone: an optional '+', then digits and separators only. */
const PHONE_TEXT_RE = /^\+?[\d\s.\-/()]+$/;

/** Digits of a phone from which the number is looked for (fewer: a reference fragment more likely, matched as such). */
const PHONE_MIN_DIGITS = 3;

/**
 * A free text read as a phone: `likes`, the number as typed without its separators, found anywhere in a full phone
 * (last digits, national number without its trunk '0', international number), and with a leading '00' also read as
 * '+'; `national`, for a number typed with a trunk '0' ('06 12 34'), the regular expression of a full phone whose
 * national part starts with the rest ('^\+[0-9]{1,3}61234'). Full phones are stored '+<dial code><national number>'
 * (common/phone.ts normalizePhone).
 */
type PhoneSearch = { kind: 'phone'; likes: string[]; national?: string };

/**
 * What a free text looks for in people, as peopleSearch reads it: a phone, or the LIKE pattern of each word (at least
 * one), every one to be found in the same person's name or first names.
 */
export type PeopleSearch = { kind: 'names'; words: string[] } | PhoneSearch;

/**
 * Reads a list's free text as a search of people.
 * @param text the `q` of the list as typed, e.g. 'Aminata Diallo', '06 12 34 56 78', '+221 77 123 45 67'
 */
export function peopleSearch(text: string): PeopleSearch {
  const trimmed = text.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (PHONE_TEXT_RE.test(trimmed) && digits.length >= PHONE_MIN_DIGITS) {
    const compact = trimmed.replace(PHONE_SEPARATORS_RE, '');
    const likes = compact.startsWith('00') ? [compact, `+${compact.slice(2)}`] : [compact];
    const trunk = /^0[1-9]/.test(compact) && digits.length > PHONE_MIN_DIGITS;
    return { kind: 'phone', likes: likes.map(likePattern), ...(trunk ? { national: `^\\+[0-9]{1,3}${compact.slice(1)}` } : {}) };
  }
  const words = [...new Set(trimmed.split(/\s+/).filter(Boolean))].slice(0, MAX_WORDS);
  return { kind: 'names', words: (words.length ? words : [text]).map(likePattern) };
}

/** A person's columns as the search reads them: name, first names and full phone (columns or raw SQL of an alias). */
export interface PersonColumns {
  nom: AnyPgColumn | SQL;
  prenoms: AnyPgColumn | SQL;
  telephone: AnyPgColumn | SQL;
}

/** The condition that a full phone (a column, or raw SQL) matches a search read as a phone. */
export function phoneMatches(search: PhoneSearch, telephone: AnyPgColumn | SQL): SQL {
  return or(
    ...search.likes.map((like) => sql`${telephone} ILIKE ${like}`),
    search.national ? sql`${telephone} ~ ${search.national}` : undefined,
  )!;
}

/** The condition that a person (its columns) matches the search: every word in its name or first names, or its phone. */
export function personMatches(search: PeopleSearch, person: PersonColumns): SQL {
  if (search.kind === 'phone') return phoneMatches(search, person.telephone);
  return and(...search.words.map((w) => sql`(${person.nom} ILIKE ${w} OR ${person.prenoms} ILIKE ${w})`))!;
}
