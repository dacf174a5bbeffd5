#!/usr/bin/env bash
# npm test: lint, typecheck, then every test, the browser tests included, against a fresh build.
set -euo pipefail
cd "$(dirname "$0")/.."

# Runs each "name: command" at once, each to its own log; prints every log once all have ended, and fails if one did.
# Two cores stay busy on steps that are each single-threaded, so the checks and the build take the time of the longest.
side_by_side() {
  local dir pids=() names=() failed=()
  dir=$(mktemp -d)
  for step in "$@"; do
    names+=("${step%%:*}")
    bash -c "${step#*: }" > "$dir/${#pids[@]}.log" 2>&1 &
    pids+=($!)
  done
  for i in "${!pids[@]}"; do
    if wait "${pids[$i]}"; then echo "[test] ${names[$i]}: ok"; else failed+=("${names[$i]}"); echo "[test] ${names[$i]}: FAILED"; fi
    cat "$dir/$i.log"
  done
  rm -rf "$dir"
  if ((${#failed[@]})); then
    echo "[test] failed: ${failed[*]}"
    return 1
  fi
}

bash scripts/ensure-chromium.sh
# The store contract and two-instance tests start their own PostgreSQL cluster; they skip, saying why, without one.
bash scripts/ensure-postgres.sh
# The TLS test puts Debian's Caddy in front of the built server (tests/ops/caddy-tls.test.ts); installed here when root.
bash scripts/ensure-caddy.sh
# The cheap checks and the build: a formatting slip or a type error fails in about a minute, before any test runs.
side_by_side "lint: npm run lint" "typecheck: npm run typecheck" "build: npm run build"
# Size budgets of the widget scripts (gzip), from .size-limit.mjs.
npx size-limit
npx vitest run --project '!ops'
# The operator's tests (tests/ops: restart time, a production-only install, backup, SIGTERM) one file at a time,
# after the others, so that the restart is timed on a machine that is not also running two other test files.
npx vitest run --project ops --no-file-parallelism
npx playwright test
npm run bench -- --smoke
