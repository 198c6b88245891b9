// Test support: runs one of the project's conformance scripts (scripts/conformance-*.sh, which call
// ../shared/scripts/conformance.sh: the pinned official runner on Node 22 through npx) and reads its summary, one
// line per suite and revision: `<leg> <revision> (...): N passed, M failed  [Xs, exit E]`. The runner script ships
// beside this project's checkout; `conformanceAvailable` says whether it is there (tests skip, saying why, if not).
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PROJECT_ROOT } from '../paths';

const conformanceRunner = process.env.CONFORMANCE_SH ?? path.join(PROJECT_ROOT, '..', 'shared', 'scripts', 'conformance.sh');
export const conformanceAvailable = existsSync(conformanceRunner);
if (!conformanceAvailable) console.log(`[conformance] skipped: the conformance runner script is not at ${conformanceRunner} (set CONFORMANCE_SH)`);

export interface SuiteSummary {
  passed: number;
  failed: number;
  /** The runner's exit code for that suite: 0 when every scenario passed and the client under test never failed. */
  exit: number;
}

/** Runs `scripts/<script>` and returns its output and the summary per revision of the `leg` suite. */
export async function runConformance(script: string, leg: 'server' | 'client'): Promise<{ stdout: string; summaries: Record<string, SuiteSummary> }> {
  const out = await mkdtemp(path.join(tmpdir(), 'conformance-'));
  try {
    // A deadline for a runner that hangs, not a speed check: a run takes one to three minutes here.
    const { stdout } = await promisify(execFile)('bash', [path.join(PROJECT_ROOT, 'scripts', script), '--out', out], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, CONFORMANCE_SH: conformanceRunner },
      timeout: 420_000,
      maxBuffer: 16 * 1024 * 1024
    }).catch((err: { stdout?: string; stderr?: string; message: string }) => {
      throw new Error(`the conformance run failed: ${err.message}\n${err.stdout ?? ''}\n${err.stderr ?? ''}`);
    });
    const line = new RegExp(`^${leg} (\\S+) \\(.*\\): (\\d+) passed, (\\d+) failed {2}\\[.*exit (\\d+)\\]$`, 'gm');
    const summaries = Object.fromEntries([...stdout.matchAll(line)].map(m => [m[1], { passed: Number(m[2]), failed: Number(m[3]), exit: Number(m[4]) }]));
    return { stdout, summaries };
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}
