/**
 * The confirmed deactivation (spec 001 §4 active toggle; docs/decisions/deactivation-dependants.md): the dataProvider's
 * update sends `?force=true` only when told `meta: {force: true}`, and a 409 carrying the dependants reaches the caller
 * with the server's message and counts (what ActiveToggleField's second confirmation shows).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../src/providers/httpError';
import { installBrowserStubs, installFetch } from './helpers';
import { dataProvider } from '../../src/appDataProvider';
import { setActive } from '../../src/providers/dataProvider';
import { SESSION_KEY } from '../../src/providers/session';

const PARIS = { id: 'v1', _id: 'v1', code: 'PAR', libelle: 'Paris', isActive: true };
const MESSAGE =
  'Cette ville a encore 2 agences actives, 1 départ en cours et 4 prix unitaires actifs. Confirmez pour la désactiver quand même.';

describe('dataProvider update: a deactivation to confirm', () => {
  beforeEach(() => {
    const store = installBrowserStubs();
    store.set(SESSION_KEY, JSON.stringify({ token: 'tok-123', user: { id: 'u1' }, privileges: [] }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends no query string without meta.force, nor with another meta', async () => {
    const calls = installFetch({ 'PUT ville/update/v1': { body: { success: true, data: { ...PARIS, isActive: false } } } });
    await dataProvider.update('villes', { id: 'v1', data: { isActive: false }, previousData: PARIS });
    await dataProvider.update('villes', { id: 'v1', data: { isActive: false }, previousData: PARIS, meta: { force: 'true', other: 1 } });
    await setActive('villes', PARIS, false);
    expect(calls.map((c) => c.url.search)).toEqual(['', '', '']);
    expect(calls.map((c) => c.body)).toEqual([{ isActive: false }, { isActive: false }, { isActive: false }]);
  });

  it('sends ?force=true with meta {force: true}, the body unchanged', async () => {
    const calls = installFetch({ 'PUT ville/update/v1': { body: { success: true, data: { ...PARIS, isActive: false } } } });
    const result = await dataProvider.update('villes', { id: 'v1', data: { isActive: false }, previousData: PARIS, meta: { force: true } });
    expect(calls[0].method).toBe('PUT');
    expect(calls[0].url.pathname).toBe('/api/ville/update/v1');
    expect(Object.fromEntries(calls[0].url.searchParams)).toEqual({ force: 'true' });
    expect(calls[0].body).toEqual({ isActive: false });
    expect(result.data.isActive).toBe(false);
  });

  it('rejects a 409 with the server message and its dependants in the error body', async () => {
    installFetch({
      'PUT ville/update/v1': {
        status: 409,
        body: { success: false, message: MESSAGE, dependances: { agences: 2, departs: 1, prix: 4 } },
      },
    });
    const error = await dataProvider
      .update('villes', { id: 'v1', data: { isActive: false }, previousData: PARIS })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(409);
    expect((error as HttpError).message).toBe(MESSAGE);
    expect((error as HttpError).body).toMatchObject({ message: MESSAGE, dependances: { agences: 2, departs: 1, prix: 4 } });
  });
});
