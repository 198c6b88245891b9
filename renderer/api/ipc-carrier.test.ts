// The Electron carrier against an in-process stand-in for `window.mcpBrowser`: the real preload
// needs the Electron binary, which this machine cannot have. The stand-in answers with real envelopes.
import { describe, expect, it } from 'vitest';
import { EngineCallError, type EventEnvelope, type ReplyEnvelope } from '../../shared/contract';
import { createIpcClient } from './ipc-carrier';
import type { McpBrowserPreloadApi } from '../../shared/contract';

function fakePreload(answer: (method: string, id: number) => Promise<ReplyEnvelope>) {
  const listeners = new Set<(e: EventEnvelope) => void>();
  const api: McpBrowserPreloadApi = {
    call: envelope => answer(envelope.method, envelope.id),
    // Interest is checked in ipc-carrier-interest.test.ts.
    setEventInterest: () => {},
    onEvent: listener => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    }
  };
  return { api, emit: (e: EventEnvelope) => listeners.forEach(l => l(e)) };
}

describe('IPC carrier', () => {
  it('resolves ok replies, rejects error replies with EngineCallError, and delivers events', async () => {
    const { api, emit } = fakePreload(async (method, id) =>
      method === 'servers.list'
        ? { type: 'reply', id, ok: true, result: [] }
        : { type: 'reply', id, ok: false, error: { code: 'unknown_server', message: 'no such server' } }
    );
    const client = createIpcClient(api);
    expect(client.mode).toBe('electron');
    await expect(client.call('servers.list', {})).resolves.toEqual([]);
    const err = await client.call('servers.details', { serverId: 'x' }).catch(e => e);
    expect(err).toBeInstanceOf(EngineCallError);
    expect(err.error.code).toBe('unknown_server');

    const got: unknown[] = [];
    client.on('serverRemoved', p => got.push(p));
    emit({ type: 'event', event: 'serverRemoved', payload: { serverId: 'a' } });
    expect(got).toEqual([{ serverId: 'a' }]);
  });

  it('turns a failed invoke into a transport error and a silent one into a timeout', async () => {
    const failing = createIpcClient(fakePreload(() => Promise.reject(new Error('frame gone'))).api);
    const err = await failing.call('servers.list', {}).catch(e => e);
    expect(err.error).toMatchObject({ code: 'transport', message: expect.stringContaining('frame gone') });

    const silent = createIpcClient(fakePreload(() => new Promise(() => {})).api, 50);
    const late = await silent.call('servers.list', {}).catch(e => e);
    expect(late.error.code).toBe('timeout');
  });

  it("hands a listing's pages on in groups, and its last page at once with those held before it", () => {
    const { api, emit } = fakePreload(async (_method, id) => ({ type: 'reply', id, ok: true, result: [] }));
    const client = createIpcClient(api);
    const pages: number[] = [];
    client.on('listProgress', p => pages.push(p.page));
    const page = (n: number, done: boolean): EventEnvelope => ({
      type: 'event',
      event: 'listProgress',
      payload: { serverId: 'a', requestId: 'r1', firstPage: n, page: n, loaded: 0, items: { count: 0, shared: [], rows: [] }, done }
    });
    emit(page(1, false));
    emit(page(2, false));
    // The second came within the pacing interval of the first: held.
    expect(pages).toEqual([1]);
    emit(page(3, true));
    expect(pages).toEqual([1, 2, 3]);
  });
});
