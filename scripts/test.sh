#!/usr/bin/env bash
# `npm test`: every test of the project. Type checks, server tests on PGlite (and on PostgreSQL
# when one is reachable, or required with DXP_REQUIRE_POSTGRES=1), web unit tests, then the
# Playwright journeys in Debian's Chromium against the built, started server.
set -euo pipefail
cd "$(dirname "$0")/.."

POSTGRES_TEST_URL="${TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/test}"
REDIS_TEST_URL="${TEST_REDIS_URL:-redis://127.0.0.1:6379/15}"
summary_file="$(mktemp)"
trap 'rm -f "$summary_file"' EXIT

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

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
  (cd "$workspace" && npx vitest run --reporter=default --reporter=json --outputFile="$report" "$@")
  node -e 'const r=JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")); console.log(r.numPassedTests, r.numFailedTests, r.numPendingTests)' "$report" >> "$summary_file"
  rm -f "$report"
}

step "Type check"
npm run typecheck --silent

step "Server tests on PGlite"
DATABASE_URL= run_vitest apps/server

if pg_isready -q -d "$POSTGRES_TEST_URL" 2>/dev/null; then
  # Shared rate-limit counters are tested too when a Redis answers (as on CI).
  redis_url=""
  if command -v redis-cli >/dev/null && redis-cli -u "$REDIS_TEST_URL" ping >/dev/null 2>&1; then redis_url="$REDIS_TEST_URL"; fi
  step "Server tests on PostgreSQL ($POSTGRES_TEST_URL${redis_url:+, Redis $redis_url})"
  DATABASE_URL="$POSTGRES_TEST_URL" REDIS_URL="$redis_url" run_vitest apps/server
elif [ "${DXP_REQUIRE_POSTGRES:-0}" = 1 ]; then
  echo "PostgreSQL is required (DXP_REQUIRE_POSTGRES=1) but not reachable at $POSTGRES_TEST_URL" >&2
  exit 1
else
  echo "(PostgreSQL not reachable at $POSTGRES_TEST_URL: server tests ran on PGlite only)"
fi

step "Web unit tests"
run_vitest apps/web

step "Build"
node scripts/build.mjs

if pg_isready -q -d "$POSTGRES_TEST_URL" 2>/dev/null; then
  step "Load and faults, small scale (bench/faults.ts on PostgreSQL)"
  # Each phase is a bar: zero 5xx under load, fast 503s and self-recovery while the database is away,
  # a clean drain on SIGTERM, and every acknowledged write found afterwards.
  if (cd bench && DATABASE_URL="${POSTGRES_TEST_URL%/*}/postgres" npx tsx faults.ts --scale small); then
    echo "1 0 0" >> "$summary_file"
  else
    echo "0 1 0" >> "$summary_file"
  fi
fi

step "Browser journeys (Playwright + Chromium)"
ensure_chromium
e2e_report="$(mktemp)"
(cd e2e && PLAYWRIGHT_JSON_OUTPUT_NAME="$e2e_report" npx playwright test --reporter=list,json)
node -e 'const s=JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).stats; console.log(s.expected, s.unexpected + s.flaky, s.skipped)' "$e2e_report" >> "$summary_file"
rm -f "$e2e_report"

read -r passed failed skipped < <(awk '{p+=$1; f+=$2; s+=$3} END {print p+0, f+0, s+0}' "$summary_file")
echo
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
