/**
 * The parcel and payment calls the screens make outside the react-admin resource calls (spec 000 §7,
 * docs/api-contract.md "Parcels and payments"). Each returns the answer's useful part; refusals throw the
 * HttpError of src/providers/http.ts (status, body.message, body.errors).
 */
import { COLLECTION_PAYER } from '../../common/colisRules';
import { httpRequest } from '../providers/http';
import type { ColisRecord, Departure, Encaissement, HistoryEntry, NatureDetail, Ref } from './types';
import type { NaturePrice } from './wizardRules';

/** A client found by phone (user/getByTelephone). */
export interface ClientRecord {
  id: string;
  nom?: string | null;
  prenoms?: string | null;
  telephone?: string | null;
  telephoneComplet?: string | null;
  email?: string | null;
  adresse?: string | null;
}

/** GET envoi/ouvertActif: open active departures, latest closing first. */
export async function fetchOpenDepartures(signal?: AbortSignal): Promise<Departure[]> {
  const json = await httpRequest('envoi/ouvertActif', { signal });
  return Array.isArray(json.data) ? (json.data as Departure[]) : [];
}

/** GET envoi/getBy/{id}: one departure (the current departure of a parcel being edited). */
export async function fetchDeparture(id: string, signal?: AbortSignal): Promise<Departure | null> {
  const json = await httpRequest(`envoi/getBy/${encodeURIComponent(id)}`, { signal });
  return (json.data as Departure) ?? null;
}

/** GET colis/prixNature: the price of one nature on the departure's route (409 'Aucun prix unitaire associé à : …'). */
export async function fetchNaturePrice(
  params: { envoiID: string; natureColisID: string; villeID?: string | null; agenceID?: string | null },
  signal?: AbortSignal,
): Promise<NaturePrice> {
  const json = await httpRequest('colis/prixNature', {
    query: { envoiID: params.envoiID, natureColisID: params.natureColisID, villeID: params.villeID, agenceID: params.agenceID },
    signal,
  });
  const d = (json.data ?? {}) as { prixUnitaire?: number | null; prixExceptionnel?: number | null; libelle?: string };
  return { prixUnitaire: d.prixUnitaire ?? null, prixExceptionnel: d.prixExceptionnel ?? null, libelle: d.libelle };
}

/** GET ville/getVilleByPaysID/{paysId}: active cities of a country, by name. */
export async function fetchVillesByPays(paysId: string, signal?: AbortSignal): Promise<Ref[]> {
  const json = await httpRequest(`ville/getVilleByPaysID/${encodeURIComponent(paysId)}`, { signal });
  return Array.isArray(json.villes) ? (json.villes as Ref[]) : [];
}

/** GET modePaiement/liste: active payment modes, by label. */
export async function fetchPaymentModes(signal?: AbortSignal): Promise<Ref[]> {
  const json = await httpRequest('modePaiement/liste', { signal });
  return Array.isArray(json.datas) ? (json.datas as Ref[]) : [];
}

/** GET user/getByTelephone/{full phone}: the client, or null when unknown (success false). */
export async function findClientByPhone(telephoneComplet: string, signal?: AbortSignal): Promise<ClientRecord | null> {
  const json = await httpRequest(`user/getByTelephone/${encodeURIComponent(telephoneComplet)}`, { signal });
  return json.success && json.data ? (json.data as ClientRecord) : null;
}

/** POST colis/create. @returns the server message and the new parcel */
export async function createColis(body: Record<string, unknown>): Promise<{ message?: string; data?: ColisRecord }> {
  const json = await httpRequest('colis/create', { method: 'POST', body });
  return { message: json.message, data: json.data as ColisRecord | undefined };
}

/** PUT colis/update/{id} with the full edit body. */
export async function updateColis(id: string, body: Record<string, unknown>): Promise<{ message?: string }> {
  const json = await httpRequest(`colis/update/${encodeURIComponent(id)}`, { method: 'PUT', body });
  return { message: json.message };
}

