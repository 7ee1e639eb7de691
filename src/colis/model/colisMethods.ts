/**
 * The dataProvider methods of the parcel screens, outside react-admin's CRUD calls (spec 000 §7, docs/api-contract.md
 * "Parcels and payments"). The create and full update of a parcel are the dataProvider's own create / update ('colis');
 * the rest is here. Screens reach them with useDataProvider<DataProvider & ColisMethods>() (added to the app's
 * dataProvider by src/appDataProvider.ts), so a 401 signs the user out like every other call. Each returns the answer's
 * useful part; refusals throw the HttpError of src/providers/http.ts (status, body.message, body.errors).
 */
import type { FinishFormOutput } from '../../../common/schemas/encaissement';
import { downloadFile, httpRequest, type CallOptions } from '../../providers/http';
import type { ClientRef, ColisRecord, Envoi, HistoriqueEntry, ColisNatureDetail, Ref } from './types';
import type { PrixNature } from './wizardRules';
import type { Answered } from '../../../common/schemas/answer';
import type { codeRetraitEtat, colisHistoriqueAnswer, mandataireRecord, remiseRecord } from '../../../common/schemas/colis';

/** A parcel with its nature lines, as colis/getByReference answers it. */
interface ColisDetails {
  colis: ColisRecord;
  natures: ColisNatureDetail[];
  prixTotal?: number;
  /** Public tracking address of the parcel (docs/decisions/public-tracking.md), for the receipt's QR code. */
  suiviUrl?: string;
}

/** What a parcel deletion did: deleted (200), or a code was e-mailed to the administrators (202) and must be typed. */
interface ColisDeletion {
  outcome: 'deleted' | 'otp';
  message?: string;
}

/** The parcel methods of AppDataProvider. */
export interface ColisMethods {
  /** GET colis/getByReference/{ref}: the parcel and its nature lines (details page, receipt, legacy details path). */
  getColisByReference(reference: string, options?: CallOptions): Promise<ColisDetails>;
  /** GET colis/getHistoriqueByReference/{ref}: status history, newest first. */
  getColisHistorique(reference: string, options?: CallOptions): Promise<HistoriqueEntry[]>;
  /** DELETE colis/delete/{id}/{roleCode} (spec 000 §4 Parcel deletion). */
  deleteColis(id: string, roleCode: string): Promise<ColisDeletion>;
  /** POST colis/deleteWithOtp {colisId, codeOtp}. */
  deleteColisWithOtp(colisId: string, codeOtp: string): Promise<void>;
  /**
   * POST colis/retirer/{id} or colis/livrer/{id}, collecting the remaining amount as `paiement` says when money remains
   * (the hand-over dialog's form output: mode, who pays, and the currency with the amount shown in it; empty when
   * nothing remains). @returns the server message
   */
  finishColis(id: string, to: 'retirer' | 'livrer', paiement: FinishFormOutput): Promise<string | undefined>;
  /**
   * GET colis/codeRetrait/{id}: the state of the parcel's release code (docs/decisions/release-code.md), never the code;
   * a 404 (HttpError) for staff outside its destination agency.
   */
  getCodeRetrait(id: string, options?: CallOptions): Promise<Answered<typeof codeRetraitEtat>>;
  /** POST colis/codeRetrait/{id}: a new code sent to the recipient (429 within a minute). @returns the server message */
  sendCodeRetrait(id: string): Promise<string | undefined>;
  /** POST colis/codeRetrait/debloquer/{id}: a code locked by five wrong attempts opens again. @returns the server message */
  unlockCodeRetrait(id: string): Promise<string | undefined>;
  /**
   * GET colis/remise/{id}: the parcel's release record (docs/decisions/release-proof.md), null before its release; a
   * 404 (HttpError) for staff outside its destination agency.
   */
  getRemise(id: string, options?: CallOptions): Promise<Answered<typeof remiseRecord>>;
  /** GET colis/mandataires/{id}: the proxies authorised to collect the parcel, oldest first (never their number). */
  getMandataires(id: string, options?: CallOptions): Promise<Answered<typeof mandataireRecord>[]>;
  /** GET colis/remise/{id}/signature|photo: the image, as a Blob (the bearer in the header, never in a URL). */
  getRemiseImage(id: string, which: 'signature' | 'photo', options?: CallOptions): Promise<Blob>;
  /** GET colis/contactAdminForEnvoi/{envoiId}: warns the administrators of a full departure. @returns the server message */
  contactAdminsForEnvoi(envoiId: string): Promise<string | undefined>;
  /** GET colis/prixNature: the price of one nature on the departure's route (409 'Aucun prix unitaire associé à : …'). */
  getPrixNature(
    params: { envoiID: string; natureColisID: string; villeID?: string | null; agenceID?: string | null },
    options?: CallOptions,
  ): Promise<PrixNature>;
  /** GET envoi/ouvertActif: open active departures, latest closing first (step 1 of the wizard). */
  getOpenEnvois(options?: CallOptions): Promise<Envoi[]>;
  /** GET ville/getVilleByPaysID/{paysId}: active cities of a country, by name. */
  getVillesByPays(paysId: string, options?: CallOptions): Promise<Ref[]>;
  /** GET user/getByTelephone/{full phone}: the client, or null when the phone is unknown (success false). */
  findClientByPhone(telephoneComplet: string, options?: CallOptions): Promise<ClientRef | null>;
}

