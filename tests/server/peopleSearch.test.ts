/**
 * Searching people as a counter does (docs/decisions/people-search.md; spec 000 §2 parcel list search, 001 §2
 * messaging's client selection): the parcels list (colis/liste, server/colis/query.ts colisSearch) and the clients
 * list (user/listeClients, the messaging picker and the wizard's sender picker) find a client by a first name, by the
 * full name in either order, and by a phone typed in national ('0611223344', '06 11 22') or international form
 * ('+33611223344', '0033611223344'). The words of a name must all belong to the same person.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestContext } from './helpers';
import { colisBody, colisRefs, createEnvoiByApi, type ColisRefs } from './fixtures';

let t: TestContext;
let agent: { id: string; token: string };
let refs: ColisRefs;
/** Sow Ibrahima (typed sender, +33 6 11 22 33 44) to Diallo Aminata (a client, +221 77 123 45 67). */
let withClient: string;
/** Ba Oumar (typed sender, +33 6 55 44 33 22) to Ndour Khadija, a recipient without phone (free text only). */
let freeText: string;

beforeAll(async () => {
  t = await setupTestApp();
  refs = await colisRefs(t.database.db);
  agent = await t.createStaff('AGENT', { agenceCode: 'PAR1' });
  const envoi = await createEnvoiByApi(t);
  const register = async (over: Record<string, unknown>) => {
    const res = await t.call('POST', '/api/colis/create', { token: agent.token, body: colisBody(refs, envoi.id, over) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.id as string;
  };
  withClient = await register({
    expediteurNom: 'Sow',
    expediteurPrenom: 'Ibrahima',
    NumeroSaisi: '+33611223344',
    nomDestinataire: 'Diallo',
    prenomsDestinataire: 'Aminata',
    telephoneDestinataire: '+221771234567',
  });
  freeText = await register({
    expediteurNom: 'Ba',
    expediteurPrenom: 'Oumar',
    NumeroSaisi: '+33655443322',
    nomDestinataire: 'Ndour',
    prenomsDestinataire: 'Khadija',
    telephoneDestinataire: undefined,
  });
});
afterAll(() => t.close());

/** The ids of the agent's parcels a search finds. */
async function colisFound(q: string): Promise<string[]> {
  const res = await t.call('GET', `/api/colis/liste/${agent.id}?q=${encodeURIComponent(q)}`, { token: agent.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.datas.map((c: { id: string }) => c.id).sort();
}

/** The '<nom> <prenoms>' of the clients a search of the clients list finds (the agent's scope). */
async function clientsFound(q: string): Promise<string[]> {
  const res = await t.call('GET', `/api/user/listeClients?_page=1&_perPage=25&q=${encodeURIComponent(q)}`, { token: agent.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.clients.map((c: { nom: string; prenoms: string }) => `${c.nom} ${c.prenoms}`).sort();
}

describe('the parcels search (colis/liste q)', () => {
  it('finds a parcel by a first name or the full name in either order, of its recipient or its sender', async () => {
    for (const q of ['Aminata', 'Diallo Aminata', 'Aminata Diallo', 'aminata  DIALLO', 'Sow Ibrahima', 'Ibrahima Sow', 'Ibrahima']) {
      expect(await colisFound(q), q).toEqual([withClient]);
    }
    // The last name alone, as before.
    expect(await colisFound('Diallo')).toEqual([withClient]);
  });

  it("finds a parcel by its free-text recipient's first name and full name (no client record)", async () => {
    for (const q of ['Khadija', 'Ndour Khadija', 'Khadija Ndour', 'Ndour']) {
      expect(await colisFound(q), q).toEqual([freeText]);
    }
  });

  it('does not match words of two different people', async () => {
    // Sow is the sender, Aminata the recipient: no one is 'Sow Aminata'.
    expect(await colisFound('Sow Aminata')).toEqual([]);
    expect(await colisFound('Ibrahima Diallo')).toEqual([]);
    expect(await colisFound('Khadija Oumar')).toEqual([]);
  });

  it('finds a parcel by a phone in national or international form, with or without separators', async () => {
    for (const q of [
      '0611223344',
      '06 11 22 33 44',
      '06.11.22',
      '06 11 22',
      '+33611223344',
      '+33 6 11 22 33 44',
      '0033611223344',
      '611223344',
    ]) {
      expect(await colisFound(q), q).toEqual([withClient]);
    }
    // The recipient's Senegalese number, national (no trunk 0) and international, and its last four digits.
    for (const q of ['77 123 45 67', '771234567', '+221 77 123 45 67', '4567']) {
      expect(await colisFound(q), q).toEqual([withClient]);
    }
    expect(await colisFound('06 55 44')).toEqual([freeText]);
    expect(await colisFound('0699999999')).toEqual([]);
  });
});

describe('the clients search (user/listeClients q: the messaging and sender pickers)', () => {
  it('finds a client by first name, full name in either order, and phone in national or international form', async () => {
    for (const q of ['Aminata', 'Diallo Aminata', 'Aminata Diallo', '77 123 45', '+221771234567', '00221771234567']) {
      expect(await clientsFound(q), q).toEqual(['Diallo Aminata']);
    }
    for (const q of ['Ibrahima Sow', '0611223344', '06 11 22', '+33611223344']) {
      expect(await clientsFound(q), q).toEqual(['Sow Ibrahima']);
    }
    expect(await clientsFound('Sow Aminata')).toEqual([]);
  });
});
