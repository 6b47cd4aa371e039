#!/usr/bin/env bash
# `npm test`: every test of the project. Lint and formatting, type checks, server tests on PGlite (and on
# PostgreSQL when one is reachable, or required with DXP_REQUIRE_POSTGRES=1), web and contracts unit tests, the
# build, the small load-and-faults bench, then the Playwright journeys in Debian's Chromium against the built,
# started server. Prints each phase's time at the end.
#
# Two lanes run side by side (docs/performance.md, "Test-run figures"): the checks and the server tests, which compute
# at a lower CPU priority, one after the other; and, once the build is done, the journeys and the faults bench, which
# mostly wait for a browser, a server or a timer, at normal priority so that their timings stay those of a quiet
# machine, then the web's and the contracts' unit tests (at the lower priority). A phase beside the others writes to
# a log, shown whole when it has ended; its failures count in the summary like any other's.
set -euo pipefail
cd "$(dirname "$0")/.."

POSTGRES_TEST_URL="${TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/test}"
REDIS_TEST_URL="${TEST_REDIS_URL:-redis://127.0.0.1:6379/15}"
work_dir="$(mktemp -d)"
summary_file="$work_dir/summary"
phases_file="$work_dir/phases"
failures_file="$work_dir/failures"
touch "$summary_file" "$phases_file" "$failures_file"
beside_pids=()
beside_names=()
beside_logs=()
cleanup() {
  for pid in "${beside_pids[@]}"; do kill -- "-$pid" 2>/dev/null || true; done
  rm -rf "$work_dir"
}
trap cleanup EXIT
run_started=$SECONDS
# What computes yields to what waits (see above), mildly: at nice 10 it all but stopped beside other people's work
# on a shared machine.
computes=(nice -n 5)

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

record_phase() { printf '%s\t%s\t%s\n' "$2" "$((SECONDS - $2))" "$1" >> "$phases_file"; }

# Runs a named phase and records when it started and how long it took.
phase() {
  local name="$1"; shift
  step "$name"
  local started=$SECONDS
  "$@"
  record_phase "$name" "$started"
}

# Starts a named phase in the background; `collect_beside` waits for it and shows its output. A phase that ends
# with an error of its own (not a failing test, which its function counts) counts as one failure.
beside() {
  local name="$1"; shift
  local log="$work_dir/beside.${#beside_pids[@]}.log"
  # Job control just for this fork: the phase gets its own process group, so a run that stops early can end it
  # with its servers (the foreground phases stay in the script's group, which Ctrl-C reaches).
  set -m
  (
    started=$SECONDS
    status=0
    ("$@") || status=$?
    record_phase "$name" "$started"
    exit "$status"
  ) < /dev/null > "$log" 2>&1 &
  beside_pids+=($!)
  set +m
  beside_names+=("$name")
  beside_logs+=("$log")
  step "$name: started beside the next phases, its output follows when it has ended"
}

collect_beside() {
  local i
  for i in "${!beside_pids[@]}"; do
    local status=0
    wait "${beside_pids[$i]}" || status=$?
    step "${beside_names[$i]} (ran beside the others)"
    cat "${beside_logs[$i]}"
    if [ "$status" != 0 ]; then
      echo "(${beside_names[$i]} ended with status $status)"
      echo "0 1 0" >> "$summary_file"
      echo "  ${beside_names[$i]}: ended with status $status" >> "$failures_file"
    fi
  done
  beside_pids=()
}

print_phases() {
  echo
  echo "Phase times (seconds; a phase that starts before the one above it has ended ran beside it):"
  printf '  %5s  %5s  %s\n' start took phase
  sort -s -n -k1,1 "$phases_file" | while IFS=$'\t' read -r started seconds name; do
    printf '  %5s  %5s  %s\n' "$((started - run_started))" "$seconds" "$name"
  done
  printf '  %5s  %5s  %s\n' 0 "$((SECONDS - run_started))" "total"
}

# The journeys run in Debian's headless shell when it is installed (a third less CPU than the full browser), else in
# its Chromium (e2e/playwright.config.ts).
ensure_chromium() {
  if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromium-headless-shell ]; then return; fi
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    step "Installing Debian's Chromium and its headless shell for the browser tests"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-headless-shell >/dev/null
  elif [ -x /usr/bin/chromium ]; then
    echo "(Debian's chromium-headless-shell is not installed: the journeys run in the full browser, which costs more CPU)"
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
  (cd "$workspace" && "${computes[@]}" npx vitest run --reporter=default --reporter=json --outputFile="$report" "$@") || status=$?
  node scripts/test-report.mjs vitest "$report" "$status" "$failures_file" "$workspace${*:+ $*}" >> "$summary_file"
  rm -f "$report"
}

