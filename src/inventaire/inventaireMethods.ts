/**
 * The dataProvider methods of the scanning screen 'Nouvel inventaire' (docs/api-contract.md "Inventories"), reached
 * with useDataProvider<DataProvider & InventaireMethods>() (added to the app's dataProvider by src/appDataProvider.ts).
 * The statements list and detail are the CRUD getList / getOne of the resource `inventaire` (spec 001 §7
 * inventaire/liste?auteur={userId}[&id=]).
 */
import type { Answered } from '../../common/schemas/answer';
import type { inventaireAttendusAnswer, inventaireCreateAnswer, inventaireVerifierAnswer } from '../../common/schemas/inventaire';
import { httpRequest, type CallOptions } from '../providers/http';
import type { ColisAttendu, InventaireCreated, VerifiedReference } from './types';

/** The inventory methods of AppDataProvider. */
export interface InventaireMethods {
  /**
   * GET inventaire/attendus[?agenceID=]: the parcels the agency should hold now (ADMIN names the agency; another role
   * gets its own whatever it sends).
   */
  getInventaireAttendus(
    agenceID: string | undefined,
    options?: CallOptions,
  ): Promise<{ agence: Answered<typeof inventaireAttendusAnswer>['agence']; datas: ColisAttendu[] }>;
  /** GET inventaire/verifier?reference=…: whether a scanned reference is expected here, elsewhere, or unknown. */
  verifierReference(reference: string, agenceID: string | undefined, options?: CallOptions): Promise<VerifiedReference>;
  /**
   * POST inventaire/create {id, agenceID?, references}: stores the statement. `id` is made by the browser, so that a
   * send retried after a dropped connection stores one statement.
   */
  createInventaire(body: { id: string; agenceID?: string; references: string[] }): Promise<{ message?: string; data: InventaireCreated }>;
}

/** The implementation of InventaireMethods. */
export const inventaireMethods: InventaireMethods = {
  async getInventaireAttendus(agenceID, { signal } = {}) {
    const json = await httpRequest<Answered<typeof inventaireAttendusAnswer>>('inventaire/attendus', { query: { agenceID }, signal });
    return { agence: json.agence, datas: Array.isArray(json.datas) ? json.datas : [] };
  },

  async verifierReference(reference, agenceID, { signal } = {}) {
    const json = await httpRequest<Answered<typeof inventaireVerifierAnswer>>('inventaire/verifier', {
      query: { reference, agenceID },
      signal,
    });
    return json.data;
  },

  async createInventaire(body) {
    const json = await httpRequest<Answered<typeof inventaireCreateAnswer>>('inventaire/create', { method: 'POST', body });
    return { message: json.message, data: json.data };
  },
};
