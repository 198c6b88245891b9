// Serving over stdio: stdout carries JSON-RPC only. With --era both, serveStdio lets the opening exchange pick
// the era; --era modern refuses the 2025 handshake; --era legacy serves one 2025 instance on a plain transport.
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/server';
import { serveStdio, StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import type { ReferenceApp } from './app';
import { log } from './log';
import { createReferenceServer } from './server-factory';
import { narrowingListens } from './watch-filter';

export const LEGACY_PROTOCOL_VERSIONS = SUPPORTED_PROTOCOL_VERSIONS.filter(v => v < '2026');

export async function serveOverStdio(app: ReferenceApp): Promise<void> {
  const onerror = (e: Error) => log(`stdio error: ${e.message}`);
  if (app.options.era === 'legacy') {
    const server = createReferenceServer(app, { era: 'legacy', pushesNotifications: true, protocolVersions: LEGACY_PROTOCOL_VERSIONS });
    server.server.onerror = onerror;
    await server.connect(new StdioServerTransport());
  } else {
    serveStdio(ctx => {
      log(`stdio connection opened (${ctx.era === 'modern' ? '2026-07-28' : '2025-11-25'} era)`);
      return createReferenceServer(app, { era: ctx.era, pushesNotifications: true });
    }, {
      legacy: app.options.era === 'modern' ? 'reject' : 'serve', onerror,
      // A listen request reaches the SDK with only the URIs this server serves (watch-filter.ts).
      transport: narrowingListens(new StdioServerTransport(), app.registry)
    });
  }
  log(`serving over stdio (era: ${app.options.era}, ${app.registry.resourceCount} resources, page size ${app.options.pageSize})`);
}
