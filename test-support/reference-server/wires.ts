// One check, run with an SDK client of each era over each wire. For tests whose server has flags of its own:
// HTTP connects to a running server, stdio starts a server per connection with the same flags.
import type { Client, ClientOptions } from '@modelcontextprotocol/client';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { connectHttp, connectStdio, type ClientEra } from './harness';
import { HttpReferenceServer } from './http-server';

export type Wire = 'http' | 'stdio';

/** Where a check connects: the running HTTP server's URL, and the flags a stdio server is started with. */
export interface WireTarget {
  url: string;
  args: string[];
}

/**
 * An HTTP server (started in beforeAll, stopped in afterAll) on a sandbox directory of its own, removed
 * afterwards. `prepare` may put files in it first: an empty directory is filled by the server, any other is
 * served as it is. The returned function gives the target (and the directory) once the server is up.
 */
export function serverOnOwnSandbox(flags: string[], prepare?: (dir: string) => void): () => WireTarget & { dir: string } {
  let dir = '';
  let args: string[] = [];
  let server: HttpReferenceServer | undefined;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'reference-sandbox-'));
    prepare?.(dir);
    args = [...flags, '--sandbox-dir', dir];
    server = await HttpReferenceServer.start(args);
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  return () => ({ url: server!.url, args, dir });
}

export async function connectOver(wire: Wire, era: ClientEra, target: WireTarget, options: ClientOptions = {}): Promise<Client> {
  if (wire === 'http') return connectHttp(target.url, era, options);
  const { client, transport } = await connectStdio(era, target.args, options);
  transport.stderr?.on('data', () => undefined); // drained, so the child never blocks on a full pipe
  return client;
}

/**
 * Four tests, `<title>, <era> client > over <wire>`: each runs `check` with a freshly connected client and
 * closes it. `target` is called when the test runs, so a server started in beforeAll can provide it.
 */
export function eachEraAndWire(title: string, target: () => WireTarget, check: (client: Client, era: ClientEra, wire: Wire) => Promise<void>, options: ClientOptions = {}): void {
  describe.each<ClientEra>(['modern', 'legacy'])(`${title}, %s client`, era => {
    it.each<Wire>(['http', 'stdio'])('over %s', async wire => {
      const client = await connectOver(wire, era, target(), options);
      try {
        await check(client, era, wire);
      } finally {
        await client.close();
      }
    });
  });
}
