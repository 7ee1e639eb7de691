/**
 * The API call's time-out (src/providers/http.ts REQUEST_TIMEOUT_MS; spec 000 §9 / 001 §9 "script time-out 120 s",
 * docs/decisions/loaders.md): a call still unanswered after 120 s is abandoned with a French message; a caller's own
 * abort stays an AbortError; an answer in time is read as usual.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../src/providers/httpError';
import { installBrowserStubs } from './helpers';
import { httpRequest, REQUEST_TIMEOUT_MS } from '../../src/providers/http';

/** A fetch that answers only when aborted (rejects with the abort) or when `answer` is called. */
function hangingFetch() {
  let answer: (body: unknown) => void = () => {};
  const fetch = vi.fn(
    (_url: string, init: RequestInit) =>
      new Promise<Response>((resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' })));
        answer = (body) => resolve(new Response(JSON.stringify(body), { status: 200 }));
      }),
  );
  vi.stubGlobal('fetch', fetch);
  return { fetch, answer: (body: unknown) => answer(body) };
}

describe('httpRequest time-out (spec 000 §9)', () => {
  beforeEach(() => {
    installBrowserStubs();
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is 120 s', () => {
    expect(REQUEST_TIMEOUT_MS).toBe(120_000);
  });

  it('abandons a call unanswered after 120 s with a French HttpError, not before', async () => {
    hangingFetch();
    const call = httpRequest('pays/liste');
    const outcome = call.then(
      () => 'answered',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).message).toBe('Le serveur met trop de temps à répondre. Veuillez réessayer.');
    expect((error as HttpError).status).toBe(0);
  });

  it("keeps the caller's abort an AbortError, and reads an answer given in time", async () => {
    hangingFetch();
    const controller = new AbortController();
    const aborted = httpRequest('pays/liste', { signal: controller.signal }).catch((error: unknown) => error);
    controller.abort();
    expect(((await aborted) as Error).name).toBe('AbortError');

    const { answer } = hangingFetch();
    const answered = httpRequest('pays/liste');
    await vi.advanceTimersByTimeAsync(60_000);
    answer({ success: true, datas: [] });
    expect(await answered).toEqual({ success: true, datas: [] });
    // The timer is cleared: nothing is aborted later.
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
  });
});
