/**
 * Data the browser journeys set up through the API before they drive the screens: the e2e server holds reference
 * data only (DEMO_DATA=0), so a journey that needs parcels opens its own departure France → Sénégal and registers
 * them with the seeded accounts' tokens.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { todayIso } from '../../common/dates';
import { ADMIN, AGENT, inDays } from './helpers';

/** A reference row as the list calls answer it. */
export type Row = { id: string; code: string };

/**
 * An agency's cash day of today as the closing screen reads it (GET caisse/attendu): the expected amounts as
 * 'libelle|devise' → amount (numbers, e.g. 'Espèces|XOF' → 6000), and the closing's id when the day is closed.
 */
export async function cashDay(request: APIRequestContext, headers: Record<string, string>, agenceID: string) {
  const day = await (await request.get(`/api/caisse/attendu?agenceID=${agenceID}&date=${todayIso()}`, { headers })).json();
  const lignes = day.lignes as { libelle: string; devise: string; attendu: string }[];
  return {
    lignes: new Map<string, number>(lignes.map((l) => [`${l.libelle}|${l.devise}`, Number(l.attendu)])),
    cloture: (day.cloture as { id: string } | null)?.id,
  };
}

/** Reopens an agency's day of today if it is closed (an administrator's headers; POST caisse/rouvrir); true when it did. */
export async function reopenCashDay(request: APIRequestContext, admin: Record<string, string>, agenceID: string): Promise<boolean> {
  const { cloture } = await cashDay(request, admin, agenceID);
  if (!cloture) return false;
  const res = await request.post(`/api/caisse/rouvrir/${cloture}`, { headers: admin, data: { motif: 'Fin du parcours e2e' } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return true;
}

/** Signs in through the API; returns the bearer header. */
export async function apiLogin(request: APIRequestContext, who: { email: string; password: string }) {
  const res = await request.post('/api/auth/loginAD', { data: { ...who, type: 'ADMIN' } });
  expect(res.ok()).toBeTruthy();
  return { Authorization: `Bearer ${(await res.json()).token}` };
}

/**
 * Opens an air departure France → Sénégal (`poids` kg, 500 by default, closing in 2 days; `destination`: another
 * country's code) named `contenu`, and returns the ADMIN's and the
 * Paris agent's headers, a list reader and code → id lookup, the departure, and `registerColis`, which registers one
 * parcel on it for Dakar with pick-up at the agency (fields given override the defaults) and returns its reference.
 */
export async function openEnvoiFranceSenegal(request: APIRequestContext, contenu: string, poids = 500, destination = 'SN') {
  const admin = await apiLogin(request, ADMIN);
  const agent = await apiLogin(request, AGENT);
  const list = async (path: string, key = 'datas') =>
    ((await (await request.get(`/api/${path}`, { headers: admin })).json())[key] ?? []) as Row[];
  const id = (rows: Row[], code: string) => rows.find((r) => r.code === code)!.id;
  const pays = await list('pays/liste?_page=1&_perPage=100');
  const res = await request.post('/api/envoi/create', {
    headers: admin,
    data: {
      modeEnvoiID: id(await list('modeEnvoi/liste'), 'AERIEN'),
      paysEmetteurID: id(pays, 'FR'),
      paysID: id(pays, destination),
      dateFin: inDays(2),
      dateDebut: inDays(3),
      dateArrive: inDays(5),
      contenu,
      poids,
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const envoi = (await res.json()).data as { id: string; reference: string };
  const villes = await list(`ville/getVilleByPaysID/${id(pays, 'SN')}`, 'villes');
  const natures = await list(`natureColis/liste?envoieId=${envoi.id}`);
  const modesLivraison = await list('modeLivraison/liste');

  /** Registers a parcel with `headers` (poids in kg of its one nature line); @returns its reference */
  const registerColis = async (headers: Record<string, string>, poids: number, fields: Record<string, unknown>) => {
    const created = await request.post('/api/colis/create', {
      headers,
      data: {
        envoiID: envoi.id,
        villeID: id(villes, 'DKR'),
        modeLivraisonID: id(modesLivraison, 'AGENCE'),
        naturesColis: [{ natureColisID: id(natures, 'VET_ADULTE'), poids }],
        adresseDestinataire: 'Plateau, Dakar',
        ...fields,
      },
    });
    expect(created.ok(), await created.text()).toBeTruthy();
    return (await created.json()).data.reference as string;
  };
  return { admin, agent, list, id, envoi, registerColis };
}
