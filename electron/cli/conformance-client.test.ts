// The official MCP conformance suite's client scenarios (through ../shared/scripts/conformance.sh, which runs the
// pinned runner on Node 22 with npx) with the engine as the client (scripts/conformance-client.sh runs
// `npm run -s conformance-client`, electron/cli/conformance-client.ts, against each scenario's mock server), at
// both revisions. It runs in `npm test` so that those scenarios keep passing. The runner script ships beside this
// project's checkout; where it is not there, the test says so and is skipped.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../test-support/paths';

const run = promisify(execFile);
const runnerScript = process.env.CONFORMANCE_SH ?? path.join(PROJECT_ROOT, '..', 'shared', 'scripts', 'conformance.sh');
const available = existsSync(runnerScript);
if (!available) console.log(`[conformance] skipped: the conformance runner script is not at ${runnerScript} (set CONFORMANCE_SH)`);

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map(dir => rm(dir, { recursive: true, force: true }))));

describe.skipIf(!available)('official conformance, client side', () => {
  it('passes every listed client scenario at every revision it applies to, and the client never fails a run', async () => {
    const out = await mkdtemp(path.join(tmpdir(), 'conformance-client-'));
    dirs.push(out);
    // A deadline for a runner that hangs, not a speed check: it takes under a minute here.
    const { stdout } = await run('bash', [path.join(PROJECT_ROOT, 'scripts', 'conformance-client.sh'), '--out', out], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, CONFORMANCE_SH: runnerScript },
      timeout: 420_000,
      maxBuffer: 16 * 1024 * 1024
    }).catch((err: { stdout?: string; stderr?: string; message: string }) => {
      throw new Error(`the conformance run failed: ${err.message}\n${err.stdout ?? ''}\n${err.stderr ?? ''}`);
    });
    const summaries = Object.fromEntries(
      [...stdout.matchAll(/^client (\S+) \(.*\): (\d+) passed, (\d+) failed {2}\[.*exit (\d+)\]$/gm)].map(m => [m[1], { passed: Number(m[2]), failed: Number(m[3]), exit: Number(m[4]) }])
    );
    // initialize and sse-retry apply to 2025-11-25 only, the SEP-2243/2575/2322/2106 ones to 2026-07-28 only;
    // json-schema-2020-12-preservation to both. A runner exit of 0 also means the client exited 0 every time.
    expect(summaries, stdout).toEqual({
      '2025-11-25': { passed: 3, failed: 0, exit: 0 },
      '2026-07-28': { passed: 6, failed: 0, exit: 0 }
    });
  }, 480_000);
});
