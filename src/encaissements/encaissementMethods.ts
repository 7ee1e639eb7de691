/**
 * The dataProvider methods of the payment (encaissement) screens (spec 000 §2 Payment dialogs, §7; docs/api-contract.md
 * "Parcels and payments"), reached with useDataProvider<DataProvider & EncaissementMethods>() (added to the app's
 * dataProvider by src/appDataProvider.ts).
 */
import { COLLECTION_PAYER } from '../../common/colisRules';
import { httpRequest, type CallOptions } from '../providers/http';
import type { Ref } from '../providers/records';
import type { ColisEncaissements, Encaissement } from './types';

/** The payment methods of AppDataProvider. */
export interface EncaissementMethods {
  /** GET modePaiement/liste?isActive=true: active payment modes, by label (the list also holds inactive ones). */
  getModesPaiement(options?: CallOptions): Promise<Ref[]>;
  /** GET encaissement/getByColisID/{colisId}: the payments of a parcel and its amounts. */
  getEncaissementsOfColis(colisId: string, options?: CallOptions): Promise<ColisEncaissements>;
  /**
   * POST encaissement/create {colisID, modePaiementID, paymentby: COLLECTION_PAYER}: collects the whole remaining amount.
   * @returns the server message and the parcel's new amounts
   */
  createEncaissement(colisID: string, modePaiementID: string): Promise<{ message?: string; reglement?: number; resteAPayer?: number }>;
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

  async createEncaissement(colisID, modePaiementID) {
    const json = await httpRequest('encaissement/create', {
      method: 'POST',
      body: { colisID, modePaiementID, paymentby: COLLECTION_PAYER },
    });
    const data = (json.data ?? {}) as { reglement?: number; resteAPayer?: number };
    return { message: json.message, ...data };
  },
};
