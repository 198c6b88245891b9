// followEngineEvents: a server signing in or out refetches what the page read from it (a read refused for want of
// sign-in or scope, or private content read as someone else), and nothing else does; a state that arrives while the
// server list is being fetched is not undone by that fetch's older snapshot.
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuthStatus, EngineClient, EngineEvents, ServerState } from '../../shared/contract';
import { followEngineEvents } from './engine-events';
import { queryKeys } from './keys';
import { serversQuery } from './use-servers';

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

describe('followEngineEvents and the server list', () => {
  const server = (status: ServerState['status']): ServerState => ({ id: 'ref00', transport: 'stdio', endpoint: 'node ref.mjs', status, reconnectAttempt: 0 });
  const settle = () => new Promise(resolve => setTimeout(resolve, 20));

  /** An engine whose first `servers.list` reply the test hands on itself; later calls answer `later` at once. */
  function listingEngine(later: ServerState[]) {
    const listeners: ((state: ServerState) => void)[] = [];
    let answerFirst: (list: ServerState[]) => void = () => undefined;
    const calls: string[] = [];
    const engine = {
      mode: 'browser',
      call: (method: string) => {
        calls.push(method);
        return calls.length === 1 ? new Promise<ServerState[]>(resolve => (answerFirst = resolve)) : Promise.resolve(later);
      },
      on: (event: keyof EngineEvents, listener: (payload: never) => void) => {
        if (event === 'serverState') listeners.push(listener as (state: ServerState) => void);
        return () => undefined;
      }
    } as unknown as EngineClient;
    return { engine, calls, answerFirst: (list: ServerState[]) => answerFirst(list), emit: (state: ServerState) => listeners.forEach(l => l(state)) };
  }

  it('keeps a state handed on just after the list’s reply, before the query stored it, by asking for the list again', async () => {
    const queryClient = new QueryClient();
    const { engine, calls, answerFirst, emit } = listingEngine([server('connected')]);
    stop = followEngineEvents(engine, queryClient);
    // The first screen's prefetch: no observer yet.
    const fetched = queryClient.fetchQuery(serversQuery(engine));
    await settle();
    // One group from the inbox: the reply (the server still connecting when the engine answered), then its next state.
    answerFirst([server('connecting')]);
    emit(server('connected'));
    await fetched;
    await settle();
    expect(queryClient.getQueryData<ServerState[]>(queryKeys.servers())?.[0]?.status).toBe('connected');
    expect(calls).toEqual(['servers.list', 'servers.list']);
  });

  it('asks for nothing more when states arrive with no fetch under way', async () => {
    const queryClient = new QueryClient();
    const { engine, calls, answerFirst, emit } = listingEngine([]);
    stop = followEngineEvents(engine, queryClient);
    const fetched = queryClient.fetchQuery(serversQuery(engine));
    await settle();
    answerFirst([server('connecting')]);
    await fetched;
    emit(server('connected'));
    await settle();
    expect(queryClient.getQueryData<ServerState[]>(queryKeys.servers())?.[0]?.status).toBe('connected');
    expect(calls).toEqual(['servers.list']);
  });
});
