// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CacheBadge } from './CacheBadge';
import { ListCacheBadges } from './ListCacheBadges';
import { cacheLabel, effectiveState } from './cache-format';

const t = i18next.getFixedT('en', 'cache');
const duration = (ms: number, lng = 'en') => i18next.getFixedT(lng, 'cache')('badge.age', { ms });

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('cache-format', () => {
  it('formats durations compactly, through Intl in the language shown', () => {
    expect(duration(400)).toBe('age <1s');
    expect(duration(42_000)).toBe('age 42s');
    expect(duration(185_000)).toBe('age 3m 05s');
    expect(duration(2 * 3600_000 + 10 * 60_000)).toBe('age 2h 10m');
    expect(duration(185_000, 'zh-TW')).toMatch(/^已存在 3 ?分鐘 ?05 ?秒$/);
    expect(duration(185_000, 'zh-CN')).toMatch(/^已缓存 3 ?分钟 ?05 ?秒$/);
  });

  it('turns a fresh result stale once it outlives its expiry', () => {
    const info = { state: 'fresh' as const, scope: 'public' as const, receivedAt: 1000, expiresAt: 6000, ttlMs: 5000 };
    expect(effectiveState(info, 5999)).toBe('fresh');
    expect(effectiveState(info, 6000)).toBe('stale');
  });

  it('says when a fetched result was not cacheable and shows a failed refresh', () => {
    expect(cacheLabel({ state: 'miss', receivedAt: 0, expiresAt: 0, ttlMs: 0, scope: 'private' }, 2000, t)).toBe(
      'Fetched · not cacheable · private · age 2s'
    );
    expect(
      cacheLabel({ state: 'stale', receivedAt: 0, scope: 'public', error: { code: 'transport', message: 'closed' } }, 61_000, t)
    ).toBe('Stale · public · age 1m 01s · refresh failed: closed');
  });
});

describe('CacheBadge', () => {
  it('carries the contract attributes and counts down to stale', () => {
    vi.useFakeTimers();
    vi.setSystemTime(10_000);
    render(<CacheBadge cache={{ state: 'fresh', scope: 'public', receivedAt: 10_000, expiresAt: 13_000, ttlMs: 3000 }} />);
    const badge = screen.getByTestId('cache-badge');
    expect(badge.getAttribute('data-cache-state')).toBe('fresh');
    expect(badge.getAttribute('data-scope')).toBe('public');
    expect(badge.getAttribute('data-expires-at')).toBe('13000');
    expect(badge.textContent).toBe('Fresh · 3s left · public · age <1s');
    act(() => vi.advanceTimersByTime(1000));
    expect(badge.textContent).toBe('Fresh · 2s left · public · age 1s');
    act(() => vi.advanceTimersByTime(2000));
    expect(badge.getAttribute('data-cache-state')).toBe('stale');
    expect(badge.textContent).toBe('Stale · public · age 3s');
  });

  it('follows a change of language, its fixed words included', async () => {
    render(<CacheBadge cache={{ state: 'stale', scope: 'public', receivedAt: Date.now() }} />);
    const badge = screen.getByTestId('cache-badge');
    expect(badge.textContent).toMatch(/^Stale · public · age/);
    try {
      await act(() => i18next.changeLanguage('zh-TW'));
      const zh = i18next.getFixedT('zh-TW', 'cache');
      expect(badge.textContent).toContain(zh('state.stale'));
      expect(badge.textContent).toContain(zh('scope.public'));
      expect(badge.textContent).not.toContain('Stale');
    } finally {
      await act(() => i18next.changeLanguage('en'));
    }
    expect(badge.textContent).toMatch(/^Stale · public · age/);
  });

  it('shows bypass without expiry', () => {
    render(<CacheBadge cache={{ state: 'bypass', receivedAt: Date.now() }} />);
    const badge = screen.getByTestId('cache-badge');
    expect(badge.getAttribute('data-cache-state')).toBe('bypass');
    expect(badge.hasAttribute('data-expires-at')).toBe(false);
    expect(badge.getAttribute('aria-label')).toMatch(/^Cache: Not cached/);
  });
});

