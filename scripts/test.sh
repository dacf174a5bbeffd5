#!/usr/bin/env bash
# npm test: every test, the browser tests included, against a fresh build.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-chromium.sh
npm run build
# Size budgets of the widget scripts (gzip), from .size-limit.json.
npx size-limit
npx vitest run
npx playwright test
npm run bench -- --smoke
