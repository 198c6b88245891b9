// How the client hands server states on (on Vitest's fake clock): grouped with streamed pages within an interval,
// never grouped with the same server's next state, and at once when a server is connected (the page lists it then).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServerState } from '../../shared/contract';
import { CarrierClient } from './carrier-client';

const state = (id: string, status: ServerState['status']): ServerState => ({ id, transport: 'stdio', status, reconnectAttempt: 0, endpoint: 'node server.js' });

describe('CarrierClient: server states', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function client() {
    const carrier = new CarrierClient('browser', () => undefined);
    const seen: string[] = [];
    carrier.on('serverState', s => seen.push(`${s.id}:${s.status}`));
    const send = (s: ServerState) => carrier.receive({ type: 'event', event: 'serverState', payload: s });
    return { seen, send };
  }

  it('groups states that come together, and hands a connected one on at once with them', () => {
    const { seen, send } = client();
    send(state('a', 'connecting'));
    expect(seen).toEqual(['a:connecting']);
    send(state('b', 'connecting'));
    send(state('c', 'error'));
    expect(seen).toEqual(['a:connecting']);
    vi.advanceTimersByTime(200);
    expect(seen).toEqual(['a:connecting', 'b:connecting', 'c:error']);
    send(state('d', 'connecting'));
    send(state('b', 'connected'));
    expect(seen).toEqual(['a:connecting', 'b:connecting', 'c:error', 'd:connecting', 'b:connected']);
  });

  it("never groups a server's state with its next one: the first is handed on before the second", () => {
    const { seen, send } = client();
    send(state('a', 'connecting'));
    send(state('b', 'error'));
    send(state('b', 'connecting'));
    expect(seen).toEqual(['a:connecting', 'b:error']);
    vi.advanceTimersByTime(200);
    expect(seen).toEqual(['a:connecting', 'b:error', 'b:connecting']);
  });
});