describe('ListCacheBadges', () => {
  it('shows one badge per fetched list, named by server when there are several', () => {
    const now = Date.now();
    const { rerender } = render(
      <ListCacheBadges
        lists={[
          { serverId: 'a', cache: { state: 'miss', scope: 'public', receivedAt: now, expiresAt: now + 60_000, ttlMs: 60_000 } },
          { serverId: 'b' },
          { serverId: 'c', cache: { state: 'fresh', scope: 'private', receivedAt: now, expiresAt: now + 5_000, ttlMs: 5_000 } }
        ]}
      />
    );
    const list = screen.getByRole('list', { name: 'Cache state of each list' });
    const badges = screen.getAllByTestId('cache-badge');
    expect(badges.map(b => [b.closest('li')?.getAttribute('data-server-id'), b.getAttribute('data-cache-state'), b.getAttribute('data-scope')])).toEqual([
      ['a', 'miss', 'public'],
      ['c', 'fresh', 'private']
    ]);
    expect(list.textContent).toContain('a');
    rerender(<ListCacheBadges lists={[{ serverId: 'b' }]} />);
    expect(screen.queryByRole('list', { name: 'Cache state of each list' })).toBeNull();
  });

  it('summarises many lists in one line of counts, each badge still in the page behind it', () => {
    const now = Date.now();
    const cache = (state: 'fresh' | 'stale' | 'miss', expiresIn: number) => ({ state, scope: 'public' as const, receivedAt: now - 1_000, expiresAt: now + expiresIn, ttlMs: 60_000 });
    const lists = [
      { serverId: 'a', cache: cache('stale', -500), lastKnown: true },
      { serverId: 'b', cache: cache('stale', -500), lastKnown: true },
      // Fetched, but past its expiry: stale from then on, as its badge says.
      { serverId: 'c', cache: cache('miss', -1) },
      { serverId: 'd', cache: cache('miss', 60_000) },
      { serverId: 'e', cache: cache('miss', 60_000) },
      { serverId: 'f', cache: cache('fresh', 60_000) },
      { serverId: 'g' }
    ];
    const { container, rerender } = render(<ListCacheBadges lists={lists} />);
    const summary = screen.getByTestId('list-cache-summary');
    expect(summary.textContent).toBe('6 lists: Stale 3 · Fetched 2 · Fresh 1 · 2 last known, updating…');
    expect(summary.getAttribute('data-stale-lists')).toBe('3');
    expect(summary.getAttribute('data-last-known-lists')).toBe('2');
    expect(container.querySelector('details')?.open).toBe(false);
    expect(screen.getAllByTestId('cache-badge').map(b => b.getAttribute('data-cache-state'))).toEqual(['stale', 'stale', 'stale', 'miss', 'miss', 'fresh']);
    // Below the threshold, the badges themselves.
    rerender(<ListCacheBadges lists={lists.slice(2, 6)} />);
    expect(screen.queryByTestId('list-cache-summary')).toBeNull();
    expect(screen.getAllByTestId('cache-badge')).toHaveLength(4);
  });

  it('says of a last known list that waits for the launch that it is listed again once every server has started', () => {
    const now = Date.now();
    const stale = { state: 'stale' as const, scope: 'public' as const, receivedAt: now - 60_000, expiresAt: now - 1_000, ttlMs: 60_000 };
    const lists = ['a', 'b', 'c', 'd', 'e'].map(serverId => ({ serverId, cache: stale, lastKnown: true, awaitsLaunch: serverId !== 'e' }));
    const { container, rerender } = render(<ListCacheBadges lists={lists} />);
    const waiting = [...container.querySelectorAll('li[data-awaits-launch="true"]')].map(li => li.getAttribute('data-server-id'));
    expect(waiting).toEqual(['a', 'b', 'c', 'd']);
    expect(container.querySelector('li[data-server-id="a"] [data-testid="last-known-list"]')?.textContent).toBe('last known list; relisted once all servers have started');
    expect(container.querySelector('li[data-server-id="e"] [data-testid="last-known-list"]')?.textContent).toBe('last known list, updating…');
    // The summary says so when every last known list waits.
    expect(screen.getByTestId('list-cache-summary').textContent).toContain('5 last known, updating…');
    rerender(<ListCacheBadges lists={lists.map(l => ({ ...l, awaitsLaunch: true }))} />);
    expect(screen.getByTestId('list-cache-summary').textContent).toContain('5 last known, relisted once all servers have started');
  });

  it('does not tick behind the closed summary: each badge changes at its expiry, and ticks again once opened', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const now = Date.now();
    const lists = ['a', 'b', 'c', 'd', 'e', 'f'].map((serverId, k) => ({
      serverId,
      cache: { state: 'fresh' as const, scope: 'public' as const, receivedAt: now, expiresAt: now + (k === 0 ? 5_000 : 600_000), ttlMs: 600_000 }
    }));
    let commits = 0;
    const { container } = render(
      <Profiler id="badges" onRender={() => commits++}>
        <ListCacheBadges lists={lists} />
      </Profiler>
    );
    const summary = screen.getByTestId('list-cache-summary');
    const badgeOf = (serverId: string) => container.querySelector(`li[data-server-id="${serverId}"] [data-testid="cache-badge"]`)!;
    // Closed: the hidden badges say no times, which nothing would keep up to date.
    expect(badgeOf('b').textContent).toBe('Fresh · public');
    commits = 0;
    for (let second = 0; second < 4; second++) act(() => vi.advanceTimersByTime(1_000));
    expect(commits).toBe(0);
    // a's expiry: its badge and the summary's counts change, once.
    act(() => vi.advanceTimersByTime(1_000));
    expect(commits).toBe(1);
    expect(badgeOf('a').getAttribute('data-cache-state')).toBe('stale');
    expect(summary.getAttribute('data-stale-lists')).toBe('1');
    expect(summary.textContent).toBe('6 lists: Stale 1 · Fresh 5');
    // Opened, they tick every second and show their times.
    const details = container.querySelector('details')!;
    act(() => {
      details.open = true;
      fireEvent(details, new Event('toggle'));
    });
    expect(badgeOf('b').textContent).toBe(`Fresh · ${t('badge.left', { ms: 595_000 })} · public · ${duration(5_000)}`);
    commits = 0;
    for (let second = 0; second < 3; second++) act(() => vi.advanceTimersByTime(1_000));
    expect(commits).toBe(3);
    expect(badgeOf('b').textContent).toContain(duration(8_000));
  });
});
