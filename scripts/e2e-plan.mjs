#!/usr/bin/env node
/**
 * Splits the browser journeys (tests/e2e/*.spec.ts) between N shards by their measured duration, longest first, each
 * file to the shard with the least time so far (scripts/e2e-shards.sh). Durations (seconds per file) are read from
 * tests/e2e/durations.json; a file missing there counts as the median. Playwright's own --shard splits by number of
 * tests, which left one shard 40 s longer than the other.
 *
 * Usage: node scripts/e2e-plan.mjs <shards> <index 1..shards>   prints the files of that shard, one per line
 *        node scripts/e2e-plan.mjs --record                      rewrites durations.json from the last run's reports
 *                                                                (.tmp/e2e-*.json)
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';

const DIR = 'tests/e2e';
const DURATIONS = `${DIR}/durations.json`;

if (process.argv[2] === '--record') {
  const seconds = {};
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) for (const r of test.results) seconds[spec.file] = (seconds[spec.file] ?? 0) + r.duration / 1000;
    }
    for (const s of suite.suites ?? []) walk(s);
  };
  for (const f of readdirSync('.tmp').filter((n) => /^e2e-\d+\.json$/.test(n))) {
    for (const s of JSON.parse(readFileSync(`.tmp/${f}`, 'utf8')).suites) walk(s);
  }
  const sorted = Object.fromEntries(
    Object.entries(seconds)
      .sort()
      .map(([k, v]) => [k, Math.round(v)]),
  );
  writeFileSync(DURATIONS, `${JSON.stringify(sorted, null, 2)}\n`);
  console.log(`${DURATIONS} : ${Object.keys(sorted).length} fichiers`);
  process.exit(0);
}

const shards = Number(process.argv[2]);
const index = Number(process.argv[3]);
if (!(shards >= 1 && index >= 1 && index <= shards)) {
  console.error('usage : node scripts/e2e-plan.mjs <shards> <index>');
  process.exit(2);
}
const known = existsSync(DURATIONS) ? JSON.parse(readFileSync(DURATIONS, 'utf8')) : {};
const files = readdirSync(DIR)
  .filter((f) => f.endsWith('.spec.ts'))
  .sort();
const values = Object.values(known).sort((a, b) => a - b);
const median = values.length ? values[Math.floor(values.length / 2)] : 1;
const load = Array.from({ length: shards }, () => ({ seconds: 0, files: [] }));
for (const f of [...files].sort((a, b) => (known[b] ?? median) - (known[a] ?? median) || a.localeCompare(b))) {
  const least = load.reduce((m, s) => (s.seconds < m.seconds ? s : m));
  least.seconds += known[f] ?? median;
  least.files.push(`${DIR}/${f}`);
}
console.log(load[index - 1].files.join('\n'));
