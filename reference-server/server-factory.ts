// Builds one MCP server instance over the shared registry. The same factory serves both eras: stdio pins one
// instance per connection, the modern HTTP leg builds one per request, and each 2025 HTTP session gets its own.
import { McpServer, ProtocolError, ProtocolErrorCode, isInputRequiredResult, type ServerContext } from '@modelcontextprotocol/server';
import { setTimeout as delay } from 'node:timers/promises';
import * as z from 'zod';
import type { ReferenceApp } from './app';
import { listTtlMs } from './live';
import { log } from './log';

const SERVER_INFO = { name: 'mcp-reference-server', version: '1.0.0' };

export interface FactoryOptions {
  era: 'modern' | 'legacy';
  /**
   * Whether this instance pushes change notifications itself. True for stdio connections and 2025 HTTP
   * sessions; false for the per-request instances of the modern HTTP leg, whose notifications go through
   * the handler's listen router instead.
   */
  pushesNotifications: boolean;
  /** Restricts the protocol versions offered (used by --era legacy). */
  protocolVersions?: string[];
}

export function createReferenceServer(app: ReferenceApp, opts: FactoryOptions): McpServer {
  const server = new McpServer(SERVER_INFO, {
    capabilities: {
      resources: { subscribe: true, listChanged: true },
      completions: {},
      tools: {},
      prompts: {}
    },
    instructions: 'Reference MCP server: every resource feature of MCP 2026-07-28 and 2025-11-25. See docs/reference-server.md.',
    // Each hint follows how often the result really changes (docs/reference-server.md, "Cache hints"): the
    // resource list changes with the ticks and the disk; templates, tools, prompts and discovery never do.
    cacheHints: {
      'resources/list': { ttlMs: listTtlMs(app.options.updateIntervalMs), cacheScope: 'public' },
      'resources/templates/list': { ttlMs: 3_600_000, cacheScope: 'public' },
      'tools/list': { ttlMs: 3_600_000, cacheScope: 'public' },
      'prompts/list': { ttlMs: 3_600_000, cacheScope: 'public' },
      'server/discover': { ttlMs: 3_600_000, cacheScope: 'public' }
    },
    requestState: { verify: app.stateCodec.verify },
    ...(opts.protocolVersions ? { supportedProtocolVersions: opts.protocolVersions } : {})
  });
  const { registry, live } = app;
  const low = server.server;

  const { listDelayMs } = app.options;
  low.setRequestHandler('resources/list', async req => {
    if (listDelayMs > 0) await delay(listDelayMs);
    return registry.listResources(req.params?.cursor);
  });
  low.setRequestHandler('resources/templates/list', req => registry.listTemplates(req.params?.cursor));
  low.setRequestHandler('resources/read', async (req, ctx: ServerContext) => {
    const { outcome, cache } = await registry.read(req.params.uri, ctx);
    // 2025 results carry no cache vocabulary; input-required rounds are not cacheable.
    if (opts.era === 'legacy' || isInputRequiredResult(outcome)) return outcome;
    return { ...outcome, ttlMs: cache.ttlMs, cacheScope: cache.cacheScope };
  });
  low.setRequestHandler('completion/complete', async req => {
    const { ref, argument, context } = req.params;
    if (ref.type !== 'ref/resource') throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'This server completes resource template arguments only');
    return { completion: await registry.complete(ref.uri, argument.name, argument.value, context?.arguments ?? {}) };
  });

  const legacySubscriptions = new Set<string>();
  if (opts.era === 'legacy') {
    low.setRequestHandler('resources/subscribe', req => {
      // Only what this server serves can be watched: not found, or -32602 with a reason (malformed URI, ...).
      registry.checkWatchable(req.params.uri);
      legacySubscriptions.add(req.params.uri);
      return {};
    });
    low.setRequestHandler('resources/unsubscribe', req => {
      legacySubscriptions.delete(req.params.uri);
      return {};
    });
  }

  server.registerTool('bump_counter', {
    title: 'Bump the counter', description: 'Increments ref://live/counter now (sends resources/updated to its subscribers)',
    annotations: { idempotentHint: false, readOnlyHint: false }
  }, async () => ({ content: [{ type: 'text', text: String(live.bumpCounter()) }] }));
  server.registerTool('touch_resource', {
    title: 'Announce an update', description: 'Sends notifications/resources/updated for a URI to its subscribers',
    inputSchema: z.object({ uri: z.string().min(1) })
  }, async ({ uri }) => {
    live.touch(uri);
    return { content: [{ type: 'text', text: `updated ${uri}` }] };
  });
  server.registerTool('set_ephemeral', {
    title: 'Show or hide the ephemeral resource', description: 'Adds or removes ref://live/ephemeral (sends list_changed)',
    inputSchema: z.object({ present: z.boolean() })
  }, async ({ present }) => {
    live.setEphemeral(present);
    return { content: [{ type: 'text', text: present ? 'present' : 'absent' }] };
  });
  server.registerPrompt('summarize_resource', {
    title: 'Summarize a resource', description: 'Asks the model to summarize one resource of this server',
    argsSchema: z.object({ uri: z.string() })
  }, ({ uri }) => ({
    messages: [{ role: 'user', content: { type: 'text', text: `Summarize the resource ${uri} in three sentences.` } }]
  }));

  if (opts.pushesNotifications) {
    const unsubscribe = live.subscribe(event => {
      if (!server.isConnected()) return;
      if (event.type === 'listChanged') {
        void low.sendResourceListChanged().catch(() => undefined);
      } else if (opts.era === 'modern' || legacySubscriptions.has(event.uri)) {
        // On a modern stdio connection serveStdio routes this to the listen streams that asked for the URI.
        void low.sendResourceUpdated({ uri: event.uri }).catch(() => undefined);
      }
    });
    const previous = low.onclose;
    low.onclose = () => {
      previous?.();
      unsubscribe();
      if (opts.era === 'legacy') log('a 2025-era connection closed');
    };
  }
  return server;
}
