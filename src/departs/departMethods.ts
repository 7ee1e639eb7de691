/**
 * The dataProvider methods of the departure screens outside react-admin's CRUD calls (spec 000 §2 Clients of a
 * departure, Shipments of a client; §7), reached with useDataProvider<DataProvider & DepartMethods>() (added to the
 * app's dataProvider by src/appDataProvider.ts). Rows come back as react-admin records (each with an id).
 */
import type { Identifier } from 'ra-core';
import type { Answered } from '../../common/schemas/answer';
import type { colisClientsOfEnvoiAnswer, colisEnvoisOfClientAnswer } from '../../common/schemas/colis';
import type { envoiManifestAnswer } from '../../common/schemas/envoi';
import type { enAttenteAnswer, transfertAnswer } from '../../common/schemas/transfert';
import { withId } from '../providers/records';
import { httpRequest, type CallOptions } from '../providers/http';
import type { ManifestPage } from './manifest/manifestData';

/** The clients of a departure (colis/ListClientsBy): the departure's reference and its senders, each with its parcels. */
interface ClientsOfEnvoi {
  envoi?: Answered<typeof colisClientsOfEnvoiAnswer>['envoi'];
  clients: Answered<typeof colisClientsOfEnvoiAnswer>['datas'];
}

/** The shipments of a client (colis/ListEnvoisBy): the client and the parcels it sent or receives, newest first. */
interface EnvoisOfClient {
  client?: Answered<typeof colisEnvoisOfClientAnswer>['client'];
  colis: Answered<typeof colisEnvoisOfClientAnswer>['datas'];
}

/**
 * A parcel left EN_ATTENTE on a departure (colis/enAttente; docs/decisions/departure-ships-received.md): amounts in
 * its `devise` (its departure's), `deplacable` whether the user may move it (its agency registered it).
 */
export type ColisEnAttente = Answered<typeof enAttenteAnswer>['datas'][number];

/** A departure the waiting parcels may go to: open, same route; poids, poidsReel and poidsDisponible in kg. */
export type DepartCandidat = Answered<typeof enAttenteAnswer>['departs'][number];

/** The waiting parcels of a departure and the departures they may go to. */
export interface EnAttenteOfEnvoi {
  colis: ColisEnAttente[];
  departs: DepartCandidat[];
}

/** The departure methods of AppDataProvider. */
export interface DepartMethods {
  /** GET colis/ListClientsBy/{envoiId} (key departListClientby). */
  listClientsOfEnvoi(envoiId: string, options?: CallOptions): Promise<ClientsOfEnvoi>;
  /** GET colis/ListEnvoisBy/{clientId} (key listeEnvoiParClient). */
  listEnvoisOfClient(clientId: string, options?: CallOptions): Promise<EnvoisOfClient>;
  /** GET envoi/manifest/{envoiId}?_page&_perPage (key depart; docs/decisions/departure-manifest.md): one page of the manifest's parcels. */
  manifestPage(envoiId: string, page: number, perPage: number, options?: CallOptions): Promise<ManifestPage>;
  /** GET colis/enAttente/{envoiId} (key depart or colis): the parcels a departure leaves waiting, and where they may go. */
  colisEnAttenteOfEnvoi(envoiId: string, options?: CallOptions): Promise<EnAttenteOfEnvoi>;
  /**
   * POST colis/transferer {colisIDs, envoiID} (key colisUpdate): moves waiting parcels to another departure.
   * @returns the server's French message
   * @throws HttpError with the server's message on a refusal (403, 404, 409)
   */
  transfererColis(colisIDs: string[], envoiID: string): Promise<string>;
}

/** The `datas` rows of an answer as records (`id` from `_id` when a row lacks it). */
function recordsOf<T extends Record<string, unknown>>(datas: T[] | undefined): (T & { id: Identifier })[] {
  return (Array.isArray(datas) ? datas : []).map(withId);
}

/** The implementation of DepartMethods. */
export const departMethods: DepartMethods = {
  async listClientsOfEnvoi(envoiId, { signal } = {}) {
    const json = await httpRequest<Answered<typeof colisClientsOfEnvoiAnswer>>(`colis/ListClientsBy/${encodeURIComponent(envoiId)}`, {
      signal,
    });
    return { envoi: json.envoi, clients: recordsOf(json.datas) };
  },

  async listEnvoisOfClient(clientId, { signal } = {}) {
    const json = await httpRequest<Answered<typeof colisEnvoisOfClientAnswer>>(`colis/ListEnvoisBy/${encodeURIComponent(clientId)}`, {
      signal,
    });
    return { client: json.client, colis: recordsOf(json.datas) };
  },

  async manifestPage(envoiId, page, perPage, { signal } = {}) {
    const json = await httpRequest<Answered<typeof envoiManifestAnswer>>(`envoi/manifest/${encodeURIComponent(envoiId)}`, {
      query: { _page: page, _perPage: perPage },
      signal,
    });
    return { envoi: json.envoi, datas: Array.isArray(json.datas) ? json.datas : [], total: Number(json.total ?? 0) };
  },

  async colisEnAttenteOfEnvoi(envoiId, { signal } = {}) {
    const json = await httpRequest<Answered<typeof enAttenteAnswer>>(`colis/enAttente/${encodeURIComponent(envoiId)}`, { signal });
    return { colis: Array.isArray(json.datas) ? json.datas : [], departs: Array.isArray(json.departs) ? json.departs : [] };
  },

  async transfererColis(colisIDs, envoiID) {
    const json = await httpRequest<Answered<typeof transfertAnswer>>('colis/transferer', { method: 'POST', body: { colisIDs, envoiID } });
    return String(json.message ?? '');
  },
};
