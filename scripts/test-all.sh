#!/usr/bin/env bash
# The one test command (README): Prettier check, lint (ESLint), type check, web tests, server tests on PGlite, the
# same server tests on PostgreSQL when DATABASE_URL is set, the fault tests (real server process: kill -9, SIGTERM,
# database cut, two processes, backups) in both passes, UI build, browser journeys in Debian's Chromium. Every step
# runs; the last line sums them up as "N passed, N failed" and the exit code is non-zero if anything failed.
set -uo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
mkdir -p .tmp
rm -f .tmp/*.json

if [ ! -x node_modules/.bin/vitest ]; then
  echo "== npm ci"
  npm ci || exit 1
fi

# pdftotext (poppler-utils): the browser journeys read back the PDFs they download.
if ! command -v pdftotext >/dev/null && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "== apt-get install poppler-utils"
  (apt-get install -y -qq poppler-utils >/dev/null 2>&1 || (apt-get update -qq && apt-get install -y -qq poppler-utils >/dev/null)) || true
fi

CHROMIUM=${CHROMIUM_PATH:-/usr/bin/chromium}
if [ ! -x "$CHROMIUM" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "== apt-get install chromium"
    (apt-get install -y -qq chromium >/dev/null 2>&1 || (apt-get update -qq && apt-get install -y -qq chromium >/dev/null)) || true
  fi
  if [ ! -x "$CHROMIUM" ]; then
    echo "Chromium introuvable ($CHROMIUM) : installez le paquet Debian « chromium » (apt-get install chromium) ou définissez CHROMIUM_PATH."
    exit 1
  fi
fi

failed_steps=()
step() {
  local name=$1; shift
  echo; echo "== $name"
  if ! "$@"; then failed_steps+=("$name"); fi
}

step "format" npx prettier --check . --log-level warn
step "lint" npx eslint .
step "typecheck" npx tsc --noEmit -p tsconfig.json
step "web tests" npx vitest run --project web --reporter=default --reporter=json --outputFile=.tmp/web.json
step "server tests (PGlite)" env -u DATABASE_URL npx vitest run --project server --maxWorkers=2 --reporter=default --reporter=json --outputFile=.tmp/server-pglite.json
step "fault tests (PGlite)" env -u DATABASE_URL npx vitest run --project faults --reporter=default --reporter=json --outputFile=.tmp/faults-pglite.json
if [ -n "${DATABASE_URL:-}" ]; then
  step "server tests (PostgreSQL)" npx vitest run --project server --maxWorkers=2 --reporter=default --reporter=json --outputFile=.tmp/server-postgres.json
  step "fault tests (PostgreSQL)" npx vitest run --project faults --reporter=default --reporter=json --outputFile=.tmp/faults-postgres.json
else
  echo; echo "== server and fault tests (PostgreSQL): DATABASE_URL absent, passes ignorées (.ci/run la définit)"
fi
step "build" npx vite build --logLevel warn
step "browser tests" bash scripts/e2e-shards.sh

node scripts/test-summary.mjs "${failed_steps[@]+"${failed_steps[@]}"}"