/** GET colis/contactAdminForEnvoi/{envoiId}: asks the server to warn the administrators of a full departure. */
export async function contactAdminsForDeparture(envoiId: string): Promise<string | undefined> {
  const json = await httpRequest(`colis/contactAdminForEnvoi/${encodeURIComponent(envoiId)}`);
  return json.message;
}

/**
 * DELETE colis/delete/{id}/{roleCode} (spec 000 §4 Parcel deletion).
 * @returns 'deleted' (200), or 'otp' with the server message (202: a 4-digit code was e-mailed to the administrators)
 */
export async function deleteColis(id: string, roleCode: string): Promise<{ outcome: 'deleted' | 'otp'; message?: string }> {
  const json = await httpRequest(`colis/delete/${encodeURIComponent(id)}/${encodeURIComponent(roleCode || 'AGENT')}`, { method: 'DELETE' });
  return { outcome: json.otpRequired ? 'otp' : 'deleted', message: json.message };
}

/** POST colis/deleteWithOtp {colisId, codeOtp}. */
export async function deleteColisWithOtp(colisId: string, codeOtp: string): Promise<void> {
  await httpRequest('colis/deleteWithOtp', { method: 'POST', body: { colisId, codeOtp } });
}

/** POST colis/retirer/{id} or colis/livrer/{id}, collecting the remaining amount with `modePaiementID` when money remains. */
export async function finishColis(id: string, to: 'retirer' | 'livrer', modePaiementID?: string | null): Promise<string | undefined> {
  const body = modePaiementID ? { modePaiementID, paymentby: COLLECTION_PAYER } : {};
  const json = await httpRequest(`colis/${to}/${encodeURIComponent(id)}`, { method: 'POST', body });
  return json.message;
}

/** GET colis/getByReference/{ref}: the parcel and its nature lines. */
export async function fetchColisByReference(
  reference: string,
  signal?: AbortSignal,
): Promise<{ colis: ColisRecord; natures: NatureDetail[]; prixTotal?: number }> {
  const json = await httpRequest(`colis/getByReference/${encodeURIComponent(reference)}`, { signal });
  return {
    colis: json.data as ColisRecord,
    natures: Array.isArray(json.natureColisDetails) ? (json.natureColisDetails as NatureDetail[]) : [],
    prixTotal: typeof json.prixTotal === 'number' ? json.prixTotal : undefined,
  };
}

/** GET colis/getBy/{id}: the parcel with its nature lines (edit wizard). */
export async function fetchColisById(id: string, signal?: AbortSignal): Promise<ColisRecord> {
  const json = await httpRequest(`colis/getBy/${encodeURIComponent(id)}`, { signal });
  return json.colis as ColisRecord;
}

/** GET colis/getHistoriqueByReference/{ref}: status history, newest first. */
export async function fetchColisHistory(reference: string, signal?: AbortSignal): Promise<HistoryEntry[]> {
  const json = await httpRequest(`colis/getHistoriqueByReference/${encodeURIComponent(reference)}`, { signal });
  return Array.isArray(json.datas) ? (json.datas as HistoryEntry[]) : [];
}

/** GET encaissement/getByColisID/{id}: the payments of a parcel and its amounts. */
export async function fetchEncaissements(
  colisId: string,
  signal?: AbortSignal,
): Promise<{
  encaissements: Encaissement[];
  colis?: { reference?: string; montantTotal?: number | string; reglement?: number | string; resteAPayer?: number | string };
}> {
  const json = await httpRequest(`encaissement/getByColisID/${encodeURIComponent(colisId)}`, { signal });
  return {
    encaissements: Array.isArray(json.encaissements) ? (json.encaissements as Encaissement[]) : [],
    colis: json.colis as never,
  };
}

/** POST encaissement/create {colisID, modePaiementID, paymentby: 'destinateur'}: collects the whole remaining amount. */
export async function createEncaissement(
  colisID: string,
  modePaiementID: string,
): Promise<{ message?: string; reglement?: number; resteAPayer?: number }> {
  const json = await httpRequest('encaissement/create', { method: 'POST', body: { colisID, modePaiementID, paymentby: COLLECTION_PAYER } });
  const data = (json.data ?? {}) as { reglement?: number; resteAPayer?: number };
  return { message: json.message, ...data };
}
