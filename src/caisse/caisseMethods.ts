/**
 * The dataProvider methods of the 'Caisse' screen (server/caisse/routes.ts; docs/decisions/refunds-and-cash.md),
 * reached with useDataProvider<DataProvider & CaisseMethods>() (added to the app's dataProvider by src/appDataProvider.ts).
 */
import type { Answered } from '../../common/schemas/answer';
import type { caisseAttenduAnswer, caisseClotureAnswer, caisseGetByAnswer, caisseListeAnswer } from '../../common/schemas/caisse';
import { httpRequest, type CallOptions } from '../providers/http';
import type { CaisseAttendu, CaisseCloture, CaisseClotureBody, CaisseClotureDetail } from './types';

/** The query of the closings' history. */
interface CaisseListeQuery {
  page: number;
  perPage: number;
  /** A role that sees every agency: the agency shown (none: every agency). */
  agenceID?: string;
}

/** The cash closing methods of AppDataProvider. */
export interface CaisseMethods {
  /**
   * GET caisse/attendu?agenceID&date: the expected lines of an agency's day, its conversion differences so far, and its
   * open closing (null while open).
   */
  getCaisseAttendu(query: { agenceID?: string; date: string }, options?: CallOptions): Promise<CaisseAttendu>;
  /** POST caisse/cloture: closes the day; the server recomputes the expected amounts. @returns the closing and the message */
  cloturerCaisse(body: CaisseClotureBody): Promise<{ message?: string; data: CaisseClotureDetail }>;
  /** GET caisse/liste: the closings, newest first (paged). */
  getCaisseListe(query: CaisseListeQuery, options?: CallOptions): Promise<{ datas: CaisseCloture[]; total: number }>;
  /** GET caisse/getBy/{id}: one closing with its counted lines (the PDF of a past closing). */
  getCaisseCloture(id: string, options?: CallOptions): Promise<CaisseClotureDetail>;
  /** POST caisse/rouvrir/{id} {motif} (key caisseRouvrir). @returns the reopened closing and the message */
  rouvrirCaisse(id: string, motif: string): Promise<{ message?: string; data: CaisseClotureDetail }>;
}

/** The implementation of CaisseMethods. */
export const caisseMethods: CaisseMethods = {
  async getCaisseAttendu({ agenceID, date }, { signal } = {}) {
    const json = await httpRequest<Answered<typeof caisseAttenduAnswer>>('caisse/attendu', { query: { agenceID, date }, signal });
    return {
      agence: json.agence,
      date: json.date,
      lignes: Array.isArray(json.lignes) ? json.lignes : [],
      ecartsConversion: Array.isArray(json.ecartsConversion) ? json.ecartsConversion : [],
      cloture: json.cloture ?? null,
    };
  },

  async cloturerCaisse(body) {
    const json = await httpRequest<Answered<typeof caisseClotureAnswer>>('caisse/cloture', { method: 'POST', body });
    return { message: json.message, data: json.data };
  },

  async getCaisseListe({ page, perPage, agenceID }, { signal } = {}) {
    const json = await httpRequest<Answered<typeof caisseListeAnswer>>('caisse/liste', {
      query: { _page: page, _perPage: perPage, agenceID },
      signal,
    });
    return { datas: Array.isArray(json.datas) ? json.datas : [], total: Number(json.total ?? 0) };
  },

  async getCaisseCloture(id, { signal } = {}) {
    const json = await httpRequest<Answered<typeof caisseGetByAnswer>>(`caisse/getBy/${encodeURIComponent(id)}`, { signal });
    return json.data;
  },

  async rouvrirCaisse(id, motif) {
    const json = await httpRequest<Answered<typeof caisseClotureAnswer>>(`caisse/rouvrir/${encodeURIComponent(id)}`, {
      method: 'POST',
      body: { motif },
    });
    return { message: json.message, data: json.data };
  },
};
