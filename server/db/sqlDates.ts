/**
 * SQL date helpers in the business time zone (common/dates.ts BUSINESS_TIME_ZONE, Europe/Paris): the lists' period
 * filters (operations, the audit journal) compare timestamps with the start of a business day.
 */
import { sql } from 'drizzle-orm';
import { BUSINESS_TIME_ZONE } from '../../common/dates';

/** The instant a business day starts: `isoDate` ('yyyy-MM-dd') at 00:00 Europe/Paris, as a SQL timestamptz. */
export const dayStart = (isoDate: string) => sql`(${isoDate}::date::timestamp AT TIME ZONE ${sql.raw(`'${BUSINESS_TIME_ZONE}'`)})`;
