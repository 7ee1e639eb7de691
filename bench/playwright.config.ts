/**
 * The browser benchmarks (bench/browser/*.bench.ts): the journeys' configuration (playwright.config.ts: server on a
 * fresh embedded database, Debian's Chromium, SMTP sink) on this folder, with no retry. They measure and never assert.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import journeys from '../playwright.config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export default defineConfig({
  ...journeys,
  testDir: 'browser',
  testMatch: '*.bench.ts',
  retries: 0,
  globalSetup: path.join(root, 'tests/e2e/global-setup.ts'),
  // The server runs from the repository's root, as for the journeys.
  webServer: journeys.webServer && !Array.isArray(journeys.webServer) ? { ...journeys.webServer, cwd: root } : journeys.webServer,
});
