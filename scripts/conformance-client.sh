#!/usr/bin/env bash
# Runs the official MCP conformance suite (@modelcontextprotocol/conformance, through ../shared/scripts/conformance.sh,
# which fetches Node 22 with npx) with the engine as the client under test: the runner starts each scenario's mock
# server and runs the client entry of `npm run -s conformance-client -- <url>` against it
# (electron/cli/conformance-client.ts), started from its bundle (dist/node/conformance-client.mjs, rebuilt first
# when stale): npm's own start (~0.4 s) and tsx's compile (~2 s of CPU) would come once per scenario. `electron/cli/conformance-client.test.ts` runs it in `npm test`. Extra arguments go to conformance.sh
# (e.g. --requirements 2026-07-28, --out DIR).
#
#   scripts/conformance-client.sh                          # the client scenarios below, both revisions
#   SCENARIOS=sse-retry scripts/conformance-client.sh      # one scenario
#   SCENARIOS=auth scripts/conformance-client.sh           # every non-extension auth/* scenario (sign-in, docs/auth.md)
set -euo pipefail
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CONFORMANCE_SH="${CONFORMANCE_SH:-$REPO/../shared/scripts/conformance.sh}"
SCENARIOS="${SCENARIOS:-initialize,sse-retry,request-metadata,http-standard-headers,http-custom-headers,sep-2322-client-request-state,json-schema-ref-no-deref,json-schema-2020-12-preservation}"
# The runner's auth/* client scenarios of 2025-11-25 and 2026-07-28 (extensions and the 2025-03-26 back-compat ones left out).
AUTH_SCENARIOS="auth/metadata-default,auth/metadata-var1,auth/metadata-var2,auth/metadata-var3,auth/basic-cimd,auth/scope-from-www-authenticate,auth/scope-from-scopes-supported,auth/scope-omitted-when-undefined,auth/scope-step-up,auth/scope-retry-limit,auth/token-endpoint-auth-basic,auth/token-endpoint-auth-post,auth/token-endpoint-auth-none,auth/pre-registration,auth/resource-mismatch,auth/offline-access-scope,auth/offline-access-not-supported,auth/authorization-server-migration,auth/iss-supported,auth/iss-not-advertised,auth/iss-supported-missing,auth/iss-wrong-issuer,auth/iss-unexpected,auth/iss-normalized,auth/metadata-issuer-mismatch"
[[ "$SCENARIOS" == auth ]] && SCENARIOS="$AUTH_SCENARIOS"
[[ -x "$CONFORMANCE_SH" ]] || { echo "conformance-client: $CONFORMANCE_SH not found (set CONFORMANCE_SH)" >&2; exit 2; }

cd "$REPO"
node scripts/build-node.mjs --if-stale
exec "$CONFORMANCE_SH" \
  --client-command "exec node dist/node/conformance-client.mjs" \
  --scenarios "$SCENARIOS" \
  "$@"
