/**
 * Test doubles of the browser for the provider tests (node environment, no DOM library): a Map-backed
 * localStorage, a minimal window (origin, optional __APP_CONFIG__), and a scripted global fetch that
 * records every call.
 */
import { vi } from 'vitest';

/** One recorded fetch call. */
export interface FetchCall {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A scripted answer: status and JSON body, or a function of the call. */
export type Reply = { status?: number; body?: unknown } | ((call: FetchCall) => { status?: number; body?: unknown });

/** Installs localStorage and window stubs; returns the storage Map. */
export function installBrowserStubs(config?: Record<string, unknown>): Map<string, string> {
  const store = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => (store.has(k) ? store.get(k)! : null),
    setItem: (k: string, v: string) => void store.set(k, String(v)),
    removeItem: (k: string) => void store.delete(k),
    clear: () => store.clear(),
    key: (i: number) => [...store.keys()][i] ?? null,
    get length() {
      return store.size;
    },
  });
  vi.stubGlobal('window', { location: { origin: 'http://test.local' }, __APP_CONFIG__: config });
  return store;
}

/**
 * Installs a fetch stub answering from `routes` ("METHOD path" → reply, path without the /api/ base and
 * query string); unknown routes answer 404. Returns the list of recorded calls.
 */
export function installFetch(routes: Record<string, Reply>): FetchCall[] {
  const calls: FetchCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input);
      const method = (init.method ?? 'GET').toUpperCase();
      const headers = { ...(init.headers as Record<string, string>) };
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      const call: FetchCall = { url, method, headers, body };
      calls.push(call);
      const path = url.pathname.replace(/^\/(api\/)?/, '');
      const reply = routes[`${method} ${path}`];
      if (!reply) return new Response(JSON.stringify({ success: false, message: 'Introuvable' }), { status: 404 });
      const { status = 200, body: answer = { success: true } } = typeof reply === 'function' ? reply(call) : reply;
      return new Response(JSON.stringify(answer), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

/** Builds an unsigned JWT-shaped token with the given payload (for expiry checks). */
export function fakeJwt(payload: Record<string, unknown>): string {
  const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${enc({ alg: 'HS256', typ: 'JWT' })}.${enc(payload)}.signature`;
}

/** The merged French messages (src/i18n/i18nProvider.ts) read by key in the tests: every node indexable, the leaves are the texts. */
export interface MessageTree {
  readonly [key: string]: MessageTree;
}
