// Test support: runs one of the project's conformance scripts (scripts/conformance-*.sh, which call
// ../shared/scripts/conformance.sh: the pinned official runner on Node 22 through npx) and reads its summary, one
// line per suite and revision: `<leg> <revision> (...): N passed, M failed  [Xs, exit E]`. The runner script ships
// beside this project's checkout; `conformanceAvailable` says whether it is there (tests skip, saying why, if not).
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
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

/** The line without its terminal colour codes (ESC [ … m). */
const stripColours = (line: string) => line.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '');

/** The runner's lines about failed checks and clients that failed, from the logs of a run in `out`. */
async function failuresIn(out: string): Promise<string> {
  const logs = (await readdir(out)).filter(name => name.endsWith('.log'));
  const lines: string[] = [];
  for (const name of logs) {
    for (const line of (await readFile(path.join(out, name), 'utf8')).split('\n')) {
      if (/FAILURE|EXITED WITH ERROR|timed out|^--- /.test(line)) lines.push(`${name}: ${stripColours(line)}`);
    }
  }
  return lines.join('\n');
}

/**
 * Runs `scripts/<script>` (`args` go to conformance.sh, e.g. `--timeout`; `env` to the script, e.g. `SCENARIOS`) and
 * returns its output and the summary per revision of the `leg` suite. On a failed run the results are kept, and the
 * error quotes their failures.
 */
export async function runConformance(
  script: string,
  leg: 'server' | 'client',
  args: string[] = [],
  env: Record<string, string> = {}
): Promise<{ stdout: string; summaries: Record<string, SuiteSummary> }> {
  const out = await mkdtemp(path.join(tmpdir(), 'conformance-'));
  // A deadline for a runner that hangs, not a speed check: a run takes one to three minutes here.
  const { stdout } = await promisify(execFile)('bash', [path.join(PROJECT_ROOT, 'scripts', script), '--out', out, ...args], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, ...env, CONFORMANCE_SH: conformanceRunner },
    timeout: 900_000,
    maxBuffer: 16 * 1024 * 1024
  }).catch(async (err: { stdout?: string; stderr?: string; message: string }) => {
    throw new Error(`the conformance run failed (results kept in ${out}): ${err.message}\n${err.stdout ?? ''}\n${err.stderr ?? ''}\n${await failuresIn(out).catch(() => '')}`);
  });
  await rm(out, { recursive: true, force: true });
  const line = new RegExp(`^${leg} (\\S+) \\(.*\\): (\\d+) passed, (\\d+) failed {2}\\[.*exit (\\d+)\\]$`, 'gm');
  const summaries = Object.fromEntries([...stdout.matchAll(line)].map(m => [m[1], { passed: Number(m[2]), failed: Number(m[3]), exit: Number(m[4]) }]));
  return { stdout, summaries };
}
