#!/usr/bin/env bash
# The inner loop (`npm run test:quick`, README, CONTRIBUTING.md): the checks and tests that say in about five minutes
# on the project's two-core machine (two is the aim: bench/README.md "Test command") whether a change broke
# something; `npm test` (scripts/test-all.sh, about 16 minutes) stays the whole check before pushing. Steps, each run
# whatever the others gave (scripts/test-steps.sh), then one summary line "Tests: N passed, N failed"
# (scripts/test-summary.mjs), exit code non-zero if anything failed:
# - format, lint, typecheck on the whole tree, each with its cache in node_modules/.cache/test-quick, so that a
#   second run checks again only what changed (Prettier and ESLint by file content, tsc by its build info). ESLint's
#   cache keeps the results of unchanged files, while two rules look across files (import-x/no-cycle, and
#   local/folder-cycles, which reports each arrow of a cycle in its own folder): a new cycle is still reported in the
#   changed file that closed it, but a cycle fixed by editing another file leaves its error cached on the unchanged
#   ones. So when the cached run reports problems, the files it names are linted again without the cache, and that
#   second run's answer is the step's;
# - web tests (vitest project web), sharing one module registry per worker (tests/web/setup.ts restores the globals a
#   file stubbed: 34 s isolated, 14 s shared);
# - render tests (vitest project render: the main forms inside react-admin's AdminContext, happy-dom), sharing one
#   module registry per worker as the server tests do, the files that replace a module apart;
# - server tests on PGlite (vitest project server), all files but three: restart.test.ts (builds the server bundle and
#   restarts the real process), accessProperty.test.ts (random sequences of administration calls) and fuzz.test.ts
#   (every route fuzzed), exhaustive searches that `npm test` runs. The files share one module registry per worker
#   (--no-isolate): isolated, each file imports the whole app and PGlite again (vitest's "import" time of the server
#   files here: 71 s isolated, 8 s shared). A file that replaces a module (vi.mock) needs a registry of its own: those
#   run apart, isolated. A failure seen here and not in `npm test` points at state a file leaves in a module.
# Not here, in `npm test` only: the PostgreSQL pass, the fault tests, the UI build, the browser journeys.
# Installs nothing: it needs node_modules (`npm ci`). Reports go to a temporary folder, so that it never mixes with
# the reports of an `npm test` running in the same tree (.tmp/).
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD

for tool in prettier eslint knip tsc vitest; do
  if [ ! -x "node_modules/.bin/$tool" ]; then
    echo "Dépendances du projet absentes (node_modules/.bin/$tool) : lancez « npm ci », puis « npm run test:quick »."
    exit 1
  fi
done

cache=node_modules/.cache/test-quick
mkdir -p "$cache"
work=$(mktemp -d "${TMPDIR:-/tmp}/test-quick.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/.tmp"
reports=$work/.tmp

failed_steps=()
source scripts/test-steps.sh
# side_by_side's logs go to the temporary folder too.
STEP_LOGS=$work

# Server test files left to `npm test`; those that mock a module run isolated (scripts/vitest-passes.sh), as the
# render files that do.
source scripts/vitest-passes.sh
slow=(tests/server/restart.test.ts tests/server/accessProperty.test.ts tests/server/fuzz.test.ts)
server_isolated=()
while read -r f; do
  case " ${slow[*]} " in *" $f "*) ;; *) server_isolated+=("$f") ;; esac
done < <(mocking_files tests/server/*.test.ts)
mapfile -t render_isolated < <(mocking_files tests/render/*.tsx)
mapfile -t web_isolated < <(web_mocking_files)

# ESLint with its cache; when it reports problems, the files it names (stylish's header lines: their absolute paths)
# are linted again without the cache (see above: a cross-file rule's stale result), and that run decides.
lint_step() {
  local cached=$work/lint-cached.log files
  if npx eslint . --cache --cache-strategy content --cache-location "$cache/eslint" >"$cached" 2>&1; then
    cat "$cached"
    return 0
  fi
  mapfile -t files < <(grep -E "^$root/" "$cached")
  if [ ${#files[@]} -eq 0 ]; then
    cat "$cached"
    return 1
  fi
  echo "ESLint (cache) : ${#files[@]} fichier(s) signalé(s), vérifié(s) à nouveau sans cache."
  npx eslint --no-cache "${files[@]}"
}
# The four static checks side by side, their outputs printed one after the other: Prettier and ESLint use one thread
# each, and with an empty cache (first run, or many files changed) each takes about 20 s here.
side_by_side format npx prettier --check . --log-level warn --cache --cache-location "$cache/prettier" \
  -- lint lint_step -- knip npx knip \
  -- typecheck npx tsc --noEmit -p tsconfig.json --incremental --tsBuildInfoFile "$cache/tsconfig.tsbuildinfo"
step "web tests" shared_then_isolated web "$reports/web" web_isolated
step "render tests" shared_then_isolated render "$reports/render" render_isolated
step "server tests (PGlite)" without_database_url shared_then_isolated server "$reports/server-pglite" server_isolated slow

echo
echo "Laissés à « npm test » : ${slow[*]#tests/server/}, la passe PostgreSQL, les tests de pannes, la construction, les parcours navigateur."
# test-summary.mjs sums the reports of ./.tmp: run it from the temporary folder.
cd "$work" && node "$root/scripts/test-summary.mjs" "${failed_steps[@]+"${failed_steps[@]}"}"
