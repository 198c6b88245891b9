// followSubscriptionEvents under a burst: the Watched list is updated once per ~frame with the latest state of
// each resource (none lost, none out of date), new watches are added, and a removal applies what was pending first.
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EngineClient, EngineEvents, SubscriptionInfo } from '../../../shared/contract';
import { followSubscriptionEvents } from './use-subscriptions';

/** Only the events matter here: an EngineClient whose subscription events the test emits. */
function eventSource() {
  const listeners = new Map<string, ((payload: never) => void)[]>();
  const engine = {
    mode: 'browser',
    call: () => Promise.reject(new Error('no calls in this test')),
    on: (event: keyof EngineEvents, listener: (payload: never) => void) => {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
      return () => undefined;
    }
  } as unknown as EngineClient;
  const emit = <E extends 'subscriptionChanged' | 'subscriptionRemoved'>(event: E, payload: EngineEvents[E]) =>
    listeners.get(event)?.forEach(l => l(payload as never));
  return { engine, emit };
}

const info = (uri: string, updates: number): SubscriptionInfo => ({ serverId: 's', uri, mechanism: 'listen', status: 'active', updates, lastUpdated: 1_000 + updates });

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  vi.useRealTimers();
});

describe('followSubscriptionEvents', () => {
  it('applies a burst as one list update per frame, keeping the latest state of every resource', () => {
    vi.useFakeTimers();
    const queryClient = new QueryClient();
    queryClient.setQueryData(['subscriptions.list'], [info('a', 0), info('b', 0)]);
    const { engine, emit } = eventSource();
    stop = followSubscriptionEvents(engine, queryClient);
    let writes = 0;
    queryClient.getQueryCache().subscribe(e => e.type === 'updated' && writes++);

    for (let n = 1; n <= 50; n++) {
      emit('subscriptionChanged', info('a', n));
      if (n % 2 === 0) emit('subscriptionChanged', info('b', n));
    }
    emit('subscriptionChanged', info('c', 1));
    expect(writes).toBe(0);
    vi.advanceTimersByTime(20);
    expect(writes).toBe(1);
    const list = queryClient.getQueryData<SubscriptionInfo[]>(['subscriptions.list']);
    expect(list?.map(s => [s.uri, s.updates])).toEqual([['a', 50], ['b', 50], ['c', 1]]);
  });

  it('a removal applies the pending changes first, then removes', () => {
    vi.useFakeTimers();
    const queryClient = new QueryClient();
    queryClient.setQueryData(['subscriptions.list'], [info('a', 0), info('b', 0)]);
    const { engine, emit } = eventSource();
    stop = followSubscriptionEvents(engine, queryClient);
    emit('subscriptionChanged', info('b', 7));
    emit('subscriptionRemoved', { serverId: 's', uri: 'a' });
    expect(queryClient.getQueryData<SubscriptionInfo[]>(['subscriptions.list'])?.map(s => [s.uri, s.updates])).toEqual([['b', 7]]);
    vi.advanceTimersByTime(20);
    expect(queryClient.getQueryData<SubscriptionInfo[]>(['subscriptions.list'])?.map(s => [s.uri, s.updates])).toEqual([['b', 7]]);
  });
});
