/**
 * A fetch stand-in for the pages before the app (sign-in, recovery): answers each API call from a table of routes
 * (`'POST auth/loginAD'` → status and JSON body) and records the calls, with their bodies. A route the table lacks
 * answers 404.
 */
import { vi } from 'vitest';

/** One answer: the HTTP status and the JSON body. */
export type Answer = { status: number; body: unknown };

/** A recorded call: method, the path after /api/, the parsed JSON body. */
export interface AuthCall {
  method: string;
  path: string;
  body: unknown;
}

/**
 * Stubs the global fetch with the table's answers.
 * @param routes answers by `'METHOD path'` (path after /api/), each a value or a function of the call's body
 * @returns the calls made, in order; `vi.unstubAllGlobals()` restores fetch
 */
export function stubAuthFetch(routes: Record<string, Answer | ((body: unknown) => Answer)>): AuthCall[] {
  const calls: AuthCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL, init?: RequestInit) => {
      const method = (init?.method ?? 'GET').toUpperCase();
      const path = String(input).replace(/^.*\/api\//, '');
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path, body });
      const route = routes[`${method} ${path}`];
      const { status, body: answer } =
        typeof route === 'function' ? route(body) : (route ?? { status: 404, body: { message: 'Introuvable' } });
      return new Response(JSON.stringify(answer), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}
