/**
 * fetch wrapper of every API call (spec 000 §7 / 001 §7, docs/api-contract.md): base address from the
 * runtime configuration, JSON in and out, bearer token of the stored session, and refusals turned into
 * HttpError (src/providers/httpError.ts) so forms show the server's field errors.
 */
import { HttpError } from './httpError';
import { getApiBaseUrl } from '../config';
import { clearSession, readSession } from './sessionStore';
import { notifyForbidden } from './forbiddenEvent';
import { answered, shareSubmission, submissionIdentity, submissionKey } from './submissions';

/** A query-string value; arrays are joined with commas, null/undefined/'' are left out. */
export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;

/** Options of one call. */
export interface HttpOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** JSON body (sent for non-GET calls). */
  body?: unknown;
  /** Query-string parameters. */
  query?: Record<string, QueryValue>;
  /** Adds the session's bearer token (default true). The login and password-recovery calls pass false. */
  auth?: boolean;
  /** A token to use instead of the stored one (login: the session is not stored yet). */
  token?: string;
  /**
   * A 401 that does not mean 'session over' (auth/changePassword answers 401 for a wrong old password): keep the
   * session. Otherwise a 401 on a call made with the stored session ends it and goes to the login page, whichever
   * screen made the call (react-admin's checkError only sees dataProvider calls).
   */
  keepSessionOn401?: boolean;
  signal?: AbortSignal;
  /**
   * The `Idempotency-Key` of a POST (docs/decisions/idempotent-writes.md "Browser"). Default: a POST made with the
   * stored session carries the key of its submission (./submissions.ts: the same user, call and body keep one key
   * until an answer arrives; an identical POST made while one is on its way shares its call), which its automatic
   * retries reuse; a given text is sent as is (a caller that keeps its own key); `false` sends none (and never
   * retries).
   */
  idempotencyKey?: string | false;
}

/** Options of a read made through a dataProvider method: the abort signal react-query gives. */
export type CallOptions = Pick<HttpOptions, 'signal'>;

/** The JSON answer envelope of the API: always `success`, plus resource-specific keys. */
export interface ApiAnswer {
  success?: boolean;
  message?: string;
  errors?: Record<string, string>;
  [key: string]: unknown;
}

/** Builds the query string (without '?') from parameters, leaving out empty values. */
function buildQuery(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length === 0) continue;
      params.append(key, value.join(','));
    } else {
      params.append(key, String(value));
    }
  }
  return params.toString();
}

/** Returns the absolute URL of an API path such as 'pays/liste' (leading '/' tolerated). */
function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const qs = buildQuery(query);
  return `${getApiBaseUrl()}${path.replace(/^\/+/, '')}${qs ? `?${qs}` : ''}`;
}

/** Ends an expired or revoked session: clears it and, in a browser, goes to the login page. */
function endSession(): void {
  clearSession();
  const location = typeof window !== 'undefined' ? window.location : undefined;
  if (location && typeof location.assign === 'function' && !String(location.pathname ?? '').startsWith('/login')) {
    location.assign('/login');
  }
}

/**
 * Time-out of one API call, from the request to the end of its answer (spec 000 §9 / 001 §9 "script time-out 120 s",
 * docs/decisions/loaders.md): past it the call is abandoned with TIMEOUT_ERROR.
 */
export const REQUEST_TIMEOUT_MS = 120_000;
/** Message of a call abandoned after REQUEST_TIMEOUT_MS. */
const TIMEOUT_ERROR = 'Le serveur met trop de temps à répondre. Veuillez réessayer.';

/**
 * A signal that aborts when the caller's does (react-query leaving a page) or after REQUEST_TIMEOUT_MS; `timedOut()`
 * tells which, and `done()` clears the timer.
 */
