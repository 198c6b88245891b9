// The `log.*` methods of the engine API.
import type { Client } from '@modelcontextprotocol/client';
import * as z from 'zod';
import type { ServerId } from '../../../shared/contract';
import { appErrorFrom } from '../errors';
import type { HandlerMap } from '../handlers';
import type { ProtocolLog } from './protocol-log';

export interface LogHandlerDeps {
  /** The live client of a server (waiting for a connect in progress); rejects with the engine's typed error when there is none. */
  clientFor(serverId: ServerId): Client | Promise<Client>;
}

type LogMethods = 'log.query' | 'log.clear' | 'log.setPaused' | 'log.setCap' | 'log.replay';

const REPLAY_TIMEOUT_MS = 30_000;
// A replayed request may be any method, spec or not: the raw result is what the developer wants to see,
// so it is not validated against the method's schema (the frame itself is in the log either way).
const anyResult = z.unknown();

type ToolCallParams = Parameters<Client['callTool']>[0];

function isToolCall(params: Record<string, unknown> | undefined): params is ToolCallParams {
  return typeof params?.name === 'string' && (params.arguments === undefined || (typeof params.arguments === 'object' && params.arguments !== null));
}

/**
 * Sends a replayed request. Tools go through the SDK's own tool methods, which apply the spec's client rules
 * for them: `tools/list` records the tool definitions (and leaves out tools whose `x-mcp-header` declarations
 * are invalid), and on 2026 connections `tools/call` mirrors the parameters a tool declares with
 * `x-mcp-header` into `Mcp-Param-*` headers (SEP-2243), which such servers require. Everything else is sent
 * as it is, and its raw result comes back.
 */
function send(client: Client, method: string, params: Record<string, unknown> | undefined): Promise<unknown> {
  const options = { timeout: REPLAY_TIMEOUT_MS };
  // A replay always goes on the wire: `refresh` skips a cached list (and stores what comes back).
  if (method === 'tools/list') return client.listTools(typeof params?.cursor === 'string' ? { cursor: params.cursor } : undefined, { ...options, cacheMode: 'refresh' });
  if (method === 'tools/call' && isToolCall(params)) return client.callTool(params, options);
  return client.request({ method, params }, anyResult, options);
}

export function logHandlers(log: ProtocolLog, deps: LogHandlerDeps): HandlerMap<LogMethods> {
  return {
    'log.query': async query => log.query(query),
    'log.clear': async ({ serverId }) => ({ cleared: log.clear(serverId) }),
    'log.setPaused': async ({ paused }) => ({ paused: log.setPaused(paused) }),
    'log.setCap': async ({ cap }) => log.setCap(cap),
    'log.replay': async ({ serverId, method, params }) => {
      const client = await deps.clientFor(serverId);
      const { outcome, logSeq } = await log.withReplay(method, () => send(client, method, params));
      return outcome.status === 'fulfilled' ? { result: outcome.value, logSeq } : { error: appErrorFrom(outcome.reason), logSeq };
    }
  };
}
