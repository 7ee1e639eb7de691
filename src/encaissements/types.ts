/**
 * Shapes of the payment (encaissement) records as the screens read them: the types of the answers of the payment
 * routes (common/schemas/encaissement.ts, as JSON writes them: docs/decisions/answer-schemas.md; spec 000 §3 Payment;
 * docs/api-contract.md). Amounts are numbers in the payment's currency `devise`.
 */
import type { Answered } from '../../common/schemas/answer';
import type { colisEncaissementsAnswer, encaissementRecord } from '../../common/schemas/encaissement';

/**
 * One payment or refund, as encaissement/getByColisID and encaissement/liste answer it: its amounts in `devise`, what
 * was tendered in another currency and that day's rates (docs/decisions/currencies.md), the refunded payment and the
 * reason of a refund (docs/decisions/refunds-and-cash.md), its mode, author, agency and parcel populated.
 */
export type Encaissement = Answered<typeof encaissementRecord>;

/** The payments of a parcel and its amounts (encaissement/getByColisID). */
export type ColisEncaissements = Pick<Answered<typeof colisEncaissementsAnswer>, 'encaissements' | 'colis'>;
