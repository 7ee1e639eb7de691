/** Date display of the back-office: dd/MM/yyyy with date-fns fr (spec 000 §1 and §9 "Dates dd/MM/yyyy"). */
import { format, isValid, parseISO } from 'date-fns';
import { fr } from 'date-fns/locale';

/** Text shown for a missing or unreadable date. */
const NO_DATE = '--';

/**
 * Formats an ISO string, a Date or a timestamp as dd/MM/yyyy (or with `pattern`, e.g. 'HH:mm'); returns '--'
 * for empty or invalid input.
 */
export function formatDateFr(value: string | number | Date | null | undefined, pattern = 'dd/MM/yyyy'): string {
  if (value === null || value === undefined || value === '') return NO_DATE;
  const date = typeof value === 'string' ? parseISO(value) : new Date(value);
  return isValid(date) ? format(date, pattern, { locale: fr }) : NO_DATE;
}
