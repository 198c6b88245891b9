// @vitest-environment happy-dom
import { InMemoryTransport } from '@modelcontextprotocol/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EngineProvider } from '../../app/engine-context';
import { noFilters, useLogStore } from './log-store';
import { ProtocolLogPanel } from './ProtocolLogPanel';
import { startTestEngine, type TestEngine } from '../../../test-support/renderer/test-engine';

let harness: TestEngine;

// happy-dom does no layout, so every element measures 0 px and the virtualized list would show no row.
// Give the list's scroll box a height (the one thing faked here); everything else is real.
const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.getAttribute('role') === 'listbox' ? 600 : 0;
    }
  });
});
afterAll(() => {
  if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight);
});

beforeEach(async () => {
  useLogStore.setState({ entries: [], dropped: 0, cap: 0, paused: false, filters: noFilters, selectedSeq: null });
  harness = await startTestEngine();
});
afterEach(async () => {
  cleanup();
  await harness.close();
});

function renderPanel() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <EngineProvider client={harness.engine}>
        <ProtocolLogPanel />
      </EngineProvider>
    </QueryClientProvider>
  );
}

const rows = () => screen.queryAllByTestId('protocol-entry');

/** A connection of its own for `serverId`, tapped by the engine's log: only the wire is in memory. */
async function tappedPair(serverId: string) {
  const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair();
  const tapped = harness.log.tap(clientEnd, serverId);
  tapped.onmessage = () => undefined;
  serverEnd.onmessage = () => undefined;
  await tapped.start();
  await serverEnd.start();
  return { tapped, serverEnd };
}

