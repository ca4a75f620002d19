#!/usr/bin/env bash
# The README's test command. Installs what is missing (npm packages, Debian's chromium and
# postgresql), then runs every check: typecheck, lint, unit tests, API tests on PGlite and on a
# throwaway PostgreSQL server, two built servers on one PostgreSQL database behind a proxy, and
# end-to-end tests in Chromium against the built server.
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
if [ -z "${CHROME_PATH:-}" ] && ! [ -x /usr/bin/chromium ]; then
  echo "installing Debian's chromium"
  apt_install chromium
fi
pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }
if [ -z "$(pg_bin)" ]; then
  echo "installing Debian's postgresql"
  apt_install postgresql
fi

step "typecheck"
npm run --silent typecheck

step "lint"
npm run --silent lint

step "unit tests"
npx vitest run --project unit

step "API tests on PGlite"
npx vitest run --project api

step "API tests on PostgreSQL"
# A throwaway server on a free port, stopped and removed however the tests end.
npx tsx scripts/with-postgres.ts -- npx vitest run --project api

step "build"
npm run --silent build >/dev/null
echo "built build/client, build/server and build/main.js"

step "two servers on PostgreSQL"
# Two built servers behind a round-robin proxy on one throwaway database and one local S3-compatible
# bucket (tests/cluster).
npx tsx scripts/with-postgres.ts -- npx vitest run --project cluster

step "end-to-end tests in Chromium"
npx playwright test

step "all checks passed in $((SECONDS - started))s"
