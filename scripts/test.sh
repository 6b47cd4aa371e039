#!/usr/bin/env bash
# `npm test`: every test of the project. Lint and formatting, type checks, server tests on PGlite (and on
# PostgreSQL when one is reachable, or required with DXP_REQUIRE_POSTGRES=1), web unit tests, the build, the
# small load-and-faults bench, then the Playwright journeys in Debian's Chromium against the built, started
# server. Prints each phase's time at the end.
set -euo pipefail
cd "$(dirname "$0")/.."

POSTGRES_TEST_URL="${TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/test}"
REDIS_TEST_URL="${TEST_REDIS_URL:-redis://127.0.0.1:6379/15}"
summary_file="$(mktemp)"
phases_file="$(mktemp)"
trap 'rm -f "$summary_file" "$phases_file"' EXIT
run_started=$SECONDS

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

# Runs a named phase and records how long it took.
phase() {
  local name="$1"; shift
  step "$name"
  local started=$SECONDS
  "$@"
  printf '%s\t%s\n' "$((SECONDS - started))" "$name" >> "$phases_file"
}

print_phases() {
  echo
  echo "Phase times (seconds):"
  while IFS=$'\t' read -r seconds name; do printf '  %5s  %s\n' "$seconds" "$name"; done < "$phases_file"
  printf '  %5s  %s\n' "$((SECONDS - run_started))" "total"
}

ensure_chromium() {
  if [ -x /usr/bin/chromium ]; then return; fi
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    step "Installing Debian's Chromium for the browser tests"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "The browser tests need Debian's Chromium at /usr/bin/chromium." >&2
    echo "Install it with: sudo apt-get install chromium   (then run npm test again)" >&2
    exit 1
  fi
}

# Runs vitest in a workspace and adds its counts to the summary.
run_vitest() {
  local workspace="$1"; shift
  local report; report="$(mktemp)"
  # A failing test does not stop the run: its count goes to the summary, and the run fails at the end. A run that
  # failed with no failing test (a file whose set-up or import failed) counts as one failure.
  local status=0
  (cd "$workspace" && npx vitest run --reporter=default --reporter=json --outputFile="$report" "$@") || status=$?
  node -e 'const r=JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")); console.log(r.numPassedTests, r.numFailedTests || (process.argv[2] === "0" ? 0 : 1), r.numPendingTests)' "$report" "$status" >> "$summary_file"
  rm -f "$report"
}

static_checks() {
  # The three read the same sources and share no output; side by side they take the time of the slowest.
  local pids=() failed=0
  npx eslint --max-warnings=0 . & pids+=($!)
  npx prettier --check --log-level=warn . & pids+=($!)
  npm run typecheck --silent & pids+=($!)
  for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
  if [ "$failed" = 0 ]; then echo "1 0 0" >> "$summary_file"; else echo "0 1 0" >> "$summary_file"; fi
}

server_tests_on_pglite() {
  DATABASE_URL= run_vitest apps/server
}

server_tests_on_postgres() {
  # Shared rate-limit counters are tested too when a Redis answers (as on CI).
  local redis_url=""
  if command -v redis-cli >/dev/null && redis-cli -u "$REDIS_TEST_URL" ping >/dev/null 2>&1; then redis_url="$REDIS_TEST_URL"; fi
  echo "PostgreSQL $POSTGRES_TEST_URL${redis_url:+, Redis $redis_url}"
  # Both integration projects: `integration` (files share a worker's modules) and `integration-isolated`.
  DATABASE_URL="$POSTGRES_TEST_URL" REDIS_URL="$redis_url" run_vitest apps/server --project 'integration*'
}

faults_bench() {
  # Each phase is a bar: zero 5xx under load, fast 503s and self-recovery while the database is away,
  # a clean drain on SIGTERM, and every acknowledged write found afterwards.
  if (cd bench && DATABASE_URL="${POSTGRES_TEST_URL%/*}/postgres" npx tsx faults.ts --scale small); then
    echo "1 0 0" >> "$summary_file"
  else
    echo "0 1 0" >> "$summary_file"
  fi
}

browser_journeys() {
  ensure_chromium
  local e2e_report; e2e_report="$(mktemp)"
  local status=0
  (cd e2e && PLAYWRIGHT_JSON_OUTPUT_NAME="$e2e_report" npx playwright test --reporter=list,json) || status=$?
  # Playwright also fails without a failing test (a server that never got ready, an error in a spec file): that
  # run counts as one failure, never as a green run of no journeys.
  node -e 'const s=JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).stats; const failed=s.unexpected + s.flaky; console.log(s.expected, failed || (process.argv[2] === "0" ? 0 : 1), s.skipped)' "$e2e_report" "$status" >> "$summary_file"
  rm -f "$e2e_report"
}

postgres_available=0
if pg_isready -q -d "$POSTGRES_TEST_URL" 2>/dev/null; then
  postgres_available=1
elif [ "${DXP_REQUIRE_POSTGRES:-0}" = 1 ]; then
  echo "PostgreSQL is required (DXP_REQUIRE_POSTGRES=1) but not reachable at $POSTGRES_TEST_URL" >&2
  exit 1
fi

phase "Lint, formatting and type check" static_checks
phase "Server tests on PGlite (unit and integration)" server_tests_on_pglite
if [ "$postgres_available" = 1 ]; then
  phase "Server integration tests on PostgreSQL" server_tests_on_postgres
else
  echo "(PostgreSQL not reachable at $POSTGRES_TEST_URL: server tests ran on PGlite only)"
fi
phase "Web unit tests" run_vitest apps/web
phase "Build" node scripts/build.mjs
if [ "$postgres_available" = 1 ]; then
  phase "Load and faults, small scale (bench/faults.ts on PostgreSQL)" faults_bench
fi
phase "Browser journeys (Playwright + Chromium)" browser_journeys

read -r passed failed skipped < <(awk '{p+=$1; f+=$2; s+=$3} END {print p+0, f+0, s+0}' "$summary_file")
print_phases
echo
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
