/**
 * Calendar dates of the business rules, shared by the server and the UI (spec 000 §2 "Date pickers have today as
 * minimum", §5 "Dates cannot be before today"; a departure open to registrations has not passed its closing date).
 *
 * Time zone: the business works in Europe/Paris. "Today" is the calendar date in Paris, whatever the time zone of the
 * server process (often UTC) or of the browser (an agent in Dakar or Abidjan): between 00:00 and 01:00 or 02:00 Paris
 * time the UTC date is still yesterday, and both sides must still agree on the same day. Dates are compared as
 * 'yyyy-MM-dd' strings, which sort like the dates they name.
 */

/** The business's time zone (IANA name): every "today" of the rules is a calendar date there. */
export const BUSINESS_TIME_ZONE = 'Europe/Paris';

const parisDate = new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/**
 * Today's calendar date in Europe/Paris as 'yyyy-MM-dd'.
 * @param now the instant to read (default: now), e.g. 2026-11-21T23:30:00Z → '2026-11-22' (00:30 in Paris)
 */
export function todayIso(now: Date = new Date()): string {
  // Europe/Paris is a whole number of hours from UTC: its date changes only on a UTC minute, and a minute's answer
  // holds for that whole minute (docs/decisions/request-path.md: formatting a date is not free, and a request asks it
  // several times).
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute === lastMinute) return lastDate;
  const parts = parisDate.formatToParts(now);
  const part = (type: 'year' | 'month' | 'day') => parts.find((p) => p.type === type)!.value;
  const date = `${part('year')}-${part('month')}-${part('day')}`;
  // An invalid Date (NaN) is not kept: its minute is never equal to itself.
  lastMinute = minute;
  lastDate = date;
  return date;
}

/** The UTC minute (ms / 60 000) todayIso last answered, and its answer. */
let lastMinute = NaN;
let lastDate = '';

/**
 * A calendar date moved by a number of days, e.g. addDays('2026-12-31', 1) → '2027-01-01'. Pure calendar arithmetic
 * (no time zone, no daylight-saving hour involved).
 * @param isoDate a date as 'yyyy-MM-dd'
 * @param days days to add (negative to go back)
 */
export function addDays(isoDate: string, days: number): string {
  const [y, m, d] = isoDate.slice(0, 10).split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * The calendar date in Europe/Paris of an instant (a Date or an ISO instant string), or a calendar date
 * 'yyyy-MM-dd' kept as it is, as 'yyyy-MM-dd'; undefined when unreadable. Used by the list exports
 * (docs/decisions/list-exports.md).
 */
export function parisIsoDate(value: Date | string): string | undefined {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? undefined : todayIso(date);
}

/** A calendar date 'yyyy-MM-dd' shown the French way, e.g. '2026-11-22' → '22/11/2026'. */
export function isoToFr(isoDate: string): string {
  const [y, m, d] = isoDate.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}
