/**
 * Lets typescript-eslint parse with the TypeScript 6 API while the project compiles with TypeScript 7.
 *
 * TypeScript 7 (the native port, package `typescript@7`) ships no JavaScript compiler API: `require('typescript')`
 * gives only `{ version, versionMajorMinor }`, and typescript-eslint 8 (supported range `>=4.8.4 <6.1.0`) stops at
 * load with "typescript-eslint does not support TS 7.0". package.json installs TypeScript 6.0 beside it under the alias
 * `typescript6` (`npm:typescript@~6.0.3`), and this module, imported first by eslint.config.js, sends every CommonJS
 * `require('typescript')` of the ESLint process (typescript-eslint's packages and ts-api-utils are CommonJS) there.
 * Only the linter is affected: `tsc`, Vite and Vitest keep TypeScript 7 or no TypeScript at all. package.json's
 * `overrides.typescript = "$typescript"` only quiets npm's peer check (typescript-eslint's peer range excludes 7).
 *
 * The alias's name must sort after `typescript`: both packages have a `tsc` binary, and npm links the first one in
 * path order into node_modules/.bin (the official wrapper `@typescript/typescript6` hoists TypeScript 6 as
 * `@typescript/old`, whose `tsc` would win). Remove this file, its import and the alias once typescript-eslint reads
 * TypeScript 7.1's API.
 */
import Module, { createRequire } from 'node:module';

const typescript6 = createRequire(import.meta.url).resolve('typescript6');

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return resolveFilename.call(this, request === 'typescript' ? typescript6 : request, ...rest);
};
