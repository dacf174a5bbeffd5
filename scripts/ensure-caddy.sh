#!/usr/bin/env bash
# The TLS test (tests/ops/caddy-tls.test.ts) runs deploy/Caddyfile with Debian's Caddy in front of the built server.
# Installed with apt-get when missing and we are root, as Chromium is. Not root: that test says why and skips.
# Root (CI) and the install fails: stop here, as the test would fail without it.
set -euo pipefail
CADDY="${CADDY_PATH:-caddy}"
if command -v "$CADDY" >/dev/null; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then
  echo "[test] no caddy and not root: the Caddy TLS test will be skipped (sudo apt-get install caddy, or set CADDY_PATH)" >&2
  exit 0
fi
echo "[test] no caddy: installing Debian's caddy package" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends caddy >/dev/null
# The package enables a caddy service on port 80 with its own Caddyfile: a test machine needs the binary only.
if command -v systemctl >/dev/null && systemctl is-active --quiet caddy 2>/dev/null; then systemctl disable --now caddy >/dev/null 2>&1 || true; fi
"$CADDY" version >&2
