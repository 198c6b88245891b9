// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServerState } from '../../../shared/contract';
import { CONNECTING_COUNTS_MS, useSettling } from './use-settling';
import { serverState as server } from '../../../test-support/renderer/server-state';

interface Props {
  loading: boolean;
  servers: ServerState[];
  ids: string[];
}

const render = (initialProps: Props) => renderHook((p: Props) => useSettling(p.loading, p.servers, p.ids), { initialProps });

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] }));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useSettling', () => {
  it('is settled when every shown server is connected and nothing is listing, and not while a listing runs', () => {
    const { result, rerender } = render({ loading: false, servers: [server('a', 'connected')], ids: ['a'] });
    expect(result.current).toBe(false);
    rerender({ loading: true, servers: [server('a', 'connected')], ids: ['a'] });
    expect(result.current).toBe(true);
  });

  it('counts a server waiting for its turn to boot for as long as it waits', async () => {
    const { result } = render({ loading: false, servers: [server('a', 'connected'), server('b', 'disconnected', { startQueued: true })], ids: ['a', 'b'] });
    expect(result.current).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(CONNECTING_COUNTS_MS * 3));
    expect(result.current).toBe(true);
  });

  it('counts a connecting server until it has been connecting for CONNECTING_COUNTS_MS, then no longer', async () => {
    const { result } = render({ loading: false, servers: [server('a', 'connected'), server('hung', 'connecting')], ids: ['a', 'hung'] });
    expect(result.current).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(CONNECTING_COUNTS_MS - 1));
    expect(result.current).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(result.current).toBe(false);
  });

  it('gives each connecting server its own time, from when the page saw it start', async () => {
    const { result, rerender } = render({ loading: false, servers: [server('hung', 'connecting'), server('b', 'disconnected', { startQueued: true })], ids: ['hung', 'b'] });
    await act(() => vi.advanceTimersByTimeAsync(CONNECTING_COUNTS_MS / 2));
    rerender({ loading: false, servers: [server('hung', 'connecting'), server('b', 'connecting')], ids: ['hung', 'b'] });
    await act(() => vi.advanceTimersByTimeAsync(CONNECTING_COUNTS_MS / 2));
    // `hung` is past its time, `b` has half of its own left.
    expect(result.current).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(CONNECTING_COUNTS_MS / 2));
    expect(result.current).toBe(false);
  });

  it('counts a server again when it starts connecting anew', async () => {
    const { result, rerender } = render({ loading: false, servers: [server('a', 'connecting')], ids: ['a'] });
    await act(() => vi.advanceTimersByTimeAsync(CONNECTING_COUNTS_MS));
    expect(result.current).toBe(false);
    rerender({ loading: false, servers: [server('a', 'error')], ids: ['a'] });
    await act(() => vi.advanceTimersByTimeAsync(0));
    rerender({ loading: false, servers: [server('a', 'connecting')], ids: ['a'] });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(result.current).toBe(true);
  });

  it('leaves out servers that are not shown', () => {
    const { result } = render({ loading: false, servers: [server('a', 'connected'), server('hidden', 'connecting')], ids: ['a'] });
    expect(result.current).toBe(false);
  });
});
