// Test helpers: start the real reference server (HTTP or stdio child process) and connect real SDK clients.
// Every process started here is killed by the returned stop function.
import { Client, StreamableHTTPClientTransport, type ClientOptions } from '@modelcontextprotocol/client';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/client/stdio';
import type { ChildProcess } from 'node:child_process';
import type { StdioServerConfig } from '../../shared/contract';
import { referenceServerEntry } from '../../electron/engine/config/default-server';
import { stopChild, waitForLine } from '../processes';
import { spawnReferenceServer } from './launch';

export type ClientEra = 'modern' | 'legacy';

export interface RunningHttpServer {
  url: string;
  child: ChildProcess;
  stderr(): string;
  stop(): Promise<void>;
}

/**
 * Starts the reference server over HTTP on `port` (0: any free port) and resolves once it listens. The
 * deadline is for a process that never comes up, not a speed check: under load a start took 15 s.
 */
export async function startHttpServer(args: string[] = [], { port = 0, timeoutMs = 60_000 } = {}): Promise<RunningHttpServer> {
  const child = spawnReferenceServer(['--transport', 'http', '--port', String(port), ...args], ['ignore', 'pipe', 'pipe']);
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdout!.resume();
  const stop = () => stopChild(child, 3000);
  const listening = await waitForLine(child, 'stderr', /listening on (http:\/\/\S+)/, timeoutMs).catch(async (e: Error) => {
    await stop();
    throw new Error(`reference server did not start: ${e.message}`);
  });
  return { url: listening[1], child, stderr: () => stderr, stop };
}

export function newClient(era: ClientEra, options: ClientOptions = {}): Client {
  return new Client({ name: 'reference-server-tests', version: '1.0.0' }, {
    versionNegotiation: { mode: era === 'modern' ? 'auto' : 'legacy' },
    capabilities: { elicitation: { form: {}, url: {} } },
    ...options
  });
}

export async function connectHttp(url: string, era: ClientEra, options: ClientOptions = {}): Promise<Client> {
  const client = newClient(era, options);
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

/** An SDK stdio transport for a raw client of the server `entry` runs; its stderr piped (to be read or drained) or ignored. */
export function stdioClientTransport(entry: StdioServerConfig, stderr: 'pipe' | 'ignore' = 'pipe'): StdioClientTransport {
  return new StdioClientTransport({ command: entry.command, args: entry.args, cwd: entry.cwd, env: { ...getDefaultEnvironment(), ...entry.env }, stderr });
}

/** The reference server over stdio, launched as the app launches its embedded default, with `args`. */
export function stdioTransport(args: string[] = []): StdioClientTransport {
  return stdioClientTransport(referenceServerEntry(args));
}

/**
 * A stdio client. The modern era is pinned rather than probed: `auto` over stdio spawns a throwaway probe
 * process per connect, which the era tests cover once; pinning keeps the rest of the suite fast.
 */
export async function connectStdio(era: ClientEra, args: string[] = [], options: ClientOptions = {}): Promise<{ client: Client; transport: StdioClientTransport }> {
  const client = newClient(era, era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } }, ...options } : options);
  const transport = stdioTransport(args);
  await client.connect(transport);
  return { client, transport };
}

/** Resolves with the first value `probe` returns that is not undefined, polling every `everyMs`. */
export async function eventually<T>(probe: () => T | undefined, timeoutMs = 10_000, everyMs = 25): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise(r => setTimeout(r, everyMs));
  }
}
