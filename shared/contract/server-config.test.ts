import { describe, expect, expectTypeOf, it } from 'vitest';
import { isConfigOf, serverConfigEntrySchema, transportKindOf } from './server-config';
import type { HttpServerConfig, ServerConfigEntry, StdioServerConfig, TransportKind } from './server-config';

const command: ServerConfigEntry = { command: 'node', args: ['server.js'] };
const http = serverConfigEntrySchema.parse({ type: 'streamable-http', url: 'http://127.0.0.1:1/mcp' });
const sse: ServerConfigEntry = { type: 'sse', url: 'http://127.0.0.1:1/sse' };

describe('server config', () => {
  it('infers the config types from the schemas', () => {
    expectTypeOf<TransportKind>().toEqualTypeOf<'stdio' | 'http' | 'sse'>();
    expectTypeOf<HttpServerConfig['type']>().toEqualTypeOf<'http' | 'sse'>();
    expectTypeOf<ServerConfigEntry>().toEqualTypeOf<StdioServerConfig | HttpServerConfig>();
  });

  it('names the kind an entry asks for first', () => {
    expect([command, http, sse].map(transportKindOf)).toEqual(['stdio', 'http', 'sse']);
  });

  it('pairs command entries with stdio and URL entries with the URL kinds', () => {
    expect([command, http, sse].map(entry => isConfigOf('stdio', entry))).toEqual([true, false, false]);
    // `sse` serves an `http` entry too: it is Streamable HTTP's fallback.
    expect([command, http, sse].map(entry => isConfigOf('sse', entry))).toEqual([false, true, true]);
    expect([command, http, sse].map(entry => isConfigOf('http', entry))).toEqual([false, true, true]);
  });
});
