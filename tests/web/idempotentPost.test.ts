/**
 * The browser side of idempotent writes (src/providers/http.ts, submissions.ts, dataProvider.ts;
 * docs/decisions/idempotent-writes.md "Browser"): a POST made with the session carries the Idempotency-Key of its
 * submission — the same user, call and body keep one key until an answer arrives, and an identical POST made while one
 * is on its way shares its call; after a network failure or a 502 / 503 / 504 it is sent again with the same key
 * (POST_RETRY_DELAYS_MS), never a POST without a key, never a GET; a business 409 is not retried, the 409 "still
 * running" is waited for until the first copy's answer.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../src/providers/httpError';
import { installBrowserStubs } from './helpers';
import { httpRequest, POST_RETRY_DELAYS_MS } from '../../src/providers/http';
import { dataProvider } from '../../src/appDataProvider';
import { SESSION_KEY } from '../../src/providers/session';

/** One attempt's outcome: a network failure, or an answer (status, JSON body, headers). */
type Outcome = 'network' | { status: number; body?: unknown; headers?: Record<string, string> };

/** A fetch answering `outcomes` in turn (the last one again once they run out); records the headers of each call. */
function scriptedFetch(outcomes: Outcome[]) {
  const calls: { method: string; headers: Record<string, string>; body: unknown }[] = [];
  const fetch = vi.fn(async (_url: string, init: RequestInit = {}) => {
    calls.push({
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    const outcome = outcomes[Math.min(calls.length - 1, outcomes.length - 1)];
    if (outcome === 'network') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(outcome.body ?? { success: true }), {
      status: outcome.status,
      headers: { 'Content-Type': 'application/json', ...outcome.headers },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

/** Runs `call` while the fake clock moves on, and gives its outcome (the answer, or the error thrown). */
async function settle<T>(call: Promise<T>): Promise<T | unknown> {
  const outcome = call.then(
    (v) => v,
    (e: unknown) => e,
  );
  await vi.advanceTimersByTimeAsync(60_000);
  return outcome;
}

const ok = { status: 200, body: { success: true, data: { id: 'c1', reference: 'PAR1-0001' } } };

describe('POST with an Idempotency-Key', () => {
  beforeEach(() => {
    const store = installBrowserStubs();
    store.set(SESSION_KEY, JSON.stringify({ token: 'tok-123', user: { id: 'u1' }, privileges: [] }));
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('sends the same key again after a network failure, and answers the retry', async () => {
    const calls = scriptedFetch(['network', ok]);
    const answer = await settle(httpRequest('colis/create', { method: 'POST', body: { poids: 2 } }));
    expect(answer).toEqual(ok.body);
    expect(calls).toHaveLength(2);
    const key = calls[0].headers['Idempotency-Key'];
    expect(key).toMatch(/^[\x21-\x7e]{1,200}$/);
    expect(calls[1].headers['Idempotency-Key']).toBe(key);
    expect(calls[1].body).toEqual(calls[0].body);
  });

  it.each([502, 503, 504])('sends the same key again after a %i', async (status) => {
    const calls = scriptedFetch([{ status, body: { success: false, message: 'Indisponible' } }, ok]);
    expect(await settle(httpRequest('encaissement/create', { method: 'POST', body: { montant: 10 } }))).toEqual(ok.body);
    expect(calls.map((c) => c.headers['Idempotency-Key'])).toEqual([
      calls[0].headers['Idempotency-Key'],
      calls[0].headers['Idempotency-Key'],
    ]);
  });

  it('waits the back-off before a retry, not less', async () => {
    const calls = scriptedFetch(['network', ok]);
    const call = httpRequest('operation/create', { method: 'POST', body: {} });
    await vi.advanceTimersByTimeAsync(POST_RETRY_DELAYS_MS[0] - 1);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    expect(await call).toEqual(ok.body);
  });

  it('gives up after its retries with the last failure, every attempt with the one key', async () => {
    const calls = scriptedFetch(['network']);
    const error = await settle(httpRequest('colis/create', { method: 'POST', body: {} }));
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(0);
    expect((error as HttpError).message).toBe('Le serveur est injoignable. Vérifiez votre connexion.');
    expect(calls).toHaveLength(1 + POST_RETRY_DELAYS_MS.length);
    expect(new Set(calls.map((c) => c.headers['Idempotency-Key'])).size).toBe(1);
  });

  it('retries the "still running" 409 answered to a retry, not a business 409', async () => {
    const running = { status: 409, body: { success: false, message: 'en cours' }, headers: { 'Retry-After': '1' } };
    const calls = scriptedFetch(['network', running, ok]);
    expect(await settle(httpRequest('colis/create', { method: 'POST', body: {} }))).toEqual(ok.body);
    expect(calls).toHaveLength(3);

    const business = scriptedFetch([{ status: 409, body: { success: false, message: 'Poids dépassé' } }, ok]);
    const refused = await settle(httpRequest('colis/create', { method: 'POST', body: {} }));
    expect((refused as HttpError).status).toBe(409);
    expect((refused as HttpError).message).toBe('Poids dépassé');
    expect(business).toHaveLength(1);
  });

  it('gives the same submission a new key once answered', async () => {
    const calls = scriptedFetch([ok]);
    await httpRequest('operation/create', { method: 'POST', body: {} });
    await httpRequest('operation/create', { method: 'POST', body: {} });
    expect(calls[0].headers['Idempotency-Key']).toBeTruthy();
    expect(calls[1].headers['Idempotency-Key']).not.toBe(calls[0].headers['Idempotency-Key']);
  });

  it('never retries a POST without a key (public sign-in, or idempotencyKey: false), nor a GET', async () => {
    let calls = scriptedFetch(['network', ok]);
    const login = await settle(httpRequest('auth/loginAD', { method: 'POST', auth: false, body: { email: 'a@b.c' } }));
    expect((login as HttpError).status).toBe(0);
    expect(calls).toHaveLength(1);
    expect(calls[0].headers['Idempotency-Key']).toBeUndefined();

    calls = scriptedFetch([{ status: 503 }, ok]);
    const without = await settle(httpRequest('colis/create', { method: 'POST', body: {}, idempotencyKey: false }));
    expect((without as HttpError).status).toBe(503);
    expect(calls).toHaveLength(1);
    expect(calls[0].headers['Idempotency-Key']).toBeUndefined();

    calls = scriptedFetch(['network', ok]);
    expect(((await settle(httpRequest('pays/liste'))) as HttpError).status).toBe(0);
    expect(calls).toHaveLength(1);
    expect(calls[0].headers['Idempotency-Key']).toBeUndefined();

    calls = scriptedFetch([{ status: 503 }, ok]);
    expect(((await settle(httpRequest('colis/update/c1', { method: 'PUT', body: {} }))) as HttpError).status).toBe(503);
    expect(calls).toHaveLength(1);
  });

  it("stops waiting when the caller aborts: the caller's AbortError, no further attempt", async () => {
    const calls = scriptedFetch(['network', ok]);
    const controller = new AbortController();
    const call = httpRequest('colis/create', { method: 'POST', body: {}, signal: controller.signal }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10);
    controller.abort();
    expect(((await call) as Error).name).toBe('AbortError');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(1);
  });

  it('dataProvider.create: one key per submission, kept by its retries; meta.idempotencyKey is sent as given', async () => {
    const calls = scriptedFetch([{ status: 503 }, ok]);
    const created = (await settle(dataProvider.create('colis', { data: { poids: 2 } }))) as { data: { id: string } };
    expect(created.data.id).toBe('c1');
    expect(calls).toHaveLength(2);
    expect(calls[1].headers['Idempotency-Key']).toBe(calls[0].headers['Idempotency-Key']);

    const again = scriptedFetch([ok]);
    await dataProvider.create('colis', { data: { poids: 2 } });
    expect(again[0].headers['Idempotency-Key']).not.toBe(calls[0].headers['Idempotency-Key']);

    const given = scriptedFetch([ok]);
    await dataProvider.create('colis', { data: { poids: 2 }, meta: { idempotencyKey: 'saisie-42' } });
    expect(given[0].headers['Idempotency-Key']).toBe('saisie-42');
  });
});

describe("a submission's key: one per content, until its answer", () => {
  beforeEach(() => {
    const store = installBrowserStubs();
    store.set(SESSION_KEY, JSON.stringify({ token: 'tok-123', user: { id: 'u1' }, privileges: [] }));
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  /** The keys the calls carried. */
  const keysOf = (calls: { headers: Record<string, string> }[]) => calls.map((c) => c.headers['Idempotency-Key']);

  it('two identical POSTs made together (a double click) send one request, and both get its answer', async () => {
    const calls = scriptedFetch([ok]);
    const body = { colisID: 'c-double', montant: 1 };
    const [first, second] = await Promise.all([
      httpRequest('encaissement/create', { method: 'POST', body }),
      httpRequest('encaissement/create', { method: 'POST', body }),
    ]);
    expect(calls).toHaveLength(1);
    expect(first).toEqual(ok.body);
    expect(second).toEqual(ok.body);
  });

  it('keeps the key of a submission left without answer: sent again, the same key; answered, a new one', async () => {
    const body = { colisID: 'c-lost', montant: 1 };
    const lost = scriptedFetch(['network']);
    expect(((await settle(httpRequest('encaissement/create', { method: 'POST', body }))) as HttpError).status).toBe(0);
    const retried = scriptedFetch([ok]);
    expect(await httpRequest('encaissement/create', { method: 'POST', body })).toEqual(ok.body);
    expect(keysOf(retried)).toEqual([keysOf(lost)[0]]);

    const next = scriptedFetch([ok]);
    await httpRequest('encaissement/create', { method: 'POST', body });
    expect(keysOf(next)[0]).toBeTruthy();
    expect(keysOf(next)[0]).not.toBe(keysOf(lost)[0]);
  });

  it('keeps the key after a 5xx (the write may have happened), not after a refusal', async () => {
    const body = { colisID: 'c-5xx', montant: 1 };
    const failed = scriptedFetch([{ status: 500, body: { success: false, message: 'Erreur interne' } }]);
    expect(((await settle(httpRequest('encaissement/create', { method: 'POST', body }))) as HttpError).status).toBe(500);
    const refused = scriptedFetch([{ status: 409, body: { success: false, message: 'La caisse est clôturée.' } }]);
    expect(((await settle(httpRequest('encaissement/create', { method: 'POST', body }))) as HttpError).status).toBe(409);
    expect(keysOf(refused)).toEqual(keysOf(failed));
    const after = scriptedFetch([ok]);
    await httpRequest('encaissement/create', { method: 'POST', body });
    expect(keysOf(after)[0]).not.toBe(keysOf(refused)[0]);
  });

  it('gives another content, another call or another user a new key', async () => {
    const calls = scriptedFetch(['network']);
    const send = (path: string, body: unknown) => settle(httpRequest(path, { method: 'POST', body }));
    await send('encaissement/create', { colisID: 'c-a', montant: 1 });
    await send('encaissement/create', { colisID: 'c-a', montant: 2 });
    await send('encaissement/rembourser/p1', { colisID: 'c-a', montant: 1 });
    localStorage.setItem(SESSION_KEY, JSON.stringify({ token: 'tok-456', user: { id: 'u2' }, privileges: [] }));
    await send('encaissement/create', { colisID: 'c-a', montant: 1 });
    const perCall = keysOf(calls).filter((_, i) => i % (1 + POST_RETRY_DELAYS_MS.length) === 0);
    expect(perCall).toHaveLength(4);
    expect(new Set(perCall).size).toBe(4);
  });

  it("waits while the server says a copy with the key still runs, then shows that copy's answer", async () => {
    const running = { status: 409, body: { success: false, message: 'Requête en cours' }, headers: { 'Retry-After': '1' } };
    const calls = scriptedFetch([running, running, running, ok]);
    const call = httpRequest('colis/create', { method: 'POST', body: { poids: 'en cours' } });
    await vi.advanceTimersByTimeAsync(2_999);
    expect(calls).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(await call).toEqual(ok.body);
    expect(new Set(keysOf(calls)).size).toBe(1);
  });
});
