// Test helpers: real SDK clients of the real reference server, over HTTP (a URL: start the server with
// HttpReferenceServer, http-server.ts) or stdio (a child process per connection, which the client's transport owns).
import { Client, StreamableHTTPClientTransport, type ClientOptions } from '@modelcontextprotocol/client';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/client/stdio';
import type { StdioServerConfig } from '../../shared/contract';
import { referenceServerEntry } from '../../electron/engine/config/default-server';

export type ClientEra = 'modern' | 'legacy';

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
