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
npm run build
# Size budgets of the widget scripts (gzip), from .size-limit.json.
npx size-limit
npx vitest run
npx playwright test
npm run bench -- --smoke
