/**
 * The inventory screens' pure parts (docs/api-contract.md "Inventories"): how a scanned reference is read, the scan
 * session kept in localStorage until the server confirms (verdicts, repeats, references sent, counters, restore after a
 * reload, unreadable storage), and the dataProvider's calls of the resource `inventaire` (spec 001 §7
 * inventaire/liste?auteur={userId}, &id= for one statement) and of the scanning screen.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { normalizeReference } from '../../common/inventaireRules';
import { dataProvider } from '../../src/appDataProvider';
import { SESSION_KEY } from '../../src/providers/session';
import {
  addScan,
  classifyLocally,
  clearSession,
  countScans,
  loadSession,
  newSession,
  referencesToSend,
  saveSession,
  sessionKey,
  settleScan,
  type ScanSession,
} from '../../src/inventaire/scanSession';
import { installBrowserStubs, installFetch } from './helpers';

const attendus = [
  { id: 'c1', reference: 'PAR1-2611-000001' },
  { id: 'c2', reference: 'PAR1-2611-000002' },
];

describe('normalizeReference', () => {
  it('drops spaces and control characters and upper-cases', () => {
    expect(normalizeReference('  par1-2611-000001\n')).toBe('PAR1-2611-000001');
    expect(normalizeReference('PAR1 - 2611\t-000001\u0000')).toBe('PAR1-2611-000001');
    expect(normalizeReference('   ')).toBe('');
    expect(normalizeReference(undefined)).toBe('');
  });
});

describe('scan session', () => {
  const base = (): ScanSession => ({ ...newSession('s1', new Date('2026-11-22T10:00:00Z')), attendus });

  it('classifies found, repeats and leaves the rest to the server', () => {
    let s = base();
    expect(classifyLocally(s, 'PAR1-2611-000001')).toBe('TROUVE');
    expect(classifyLocally(s, 'MRS1-2611-000009')).toBeNull();
    s = addScan(s, 'par1-2611-000001', 'TROUVE');
    expect(s.scans[0].reference).toBe('PAR1-2611-000001');
    expect(classifyLocally(s, 'PAR1-2611-000001')).toBe('DEJA_SCANNE');
    s = addScan(s, 'PAR1-2611-000001', 'DEJA_SCANNE');
    s = addScan(s, 'MRS1-2611-000009', 'A_VERIFIER');
    s = addScan(s, 'XXX', 'A_VERIFIER');
    expect(countScans(s)).toMatchObject({ attendus: 2, trouves: 1, restants: 1, aVerifier: 2, repetes: 1 });
    s = settleScan(s, 'MRS1-2611-000009', 'NON_ATTENDU');
    s = settleScan(s, 'XXX', 'INCONNU');
    expect(countScans(s)).toMatchObject({ trouves: 1, nonAttendus: 1, inconnus: 1, aVerifier: 0 });
    expect(referencesToSend(s)).toEqual(['PAR1-2611-000001', 'MRS1-2611-000009', 'XXX']);
    expect(addScan(s, '  ', 'INCONNU')).toBe(s);
  });

  it("keeps the agency the server names for another agency's parcel, and counts it apart from the unknown", () => {
    let s = addScan(base(), 'LYS1-2612-000599', 'A_VERIFIER');
    s = addScan(s, 'ZZZ', 'A_VERIFIER');
    s = settleScan(s, 'LYS1-2612-000599', 'HORS_AGENCE', 'Agence Lyon Guillotière');
    s = settleScan(s, 'ZZZ', 'INCONNU', 'ignored');
    expect(s.scans.map((x) => [x.reference, x.etat, x.agence])).toEqual([
      ['ZZZ', 'INCONNU', undefined],
      ['LYS1-2612-000599', 'HORS_AGENCE', 'Agence Lyon Guillotière'],
    ]);
    expect(countScans(s)).toMatchObject({ horsAgence: 1, inconnus: 1, aVerifier: 0 });
  });

  it('survives a reload through the storage, per user, and forgets it once confirmed', () => {
    const store = installBrowserStubs();
    const s = addScan(base(), 'PAR1-2611-000002', 'TROUVE');
    expect(saveSession(localStorage, 'u1', s)).toBe(true);
    expect(store.has(sessionKey('u1'))).toBe(true);
    expect(loadSession(localStorage, 'u1')).toEqual(s);
    expect(loadSession(localStorage, 'u2')).toBeNull();
    clearSession(localStorage, 'u1');
    expect(loadSession(localStorage, 'u1')).toBeNull();
    store.set(sessionKey('u1'), '{pas du json');
    expect(loadSession(localStorage, 'u1')).toBeNull();
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    expect(saveSession(full, 'u1', s)).toBe(false);
    vi.unstubAllGlobals();
  });
});

describe('dataProvider of inventaire', () => {
  beforeEach(() => {
    const store = installBrowserStubs();
    store.set(SESSION_KEY, JSON.stringify({ token: 'tok', user: { id: 'u1' }, privileges: [] }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists with auteur={userId} and reads one statement with &id=', async () => {
    const row = { id: 'i1', _id: 'i1', dateInventaire: '2026-11-20T17:00:00Z', colisId: [], colisAttendus: [], colisNonTrouve: [] };
    const calls = installFetch({
      'GET inventaire/liste': (call) =>
        call.url.searchParams.get('id')
          ? { body: { success: true, data: { ...row, colisNonTrouve: [{ id: 'c1' }] }, colisNonTrouve: [{ id: 'c1' }] } }
          : { body: { success: true, data: [row], total: 1 } },
    });
    const list = await dataProvider.getList('inventaire', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { statut: 'EXPEDIE' },
    });
    expect(list.total).toBe(1);
    expect(list.data[0].id).toBe('i1');
    expect(calls[0].url.searchParams.get('auteur')).toBe('u1');
    expect(calls[0].url.searchParams.get('statut')).toBe('EXPEDIE');
    const one = await dataProvider.getOne('inventaire', { id: 'i1' });
    expect(one.data.colisNonTrouve).toEqual([{ id: 'c1' }]);
    expect(calls[1].url.pathname).toBe('/api/inventaire/liste');
    expect(calls[1].url.searchParams.get('id')).toBe('i1');
    expect(calls[1].url.searchParams.get('auteur')).toBe('u1');
  });

  it('sends the scanning calls', async () => {
    const calls = installFetch({
      'GET inventaire/attendus': { body: { success: true, agence: { id: 'a1', libelle: 'Paris' }, datas: [{ id: 'c1' }], total: 1 } },
      'GET inventaire/verifier': { body: { success: true, data: { reference: 'X', etat: 'INCONNU', colis: null } } },
      'POST inventaire/create': {
        body: { success: true, message: 'Inventaire enregistré avec succès', data: { id: 's1', inconnues: ['X'] } },
      },
    });
    expect((await dataProvider.getInventaireAttendus('a1')).datas).toHaveLength(1);
    expect(calls[0].url.searchParams.get('agenceID')).toBe('a1');
    expect((await dataProvider.verifierReference('X', undefined)).etat).toBe('INCONNU');
    expect(calls[1].url.searchParams.get('reference')).toBe('X');
    expect(calls[1].url.searchParams.has('agenceID')).toBe(false);
    const created = await dataProvider.createInventaire({ id: 's1', references: ['X'] });
    expect(created.data.inconnues).toEqual(['X']);
    expect(calls[2].body).toEqual({ id: 's1', references: ['X'] });
  });
});
