// Runs a real QueryClient; the list query's fetcher is a controllable promise instead of the engine,
// because what is tested is only when relists start.
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from './keys';
import { createListInvalidator } from './list-invalidation';

function setup(minPauseMs: number) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const calls: { resolve(): void; signal: AbortSignal }[] = [];
  const observer = new QueryObserver(queryClient, {
    queryKey: queryKeys.resourcesList('s'),
    queryFn: ({ signal }) => new Promise<string>(resolve => calls.push({ resolve: () => resolve(`list ${calls.length}`), signal }))
  });
  const unsubscribe = observer.subscribe(() => undefined);
  const invalidator = createListInvalidator(queryClient, minPauseMs);
  return { queryClient, calls, invalidator, dispose: () => (invalidator.dispose(), unsubscribe(), queryClient.clear()) };
}

const tick = (ms = 0) => new Promise(r => setTimeout(r, ms));
let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

describe('list invalidation', () => {
  it('relists at once when no listing is running', async () => {
    const t = setup(50);
    cleanup = t.dispose;
    await tick();
    t.calls[0].resolve();
    await tick();
    t.invalidator.listChanged('s');
    await tick();
    expect(t.calls).toHaveLength(2);
  });

  it('never cancels a running listing; relists once after it, following a pause', async () => {
    // A pause far longer than the checks' own waits, so a loaded machine's late timers cannot blur the two.
    const t = setup(600);
    cleanup = t.dispose;
    await tick();
    expect(t.calls).toHaveLength(1);
    t.invalidator.listChanged('s');
    t.invalidator.listChanged('s');
    t.invalidator.listChanged('s');
    await tick(10);
    expect(t.calls).toHaveLength(1);
    expect(t.calls[0].signal.aborted).toBe(false);
    t.calls[0].resolve();
    await tick(30);
    expect(t.calls).toHaveLength(1); // still pausing
    await vi.waitFor(() => expect(t.calls).toHaveLength(2), { timeout: 5_000, interval: 20 });
  });
});
