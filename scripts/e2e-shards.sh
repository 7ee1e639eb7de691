#!/usr/bin/env bash
# Browser journeys in two Playwright shards side by side (scripts/test-all.sh): each shard starts its own server on
# its own port and its own fresh embedded database, so journeys of one shard never see the other's data. The
# journeys mostly wait (debounced searches, undo windows, network), so two shards on two cores take about half the
# time of one. The files are split by their measured durations (scripts/e2e-plan.mjs, tests/e2e/durations.json;
# refresh with `node scripts/e2e-plan.mjs --record` after a run). Reports: .tmp/e2e-<n>.json (summed by
# scripts/test-summary.mjs). Exit code non-zero if a shard failed.
set -uo pipefail
cd "$(dirname "$0")/.."
SHARDS=${E2E_SHARDS:-2}
BASE_PORT=${E2E_BASE_PORT:-3210}
mkdir -p .tmp
pids=()
for i in $(seq 1 "$SHARDS"); do
  mapfile -t files < <(node scripts/e2e-plan.mjs "$SHARDS" "$i")
  E2E_PORT=$((BASE_PORT + 10 * i)) PLAYWRIGHT_JSON_OUTPUT_NAME=".tmp/e2e-$i.json" \
    npx playwright test "${files[@]}" --reporter=list,json >".tmp/e2e-$i.log" 2>&1 &
  pids+=($!)
done
status=0
for i in $(seq 1 "$SHARDS"); do
  wait "${pids[$((i - 1))]}" || status=1
  echo "-- shard $i/$SHARDS"
  cat ".tmp/e2e-$i.log"
done
exit $status
