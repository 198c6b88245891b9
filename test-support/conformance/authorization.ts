// Test support: the official conformance runner's authorization-server scenarios
// (`authorization-server-metadata-endpoint`, `authorization-code-grant`), run with the runner's own
// `authorization` command on Node 22 through npx (conformance.sh covers the server and client suites only).
// The code-grant scenario prints an authorization URL for a person to open; `authorize` stands in for that person
// and must deliver the redirect to the runner's callback server. When npx cannot fetch the runner (no network),
// the run says so in `unavailable` instead of failing.
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { createInterface } from 'node:readline';

const RUNNER = ['-y', '-p', 'node@22', '-p', '@modelcontextprotocol/conformance@0.2.0-alpha.12', 'conformance', 'authorization'];

export interface AuthorizationConformance {
  /** Per scenario, from the runner's summary. */
  scenarios: Record<string, { passed: number; failed: number }>;
  exitCode: number | null;
  output: string;
  /** Why the runner could not be run at all (it never started its scenarios). */
  unavailable?: string;
}

export async function runAuthorizationConformance(options: {
  issuer: string;
  clientId: string;
  resource: string;
  callbackPort: number;
  /** Opens the authorization URL the runner prints, as a user's browser would, and delivers the redirect. */
  authorize(url: string): Promise<void>;
}): Promise<AuthorizationConformance> {
  const child = spawn('npx', [...RUNNER, '--url', options.issuer, '--client-id', options.clientId, '--resource', options.resource, '--port', String(options.callbackPort)], {
    cwd: tmpdir(), stdio: ['ignore', 'pipe', 'pipe']
  });
  let output = '';
  let authorizing: Promise<void> | undefined;
  let authorizeError: unknown;
  const prefix = `${options.issuer}/authorize?`;
  createInterface({ input: child.stdout }).on('line', line => {
    output += `${line}\n`;
    if (!authorizing && line.startsWith(prefix)) {
      // The runner starts its callback server right after printing the URL; give it that moment.
      authorizing = new Promise(resolve => setTimeout(resolve, 500)).then(() => options.authorize(line)).catch((e: unknown) => {
        authorizeError = e;
      });
    }
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  // A deadline for a runner that hangs (its own wait for the callback is 5 minutes), not a speed check.
  const timer = setTimeout(() => child.kill('SIGKILL'), 240_000);
  const exitCode = await new Promise<number | null>(resolve => child.once('close', code => resolve(code)));
  clearTimeout(timer);
  await authorizing;
  if (authorizeError) throw new Error(`driving the authorization URL failed: ${(authorizeError as Error).message}\n${output}`, { cause: authorizeError });
  const scenarios = Object.fromEntries([...output.matchAll(/^[✓✗] (\S+): (\d+) passed, (\d+) failed$/gmu)]
    .map(m => [m[1], { passed: Number(m[2]), failed: Number(m[3]) }]));
  const started = output.includes('=== Running scenario');
  return { scenarios, exitCode, output, ...(started ? {} : { unavailable: output.trim().split('\n').slice(-5).join('\n') }) };
}