describe('ProtocolLogPanel', () => {
  it('shows the handshake backfilled, then frames as they happen, with the contract attributes', async () => {
    renderPanel();
    await waitFor(() => expect(rows().some(r => r.dataset.method === 'initialize')).toBe(true));
    await act(() => harness.client.readResource({ uri: 'test://alpha' }));
    await waitFor(() => expect(rows().filter(r => r.dataset.method === 'resources/read')).toHaveLength(2));
    const [request, response] = rows().filter(r => r.dataset.method === 'resources/read');
    expect(request.dataset).toMatchObject({ direction: 'out', kind: 'request', serverId: 'ref' });
    expect(response.dataset).toMatchObject({ direction: 'in', kind: 'response' });
    expect(request.textContent).toContain('test://alpha');
  });

  it('links a request to its response in the detail pane', async () => {
    await harness.client.readResource({ uri: 'test://beta' });
    renderPanel();
    await waitFor(() => expect(rows().filter(r => r.dataset.method === 'resources/read')).toHaveLength(2));
    fireEvent.click(rows().find(r => r.dataset.method === 'resources/read' && r.dataset.kind === 'request')!);
    const detail = await screen.findByTestId('log-detail');
    expect(within(detail).getByTestId('log-detail-request').textContent).toContain('"uri": "test://beta"');
    // Pretty JSON's line ends are its layout, not hidden characters to mark.
    expect(detail.querySelectorAll('.hidden-char')).toHaveLength(0);
    expect(within(detail).getByTestId('log-detail-request').querySelector('pre')?.textContent).toMatch(/^\{\n {2}"method": "resources\/read",\n/);
    expect(within(detail).getByTestId('log-detail-response').textContent).toContain('content of beta');
    fireEvent.click(within(detail).getByTestId('log-go-to-pair'));
    await waitFor(() => expect(screen.getByTestId('log-detail').dataset.seq).toBe(rows().find(r => r.dataset.kind === 'response' && r.dataset.method === 'resources/read')!.dataset.seq));
  });

  it('filters to errors and searches the frames', async () => {
    await harness.client.readResource({ uri: 'test://alpha' });
    await harness.client.readResource({ uri: 'test://missing' }).catch(() => undefined);
    renderPanel();
    await waitFor(() => expect(rows().length).toBeGreaterThan(4));
    fireEvent.click(screen.getByTestId('log-filter-errors'));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0].dataset).toMatchObject({ kind: 'error', method: 'resources/read' });
    fireEvent.click(screen.getByTestId('log-filter-errors'));
    fireEvent.change(screen.getByTestId('log-search'), { target: { value: 'CONTENT OF ALPHA' } });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0].dataset.kind).toBe('response');
  });

  it('shows a cache hit as served from cache, with no frame', async () => {
    renderPanel();
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    act(() => harness.log.recordCacheHit('ref', 'resources/read', { uri: 'test://alpha' }));
    const hit = await waitFor(() => {
      const found = rows().find(r => r.dataset.direction === 'cache');
      expect(found).toBeDefined();
      return found!;
    });
    expect(hit.dataset.kind).toBe('cache-hit');
    expect(hit.textContent).toContain('served from cache');
    expect(hit.textContent).toContain('no frame');
    fireEvent.click(hit);
    expect((await screen.findByTestId('log-cache-note')).textContent).toContain('nothing was sent');
  });

  it('shows a line the server wrote to stdout that is not JSON-RPC as written, among the errors, with what it means', async () => {
    renderPanel();
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    // A stray print with a bidirectional control in it, as a hostile or careless server may write.
    act(() => harness.log.recordNotJsonRpc('ref', 'Listening on port 3000 \u202eevil'));
    const stray = await waitFor(() => {
      const found = rows().find(r => r.dataset.kind === 'not-json-rpc');
      expect(found).toBeDefined();
      return found!;
    });
    expect(stray.dataset.direction).toBe('in');
    expect(stray.textContent).toContain('not JSON-RPC');
    expect(stray.textContent).toContain('Listening on port 3000');
    // The control is shown as a mark, not obeyed, in the row and in its tooltip.
    expect(stray.textContent).not.toContain('\u202e');
    expect(stray.querySelector('.log-hint')?.getAttribute('title')).toBe('Listening on port 3000 [RLO]evil');
    fireEvent.click(screen.getByTestId('log-filter-errors'));
    await waitFor(() => expect(rows().map(r => r.dataset.kind)).toEqual(['not-json-rpc']));
    fireEvent.click(rows()[0]);
    expect((await screen.findByTestId('log-not-json-rpc-note')).textContent).toContain('belong on stderr');
    // As written: not a JSON string in quotes, and no request or response to pair it with.
    expect(screen.getByTestId('log-detail-line').querySelector('pre')?.textContent).toMatch(/^Listening on port 3000 /);
    expect(screen.queryByTestId('log-detail-request')).toBeNull();
  });

  it('marks an answer no request awaits, keeps it among the errors, and says what it means', async () => {
    renderPanel();
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    const { tapped, serverEnd } = await tappedPair('echo');
    await act(() => serverEnd.send({ jsonrpc: '2.0', id: 100_001, result: {} }));
    const stray = await waitFor(() => {
      const found = rows().find(r => r.dataset.unmatched === 'true');
      expect(found).toBeDefined();
      return found!;
    });
    expect(stray.dataset).toMatchObject({ serverId: 'echo', direction: 'in', kind: 'response' });
    expect(stray.textContent).toContain('no such request');
    fireEvent.click(screen.getByTestId('log-filter-errors'));
    await waitFor(() => expect(rows().map(r => r.dataset.unmatched)).toEqual(['true']));
    fireEvent.click(rows()[0]);
    expect((await screen.findByTestId('log-unmatched-note')).textContent).toContain('reaches no one');
    await tapped.close();
  });

  it('says that a 2025-era server refusing the era probe is expected, on the probe and on its answer', async () => {
    renderPanel();
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    const { tapped, serverEnd } = await tappedPair('legacy');
    await act(async () => {
      await tapped.send({ jsonrpc: '2.0', id: 0, method: 'server/discover', params: {} });
      await serverEnd.send({ jsonrpc: '2.0', id: 0, error: { code: -32601, message: 'Method not found' } });
    });
    const ofLegacy = () => rows().filter(r => r.dataset.serverId === 'legacy');
    await waitFor(() => expect(ofLegacy().map(r => r.dataset.kind)).toEqual(['request', 'error']));
    fireEvent.click(ofLegacy()[1]);
    expect((await screen.findByTestId('log-era-probe-note')).textContent).toContain('Expected, not a fault');
    fireEvent.click(ofLegacy()[0]);
    await waitFor(() => expect(screen.getByTestId('log-detail').dataset.seq).toBe(ofLegacy()[0].dataset.seq));
    expect(screen.getByTestId('log-era-probe-note')).toBeTruthy();
    // Another error of the same server is no probe refusal.
    await act(async () => {
      await tapped.send({ jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: 'x' } });
      await serverEnd.send({ jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found' } });
    });
    await waitFor(() => expect(ofLegacy()).toHaveLength(4));
    fireEvent.click(ofLegacy()[3]);
    await waitFor(() => expect(screen.getByTestId('log-detail').dataset.seq).toBe(ofLegacy()[3].dataset.seq));
    expect(screen.queryByTestId('log-era-probe-note')).toBeNull();
    await tapped.close();
  });

  it('replays a request with edited params and the new exchange lands in the log', async () => {
    await harness.client.readResource({ uri: 'test://alpha' });
    renderPanel();
    await waitFor(() => expect(rows().filter(r => r.dataset.method === 'resources/read')).toHaveLength(2));
    fireEvent.click(rows().find(r => r.dataset.kind === 'request' && r.dataset.method === 'resources/read')!);
    fireEvent.click(await screen.findByTestId('log-replay-open'));
    const params = screen.getByTestId('log-replay-params');
    fireEvent.change(params, { target: { value: '{ "uri": ' } });
    fireEvent.click(screen.getByTestId('log-replay-send'));
    expect((await screen.findByRole('alert')).textContent).toContain('not valid JSON');

    fireEvent.change(params, { target: { value: '{ "uri": "test://beta" }' } });
    fireEvent.click(screen.getByTestId('log-replay-send'));
    const result = await screen.findByTestId('log-replay-result');
    expect(result.dataset.ok).toBe('true');
    const replayed = await waitFor(() => {
      const found = rows().find(r => r.dataset.origin === 'replay');
      expect(found).toBeDefined();
      return found!;
    });
    expect(replayed.dataset.seq).toBe(result.dataset.logSeq);
    expect(replayed.textContent).toContain('test://beta');
    await waitFor(() => expect(rows().filter(r => r.dataset.method === 'resources/read')).toHaveLength(4));
  });

  it('pauses recording and says so', async () => {
    renderPanel();
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    fireEvent.click(screen.getByTestId('log-pause'));
    await waitFor(() => expect(screen.getByTestId('log-pause').getAttribute('aria-pressed')).toBe('true'));
    const before = rows().length;
    await act(() => harness.client.readResource({ uri: 'test://alpha' }));
    await new Promise(resolve => setTimeout(resolve, 40));
    expect(rows()).toHaveLength(before);
    expect(harness.log.isPaused()).toBe(true);
    expect(screen.getByTestId('protocol-log').dataset.paused).toBe('true');
  });
});
