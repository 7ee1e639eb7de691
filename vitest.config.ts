import { defineConfig } from 'vitest/config';

/**
 * Four test projects: server (API through app.inject on PGlite or PostgreSQL), faults (the real server process under
 * kill -9, SIGTERM, a database that goes away, two processes, backups), web (providers, pure browser-side logic,
 * and the shared rules of common/) and render (the main forms rendered inside react-admin's AdminContext in happy-dom,
 * driven with Testing Library: tests/render/renderAdmin.tsx).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/server/globalSetup.ts'],
          // Each file has its own copy of the database (tests/server/helpers.ts), so files run side by side: on two
          // cores the server pass takes about 60 % of its sequential time.
          fileParallelism: true,
          testTimeout: 30000,
          hookTimeout: 120000,
        },
      },
      {
        test: {
          name: 'faults',
          include: ['tests/faults/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/server/globalSetup.ts', 'tests/faults/globalSetup.ts'],
          fileParallelism: false,
          testTimeout: 240000,
          hookTimeout: 120000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['tests/web/**/*.test.ts', 'tests/web/**/*.test.tsx', 'tests/common/**/*.test.ts', 'tests/lint/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/web/setup.ts'],
        },
      },
      {
        test: {
          name: 'render',
          include: ['tests/render/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['tests/render/setup.ts'],
          // A screen waits for its data and its texts (findBy…, up to 5 s each: tests/render/setup.ts); a slow first
          // import of react-admin and MUI on two cores stays under the test timeout.
          testTimeout: 20000,
        },
      },
    ],
  },
});
