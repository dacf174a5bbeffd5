#!/usr/bin/env bash
# What the prepared-bytes path in front of Express buys (docs/decisions/0067): the same build twice, once as it is and
# once with every request sent through Express (api/app.ts's createAppServer calling the app alone), on one machine in one
# run, rounds alternating. Usage: bash bench/request-path.sh (after npm run build). Prints requests/s and p99 per path.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .tmp
work=$(mktemp -d .tmp/request-path.XXXX)
trap 'kill $(jobs -p) 2>/dev/null; rm -rf "$work"' EXIT

# The Express-only variant: the working tree's server sources with the two early answers taken out, built as the bench
# builds a server (two folders below the repository, so it finds dist/'s site and widgets).
mkdir -p .tmp/server-express-only "$work/src"
cp -r server api domain host-site widgets demo "$work/src/"
sed -i 's/^      if (fastPath(req, res)) return;$/      void fastPath;/; s/^      if (site \&\& pages!(req, res, site, security)) return;$/      void site;/' "$work/src/api/app.ts"
grep -q "void fastPath;" "$work/src/api/app.ts" || { echo "[request-path] api/app.ts no longer has the early answers this script removes" >&2; exit 1; }
npx tsup --entry.main "$work/src/server/main.ts" --entry.plan-worker "$work/src/api/plan-worker.ts" --format esm --platform node --target node20 --out-dir .tmp/server-express-only --silent --no-config

start() {
  PORT=$1 DEMO_PORT=$(($1 + 1)) DATA_DIR="$work/data-$1" CONTACT_RATE_LIMIT=0 node "$2" > "$work/server-$1.log" 2>&1 &
  for _ in $(seq 1 200); do curl -sf "http://localhost:$1/api/health" > /dev/null && return; sleep 0.2; done
  echo "[request-path] the server on $1 did not start" >&2
  exit 1
}
start 4701 dist/server/main.js
start 4703 .tmp/server-express-only/main.js

load() { npx autocannon -c 50 -d "$2" -H "accept-encoding: br" -j "$1" 2> /dev/null; }
for route in / /inventory /api/vehicles; do
  for port in 4701 4703; do load "http://localhost:$port$route" 2 > /dev/null; done
  for round in 1 2 3; do
    for port in 4701 4703; do
      name=$([ "$port" = 4701 ] && echo "prepared path" || echo "Express only ")
      load "http://localhost:$port$route" 4 | node -e 'let s="";process.stdin.on("data",(d)=>(s+=d)).on("end",()=>{const j=JSON.parse(s);console.log(`${process.argv[1]}  ${process.argv[2]}  round ${process.argv[3]}: ${Math.round(j.requests.average)} req/s, p99 ${j.latency.p99} ms, non-2xx ${j.non2xx}`)})' "$route" "$name" "$round"
    done
  done
done
