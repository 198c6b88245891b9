// @vitest-environment happy-dom
// A card's resource count: the listed total once a listing is done, and while one runs, its items so far said as
// such (a card read "0 resources" while its first page was on the way), numbers in the language's grouping.
import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ResourceItem } from '../../../shared/contract';
import { ResourceTable } from '../../../shared/picker/resource-table';
import { renderWithEngine, stubEngine } from '../../../test-support/renderer/stub-engine';
import { serverState } from '../../../test-support/renderer/server-state';
import { queryKeys } from '../../queries/keys';
import type { ListedItems, ListProgress } from '../../queries/use-resource-list';
import { ServerCard } from './ServerCard';

afterEach(cleanup);

const rows = (n: number) => ResourceTable.fromItems('a', Array.from({ length: n }, (_, k): ResourceItem => ({ serverId: 'a', uri: `ref://${k}`, name: `${k}` }))).rows();

describe('ServerCard', () => {
  it('says how many resources are listed, and while listing, how many so far', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderWithEngine(<ServerCard server={serverState('a', 'connected')} />, stubEngine({ 'subscriptions.list': () => [] }), queryClient);
    expect(screen.queryByTestId('server-resource-count')).toBeNull();

    await act(async () => queryClient.setQueryData<ListProgress>(queryKeys.listProgress('a'), { requestId: 'r', page: 0, items: rows(0), walked: 0, done: false }));
    expect(screen.getByTestId('server-resource-count').textContent).toBe('listing… 0 so far');
    // Items the engine holds back (the live list so far equals the shown last known one) count as listed.
    await act(async () => queryClient.setQueryData<ListProgress>(queryKeys.listProgress('a'), { requestId: 'r', page: 2, items: rows(0), walked: 1000, done: false }));
    expect(screen.getByTestId('server-resource-count').textContent).toBe('listing… 1,000 so far');
    await act(async () => queryClient.setQueryData<ListProgress>(queryKeys.listProgress('a'), { requestId: 'r', page: 5, items: rows(2500), walked: 2500, done: false }));
    const count = screen.getByTestId('server-resource-count');
    expect(count.textContent).toBe('listing… 2,500 so far');
    expect(count.getAttribute('data-listing')).toBe('true');

    const list: ListedItems = { serverId: 'a', items: rows(0), pages: 7, cache: { state: 'miss', receivedAt: 0 }, streamed: 3048 };
    await act(async () => queryClient.setQueryData(queryKeys.resourcesList('a'), list));
    expect(screen.getByTestId('server-resource-count').textContent).toBe('3,048 resources');
    expect(screen.getByTestId('server-resource-count').getAttribute('data-listing')).toBeNull();
  });

  it('says a listing failed once it has, with how many of its items are shown, not "listing…" for ever', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderWithEngine(<ServerCard server={serverState('b', 'connected')} />, stubEngine({ 'subscriptions.list': () => [] }), queryClient);
    await act(async () => queryClient.setQueryData<ListProgress>(queryKeys.listProgress('b'), { requestId: 'r', page: 1, items: rows(10), walked: 10, done: false }));
    expect(screen.getByTestId('server-resource-count').textContent).toBe('listing… 10 so far');
    await act(async () => {
      await queryClient.fetchQuery({ queryKey: queryKeys.resourcesList('b'), queryFn: () => Promise.reject(new Error('Request timed out')) }).catch(() => undefined);
    });
    const count = screen.getByTestId('server-resource-count');
    expect(count.textContent).toBe('listing failed, 10 shown');
    expect(count.getAttribute('data-listing')).toBe('failed');
  });

  it("writes a throttled server's figures in the language's numbers", () => {
    const server = serverState('f', 'connected', { throttle: { since: 0, pauses: 1200, pausedMs: 41_400, unwatched: 275_616, coalesced: 0 } });
    renderWithEngine(<ServerCard server={server} />, stubEngine({ 'subscriptions.list': () => [] }));
    expect(screen.getByTestId('server-throttle').textContent).toBe('Throttled: sending faster than it is read (paused 1,200×, 41 s; 275,616 unwatched and 0 repeated updates dropped)');
  });

  it('says a stdio server wrote lines to stdout that are not JSON-RPC, with the last one, its hidden characters marked', () => {
    const server = serverState('n', 'connected', { stdoutNoise: { since: 0, lines: 1204, last: 'Listening on port 3000 \u001b[32mok' } });
    renderWithEngine(<ServerCard server={server} />, stubEngine({ 'subscriptions.list': () => [] }));
    const note = screen.getByTestId('server-stdout-noise');
    expect(note.textContent).toBe("Wrote 1,204 lines to stdout that are not JSON-RPC, the last: \u201cListening on port 3000 [ESC][32mok\u201d. A stdio server's logs belong on stderr.");
    expect(note.getAttribute('data-lines')).toBe('1204');
  });

  it('says a server answered with ids no request had, with the last one', () => {
    const server = serverState('w', 'connected', { unmatchedAnswers: { since: 0, count: 3, lastId: '"nobody-\u202e7"' } });
    renderWithEngine(<ServerCard server={server} />, stubEngine({ 'subscriptions.list': () => [] }));
    const note = screen.getByTestId('server-unmatched-answers');
    expect(note.textContent).toBe('Answered 3 times with ids no request had, the last: "nobody-[RLO]7". The requests they were meant for wait until they time out; the protocol log marks such answers.');
    expect(note.getAttribute('data-count')).toBe('3');
  });

  it("marks the hidden characters in a server's error message (not its line ends) and in the name it reports", () => {
    const server = serverState('a', 'error', {
      serverInfo: { name: 'files', title: 'Official \u202eredro', version: '1' },
      lastError: { code: 'protocol', message: 'failed: \u001b[2Jcleared \u202eyes\nstderr: boom' }
    });
    renderWithEngine(<ServerCard server={server} />, stubEngine({ 'subscriptions.list': () => [] }));
    expect(screen.getByTestId('server-error').textContent).toBe('failed: [ESC][2Jcleared [RLO]yes\nstderr: boom');
    // Its first line (what went wrong) stands out; the lines after it (stderr) do not.
    expect(screen.getByTestId('server-error').querySelector('strong')?.textContent).toBe('failed: [ESC][2Jcleared [RLO]yes');
    // Cut to a few lines on the card: the whole message on hover.
    expect(screen.getByTestId('server-error').getAttribute('title')).toBe('failed: [ESC][2Jcleared [RLO]yes\nstderr: boom');
    const title = document.querySelector('.server-title')!;
    expect(title.textContent).toBe('Official RLOredro');
    expect(title.querySelector('bdi abbr.hidden-char')?.getAttribute('data-code-point')).toBe('U+202E');
  });
});

