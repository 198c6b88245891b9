#!/usr/bin/env bash
# Runs the official MCP conformance suite (@modelcontextprotocol/conformance, through ../shared/scripts/conformance.sh,
# which fetches Node 22 with npx) with the engine as the client under test: the runner starts each scenario's mock
# server and runs `npm run -s conformance-client -- <url>` against it (electron/cli/conformance-client.ts). Not part
# of `npm test`: it takes minutes. Extra arguments go to conformance.sh (e.g. --requirements 2026-07-28, --out DIR).
#
#   scripts/conformance-client.sh                          # the client scenarios below, both revisions
#   SCENARIOS=sse-retry scripts/conformance-client.sh      # one scenario
set -euo pipefail
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CONFORMANCE_SH="${CONFORMANCE_SH:-$REPO/../shared/scripts/conformance.sh}"
SCENARIOS="${SCENARIOS:-initialize,sse-retry,request-metadata,http-standard-headers,http-custom-headers,sep-2322-client-request-state,json-schema-ref-no-deref,json-schema-2020-12-preservation}"
[[ -x "$CONFORMANCE_SH" ]] || { echo "conformance-client: $CONFORMANCE_SH not found (set CONFORMANCE_SH)" >&2; exit 2; }

cd "$REPO"
exec "$CONFORMANCE_SH" \
  --client-command "exec npm run -s conformance-client --" \
  --scenarios "$SCENARIOS" \
  "$@"
