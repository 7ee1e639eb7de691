/** Shapes of the payment (encaissement) records as the API answers them (spec 000 §3 Payment; docs/api-contract.md). */
import { type DecimalInput } from '../../common/money';
import type { Ref } from '../providers/records';

/** One payment (encaissement/getByColisID). */
export interface Encaissement {
  id?: string;
  createdAt: string;
  paymentby?: string | null;
  montantEncaisse: number | string;
  montantRestant: number | string;
  /** The currency of the amounts (the parcel's); what was handed over when in another currency. */
  devise?: string | null;
  montantTendu?: DecimalInput;
  deviseTendue?: string | null;
  /**
   * The rates of the day of a payment tendered in another currency, units for 1 € (docs/decisions/currencies.md): of
   * the currency tendered and of the parcel's; the receipt prints the rate between them.
   */
  tauxTendu?: string | null;
  tauxColis?: string | null;
  /** The conversion difference a settling amount booked, in `devise` (docs/decisions/currencies.md "The last minor units"). */
  ecartConversion?: DecimalInput;
  /** A refund (a negative row): the payment it gives back, and its reason (docs/decisions/refunds-and-cash.md). */
  rembourseID?: string | null;
  motif?: string | null;
  /** What a payment's refunds not cancelled gave back (0 for none, and for a refund). */
  montantRembourse?: DecimalInput;
  modePaiementID?: Ref | null;
  auteurID?: { nom?: string | null; prenoms?: string | null } | null;
}

/** The payments of a parcel and its amounts (encaissement/getByColisID). */
export interface ColisEncaissements {
  encaissements: Encaissement[];
  colis?: {
    reference?: string;
    montantTotal?: DecimalInput;
    reglement?: DecimalInput;
    resteAPayer?: DecimalInput;
    devise?: string | null;
  };
}
