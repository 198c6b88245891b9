// The official MCP conformance suite (through ../shared/scripts/conformance.sh, which runs the pinned runner
// on Node 22 with npx) against the reference server over HTTP, every server scenario about what it offers, at
// both revisions. It runs in `npm test` so that those scenarios keep passing. The runner script ships beside
// this project's checkout in CI; where it is not there, the test says so and is skipped.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../test-support/paths';

const run = promisify(execFile);
const runnerScript = process.env.CONFORMANCE_SH ?? path.join(PROJECT_ROOT, '..', 'shared', 'scripts', 'conformance.sh');
const available = existsSync(runnerScript);
if (!available) console.log(`[conformance] skipped: the conformance runner script is not at ${runnerScript} (set CONFORMANCE_SH)`);

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map(dir => rm(dir, { recursive: true, force: true }))));

describe.skipIf(!available)('official conformance, server side', () => {
  it('passes every scenario about resources, caching, headers, initialize and ping at both revisions', async () => {
    const out = await mkdtemp(path.join(tmpdir(), 'conformance-'));
    dirs.push(out);
    // A deadline for a runner that hangs, not a speed check: it takes about 1.5 min here.
    const { stdout } = await run('bash', [path.join(PROJECT_ROOT, 'scripts', 'conformance-reference.sh'), '--out', out], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, CONFORMANCE_SH: runnerScript },
      timeout: 420_000,
      maxBuffer: 16 * 1024 * 1024
    }).catch((err: { stdout?: string; stderr?: string; message: string }) => {
      throw new Error(`the conformance run failed: ${err.message}\n${err.stdout ?? ''}\n${err.stderr ?? ''}`);
    });
    const summaries = [...stdout.matchAll(/^server (\S+) \(.*\): (\d+) passed, (\d+) failed$/gm)].map(m => ({
      revision: m[1],
      passed: Number(m[2]),
      failed: Number(m[3])
    }));
    expect(summaries.map(s => s.revision).sort()).toEqual(['2025-11-25', '2026-07-28']);
    for (const summary of summaries) {
      expect(summary, stdout).toMatchObject({ failed: 0 });
      expect(summary.passed).toBeGreaterThanOrEqual(8);
    }
  }, 480_000);
});
