/**
 * The cash closed per agency and day as the 'Caisse' screen reads it: the types of the answers of the caisse routes
 * (common/schemas/caisse.ts, as JSON writes them: docs/decisions/answer-schemas.md; docs/decisions/refunds-and-cash.md).
 * Amounts are the exact decimal texts of their currency ('1234.50' €, '6560' F).
 */
import type { Answered } from '../../common/schemas/answer';
import type {
  CaisseClotureInput,
  caisseAttendu,
  clotureDetail,
  clotureRecord,
  ecartsConversion,
  ligneAttendue,
} from '../../common/schemas/caisse';

/** An expected line: its payment mode (null: the cash operations), its currency and what the records say. */
export type LigneAttendue = Answered<typeof ligneAttendue>;

/** A closing as caisse/liste answers it. */
export type CaisseCloture = Answered<typeof clotureRecord>;

/** A conversion difference of a day in a parcel currency: Σ converted − booked (exact decimal text, signed). */
export type EcartConversion = Answered<typeof ecartsConversion>[number];

/** A closing with its counted lines (caisse/getBy, caisse/cloture, caisse/rouvrir). */
export type CaisseClotureDetail = Answered<typeof clotureDetail>;

/** What caisse/attendu answers: the agency, the day, the expected lines and the day's open closing (null if open). */
export type CaisseAttendu = Answered<typeof caisseAttendu>;

/**
 * The body of caisse/cloture: the shared schema's (common/schemas/caisse.ts caisseClotureBody) as it reads it — the
 * screen sends values its form schema has already read and rounded (src/caisse/caisseView.ts clotureBodyOf). Its input
 * type would say `unknown` for every field it preprocesses, so the read one is used.
 */
export type CaisseClotureBody = CaisseClotureInput;
