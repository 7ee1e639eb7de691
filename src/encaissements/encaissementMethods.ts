/**
 * The dataProvider methods of the payment (encaissement) screens (spec 000 §2 Payment dialogs, §7; docs/api-contract.md
 * "Parcels and payments"; a payment in another currency: docs/decisions/currencies.md), reached with useDataProvider<DataProvider & EncaissementMethods>() (added to the app's
 * dataProvider by src/appDataProvider.ts).
 */
import { COLLECTION_PAYER } from '../../common/colisRules';
import { httpRequest, type CallOptions } from '../providers/http';
import type { Ref } from '../providers/records';
import type { Answered } from '../../common/schemas/answer';
import type {
  colisEncaissementsAnswer,
  encaissementCreateAnswer,
  encaissementDevisesAnswer,
  encaissementEquivalentAnswer,
  EncaissementFormOutput,
  RemboursementFormOutput,
  remboursementAnswer,
} from '../../common/schemas/encaissement';
import type { ColisEncaissements } from './types';

/** What encaissement/create answers: the payment, what was tendered and the rate, and the parcel's new amounts. */
type EncaissementCree = { message?: string } & Answered<typeof encaissementCreateAnswer>['data'];

/** What encaissement/rembourser answers: the refund, what its payment may still give back, the parcel's amounts. */
type RemboursementEffectue = { message?: string } & Answered<typeof remboursementAnswer>['data'];

/**
 * What the dialog reads of encaissement/equivalent without an amount: today's rates of the currency tendered and of the
 * parcel's (units for 1 €, 6 decimals), and the parcel's remaining in the currency tendered (docs/decisions/currencies.md
 * "The last minor units"); the server also answers the amounts it converted.
 */
export type EquivalentEncaissement = Pick<Answered<typeof encaissementEquivalentAnswer>['data'], 'tauxTendu' | 'tauxColis' | 'resteTendu'>;

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
    const json = await httpRequest<Answered<typeof colisEncaissementsAnswer>>(`encaissement/getByColisID/${encodeURIComponent(colisId)}`, {
      signal,
    });
    return { encaissements: Array.isArray(json.encaissements) ? json.encaissements : [], colis: json.colis };
  },

  async createEncaissement(colisID, modePaiementID, paiement) {
    const json = await httpRequest<Answered<typeof encaissementCreateAnswer>>('encaissement/create', {
      method: 'POST',
      body: { colisID, modePaiementID, paymentby: COLLECTION_PAYER, ...paiement },
    });
    return { message: json.message, ...json.data };
  },

  async rembourserEncaissement(paymentID, body) {
    const json = await httpRequest<Answered<typeof remboursementAnswer>>(`encaissement/rembourser/${encodeURIComponent(paymentID)}`, {
      method: 'POST',
      body,
    });
    return { message: json.message, ...json.data };
  },

  async getEncaissementDevises(colisID, { signal } = {}) {
    const json = await httpRequest<Answered<typeof encaissementDevisesAnswer>>(`encaissement/devises/${encodeURIComponent(colisID)}`, {
      signal,
    });
    const devise = String(json.devise);
    return { devise, devises: Array.isArray(json.devises) ? json.devises : [devise] };
  },

  async getEquivalentEncaissement(colisID, deviseTendue, { signal } = {}) {
    const json = await httpRequest<Answered<typeof encaissementEquivalentAnswer>>('encaissement/equivalent', {
      query: { colisID, deviseTendue },
      signal,
    });
    return json.data;
  },
};
