# How one vitest project runs in one step, sourced by scripts/test-all.sh and scripts/test-quick.sh. The files share
# one module registry per worker (--no-isolate): isolated, each file imports the whole app (and PGlite) again. A file
# that replaces a module (vi.mock / vi.doMock), or reads state a process keeps across files, needs a registry of its
# own: those run after the others, isolated, in a second vitest run of the same step (its own report). A failure in
# the shared run that the file alone does not show points at state a file leaves in a module.

# The files among the given ones that replace a module, one per line.
mocking_files() { grep -lE 'vi\.(mock|doMock)\(' "$@" || true; }

# The web project's files (vitest.config.ts: tests/web, tests/common, tests/lint) that replace a module.
web_mocking_files() { mocking_files tests/web/*.test.ts* tests/common/*.test.ts tests/lint/*.test.ts; }

# shared_then_isolated <project> <report> <isolated> [<left out>]: runs the project's files, but those of the arrays
# named <isolated> and <left out>, sharing a registry, then the <isolated> ones each in its own; writes <report>.json
# and <report>-isolated.json (paths without the extension). Fails if either run failed.
shared_then_isolated() {
  local project=$1 report=$2 status=0 file
  local -n isolated_files_=$3
  local excluded=()
  for file in "${isolated_files_[@]}"; do excluded+=(--exclude "$file"); done
  if [ $# -ge 4 ]; then
    local -n left_out_files_=$4
    for file in "${left_out_files_[@]}"; do excluded+=(--exclude "$file"); done
  fi
  npx vitest run --project "$project" --maxWorkers=2 --no-isolate "${excluded[@]}" \
    --reporter=default --reporter=json --outputFile="$report.json" || status=1
  if [ ${#isolated_files_[@]} -gt 0 ]; then
    npx vitest run --project "$project" --maxWorkers=2 "${isolated_files_[@]}" \
      --reporter=default --reporter=json --outputFile="$report-isolated.json" || status=1
  fi
  return $status
}

# Runs the command in a subshell without DATABASE_URL (the PGlite pass).
without_database_url() { (unset DATABASE_URL; "$@"); }
