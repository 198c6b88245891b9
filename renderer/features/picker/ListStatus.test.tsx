// @vitest-environment happy-dom
// The listing progress bar: one step on for every batch of pages shown, whatever number of pages the batch holds
// (a bar placed by the page count alone stood still when every batch held as many pages as it has steps).
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListStatus } from './ListStatus';
import type { ServerListState } from './use-picker-model';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const listing = (pages: number): ServerListState => ({
  serverId: 'big',
  loading: true,
  loaded: pages * 10,
  pages,
  lastKnown: false,
  awaitsLaunch: false,
  cancelled: false,
  retry: () => undefined,
  cancel: () => undefined
});

const step = () => (screen.getByTestId('list-progress').querySelector('.list-progress-bar') as HTMLElement).style.getPropertyValue('--list-step');

describe('ListStatus', () => {
  it('moves the bar one step per batch of pages, and not while no page comes', () => {
    const view = render(<ListStatus lists={[listing(6)]} />);
    const seen = [step()];
    for (const pages of [12, 12, 18, 24, 30, 36, 42]) {
      view.rerender(<ListStatus lists={[listing(pages)]} />);
      seen.push(step());
    }
    expect(seen).toEqual(['0', '1', '1', '2', '3', '4', '5', '0']);
  });

  it('says how long a listing has waited for its next page once it has waited five seconds, and starts over at a page', () => {
    vi.useFakeTimers();
    const view = render(<ListStatus lists={[listing(0)]} />);
    act(() => void vi.advanceTimersByTime(4_900));
    expect(screen.queryByTestId('list-stalled')).toBeNull();
    act(() => void vi.advanceTimersByTime(2_100));
    expect(screen.getByTestId('list-stalled').textContent).toBe('no page for 7 s');
    act(() => void vi.advanceTimersByTime(5_000));
    expect(screen.getByTestId('list-stalled').textContent).toBe('no page for 12 s');
    // A page came: the wait starts over.
    view.rerender(<ListStatus lists={[listing(1)]} />);
    expect(screen.queryByTestId('list-stalled')).toBeNull();
  });

  it('sums up more than three listings at once in one line with a cancel for all, each still there, folded away', () => {
    const cancelled: string[] = [];
    const lists = ['a', 'b', 'c', 'd'].map((serverId, k): ServerListState => ({ ...listing(k + 1), serverId, cancel: () => void cancelled.push(serverId) }));
    const view = render(<ListStatus lists={lists} />);
    const summary = screen.getByTestId('list-progress-summary');
    expect(summary.dataset.count).toBe('4');
    expect(summary.textContent).toContain('Listing 4 servers: 100 loaded (10 pages)');
    expect(summary.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')).toBe('100');
    // Each server's own bar is kept (its test id and its cancel), inside a closed disclosure.
    const each = screen.getAllByTestId('list-progress');
    expect(each.map(bar => bar.dataset.serverId)).toEqual(['a', 'b', 'c', 'd']);
    expect(each.every(bar => bar.closest('details')?.open === false)).toBe(true);
    screen.getByTestId('list-cancel-all').click();
    expect(cancelled).toEqual(['a', 'b', 'c', 'd']);
    // Three or fewer: a row each, no summary.
    view.rerender(<ListStatus lists={lists.slice(0, 3)} />);
    expect(screen.queryByTestId('list-progress-summary')).toBeNull();
    expect(screen.getAllByTestId('list-progress').every(bar => !bar.closest('details'))).toBe(true);
  });

  it('gathers several failed listings under one line with a retry for all, each still shown with its own', () => {
    const retried: string[] = [];
    const failed = (serverId: string): ServerListState => ({
      ...listing(0),
      serverId,
      loading: false,
      error: { code: 'timeout', message: `resources.list on ${serverId}: Request timed out \u202e` },
      retry: () => void retried.push(serverId)
    });
    const view = render(<ListStatus lists={[failed('silent')]} />);
    expect(screen.queryByTestId('list-failures')).toBeNull();
    view.rerender(<ListStatus lists={[failed('silent'), listing(3), failed('wrong')]} />);
    expect(screen.getByTestId('list-failures').textContent).toContain('2 listings failed');
    expect(screen.getAllByTestId('error-banner').map(b => b.textContent)).toEqual([
      expect.stringContaining('Listing silent failed'),
      expect.stringContaining('Listing wrong failed')
    ]);
    // A server's words in a failure: a control that would reorder them is shown as a mark.
    expect(screen.getAllByTestId('error-banner')[0].textContent).toContain('Request timed out [RLO]');
    screen.getByTestId('list-retry-all').click();
    expect(retried).toEqual(['silent', 'wrong']);
  });
});
