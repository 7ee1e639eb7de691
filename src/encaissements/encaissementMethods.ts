/**
 * The dataProvider methods of the payment (encaissement) screens (spec 000 §2 Payment dialogs, §7; docs/api-contract.md
 * "Parcels and payments"; a payment in another currency: docs/decisions/currencies.md), reached with useDataProvider<DataProvider & EncaissementMethods>() (added to the app's
 * dataProvider by src/appDataProvider.ts).
 */
import { COLLECTION_PAYER } from '../../common/colisRules';
import { httpRequest, type CallOptions } from '../providers/http';
import type { Ref } from '../providers/records';
import type { EncaissementFormOutput, RemboursementFormOutput } from '../../common/schemas/encaissement';
import type { ColisEncaissements, Encaissement } from './types';

/** What encaissement/create answers: the payment, what was tendered and the rate, and the parcel's new amounts. */
interface EncaissementCree {
  message?: string;
  id?: string;
  /** The payment's amount, in `devise` (the parcel's currency). */
  montantEncaisse?: number;
  devise?: string;
  montantTendu?: number | null;
  deviseTendue?: string | null;
  /** Units of `devise` for 1 unit of deviseTendue, 6 decimals ('655.957000'). */
  taux?: string | null;
  /** The conversion difference booked when the amount settled the parcel, in `devise` (0 otherwise). */
  ecartConversion?: number;
  reglement?: number;
  resteAPayer?: number;
}

/** What encaissement/rembourser answers: the refund, what its payment may still give back, the parcel's amounts. */
interface RemboursementEffectue {
  message?: string;
  id?: string;
  /** The amount given back (positive), in `devise` (the payment's currency). */
  montant?: number;
  devise?: string;
  remboursable?: number;
  reglement?: number;
  resteAPayer?: number;
}

/**
 * What the dialog reads of encaissement/equivalent without an amount: today's rates of the currency tendered and of the
 * parcel's, and the parcel's remaining in the currency tendered (the server also answers the amounts it converted).
 */
export interface EquivalentEncaissement {
  /** Units of the currency tendered, then of the parcel's, for 1 € today (decimal text, 6 decimals). */
  tauxTendu: string;
  tauxColis: string;
  /** The amount in the currency tendered that settles the parcel (docs/decisions/currencies.md "The last minor units"). */
  resteTendu: number;
}

/** The payment fields of encaissement/create beside the parcel and the mode (the dialog's schema output, less the mode). */
type PaiementSaisi = Partial<Omit<EncaissementFormOutput, 'modePaiementID'>>;

/** The payment methods of AppDataProvider. */
export interface EncaissementMethods {
  /** GET modePaiement/liste?isActive=true: active payment modes, by label (the list also holds inactive ones). */
  getModesPaiement(options?: CallOptions): Promise<Ref[]>;
  /** GET encaissement/getByColisID/{colisId}: the payments of a parcel and its amounts. */
  getEncaissementsOfColis(colisId: string, options?: CallOptions): Promise<ColisEncaissements>;
  /**
   * POST encaissement/create {colisID, modePaiementID, paymentby, ...paiement}: who pays as `paiement` says it (the
   * spec's debtor, COLLECTION_PAYER, without it); without an amount the whole remaining amount; else `{montantEncaisse}`
   * in the parcel's currency or `{montantTendu, deviseTendue}`.
   * @returns the server message, the payment (amount, currency, what was tendered, rate, conversion difference) and the
   *   parcel's new amounts
   */
  createEncaissement(colisID: string, modePaiementID: string, paiement?: PaiementSaisi): Promise<EncaissementCree>;
  /**
   * POST encaissement/rembourser/{id} {montant, deviseTendue, modePaiementID, motif} (docs/decisions/refunds-and-cash.md):
   * gives back `montant` of a payment in `deviseTendue` (the currency it was received in, or its parcel's).
   * @returns the server message, the refund and the parcel's new amounts
   * @throws HttpError 409 above what is left refundable, a cancelled payment, a closed cash day (the server's message)
   */
  rembourserEncaissement(paymentID: string, body: RemboursementFormOutput): Promise<RemboursementEffectue>;
  /** GET encaissement/devises/{colisID}: the parcel's currency and those a payment may be tendered in (its first). */
  getEncaissementDevises(colisID: string, options?: CallOptions): Promise<{ devise: string; devises: string[] }>;
  /**
   * GET encaissement/equivalent?colisID&deviseTendue (docs/decisions/currencies.md): today's rates of `deviseTendue`
   * and of the parcel's currency, and the parcel's remaining in `deviseTendue`.
   * @throws HttpError 409 when a currency has no rate today (the server's French message)
   */
  getEquivalentEncaissement(colisID: string, deviseTendue: string, options?: CallOptions): Promise<EquivalentEncaissement>;
}

/** The implementation of EncaissementMethods. */
export const encaissementMethods: EncaissementMethods = {
  async getModesPaiement({ signal } = {}) {
    const json = await httpRequest('modePaiement/liste', { query: { isActive: true, _sort: 'libelle', _order: 'ASC' }, signal });
    return Array.isArray(json.datas) ? (json.datas as Ref[]) : [];
  },

  async getEncaissementsOfColis(colisId, { signal } = {}) {
    const json = await httpRequest(`encaissement/getByColisID/${encodeURIComponent(colisId)}`, { signal });
    return {
      encaissements: Array.isArray(json.encaissements) ? (json.encaissements as Encaissement[]) : [],
      colis: json.colis as ColisEncaissements['colis'],
    };
  },

  async createEncaissement(colisID, modePaiementID, paiement) {
    const json = await httpRequest('encaissement/create', {
      method: 'POST',
      body: { colisID, modePaiementID, paymentby: COLLECTION_PAYER, ...paiement },
    });
    const data = (json.data ?? {}) as Omit<EncaissementCree, 'message'>;
    return { message: json.message, ...data };
  },

  async rembourserEncaissement(paymentID, body) {
    const json = await httpRequest(`encaissement/rembourser/${encodeURIComponent(paymentID)}`, { method: 'POST', body });
    const data = (json.data ?? {}) as Omit<RemboursementEffectue, 'message'>;
    return { message: json.message, ...data };
  },

  async getEncaissementDevises(colisID, { signal } = {}) {
    const json = await httpRequest(`encaissement/devises/${encodeURIComponent(colisID)}`, { signal });
    const devise = String(json.devise);
    return { devise, devises: Array.isArray(json.devises) ? (json.devises as string[]) : [devise] };
  },

  async getEquivalentEncaissement(colisID, deviseTendue, { signal } = {}) {
    const json = await httpRequest('encaissement/equivalent', { query: { colisID, deviseTendue }, signal });
    return json.data as EquivalentEncaissement;
  },
};
