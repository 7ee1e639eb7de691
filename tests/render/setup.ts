/**
 * Setup of the render project (vitest.config.ts). Testing Library's matchers are not used (plain expect on the DOM),
 * so this only sets how long Testing Library waits, loads the resources' French texts once (src/i18n/i18nProvider.ts
 * loadResourceMessages, as the app's layout does after sign-in) and, after each test, unmounts what it rendered,
 * restores the spies (console.error silenced where a refusal is expected) and forgets the stored session.
 */
import { afterEach, beforeAll, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { loadResourceMessages } from '../../src/i18n/i18nProvider';

// findBy… and waitFor wait up to 5 s (1 s by default): on the two-core machine, with other test runs beside, a form
// re-rendering after a choice can take longer than a second.
configure({ asyncUtilTimeout: 5000 });

beforeAll(async () => {
  await loadResourceMessages();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  globalThis.localStorage?.clear();
});
