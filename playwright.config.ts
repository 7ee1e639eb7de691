import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Browser journeys (tests/e2e) in Debian's Chromium (docs/architecture.md §6). The server runs from the built UI on a fresh
 * embedded database (reference seed only) on E2E_PORT (default 3210). Its mail goes to a real SMTP server the global
 * setup starts on E2E_PORT + 1 (E2E_SMTP_PORT overrides it; tests/e2e/mailbox.ts), which writes each mail as JSON into E2E_MAIL_DIR (a temp folder
 * chosen here once: workers inherit it through the environment); the outbox worker polls every second.
 */
const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = process.env.E2E_DATA_DIR ?? path.join(mkdtempSync(path.join(os.tmpdir(), 'colis-e2e-')), 'db');
process.env.E2E_MAIL_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'colis-e2e-mail-'));
const smtpPort = Number(process.env.E2E_SMTP_PORT || port + 1);

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // One retry in CI: a journey that passes on its retry is reported as flaky (summary line), not hidden.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    // The staff's "reduce motion" setting: the theme then draws no transition (docs/decisions/accessibility.md), so the
    // journeys wait for no animation and the renderer draws none.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    command: 'node --import tsx server/main.ts',
    url: `http://127.0.0.1:${port}/api/docs/json`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO_DATA: '0',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      LOGIN_RATE_LIMIT: '200',
      // Given explicitly: the journeys sign in as admin@colis.local directly (docs/decisions/default-admin-password.md).
      ADMIN_PASSWORD: 'Admin123!',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      OUTBOX_INTERVAL_MS: '1000',
      // Two browser shards and their servers share two cores in CI: a starved event loop is not an overload to shed
      // (load shedding is tested in tests/server/underPressure.test.ts).
      LOAD_SHEDDING: '0',
    },
  },
});