static_checks() {
  # The three read the same sources and share no output; side by side they take the time of the slowest.
  local pids=() failed=0
  "${computes[@]}" npx eslint --max-warnings=0 . & pids+=($!)
  "${computes[@]}" npx oxfmt --check . & pids+=($!)
  "${computes[@]}" npm run typecheck --silent & pids+=($!)
  for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
  if [ "$failed" = 0 ]; then
    echo "1 0 0" >> "$summary_file"
  else
    echo "0 1 0" >> "$summary_file"
    echo "  static checks: lint, formatting or type check" >> "$failures_file"
  fi
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

web_and_contracts_unit_tests() {
  run_vitest apps/web
  run_vitest packages/contracts
}

faults_bench() {
  # Each phase is a bar: zero 5xx under load, fast 503s and self-recovery while the database is away,
  # a clean drain on SIGTERM, and every acknowledged write found afterwards.
  if (cd bench && DATABASE_URL="${POSTGRES_TEST_URL%/*}/postgres" npx tsx faults.ts --scale small); then
    echo "1 0 0" >> "$summary_file"
  else
    echo "0 1 0" >> "$summary_file"
    echo "  bench/faults.ts --scale small" >> "$failures_file"
  fi
}

browser_journeys() {
  ensure_chromium
  local e2e_report; e2e_report="$(mktemp)"
  local status=0
  (cd e2e && PLAYWRIGHT_JSON_OUTPUT_NAME="$e2e_report" npx playwright test --reporter=list,json) || status=$?
  node scripts/test-report.mjs playwright "$e2e_report" "$status" "$failures_file" e2e >> "$summary_file"
  # A CI run keeps only this log: each failed journey's page as the browser's accessibility tree saw it when it failed
  # (toasts, dialogs, error messages), which its screenshot and trace would have shown.
  if [ "$status" != 0 ]; then node scripts/print-failed-pages.mjs "$e2e_report" || true; fi
  rm -f "$e2e_report"
}

postgres_available=0
if pg_isready -q -d "$POSTGRES_TEST_URL" 2>/dev/null; then
  postgres_available=1
elif [ "${DXP_REQUIRE_POSTGRES:-0}" = 1 ]; then
  echo "PostgreSQL is required (DXP_REQUIRE_POSTGRES=1) but not reachable at $POSTGRES_TEST_URL" >&2
  exit 1
fi

# The journeys' lane then runs the web's and the contracts' unit tests, while the checks' lane is still busy: beside the
# PostgreSQL phase, which ends the run, they had made it a third longer.
journeys_then_web_unit_tests() {
  local started=$SECONDS
  browser_journeys
  record_phase "Browser journeys (Playwright + Chromium)" "$started"
  started=$SECONDS
  web_and_contracts_unit_tests
  record_phase "Web and contracts unit tests (after the journeys, in their lane)" "$started"
}

phase "Build" node scripts/build.mjs
beside "Browser journeys, then the web's and the contracts' unit tests" journeys_then_web_unit_tests
if [ "$postgres_available" = 1 ]; then
  beside "Load and faults, small scale (bench/faults.ts on PostgreSQL)" faults_bench
fi
phase "Lint, formatting and type check" static_checks
phase "Server tests on PGlite (unit and integration)" server_tests_on_pglite
if [ "$postgres_available" = 1 ]; then
  phase "Server integration tests on PostgreSQL" server_tests_on_postgres
else
  echo "(PostgreSQL not reachable at $POSTGRES_TEST_URL: server tests ran on PGlite only)"
fi
collect_beside

read -r passed failed skipped < <(awk '{p+=$1; f+=$2; s+=$3} END {print p+0, f+0, s+0}' "$summary_file")
print_phases
echo
echo "$passed passed, $failed failed, $skipped skipped"
if [ -s "$failures_file" ]; then
  echo "What failed (each one's output is above):"
  cat "$failures_file"
fi
[ "$failed" -eq 0 ]
