// followEngineEvents with sign-in: a server signing in or out refetches what the page read from it (a read refused
// for want of sign-in or scope, or private content read as someone else), and nothing else does.
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuthStatus, EngineClient, EngineEvents, ServerState } from '../../shared/contract';
import { followEngineEvents } from './engine-events';
import { queryKeys } from './keys';

/** Only the events matter here: an EngineClient whose `serverState` the test emits. */
function eventSource() {
  const listeners: ((state: ServerState) => void)[] = [];
  const engine = {
    mode: 'browser',
    call: () => Promise.reject(new Error('no calls in this test')),
    on: (event: keyof EngineEvents, listener: (payload: never) => void) => {
      if (event === 'serverState') listeners.push(listener as (state: ServerState) => void);
      return () => undefined;
    }
  } as unknown as EngineClient;
  return { engine, emit: (state: ServerState) => listeners.forEach(l => l(state)) };
}

const state = (auth: AuthStatus): ServerState => ({ id: 'secure', transport: 'http', endpoint: 'http://127.0.0.1:1/mcp', status: 'connected', reconnectAttempt: 0, auth });

let stop: (() => void) | undefined;
afterEach(() => stop?.());

describe('followEngineEvents and sign-in', () => {
  it('invalidates the server’s reads when it signs in or out, not on other changes', () => {
    const queryClient = new QueryClient();
    const { engine, emit } = eventSource();
    stop = followEngineEvents(engine, queryClient);
    const read = queryKeys.resourcesRead('secure', 'ref://auth/secret');
    const otherServer = queryKeys.resourcesRead('other', 'ref://auth/secret');
    const fresh = () => {
      queryClient.setQueryData(read, { contents: [] });
      queryClient.setQueryData(otherServer, { contents: [] });
    };
    const invalidated = () => [queryClient.getQueryState(read)?.isInvalidated, queryClient.getQueryState(otherServer)?.isInvalidated];

    queryClient.setQueryData(queryKeys.servers(), [state({ state: 'required' })]);
    fresh();
    emit(state({ state: 'pending', step: 'awaiting-browser' }));
    expect(invalidated()).toEqual([false, false]);
    emit(state({ state: 'signed-in', scopes: ['mcp', 'ref:secret'] }));
    expect(invalidated()).toEqual([true, false]);

    fresh();
    emit(state({ state: 'signed-in', scopes: ['mcp', 'ref:secret'], expiresAt: 5 }));
    expect(invalidated()).toEqual([false, false]);
    emit(state({ state: 'required' }));
    expect(invalidated()).toEqual([true, false]);
  });
});
