// The official MCP conformance suite's client scenarios with the engine as the client (scripts/conformance-client.sh
// runs `npm run -s conformance-client`, electron/cli/conformance-client.ts, against each scenario's mock server),
// at both revisions: the protocol scenarios, and the auth/* ones (sign-in against the runner's mock authorization
// servers: discovery, registration, PKCE, scopes and step-up, iss checks). It runs in `npm test` so that those scenarios keep passing; skipped, saying why, where the
// runner script is absent (test-support/conformance/run.ts).
import { describe, expect, it } from 'vitest';
import { conformanceAvailable, runConformance } from '../../test-support/conformance/run';

describe.skipIf(!conformanceAvailable)('official conformance, client side', () => {
  it('passes every listed client scenario at every revision it applies to, and the client never fails a run', async () => {
    // Each scenario starts the client (npm, tsx, a new engine): on a machine busy with the rest of the suite that
    // alone took past the runner's default 30 s, so its limit per scenario is raised.
    const { stdout, summaries } = await runConformance('conformance-client.sh', 'client', ['--timeout', '120000']);
    // initialize and sse-retry apply to 2025-11-25 only, the SEP-2243/2575/2322/2106 ones to 2026-07-28 only,
    // json-schema-2020-12-preservation to both. A runner exit of 0 also means the client exited 0 every time.
    expect(summaries, stdout).toEqual({
      '2025-11-25': { passed: 3, failed: 0, exit: 0 },
      '2026-07-28': { passed: 6, failed: 0, exit: 0 }
    });
  }, 900_000);

  it('passes every non-extension auth scenario at both revisions', async () => {
    // One runner per scenario, one after another (about three minutes here): the runner's own `--suite auth` runs
    // them all at once, which on two cores starved each client past its limit, and leaves the 2026-only ones out.
    const { stdout, summaries } = await runConformance('conformance-client.sh', 'client', ['--timeout', '120000'], { SCENARIOS: 'auth' });
    // 14 apply to 2025-11-25; 2026-07-28 adds resource-mismatch, offline-access (2), authorization-server-migration,
    // the six iss-* (RFC 9207) and metadata-issuer-mismatch.
    expect(summaries, stdout).toEqual({
      '2025-11-25': { passed: 14, failed: 0, exit: 0 },
      '2026-07-28': { passed: 25, failed: 0, exit: 0 }
    });
  }, 900_000);
});