function callSignal(signal: AbortSignal | undefined) {
  const controller = new AbortController();
  let expired = false;
  const timer = setTimeout(() => {
    expired = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const follow = () => controller.abort(signal?.reason);
  if (signal?.aborted) follow();
  else signal?.addEventListener('abort', follow, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => expired,
    done: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', follow);
    },
  };
}

/**
 * Waits before each automatic retry of a POST carrying an Idempotency-Key (ms): after a network failure, a 502, 503
 * or 504. A Retry-After of the answer replaces the wait, up to MAX_RETRY_WAIT_MS. docs/decisions/idempotent-writes.md.
 * The 409 "still running" (a copy with the same key is being written) is waited for apart from these: every
 * Retry-After (1 s), within the call's time-out, until the first copy's answer can be replayed.
 */
export const POST_RETRY_DELAYS_MS: readonly number[] = [500, 1500];
/** Longest wait a Retry-After may ask for before an automatic retry (ms). */
const MAX_RETRY_WAIT_MS = 5_000;
/** Statuses of a gateway or an overloaded / stopping server: the POST may be sent again with its key. */
const RETRIED_STATUSES = new Set([502, 503, 504]);

/** The wait before the next retry: the answer's Retry-After (seconds), capped, else `fallback`. */
function retryWait(response: Response | undefined, fallback: number): number {
  const seconds = Number(response?.headers.get('Retry-After'));
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds * 1000, MAX_RETRY_WAIT_MS) : fallback;
}

/** Resolves after `ms`, or rejects with the signal's abort. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(Object.assign(new Error('aborted'), { name: 'AbortError' }));
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(Object.assign(new Error('aborted'), { name: 'AbortError' }));
    };
    signal.addEventListener('abort', stop, { once: true });
  });
}

/** Default French message when the server gives none. */
const DEFAULT_HTTP_ERROR = 'Une erreur est survenue. Veuillez réessayer.';
/** Message when the server cannot be reached at all. */
const NETWORK_ERROR = 'Le serveur est injoignable. Vérifiez votre connexion.';

/**
 * Calls the API and returns its JSON answer (an empty object for an empty body).
 * Throws HttpError(message from the body, status, body) on a non-2xx answer, where body keeps
 * `errors` ({field: message}) for react-admin's server-side validation; status 0 when unreachable.
 * A POST made with the stored session carries an Idempotency-Key (options.idempotencyKey; by default its submission's,
 * ./submissions.ts), and only such a POST is sent again, with the same key, after a network failure or a
 * 502 / 503 / 504 (POST_RETRY_DELAYS_MS), or while the server answers that a copy with that key still runs (409 with
 * Retry-After): the server answers a retry of a write it already made with that write's answer
 * (docs/decisions/idempotent-writes.md). The same POST made again while one is on its way (a double click) shares its
 * call. The time-out (REQUEST_TIMEOUT_MS) covers the attempts and their waits together.
 */
export async function httpRequest<T extends ApiAnswer = ApiAnswer>(path: string, options: HttpOptions = {}): Promise<T> {
  const { method = 'GET', auth = true, token } = options;
  const bearer = token ?? (auth ? readSession()?.token : undefined);
  // A public call (sign-in, recovery: no stored session) carries no key, nor a call given its own or none.
  if (method !== 'POST' || options.idempotencyKey !== undefined || !bearer || token) return send<T>(path, options);
  const identity = submissionIdentity(readSession()?.user?.id ?? bearer, path, options.query, options.body);
  // A caller that may abort (its signal) keeps its own call: another's abort must not end it.
  if (options.signal) return send<T>(path, options, identity);
  return shareSubmission(identity, () => send<T>(path, options, identity));
}

/**
 * One call of httpRequest: its attempts, then its answer. `submission`: the identity of the POST's submission, whose
 * key it carries and forgets once the server answered (./submissions.ts).
 */
