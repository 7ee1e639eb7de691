/** dataProvider over the spec's calls (spec 001 §7, docs/api-contract.md): every answer shape and request. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../src/providers/httpError';
import { installBrowserStubs, installFetch } from './helpers';
import { dataProvider } from '../../src/appDataProvider';
import { setActive, toRequestBody, filtersToQuery } from '../../src/providers/dataProvider';
import { RESOURCE_API } from '../../src/providers/resourceApi';
import { SESSION_KEY } from '../../src/providers/session';

const FRANCE = { id: 'p1', _id: 'p1', code: 'FR', libelle: 'France', devise: 'EUR', indicatif: '+33', longueurNumero: 9, isActive: true };
const BELGIQUE = {
  id: 'p2',
  _id: 'p2',
  code: 'BE',
  libelle: 'Belgique',
  devise: 'EUR',
  indicatif: '+32',
  longueurNumero: 9,
  isActive: false,
};

describe('dataProvider', () => {
  let store: Map<string, string>;
  beforeEach(() => {
    store = installBrowserStubs();
    store.set(SESSION_KEY, JSON.stringify({ token: 'tok-123', user: { id: 'u1' }, privileges: [] }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('getList sends paging, sorting, search and filters and reads {datas, total}', async () => {
    const calls = installFetch({ 'GET pays/liste': { body: { success: true, datas: [FRANCE, BELGIQUE], total: 12 } } });
    const result = await dataProvider.getList('pays', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { q: 'fra', isActive: true, paysID: { id: 'x9', libelle: 'X' } },
    });
    expect(result.total).toBe(12);
    expect(result.data.map((r) => r.id)).toEqual(['p1', 'p2']);
    const { url, method, headers } = calls[0];
    expect(method).toBe('GET');
    expect(url.origin + url.pathname).toBe('http://test.local/api/pays/liste');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      _page: '2',
      _perPage: '10',
      _sort: 'createdAt',
      _order: 'DESC',
      q: 'fra',
      isActive: 'true',
      paysID: 'x9',
    });
    expect(headers.Authorization).toBe('Bearer tok-123');
  });

  it('getList reads the resource list key, falls back to the row count, and gives _id-only rows an id', async () => {
    RESOURCE_API.__test = { path: 'testres', listKey: 'villes' };
    try {
      installFetch({ 'GET testres/liste': { body: { success: true, villes: [{ _id: 'v1', libelle: 'Paris' }] } } });
      const result = await dataProvider.getList('__test', {
        pagination: { page: 1, perPage: 5 },
        sort: { field: 'libelle', order: 'ASC' },
        filter: {},
      });
      expect(result).toEqual({ data: [{ _id: 'v1', id: 'v1', libelle: 'Paris' }], total: 1 });
    } finally {
      delete RESOURCE_API.__test;
    }
  });

  it('uses the path of the resource table (villes → ville, permission → privilege, typeOperation → typeoperation)', async () => {
    const calls = installFetch({
      'GET ville/liste': { body: { datas: [], total: 0 } },
      'GET privilege/liste': { body: { datas: [], total: 0 } },
      'GET typeoperation/liste': { body: { datas: [], total: 0 } },
    });
    const params = { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' as const }, filter: {} };
    await dataProvider.getList('villes', params);
    await dataProvider.getList('permission', params);
    await dataProvider.getList('typeOperation', params);
    expect(calls.map((c) => c.url.pathname)).toEqual(['/api/ville/liste', '/api/privilege/liste', '/api/typeoperation/liste']);
    await expect(dataProvider.getList('inconnu', params)).rejects.toThrow('Ressource inconnue : inconnu');
  });

  it('getOne reads data (and the resource key, e.g. role)', async () => {
    const calls = installFetch({
      'GET pays/getBy/p1': { body: { success: true, data: FRANCE } },
      'GET role/getBy/r1': { body: { success: true, role: { _id: 'r1', code: 'ADMIN' } } },
    });
    expect((await dataProvider.getOne('pays', { id: 'p1' })).data).toEqual(FRANCE);
    expect((await dataProvider.getOne('role', { id: 'r1' })).data).toEqual({ _id: 'r1', id: 'r1', code: 'ADMIN' });
    expect(calls[0].url.pathname).toBe('/api/pays/getBy/p1');
  });

  it('getMany asks for ids=a,b and keeps only the wanted rows even if the server ignores ids', async () => {
    const calls = installFetch({ 'GET pays/liste': { body: { success: true, datas: [FRANCE, BELGIQUE], total: 2 } } });
    const result = await dataProvider.getMany('pays', { ids: ['p2'] });
    expect(result.data).toEqual([BELGIQUE]);
    expect(calls[0].url.searchParams.get('ids')).toBe('p2');
    expect(calls[0].url.searchParams.has('_page')).toBe(false);
    await dataProvider.getMany('pays', { ids: ['p1', 'p2'] });
    expect(calls[1].url.searchParams.get('ids')).toBe('p1,p2');
  });

  it('getManyReference is a list filtered by the target', async () => {
    const calls = installFetch({ 'GET ville/liste': { body: { datas: [{ id: 'v1', paysID: FRANCE }], total: 1 } } });
    const result = await dataProvider.getManyReference('villes', {
      target: 'paysID',
      id: 'p1',
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'libelle', order: 'ASC' },
      filter: {},
    });
    expect(result.total).toBe(1);
    expect(calls[0].url.searchParams.get('paysID')).toBe('p1');
    expect(calls[0].url.searchParams.get('_order')).toBe('ASC');
  });

  it('create POSTs {path}/create with reference objects sent as ids and reads data', async () => {
    const calls = installFetch({
      'POST ville/create': ({ body }) => ({
        status: 201,
        body: { success: true, message: 'ville enregistrée avec succès', data: { id: 'v9', ...(body as object) } },
      }),
    });
    const result = await dataProvider.create('villes', {
      data: { code: 'PAR', libelle: 'Paris', paysID: { id: 'p1', libelle: 'France' } },
    });
    expect(calls[0].method).toBe('POST');
    expect(calls[0].url.pathname).toBe('/api/ville/create');
    expect(calls[0].headers['Content-Type']).toBe('application/json');
    expect(calls[0].body).toEqual({ code: 'PAR', libelle: 'Paris', paysID: 'p1' });
    expect(result.data).toEqual({ id: 'v9', code: 'PAR', libelle: 'Paris', paysID: 'p1' });
  });

  it('update PUTs {path}/update/{id} with the form data minus system fields', async () => {
    const calls = installFetch({
      'PUT pays/update/p1': { body: { success: true, data: { ...FRANCE, libelle: 'France métropolitaine' } } },
    });
    const result = await dataProvider.update('pays', {
      id: 'p1',
      data: { ...FRANCE, libelle: 'France métropolitaine', createdAt: '2026-01-01', updatedAt: '2026-01-02' },
      previousData: FRANCE,
    });
    expect(calls[0].method).toBe('PUT');
    expect(calls[0].url.pathname).toBe('/api/pays/update/p1');
    expect(calls[0].body).toEqual({
      code: 'FR',
      libelle: 'France métropolitaine',
      devise: 'EUR',
      indicatif: '+33',
      longueurNumero: 9,
      isActive: true,
    });
    expect(result.data.libelle).toBe('France métropolitaine');
  });

  it('setActive sends a body with only isActive and falls back to previousData when the answer has no data', async () => {
    const calls = installFetch({ 'PUT pays/update/p2': { body: { success: true, message: 'Statut mis à jour avec succès !' } } });
    const updated = await setActive('pays', BELGIQUE, true);
    expect(calls[0].body).toEqual({ isActive: true });
    expect(updated).toEqual({ ...BELGIQUE, isActive: true });
  });

  it('delete and deleteMany call {path}/delete/{id}, one after the other', async () => {
    const calls = installFetch({
      'DELETE pays/delete/p1': { body: { success: true, message: 'suppression effectuée' } },
      'DELETE pays/delete/p2': { body: { success: true, message: 'suppression effectuée' } },
    });
    expect((await dataProvider.delete('pays', { id: 'p1', previousData: FRANCE })).data).toEqual(FRANCE);
    expect((await dataProvider.deleteMany('pays', { ids: ['p1', 'p2'] })).data).toEqual(['p1', 'p2']);
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([
      'DELETE /api/pays/delete/p1',
      'DELETE /api/pays/delete/p1',
      'DELETE /api/pays/delete/p2',
    ]);
  });

  it('a 400 refusal becomes an HttpError carrying the field errors for the form', async () => {
    installFetch({
      'POST pays/create': { status: 400, body: { success: false, message: 'Données invalides', errors: { code: 'Ce code existe déjà' } } },
    });
    const error = await dataProvider.create('pays', { data: { code: 'FR' } }).catch((e) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(400);
    expect(error.message).toBe('Données invalides');
    expect(error.body.errors).toEqual({ code: 'Ce code existe déjà' });
  });

  it('a 409 refusal keeps the server message and has no errors key', async () => {
    installFetch({ 'DELETE pays/delete/p1': { status: 409, body: { success: false, message: 'Pays utilisé par 3 villes' } } });
    const error = await dataProvider.delete('pays', { id: 'p1' }).catch((e) => e);
    expect(error.status).toBe(409);
    expect(error.message).toBe('Pays utilisé par 3 villes');
    expect(error.body).toEqual({ success: false, message: 'Pays utilisé par 3 villes' });
  });

  it('uses the runtime apiUrl when configured', async () => {
    installBrowserStubs({ apiUrl: 'https://api.example.fr/v1' });
    const calls = installFetch({ 'GET v1/pays/getBy/p1': { body: { data: FRANCE } } });
    await dataProvider.getOne('pays', { id: 'p1' });
    expect(calls[0].url.href).toBe('https://api.example.fr/v1/pays/getBy/p1');
  });
});

describe('request helpers', () => {
  it('toRequestBody turns *ID reference objects into ids and leaves other objects alone', () => {
    expect(
      toRequestBody({
        id: 'x',
        _id: 'x',
        villeID: { id: 'v1', libelle: 'Paris' },
        agenceID: null,
        roleID: 'r1',
        naturesColis: [{ natureColisID: 'n1' }],
        meta: { id: 'keep' },
      }),
    ).toEqual({ villeID: 'v1', agenceID: null, roleID: 'r1', naturesColis: [{ natureColisID: 'n1' }], meta: { id: 'keep' } });
  });

  it('filtersToQuery drops empty values and joins arrays', () => {
    expect(filtersToQuery({ q: '', statut: ['A', 'B'], isActive: false, x: undefined })).toEqual({ statut: ['A', 'B'], isActive: false });
  });
});

describe('a 401 outside the dataProvider', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('ends the stored session, unless the call says a 401 is not the end of it', async () => {
    const { httpRequest } = await import('../../src/providers/http');
    const store = installBrowserStubs();
    store.set(SESSION_KEY, JSON.stringify({ token: 'jeton', user: { id: 'u1' }, privileges: [] }));
    const refused = { status: 401, body: { success: false, message: 'Refusé' } };
    installFetch({ 'POST auth/changePassword/u1': refused, 'GET colis/prixNature': refused });

    await expect(httpRequest('auth/changePassword/u1', { method: 'POST', body: {}, keepSessionOn401: true })).rejects.toMatchObject({
      status: 401,
    });
    expect(store.has(SESSION_KEY)).toBe(true);
    await expect(httpRequest('colis/prixNature')).rejects.toMatchObject({ status: 401 });
    expect(store.has(SESSION_KEY)).toBe(false);
  });
});
