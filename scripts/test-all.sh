#!/usr/bin/env bash
# The one test command (README): Prettier check, lint (ESLint, then knip: no unused file, export or dependency), type
# check, web tests, render tests (the main forms inside react-admin's AdminContext, happy-dom), server tests on PGlite,
# the same server tests on PostgreSQL when DATABASE_URL is set, the fault tests (real server process: kill -9, SIGTERM,
# database cut, two processes, backups) in both passes, UI build, browser journeys in Debian's Chromium. Every step
# runs; the last line sums them up as "N passed, N failed" and the exit code is non-zero if anything failed.
#
# Time on the project's two-core machine (bench/README.md "Test command"):
# - the four static checks run side by side (each mostly one thread), their outputs printed one after the other; so do
#   the PostgreSQL server pass, the two fault passes and the UI build, which leave the cores partly idle (side_by_side);
# - the web and render passes and both server passes share one module registry per worker, as test-quick does
#   (scripts/vitest-passes.sh: PostgreSQL 237 s isolated, 139 s so; render 99 s, 55 + 14 s; web 34 s, 14 s;
#   bench/README.md "Test command"). Run apart, isolated: the files that replace a module, restart, accessProperty and
#   fuzz (the exhaustive files test-quick leaves out, not tried shared), and namedStatements (PostgreSQL only: it
#   reads the statement names a process has given, at most 500, which the other files would have used up);
# - each server pass clones one template database per pass (tests/server/globalSetup.ts), each file its own copy.
#
# It installs nothing. What it needs is installed beforehand (on CI by .ci/run):
# - node_modules (`npm ci`): without it no step can run, so it says so and stops at once;
# - Chromium (CHROMIUM_PATH, else /usr/bin/chromium) and pdftotext / pdfinfo (poppler-utils), which the browser
#   journeys use to read back the PDFs they download: without them every other step still runs, the browser step is
#   not started and counts as failed, and the exact command to run is printed at the start and before the summary.
set -uo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
mkdir -p .tmp
rm -f .tmp/*.json

failed_steps=()

missing_tools=()
for tool in prettier eslint knip tsc vitest vite playwright; do
  [ -x "node_modules/.bin/$tool" ] || missing_tools+=("$tool")
done
if [ ${#missing_tools[@]} -gt 0 ]; then
  echo "Dépendances du projet absentes (node_modules/.bin : ${missing_tools[*]}) : lancez « npm ci », puis « npm test »."
  node scripts/test-summary.mjs "dépendances (npm ci)"
  exit 1
fi

# Debian packages of the browser journeys: Chromium, and poppler-utils for pdftotext / pdfinfo.
CHROMIUM=${CHROMIUM_PATH:-/usr/bin/chromium}
missing_packages=()
[ -x "$CHROMIUM" ] || missing_packages+=(chromium)
if ! command -v pdftotext >/dev/null || ! command -v pdfinfo >/dev/null; then missing_packages+=(poppler-utils); fi
browser_hint=""
if [ ${#missing_packages[@]} -gt 0 ]; then
  browser_hint="Parcours navigateur non lancés : il manque ${missing_packages[*]}"
  [ -x "$CHROMIUM" ] || browser_hint+=" (Chromium introuvable : $CHROMIUM)"
  browser_hint+=". Installez-les (en root) : « apt-get install chromium poppler-utils »"
  [ -x "$CHROMIUM" ] || browser_hint+=", ou indiquez un Chromium par CHROMIUM_PATH"
  browser_hint+=", puis relancez « npm test »."
  echo "$browser_hint"
  echo "Les autres étapes tournent quand même."
fi

source scripts/test-steps.sh

# The static checks side by side (each mostly one thread).
side_by_side format npx prettier --check . --log-level warn -- lint npx eslint . -- "unused code (knip)" npx knip \
  -- typecheck npx tsc --noEmit -p tsconfig.json

# Server files isolated: those that replace a module, the exhaustive ones (not tried shared) and namedStatements (see
# above); render and web files isolated: those that replace a module.
source scripts/vitest-passes.sh
mapfile -t server_isolated < <(
  mocking_files tests/server/*.test.ts
  printf '%s\n' tests/server/restart.test.ts tests/server/accessProperty.test.ts tests/server/fuzz.test.ts \
    tests/server/namedStatements.test.ts
)
mapfile -t render_isolated < <(mocking_files tests/render/*.tsx)
mapfile -t web_isolated < <(web_mocking_files)

step "web tests" shared_then_isolated web .tmp/web web_isolated
step "render tests" shared_then_isolated render .tmp/render render_isolated
step "server tests (PGlite)" without_database_url shared_then_isolated server .tmp/server-pglite server_isolated
# Then side by side: the PostgreSQL server pass, the two fault passes and the UI build. The fault tests mostly wait for
# processes to start, stop and time out, and PostgreSQL's backends leave a part of both cores idle (vmstat: 30-40 %
# each alone); each fault file still runs alone in its pass. The server bundle they run is built first, so that the two
# fault passes never write it at the same time.
fault_pass() { npx vitest run --project faults --reporter=default --reporter=json --outputFile=".tmp/faults-$1.json"; }
step "server bundle" node -e "import('./scripts/serverBundle.mjs').then((m) => m.buildServerIfStale())"
parallel_steps=("fault tests (PGlite)" without_database_url fault_pass pglite -- build npx vite build --logLevel warn)
if [ -n "${DATABASE_URL:-}" ]; then
  parallel_steps+=(-- "server tests (PostgreSQL)" shared_then_isolated server .tmp/server-postgres server_isolated)
  parallel_steps+=(-- "fault tests (PostgreSQL)" fault_pass postgres)
else
  echo; echo "== server and fault tests (PostgreSQL): DATABASE_URL absent, passes ignorées (.ci/run la définit)"
fi
side_by_side "${parallel_steps[@]}"
if [ -z "$browser_hint" ]; then
  step "browser tests" bash scripts/e2e-shards.sh
else
  echo; echo "== browser tests"
  echo "$browser_hint"
  failed_steps+=("browser tests (${missing_packages[*]} absent)")
fi

node scripts/test-summary.mjs "${failed_steps[@]+"${failed_steps[@]}"}"