async function send<T extends ApiAnswer>(path: string, options: HttpOptions, submission?: string): Promise<T> {
  const { method = 'GET', body, query, auth = true, token, signal, keepSessionOn401 = false } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined && method !== 'GET') headers['Content-Type'] = 'application/json';
  const bearer = token ?? (auth ? readSession()?.token : undefined);
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  const given = method === 'POST' && typeof options.idempotencyKey === 'string' ? options.idempotencyKey : undefined;
  const key = submission !== undefined ? submissionKey(submission) : given;
  if (key) headers['Idempotency-Key'] = key;

  const call = callSignal(signal);
  let response: Response | undefined;
  let text = '';
  try {
    for (let failures = 0; ;) {
      try {
        response = await fetch(apiUrl(path, query), {
          method,
          headers,
          body: body !== undefined && method !== 'GET' ? JSON.stringify(body) : undefined,
          signal: call.signal,
        });
        text = await response.text();
      } catch (error) {
        if (call.timedOut()) throw new HttpError(TIMEOUT_ERROR, 0, { message: TIMEOUT_ERROR });
        if ((error as Error)?.name === 'AbortError') throw error;
        response = undefined;
      }
      const failed = response === undefined || RETRIED_STATUSES.has(response.status);
      const stillRunning = response?.status === 409 && response.headers.has('Retry-After');
      if (key === undefined || !(stillRunning || (failed && failures < POST_RETRY_DELAYS_MS.length))) break;
      const wait = retryWait(response, stillRunning ? POST_RETRY_DELAYS_MS[0] : POST_RETRY_DELAYS_MS[failures]);
      if (failed) failures++;
      try {
        await sleep(wait, call.signal);
      } catch (error) {
        if (call.timedOut()) throw new HttpError(TIMEOUT_ERROR, 0, { message: TIMEOUT_ERROR });
        throw error;
      }
    }
  } finally {
    call.done();
  }
  if (!response) throw new HttpError(NETWORK_ERROR, 0, { message: NETWORK_ERROR });
  // An answer: the submission is done or refused (a 5xx keeps its key: it may have been written).
  if (submission !== undefined && response.status < 500) answered(submission);

  let json: ApiAnswer = {};
  if (text) {
    try {
      json = JSON.parse(text) as ApiAnswer;
    } catch {
      json = { message: text };
    }
  }

  if (!response.ok) {
    const message = typeof json.message === 'string' && json.message !== '' ? json.message : DEFAULT_HTTP_ERROR;
    const errorBody: ApiAnswer = { ...json, message };
    if (json.errors && typeof json.errors === 'object' && Object.keys(json.errors).length > 0) {
      errorBody.errors = json.errors;
    } else {
      delete errorBody.errors;
    }
    if (response.status === 401 && !keepSessionOn401 && !token && bearer) endSession();
    // The UI believed the key held: the role may have lost it; the layout reloads the privileges (permissionsSync.ts).
    if (response.status === 403 && !token && bearer) notifyForbidden();
    throw new HttpError(message, response.status, errorBody);
  }
  return json as T;
}

/** A file answered by the API: its content and the name given by Content-Disposition. */
export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

/** What downloadFile reports while a file arrives: the bytes received so far. */
export type DownloadProgress = (bytes: number) => void;

/**
 * Downloads a file from the API with the session's bearer token (docs/decisions/list-exports.md): fetch → Blob, so the
 * token travels in the Authorization header, never in a URL (history, server logs, Referer). The body is read as a
 * stream, chunk by chunk, so that `onProgress` hears the bytes received; aborting `signal` aborts the request (the
 * server stops reading, server/http/export.ts).
 * @param fallbackName the file name when the answer has no Content-Disposition
 * @param opts.signal aborts the download (the promise then rejects with the fetch's AbortError)
 * @param opts.onProgress called with the bytes received, at most every 200 ms and once at the end
 * @throws HttpError with the server's French message on a refusal (400, 403…), as httpRequest does; the AbortError
 *   when `signal` aborted
 */
export async function downloadFile(
  path: string,
  query: Record<string, QueryValue>,
  fallbackName: string,
  opts: { signal?: AbortSignal; onProgress?: DownloadProgress } = {},
): Promise<DownloadedFile> {
  const bearer = readSession()?.token;
  let response: Response;
  try {
    response = await fetch(apiUrl(path, query), { headers: bearer ? { Authorization: `Bearer ${bearer}` } : {}, signal: opts.signal });
  } catch (error) {
    if (opts.signal?.aborted) throw error;
    throw new HttpError(NETWORK_ERROR, 0, { message: NETWORK_ERROR });
  }
  if (!response.ok) {
    let message = DEFAULT_HTTP_ERROR;
    try {
      const json = (await response.json()) as ApiAnswer;
      if (typeof json.message === 'string' && json.message) message = json.message;
    } catch {
      // not JSON: the default message
    }
    if (response.status === 401 && bearer) endSession();
    if (response.status === 403 && bearer) notifyForbidden();
    throw new HttpError(message, response.status, { message });
  }
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  const type = response.headers.get('Content-Type') ?? '';
  if (!response.body) return { blob: await response.blob(), filename };
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  let told = 0;
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      bytes += value.length;
      if (opts.onProgress && Date.now() - told >= 200) {
        told = Date.now();
        opts.onProgress(bytes);
      }
    }
  } catch (error) {
    if (opts.signal?.aborted) throw error;
    throw new HttpError(NETWORK_ERROR, 0, { message: NETWORK_ERROR });
  }
  opts.onProgress?.(bytes);
  return { blob: new Blob(chunks, { type }), filename };
}

/** Hands a downloaded file to the browser as a download (a temporary object URL clicked through a link). */
export function saveFile({ blob, filename }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
