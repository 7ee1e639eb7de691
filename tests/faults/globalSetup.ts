/**
 * Builds the server bundle the fault tests run (tests/faults/harness.ts: dist-server/main.mjs, as `npm start` runs it)
 * when a file of server/ or common/ is newer (scripts/serverBundle.mjs). scripts/test-all.sh builds it before starting
 * its two fault passes side by side, so that they never write it at the same time.
 */
import { buildServerIfStale } from '../../scripts/serverBundle.mjs';

export default async function setup() {
  await buildServerIfStale();
}
