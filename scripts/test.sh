#!/usr/bin/env bash
# The README's test command. Installs what is missing (npm packages, Debian's chromium and
# postgresql), then runs every check: typecheck, lint, unit tests, API tests on PGlite and on a
# throwaway PostgreSQL server, two built servers on one PostgreSQL database behind a proxy, and
# end-to-end tests in Chromium against the built server. Steps that leave a core idle run beside
# another (the typecheck, the build).
set -euo pipefail
cd "$(dirname "$0")/.."

started=$SECONDS
step() { printf '\n\033[1m== %s\033[0m (%ss)\n' "$*" "$((SECONDS - started))"; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

apt_updated=""
apt_install() {
  if [ -z "$apt_updated" ]; then
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    apt_updated=1
  fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

step "dependencies"
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  # npm ci refuses a lockfile that lacks other platforms' optional binaries (biome, rollup,
  # tailwind for Windows or macOS), which a registry mirror may not carry; then install from the
  # same lockfile with npm install, which skips what it cannot resolve for other platforms.
  npm ci --no-audit --no-fund || {
    echo "npm ci refused the lockfile; installing with npm install instead"
    npm install --no-audit --no-fund
  }
else
  echo "node_modules is up to date"
fi
# npm install now and then leaves out a platform's optional binary (seen for biome's): a second
# install adds what the first skipped.
native_ok() {
  npx --no-install biome --version >/dev/null 2>&1 &&
    node -e "require('rollup/dist/native.js'); require('@tailwindcss/oxide')" >/dev/null 2>&1
}
if ! native_ok; then
  echo "a platform binary is missing; installing again"
  npm install --no-audit --no-fund
  native_ok
fi
if [ -z "${CHROME_PATH:-}" ] && ! [ -x /usr/bin/chromium ]; then
  echo "installing Debian's chromium"
  apt_install chromium
fi
# The end-to-end tests' browser: the same Chromium without its windowing parts (less CPU).
if [ -z "${CHROME_PATH:-}" ] && ! [ -x /usr/bin/chromium-headless-shell ]; then
  echo "installing Debian's chromium-headless-shell"
  apt_install chromium-headless-shell
fi
pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }
if [ -z "$(pg_bin)" ]; then
  echo "installing Debian's postgresql"
  apt_install postgresql
fi

# Test files run in parallel, one worker per core (Vitest's default leaves a core idle).
cores=$(nproc 2>/dev/null || echo 2)

step "typecheck, lint and unit tests"
# The typecheck runs on one core while the lint, the unit tests and the API tests on PGlite use
# the other; it is waited for before the PostgreSQL step.
typecheck_log=$(mktemp)
npm run --silent typecheck >"$typecheck_log" 2>&1 &
typecheck=$!
npm run --silent lint
npx vitest run --project unit --maxWorkers="$cores"

step "API tests on PGlite"
# The ones whose subject is the database itself (ON_PGLITE in vitest.config.ts); every API test
# runs on PostgreSQL below, and the end-to-end tests run the whole shop on PGlite.
npx vitest run --project api-pglite --maxWorkers="$cores"
if ! wait "$typecheck"; then
  cat "$typecheck_log"
  exit 1
fi
cat "$typecheck_log"
rm -f "$typecheck_log"

step "API tests on PostgreSQL, and the build"
# A throwaway server on a free port, stopped and removed however the tests end. Its tests wait on
# the server much of the time, so one worker more than cores; the build (mostly one core) runs
# beside them.
build_log=$(mktemp)
npm run --silent build >"$build_log" 2>&1 &
build=$!
npx tsx scripts/with-postgres.ts -- npx vitest run --project api --maxWorkers="$((cores + 1))"
if ! wait "$build"; then
  cat "$build_log"
  exit 1
fi
rm -f "$build_log"
echo "built build/client and build/main.js"

step "two servers on PostgreSQL, and the end-to-end database"
# Two built servers behind a round-robin proxy on one throwaway database and one local S3-compatible
# bucket (tests/cluster). They wait on each other much of the time: the end-to-end tests' embedded
# database is migrated and seeded beside them (tests/e2e/prepare.ts).
prepare_log=$(mktemp)
node --import tsx tests/e2e/prepare.ts >"$prepare_log" 2>&1 &
prepare=$!
npx tsx scripts/with-postgres.ts -- npx vitest run --project cluster
if ! wait "$prepare"; then
  cat "$prepare_log"
  exit 1
fi
rm -f "$prepare_log"

step "end-to-end tests in Chromium"
if ! E2E_PREPARED=1 npx playwright test; then
  # What the page of each failed attempt showed (its accessibility snapshot, cut short): a run on a
  # machine whose files are gone afterwards still says what went wrong.
  find test-results -name error-context.md 2>/dev/null | sort | while read -r context; do
    echo "---- $context"
    head -c 6000 "$context"
    echo
  done
  exit 1
fi

step "all checks passed in $((SECONDS - started))s"
