// @vitest-environment happy-dom
// The list's empty state says why nothing is listed, in words a user can act on: at a launch of fifty servers
// waiting their turn it once told them to add a server.
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerState } from '../../../shared/contract';
import { serverState } from '../../../test-support/renderer/server-state';
import { renderWithEngine, stubEngine } from '../../../test-support/renderer/stub-engine';
import { ListEmptyState } from './ListEmptyState';
import type { ServerListState } from './use-picker-model';

afterEach(cleanup);

const listState = (serverId: string, pages: number): ServerListState => ({
  serverId,
  loading: false,
  loaded: 0,
  pages,
  lastKnown: false,
  awaitsLaunch: false,
  cancelled: false,
  retry: () => undefined,
  cancel: () => undefined
});

function show(servers: ServerState[], lists: ServerListState[], loaded = 0) {
  renderWithEngine(<ListEmptyState loading={false} loaded={loaded} matching={0} lists={lists} />, stubEngine({ 'servers.list': () => servers }));
}

describe('ListEmptyState', () => {
  it('waits for a fleet still starting, with how many are left, instead of asking for a server', async () => {
    const fleet = Array.from({ length: 50 }, (_, k) => serverState(`ref${k}`, k < 2 ? 'connected' : 'disconnected', { startQueued: k >= 2 }));
    // The picker gives one list state per server it lists: the first one listed (empty), the other forty-nine not yet.
    show(fleet, fleet.map((s, k) => listState(s.id, k === 0 ? 1 : 0)));
    const empty = await screen.findByTestId('empty-state');
    expect(empty.dataset.reason).toBe('waiting');
    expect(empty.textContent).toBe('Waiting for servers to connect and list their resources (49 of 50 to go).');
  });

  it('asks for a server only when none is configured', async () => {
    show([], []);
    expect((await screen.findByTestId('empty-state')).textContent).toBe('No servers yet: add one with Add server.');
  });

  it('points at the server cards when every server failed', async () => {
    show([serverState('a', 'error'), serverState('b', 'error')], [listState('a', 0), listState('b', 0)]);
    expect((await screen.findByTestId('empty-state')).textContent).toBe("Nothing listed: no server is connected. Each server's card says why.");
  });

  it('offers the way back when the search and filters hide what is listed', () => {
    show([serverState('a', 'connected')], [listState('a', 1)], 12);
    const empty = screen.getByTestId('empty-state');
    expect(empty.dataset.reason).toBe('hidden');
    expect(empty.textContent).toContain('hide all 12 resources');
  });
});
