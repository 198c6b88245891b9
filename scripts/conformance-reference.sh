#!/usr/bin/env bash
# Runs the official MCP conformance suite (@modelcontextprotocol/conformance, through ../shared/scripts/conformance.sh,
# which fetches Node 22 with npx) against the bundled reference server on a free port, over Streamable HTTP (the
# runner's server scenarios take a URL only: stdio is not a conformance wire), started from its bundle
# (dist/node/reference-server.mjs, rebuilt first when stale). `reference-server/conformance.test.ts` runs it in
# `npm test`. Extra arguments go to conformance.sh (e.g. --requirements 2026-07-28, --out DIR).
#
# The default scenarios are every server scenario about what this server offers: resources (list, reads,
# templates, subscribe/unsubscribe), not-found errors, caching hints, HTTP header validation, DNS rebinding
# protection, the 2025 initialize handshake and ping. The runner skips those a revision does not have.
#
#   scripts/conformance-reference.sh                      # those scenarios, both revisions
#   SCENARIOS=caching scripts/conformance-reference.sh    # one scenario
set -euo pipefail
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CONFORMANCE_SH="${CONFORMANCE_SH:-$REPO/../shared/scripts/conformance.sh}"
SCENARIOS="${SCENARIOS:-resources-list,resources-read-text,resources-read-binary,resources-templates-read,resources-subscribe,resources-unsubscribe,sep-2164-resource-not-found,caching,http-header-validation,dns-rebinding-protection,server-initialize,ping}"
[[ -x "$CONFORMANCE_SH" ]] || { echo "conformance-reference: $CONFORMANCE_SH not found (set CONFORMANCE_SH)" >&2; exit 2; }

PORT="$(node -e "const s=require('node:net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
cd "$REPO"
node scripts/build-node.mjs --if-stale
exec "$CONFORMANCE_SH" \
  --server-command "exec node dist/node/reference-server.mjs --transport http --port $PORT" \
  --server-url "http://127.0.0.1:$PORT/mcp" \
  --scenarios "$SCENARIOS" \
  "$@"
