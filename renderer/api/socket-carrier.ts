// Browser-mode carrier: the contract over one WebSocket to the bridge (electron/bridge). Calls made
// while the socket is down wait in an outbox; calls already sent when it drops fail at once (their
// reply can no longer arrive). A dropped socket is reopened with capped, jittered backoff. Once anything
// listens to events, the bridge is told which events have listeners (and again whenever that changes, and
// on every reconnect), so it does not serialise events nobody on this page reads.
import { EngineCallError, type CallEnvelope, type EngineClient, type EventInterestEnvelope, type HostMethods } from '../../shared/contract';
import { CarrierClient } from './carrier-client';
import { reportEventInterest } from './event-interest-reporter';
import { parseServerEnvelope } from './server-envelope';

/** The part of the WebSocket API the carrier uses (the browser's, or `ws` in Node tests). */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export interface SocketCarrierOptions {
  url: string;
  createSocket?: (url: string) => WebSocketLike;
  callTimeoutMs?: number;
  reconnectInitialDelayMs?: number;
  reconnectMaxDelayMs?: number;
  /** The host contract as the page implements it (browser-host-methods.ts); without it, host methods go to the bridge, which refuses them. */
  hostMethods?: HostMethods;
}

export interface SocketEngineClient extends EngineClient {
  /** Closes the socket for good (no reconnect); outstanding calls fail. */
  close(): void;
}

const OPEN = 1;

export function connectSocketClient(options: SocketCarrierOptions): Promise<SocketEngineClient> {
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url) as unknown as WebSocketLike);
  const initialDelay = options.reconnectInitialDelayMs ?? 250;
  const maxDelay = options.reconnectMaxDelayMs ?? 5_000;

  let socket: WebSocketLike | null = null;
  let everOpened = false;
  let closedForGood = false;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  const outbox = new Map<number, string>();

  const client = new CarrierClient(
    'browser',
    (envelope: CallEnvelope) => {
      const frame = JSON.stringify(envelope);
      if (socket && socket.readyState === OPEN) socket.send(frame);
      else if (closedForGood) client.pending.fail(envelope.id, { code: 'transport', message: 'The engine connection is closed' });
      else outbox.set(envelope.id, frame);
    },
    options.callTimeoutMs,
    options.hostMethods
  );

  // While the socket is down nothing is sent: every (re)opened socket is told the interest first thing.
  const interest = reportEventInterest(client.events, names => {
    if (!socket || socket.readyState !== OPEN) return;
    const envelope: EventInterestEnvelope = { type: 'events', names };
    socket.send(JSON.stringify(envelope));
  });

  return new Promise<SocketEngineClient>((resolve, reject) => {
    const open = () => {
      const current = createSocket(options.url);
      socket = current;
      current.onopen = () => {
        attempt = 0;
        // Before the queued calls, so events those calls cause are already wanted.
        interest.resend();
        for (const [id, frame] of outbox) {
          outbox.delete(id);
          current.send(frame);
        }
        if (everOpened) client.emitCarrierState('connected');
        else {
          everOpened = true;
          resolve(Object.assign(client, { close: closeForGood }));
        }
      };
      current.onmessage = event => {
        const envelope = typeof event.data === 'string' ? parseServerEnvelope(event.data) : null;
        if (!envelope) {
          console.warn('[engine-client] dropped a frame that is not an engine envelope');
          return;
        }
        client.receive(envelope);
      };
      // Errors are always followed by close; the close handler does the work.
      current.onerror = () => {};
      current.onclose = event => {
        if (socket !== current) return;
        socket = null;
        client.pending.failAll(
          { code: 'transport', message: `The engine connection dropped (${event.code}${event.reason ? `: ${event.reason}` : ''})` },
          id => outbox.has(id)
        );
        if (!everOpened) {
          closedForGood = true;
          client.pending.failAll({ code: 'transport', message: 'The engine connection could not be opened' });
          reject(
            new EngineCallError({
              code: 'transport',
              message:
                'Could not connect to the engine. Open the exact URL printed on the bridge\'s "Open:" line (it carries the access token).'
            })
          );
          return;
        }
        if (closedForGood) return;
        client.emitCarrierState('reconnecting');
        const delay = Math.min(maxDelay, initialDelay * 2 ** attempt) * (0.5 + Math.random() / 2);
        attempt += 1;
        retryTimer = setTimeout(open, delay);
      };
    };

    const closeForGood = () => {
      closedForGood = true;
      clearTimeout(retryTimer);
      outbox.clear();
      client.disposeInbox();
      client.pending.failAll({ code: 'transport', message: 'The engine connection is closed' });
      socket?.close(1000, 'client closed');
      socket = null;
    };

    open();
  });
}
