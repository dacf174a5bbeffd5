#!/usr/bin/env bash
# Browser tests drive Debian's Chromium: Playwright's own browser download cannot reach the network here.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then exit 0; fi
echo "[test] no browser at $CHROMIUM: installing Debian's chromium package" >&2
if [ "$(id -u)" -ne 0 ]; then
  echo "[test] installing chromium needs root: run 'sudo apt-get install chromium' or set CHROMIUM_PATH" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null
"$CHROMIUM" --version >&2
