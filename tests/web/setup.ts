/**
 * Set-up of every file of the web project (vitest.config.ts): the globals a file stubbed (vi.stubGlobal: fetch,
 * window, localStorage…) are restored after its last test, so that the files can share one module registry per worker
 * (--no-isolate, scripts/vitest-passes.sh) without one file's stand-ins reaching the next.
 */
import { afterAll, vi } from 'vitest';

afterAll(() => {
  vi.unstubAllGlobals();
});
