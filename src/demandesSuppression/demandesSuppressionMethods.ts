/**
 * The dataProvider methods of the deletion requests (docs/api-contract.md "Parcels and payments", deletion requests;
 * docs/decisions/deletion-requests.md), outside react-admin's CRUD: approving and refusing a request. The list is the
 * dataProvider's getList('demandesSuppression') (src/providers/resourceApi.ts). Screens reach them with
 * useDataProvider<DataProvider & DemandesSuppressionMethods>(); refusals throw the HttpError of src/providers/http.ts.
 */
import type { Answered, messageAnswer } from '../../common/schemas/answer';
import { httpRequest } from '../providers/http';

/** The deletion request methods of AppDataProvider. */
export interface DemandesSuppressionMethods {
  /** POST colis/demandesSuppression/approuver/{id}: the parcel is deleted. @returns the server message */
  approveDemandeSuppression(id: string): Promise<string | undefined>;
  /** POST colis/demandesSuppression/refuser/{id} {motif}. @returns the server message */
  refuseDemandeSuppression(id: string, motif: string): Promise<string | undefined>;
}

const enc = encodeURIComponent;

/** The implementation of DemandesSuppressionMethods. */
export const demandesSuppressionMethods: DemandesSuppressionMethods = {
  async approveDemandeSuppression(id) {
    const json = await httpRequest<Answered<typeof messageAnswer>>(`colis/demandesSuppression/approuver/${enc(id)}`, {
      method: 'POST',
      body: {},
    });
    return json.message;
  },
  async refuseDemandeSuppression(id, motif) {
    const json = await httpRequest<Answered<typeof messageAnswer>>(`colis/demandesSuppression/refuser/${enc(id)}`, {
      method: 'POST',
      body: { motif },
    });
    return json.message;
  },
};
