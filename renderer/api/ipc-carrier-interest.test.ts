// @vitest-environment happy-dom
// The Electron carrier tells the main process which events the page listens to. `window.mcpBrowser` here is
// a stand-in for the real preload (which needs the Electron binary, absent on this machine): it passes the
// names through the real preload check (interestMessage) and filters events with the real host-side rule
// (EventInterest), as electron/preload.ts and electron/main.ts do.
import { afterEach, describe, expect, it } from 'vitest';
import type { EventEnvelope, EventInterestEnvelope } from '../../shared/contract';
import { EventInterest } from '../../electron/host/event-interest';
import { interestMessage } from '../../electron/desktop/interest-message';
import { createEngineClient } from './client';
import type { McpBrowserPreloadApi } from '../../shared/contract';

function standInPreload() {
  const told: EventInterestEnvelope[] = [];
  /** Calls and interest messages in the order they reached the stand-in (IPC keeps that order to main). */
  const arrived: string[] = [];
  const interest = new EventInterest();
  const listeners = new Set<(e: EventEnvelope) => void>();
  const api: McpBrowserPreloadApi = {
    call: envelope => {
      arrived.push(envelope.method);
      return Promise.resolve({ type: 'reply', id: envelope.id, ok: true, result: [] });
    },
    onEvent: listener => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setEventInterest: names => {
      const message = interestMessage(names);
      told.push(message);
      arrived.push(`events:${message.names.join(',')}`);
      expect(interest.accept(message)).toBe(true);
    }
  };
  const crossed: string[] = [];
  /** What the main process does with an engine event: send it over IPC only if the window wants it. */
  const engineEmits = (e: EventEnvelope) => {
    if (!interest.wants(e.event)) return;
    crossed.push(e.event);
    listeners.forEach(l => l(e));
  };
  return { api, told: () => told.map(m => m.names), arrived, engineEmits, crossed };
}

afterEach(() => {
  delete window.mcpBrowser;
});

const serverRemoved: EventEnvelope = { type: 'event', event: 'serverRemoved', payload: { serverId: 'a' } };
const logAppended: EventEnvelope = { type: 'event', event: 'logAppended', payload: { entries: [], dropped: 0 } };

describe('Electron carrier event interest', () => {
  it('says nothing before the first listener, then the listened names whenever they change', async () => {
    const preload = standInPreload();
    window.mcpBrowser = preload.api;
    const client = await createEngineClient();
    expect(client.mode).toBe('electron');
    await expect(client.call('servers.list', {})).resolves.toEqual([]);
    expect(preload.told()).toEqual([]);

    const offRemoved = client.on('serverRemoved', () => {});
    const offLog = client.on('logAppended', () => {});
    expect(preload.told()).toEqual([['serverRemoved'], ['serverRemoved', 'logAppended']]);

    // A second listener on a name already told changes nothing.
    const offRemovedAgain = client.on('serverRemoved', () => {});
    expect(preload.told()).toHaveLength(2);
    offRemoved();
    expect(preload.told()).toHaveLength(2);

    offLog();
    expect(preload.told()).toEqual([['serverRemoved'], ['serverRemoved', 'logAppended'], ['serverRemoved']]);
    offRemovedAgain();
    expect(preload.told().at(-1)).toEqual([]);
  });

  it('is sent only the events it listens to once it has said so', async () => {
    const preload = standInPreload();
    window.mcpBrowser = preload.api;
    const client = await createEngineClient();
    // Before any listener the window is sent everything (and the page drops it).
    preload.engineEmits(logAppended);
    expect(preload.crossed).toEqual(['logAppended']);

    const removed: unknown[] = [];
    const logs: unknown[] = [];
    const offRemoved = client.on('serverRemoved', payload => removed.push(payload));
    preload.engineEmits(serverRemoved);
    preload.engineEmits(logAppended);
    expect(preload.crossed).toEqual(['logAppended', 'serverRemoved']);
    expect(removed).toEqual([{ serverId: 'a' }]);

    const offLog = client.on('logAppended', payload => logs.push(payload));
    preload.engineEmits(logAppended);
    expect(logs).toEqual([{ entries: [], dropped: 0 }]);

    offLog();
    offRemoved();
    preload.engineEmits(serverRemoved);
    preload.engineEmits(logAppended);
    expect(preload.crossed).toEqual(['logAppended', 'serverRemoved', 'logAppended']);
  });

  it('tells the interest of listeners added in the same tick as a call before the call, and keeps calls in order', async () => {
    const preload = standInPreload();
    window.mcpBrowser = preload.api;
    const client = await createEngineClient();
    // As a component does when its query fetches in an earlier effect than the one that subscribes.
    const details = client.call('servers.details', { serverId: 'a' });
    const list = client.call('servers.list', {});
    client.on('stderr', () => undefined);
    await Promise.all([details, list]);
    expect(preload.arrived).toEqual(['events:stderr', 'servers.details', 'servers.list']);
  });
});
