// prefetchFirstScreen against a stand-in engine client: which servers it lists and when it gives up waiting
// depend on server states and on an engine that never answers, which the real engine cannot be made to show on
// demand. The page asking for the list before it renders is checked end to end in e2e/picker.spec.ts.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EngineClient, ServerState } from '../../shared/contract';
import { queryKeys } from '../queries/keys';
import { createQueryClient } from '../queries/query-client';
import { useUiStore } from '../state/ui-store';
import { prefetchFirstScreen } from './first-screen';
import { serverState as server } from '../../test-support/renderer/server-state';

/** Answers servers.list with `servers` (or never, or with an error); records every call. */
function engineWith(servers: ServerState[] | 'never' | Error) {
  const calls: { method: string; params: unknown }[] = [];
  const engine = {
    mode: 'browser',
    on: () => () => undefined,
    call: (method: string, params: unknown) => {
      calls.push({ method, params });
      if (method === 'servers.list') {
        if (servers === 'never') return new Promise(() => undefined);
        return servers instanceof Error ? Promise.reject(servers) : Promise.resolve(servers);
      }
      // The list calls are left running: the hooks would take them over.
      return new Promise(() => undefined);
    }
  } as unknown as EngineClient;
  return { engine, calls };
}

afterEach(() => {
  useUiStore.setState({ serverFilter: [] });
  vi.useRealTimers();
});

describe('prefetchFirstScreen', () => {
  it('asks for the list of every shown, connected server before the page renders', async () => {
    const { engine, calls } = engineWith([
      server('a', 'connected'),
      server('b', 'connecting'),
      server('c', 'connected', { disabled: true }),
      server('d', 'connected'),
      server('e', 'error')
    ]);
    const queryClient = createQueryClient();
    await prefetchFirstScreen(queryClient, engine);
    const listed = calls.filter(c => c.method === 'resources.list').map(c => (c.params as { serverId: string }).serverId);
    expect(listed).toEqual(['a', 'd']);
    expect(queryClient.getQueryData(queryKeys.servers())).toHaveLength(5);
    expect(queryClient.getQueryState(queryKeys.resourcesList('a'))?.fetchStatus).toBe('fetching');
  });

  it('asks for every shown server\'s last known list, connected or not, before any live list', async () => {
    const { engine, calls } = engineWith([server('a', 'connected'), server('b', 'connecting'), server('c', 'connected', { disabled: true })]);
    const queryClient = createQueryClient();
    await prefetchFirstScreen(queryClient, engine);
    const asked = calls.filter(c => c.method !== 'servers.list').map(c => `${c.method} ${(c.params as { serverId: string }).serverId}`);
    expect(asked).toEqual(['resources.lastKnown a', 'resources.lastKnown b', 'resources.list a']);
    expect(queryClient.getQueryState(queryKeys.lastKnownList('b'))?.fetchStatus).toBe('fetching');
  });

  it('settles the last known lists together, so they reach the page in one render; a failed one fails alone', async () => {
    const replies = new Map<string, { resolve(value: null): void; reject(error: Error): void }>();
    const engine = {
      mode: 'browser',
      on: () => () => undefined,
      call: (method: string, params: { serverId?: string }) => {
        if (method === 'servers.list') return Promise.resolve([server('a', 'connecting'), server('b', 'connecting'), server('c', 'connecting')]);
        if (method !== 'resources.lastKnown') return new Promise(() => undefined);
        return new Promise((resolve, reject) => replies.set(params.serverId!, { resolve, reject }));
      }
    } as unknown as EngineClient;
    const queryClient = createQueryClient();
    await prefetchFirstScreen(queryClient, engine);
    const status = (id: string) => queryClient.getQueryState(queryKeys.lastKnownList(id))?.status;
    replies.get('a')!.resolve(null);
    replies.get('c')!.reject(new Error('no cache'));
    await new Promise(resolve => setTimeout(resolve, 10));
    expect([status('a'), status('b'), status('c')]).toEqual(['pending', 'pending', 'pending']);
    replies.get('b')!.resolve(null);
    await vi.waitFor(() => expect([status('a'), status('b'), status('c')]).toEqual(['success', 'success', 'error']));
  });

  it('lists only the servers the server filter shows', async () => {
    useUiStore.setState({ serverFilter: ['d'] });
    const { engine, calls } = engineWith([server('a', 'connected'), server('d', 'connected')]);
    await prefetchFirstScreen(createQueryClient(), engine);
    expect(calls.filter(c => c.method === 'resources.list').map(c => (c.params as { serverId: string }).serverId)).toEqual(['d']);
  });

  it('stops waiting for an engine that does not answer, and lets the page render', async () => {
    vi.useFakeTimers();
    const { engine } = engineWith('never');
    let done = false;
    const prefetched = prefetchFirstScreen(createQueryClient(), engine, 300).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(299);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await prefetched;
    expect(done).toBe(true);
  });

  it('resolves when the server list fails; the query keeps the error for the page to show', async () => {
    const { engine, calls } = engineWith(new Error('engine down'));
    const queryClient = createQueryClient();
    const firstScreen = await prefetchFirstScreen(queryClient, engine);
    expect(queryClient.getQueryState(queryKeys.servers())?.status).toBe('error');
    expect(calls.map(c => c.method)).toEqual(['servers.list']);
    // Nothing to draw: the engine need not hold its servers for it.
    await expect(firstScreen.lastKnown).resolves.toBeUndefined();
  });

  it('says the last known lists are in once every shown server’s reply has come, answered or failed', async () => {
    let answer!: () => void;
    const answered = new Promise<null>(resolve => (answer = () => resolve(null)));
    const engine = {
      mode: 'browser',
      on: () => () => undefined,
      call: (method: string, params: { serverId?: string }) => {
        if (method === 'servers.list') return Promise.resolve([server('a', 'connecting'), server('b', 'connecting')]);
        if (method === 'resources.lastKnown') return params.serverId === 'a' ? answered : Promise.reject(new Error('gone'));
        return new Promise(() => undefined);
      }
    } as unknown as EngineClient;
    const firstScreen = await prefetchFirstScreen(createQueryClient(), engine);
    let settled = false;
    void firstScreen.lastKnown.then(() => (settled = true));
    await new Promise(resolve => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    answer();
    await firstScreen.lastKnown;
    expect(settled).toBe(true);
  });
});
