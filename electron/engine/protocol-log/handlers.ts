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

export function logHandlers(log: ProtocolLog, deps: LogHandlerDeps): HandlerMap<LogMethods> {
  return {
    'log.query': async query => log.query(query),
    'log.clear': async ({ serverId }) => ({ cleared: log.clear(serverId) }),
    'log.setPaused': async ({ paused }) => ({ paused: log.setPaused(paused) }),
    'log.setCap': async ({ cap }) => log.setCap(cap),
    'log.replay': async ({ serverId, method, params }) => {
      const client = await deps.clientFor(serverId);
      const { outcome, logSeq } = await log.withReplay(method, () =>
        client.request({ method, params }, anyResult, { timeout: REPLAY_TIMEOUT_MS })
      );
      return outcome.status === 'fulfilled' ? { result: outcome.value, logSeq } : { error: appErrorFrom(outcome.reason), logSeq };
    }
  };
}
