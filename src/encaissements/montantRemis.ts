/**
 * What a payment tendered in another currency was handed over as (docs/decisions/currencies.md: a payment is recorded
 * in its parcel's currency and keeps the amount tendered and its currency), and the conversion difference a settling
 * amount booked ("The last minor units"): shown beside the amount collected in the collections list and the payment
 * details.
 */
import { DEVISE_COMPTABLE, deviseOuEuro, toMinor } from '../../common/devises';
import { formatMontant, formatMontantSigne } from '../../common/format';
import type { DecimalInput } from '../../common/money';

/** The currency fields of a payment as encaissement/liste and encaissement/getByColisID answer them. */
export interface PaiementDevises {
  devise?: string | null;
  montantTendu?: DecimalInput;
  deviseTendue?: string | null;
  /** The conversion difference booked, in `devise` (null or 0: none). */
  ecartConversion?: DecimalInput;
}

/**
 * The amount handed over, in its currency ('15,24 €'), when the payment was tendered in a currency other than its
 * own (a missing `devise` is the euro, as formatMontant reads it); undefined when it was paid in its own currency or the
 * answer has no amount tendered.
 */
export function montantRemis(row: PaiementDevises | null | undefined): string | undefined {
  if (!row?.deviseTendue || row.montantTendu === null || row.montantTendu === undefined || row.montantTendu === '') return undefined;
  if (row.deviseTendue === (row.devise || DEVISE_COMPTABLE)) return undefined;
  return formatMontant(row.montantTendu, row.deviseTendue);
}

/** The conversion difference a settling amount booked, signed, in the payment's currency ('+23 GNF'); undefined when none. */
export function ecartConversionDe(row: PaiementDevises | null | undefined): string | undefined {
  const ecart = row?.ecartConversion;
  if (ecart === null || ecart === undefined || ecart === '') return undefined;
  const devise = deviseOuEuro(row?.devise);
  return toMinor(ecart, devise) === 0n ? undefined : formatMontantSigne(ecart, devise);
}
