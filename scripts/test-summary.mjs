#!/usr/bin/env node
/**
 * Sums the JSON reports of the test steps (.tmp/*.json from vitest and Playwright) and prints the closing line
 * "Tests: N passed, N failed". Arguments: names of steps that failed (a failed step without report counts as one
 * failure). Exits 1 when anything failed.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of existsSync('.tmp') ? readdirSync('.tmp').filter((f) => f.endsWith('.json')) : []) {
  const report = JSON.parse(readFileSync(`.tmp/${file}`, 'utf8'));
  if ('numPassedTests' in report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
    console.log(`${file}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
  } else if (report.stats) {
    const flaky = report.stats.flaky ?? 0;
    passed += report.stats.expected + flaky;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    console.log(
      `${file}: ${report.stats.expected} passed, ${report.stats.unexpected} failed${flaky ? `, ${flaky} flaky (passed on retry)` : ''}`,
    );
  }
}
const failedSteps = process.argv.slice(2);
if (failedSteps.length) console.log(`Étapes en échec : ${failedSteps.join(', ')}`);
if (failedSteps.length && failed === 0) failed = failedSteps.length;
console.log(`Tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || failedSteps.length > 0 ? 1 : 0);
