#!/usr/bin/env bash
# npm test: lint, typecheck, then every test, the browser tests included, against a fresh build.
set -euo pipefail
cd "$(dirname "$0")/.."
# The cheap checks first: a formatting slip or a type error fails in seconds, not after the browser tests.
npm run lint
npm run typecheck
bash scripts/ensure-chromium.sh
# The store contract and two-instance tests start their own PostgreSQL cluster; they skip, saying why, without one.
bash scripts/ensure-postgres.sh
# The TLS test puts Debian's Caddy in front of the built server (tests/ops/caddy-tls.test.ts); installed here when root.
bash scripts/ensure-caddy.sh
npm run build
# Size budgets of the widget scripts (gzip), from .size-limit.json.
npx size-limit
npx vitest run --project '!ops'
# The operator's tests (tests/ops: restart time, a production-only install, backup, SIGTERM) one file at a time,
# after the others, so that the restart is timed on a machine that is not also running two other test files.
npx vitest run --project ops --no-file-parallelism
npx playwright test
npm run bench -- --smoke
