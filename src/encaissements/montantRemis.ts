/**
 * What a payment tendered in another currency was handed over as (docs/decisions/currencies.md: a payment is recorded
 * in its parcel's currency and keeps the amount tendered and its currency): shown beside the amount collected in the
 * collections list and the payment details.
 */
import { DEVISE_COMPTABLE } from '../../common/devises';
import { formatMontant } from '../../common/format';
import type { DecimalInput } from '../../common/money';

/** The currency fields of a payment as encaissement/liste and encaissement/getByColisID answer them. */
export interface PaiementDevises {
  devise?: string | null;
  montantTendu?: DecimalInput;
  deviseTendue?: string | null;
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
