#!/usr/bin/env bash
# The PostgreSQL tests start a throw-away cluster from Debian's server binaries (api/testing/postgres.ts).
# Installed with apt-get when missing and we are root, the way Chromium is; otherwise those tests say why and skip.
set -euo pipefail
if [ -n "${PG_BIN:-}" ] && [ -x "$PG_BIN/initdb" ]; then exit 0; fi
if compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || command -v initdb >/dev/null; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then
  echo "[test] no PostgreSQL server binaries and not root: the PostgreSQL tests will be skipped (sudo apt-get install postgresql, or set PG_BIN)" >&2
  exit 0
fi
echo "[test] no PostgreSQL server binaries: installing Debian's postgresql package" >&2
export DEBIAN_FRONTEND=noninteractive
if ! { apt-get update -qq && apt-get install -y -qq --no-install-recommends postgresql >/dev/null; }; then
  echo "[test] postgresql could not be installed: the PostgreSQL tests will be skipped" >&2
fi