const enc = encodeURIComponent;

/** The implementation of ColisMethods. */
export const colisMethods: ColisMethods = {
  async getColisByReference(reference, { signal } = {}) {
    const json = await httpRequest(`colis/getByReference/${enc(reference)}`, { signal });
    return {
      colis: json.data as ColisRecord,
      natures: Array.isArray(json.natureColisDetails) ? (json.natureColisDetails as ColisNatureDetail[]) : [],
      prixTotal: typeof json.prixTotal === 'number' ? json.prixTotal : undefined,
      suiviUrl: typeof json.suiviUrl === 'string' ? json.suiviUrl : undefined,
    };
  },

  async getColisHistorique(reference, { signal } = {}) {
    const json = await httpRequest<Answered<typeof colisHistoriqueAnswer>>(`colis/getHistoriqueByReference/${enc(reference)}`, { signal });
    return Array.isArray(json.datas) ? json.datas : [];
  },

  async deleteColis(id, roleCode) {
    const json = await httpRequest(`colis/delete/${enc(id)}/${enc(roleCode || 'AGENT')}`, { method: 'DELETE' });
    return { outcome: json.otpRequired ? 'otp' : 'deleted', message: json.message };
  },

  async deleteColisWithOtp(colisId, codeOtp) {
    await httpRequest('colis/deleteWithOtp', { method: 'POST', body: { colisId, codeOtp } });
  },

  async finishColis(id, to, paiement) {
    const json = await httpRequest(`colis/${to}/${enc(id)}`, { method: 'POST', body: paiement });
    return json.message;
  },

  async getCodeRetrait(id, { signal } = {}) {
    const json = await httpRequest(`colis/codeRetrait/${enc(id)}`, { signal });
    return json.data as Answered<typeof codeRetraitEtat>;
  },

  async sendCodeRetrait(id) {
    return (await httpRequest(`colis/codeRetrait/${enc(id)}`, { method: 'POST' })).message;
  },

  async unlockCodeRetrait(id) {
    return (await httpRequest(`colis/codeRetrait/debloquer/${enc(id)}`, { method: 'POST' })).message;
  },

  async getRemise(id, { signal } = {}) {
    const json = await httpRequest(`colis/remise/${enc(id)}`, { signal });
    return (json.data ?? null) as Answered<typeof remiseRecord>;
  },

  async getMandataires(id, { signal } = {}) {
    const json = await httpRequest(`colis/mandataires/${enc(id)}`, { signal });
    return (json.datas ?? []) as Answered<typeof mandataireRecord>[];
  },

  async getRemiseImage(id, which, { signal } = {}) {
    return (await downloadFile(`colis/remise/${enc(id)}/${which}`, {}, which, { signal })).blob;
  },

  async contactAdminsForEnvoi(envoiId) {
    const json = await httpRequest(`colis/contactAdminForEnvoi/${enc(envoiId)}`);
    return json.message;
  },

  async getPrixNature({ envoiID, natureColisID, villeID, agenceID }, { signal } = {}) {
    const json = await httpRequest('colis/prixNature', { query: { envoiID, natureColisID, villeID, agenceID }, signal });
    const d = (json.data ?? {}) as PrixNature;
    return {
      prixUnitaire: d.prixUnitaire ?? null,
      prixExceptionnel: d.prixExceptionnel ?? null,
      libelle: d.libelle,
      devise: d.devise,
      montantMinimum: d.montantMinimum ?? null,
      exceptionnel: d.exceptionnel,
    };
  },

  async getOpenEnvois({ signal } = {}) {
    const json = await httpRequest('envoi/ouvertActif', { signal });
    return Array.isArray(json.data) ? (json.data as Envoi[]) : [];
  },

  async getVillesByPays(paysId, { signal } = {}) {
    const json = await httpRequest(`ville/getVilleByPaysID/${enc(paysId)}`, { signal });
    return Array.isArray(json.villes) ? (json.villes as Ref[]) : [];
  },

  async findClientByPhone(telephoneComplet, { signal } = {}) {
    const json = await httpRequest(`user/getByTelephone/${enc(telephoneComplet)}`, { signal });
    return json.success && json.data ? (json.data as ClientRef) : null;
  },
};
