// The lint guardrails (`npm run lint`, a step of `npm test`): typescript-eslint's recommended rules (syntax only, see
// below), the rules of hooks, no import cycle between files nor between folders (eslint-rules/folder-cycles.js), the
// boundaries between common/, src/ and server/, and every imported package declared in package.json. Formatting is
// Prettier's (`npm run format:check`), not ESLint's.
//
// TypeScript 7 has no JavaScript API and typescript-eslint 8 refuses to load with it: the first import sends
// typescript-eslint's `require('typescript')` to TypeScript 6.0 (the `typescript6` alias), for the linter only.
// No rule needs type information (no `parserOptions.project`): the types are checked by `tsc` (TypeScript 7).
import './scripts/eslint-typescript6.js';

import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import local from './eslint-rules/index.js';

const code = '**/*.{js,mjs,cjs,ts,tsx}';

/** Code that ships (the UI, the API and what they share) may import only `dependencies`; the rest may use dev ones. */
const devOnly = ['tests/**', 'bench/**', 'scripts/**', 'mock-api/**', 'eslint-rules/**', '*.config.{js,ts}'];

export default defineConfig(
  globalIgnores([
    'dist/',
    'dist-server/',
    'data/',
    '.tmp/',
    'test-results/',
    'playwright-report/',
    'bench/out/',
    'bench/results/',
    'server/db/migrations/',
  ]),

  { files: [code], extends: [js.configs.recommended, tseslint.configs.recommended] },

  {
    files: [code],
    rules: {
      // An argument or variable named _x is unused on purpose (a signature to keep).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
    },
  },
  // Tests read JSON answers whose shape is what they assert: `any` there is the honest type.
  { files: ['tests/**'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },

  { files: ['src/**'], languageOptions: { globals: globals.browser } },
  {
    files: ['server/**', 'scripts/**', 'tests/**', 'bench/**', 'mock-api/**', 'eslint-rules/**', '*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
  // CommonJS files (the mock API's json-server middleware, mock-api/*.cjs) load their modules with require().
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs' }, rules: { '@typescript-eslint/no-require-imports': 'off' } },

  {
    files: [code],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: 'common',
              from: ['src', 'server'],
              message: 'common/ is shared by the UI and the API: it imports neither src/ nor server/.',
            },
            { target: 'src', from: 'server', message: 'The UI never imports the API: share through common/.' },
            { target: 'server', from: 'src', message: 'The API never imports the UI: share through common/.' },
            {
              // A business service knows no request: the layer that owns it (the routes, server/http/, server/plugins/)
              // marks its writes (docs/decisions/idempotent-writes.md; a service is handed a db/writeMarks.ts mark).
              target: ['server/!(http|plugins)/**/!(routes|*Routes).ts'],
              from: 'server/http/idempotency.ts',
              message: 'A business service knows no HTTP: its route hands it the write mark (server/db/writeMarks.ts).',
            },
          ],
        },
      ],
      'import-x/no-extraneous-dependencies': ['error', { devDependencies: devOnly, includeTypes: true }],
    },
  },

  // No folder imports a folder that imports it back, directly or through others, type imports included; a folder and
  // its subfolder are distinct, a file directly inside a root is its own node (eslint-rules/folder-cycles.js).
  {
    files: ['{src,server,common}/**/*.{js,mjs,cjs,ts,tsx}'],
    plugins: { local },
    rules: { 'local/folder-cycles': ['error', { basePath: import.meta.dirname, roots: ['src', 'server', 'common'] }] },
  },

  // The stored session is read by src/providers/ only, and by the one hook the screens use for the signed-in user
  // (src/kit/useAppIdentity.ts); every other screen goes through that hook or an authProvider method
  // (docs/frontend.md "Shape of every area").
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/providers/**', 'src/kit/useAppIdentity.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/providers/session', '**/providers/sessionStore'],
              importNames: ['readSession', 'writeSession', 'patchSession', 'clearSession', 'SESSION_KEY'],
              message: 'The stored session is read by src/providers/ only: use src/kit/useAppIdentity.ts or the authProvider.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "Literal[value='colis.session']",
          message: 'The stored session is read by src/providers/ only: use src/kit/useAppIdentity.ts or the authProvider.',
        },
      ],
    },
  },

  // Inside a transaction's callback only its handle reaches the database (eslint-rules/transaction-handle.js,
  // docs/decisions/transaction-handle.md): the outer handle there hangs the embedded database.
  {
    files: ['server/**/*.ts', 'tests/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.{ts,mjs}'],
    plugins: { local },
    rules: { 'local/transaction-handle': 'error' },
  },

  {
    files: ['src/**/*.{ts,tsx}', 'tests/web/**/*.{ts,tsx}', 'tests/render/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
