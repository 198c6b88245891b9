// The EngineClient both carriers share: numbered call envelopes, replies matched by id, a timeout
// per call, and event fan-out. A carrier only supplies how an envelope is sent.
//
// Call envelopes leave in a microtask, not at once. Components often start a call and add the listener for
// the events it causes in the same commit, call first (a query fetches in an earlier effect than the one
// that subscribes). Event interest is reported synchronously when a listener is added, so deferring the call
// lets every listener added in the same tick be reported before the call travels: the engine side never
// handles a call while still filtering out the events it causes. Microtasks run in order, so calls keep
// their order among themselves.
import {
  isHostMethod,
  type CallEnvelope,
  type CarrierState,
  type ClientMethodName,
  type ClientMethodParams,
  type ClientMethodResult,
  type EngineClient,
  type EngineEvents,
  type EventName,
  type HostMethods,
  type ServerToClientEnvelope
} from '../../shared/contract';
import { EventHub } from './event-hub';
import { pacedInbox } from './paced-inbox';
import { PendingCalls } from './pending-calls';

/** A safety net for replies that never come (the engine applies its own, shorter, per-request timeouts). */
const DEFAULT_CALL_TIMEOUT_MS = 5 * 60_000;

/**
 * How often a burst of list pages and server states is handed on (paced-inbox.ts). A server's next state does not
 * join a group holding its last one: each change of a server's status shows, however brief (a crashed server's
 * "down" between two connections). A server now connected does not wait: the page starts listing it then. Fifty
 * servers starting sent ~100 states, each its own render of the picker and the server cards before they were
 * grouped with the pages.
 */
const PACED_INTERVAL_MS = 200;

const serverStateOf = (envelope: ServerToClientEnvelope) => (envelope.type === 'event' && envelope.event === 'serverState' ? envelope.payload : undefined);

export class CarrierClient implements EngineClient {
  readonly events = new EventHub();
  readonly pending: PendingCalls;
  private readonly stateListeners = new Set<(state: CarrierState) => void>();
  private readonly inbox = pacedInbox<ServerToClientEnvelope>(envelope => (envelope.type === 'reply' ? this.pending.settle(envelope) : this.events.deliver(envelope)), {
    intervalMs: PACED_INTERVAL_MS,
    paced: envelope => envelope.type === 'event' && (envelope.event === 'listProgress' || envelope.event === 'serverState'),
    endsBurst: envelope => (envelope.type === 'event' && envelope.event === 'listProgress' && envelope.payload.done) || serverStateOf(envelope)?.status === 'connected',
    supersedes: (held, next) => {
      const state = serverStateOf(next);
      return state !== undefined && serverStateOf(held)?.id === state.id;
    }
  });

  constructor(
    readonly mode: 'electron' | 'browser',
    private readonly send: (envelope: CallEnvelope) => void,
    callTimeoutMs: number = DEFAULT_CALL_TIMEOUT_MS,
    /** The host contract when the page itself is the host (browser mode); otherwise host methods are sent like the engine's. */
    private readonly hostMethods?: HostMethods
  ) {
    this.pending = new PendingCalls(callTimeoutMs);
  }

  call<M extends ClientMethodName>(method: M, params: ClientMethodParams<M>): Promise<ClientMethodResult<M>> {
    // Called synchronously so browser actions (window.open, downloads) keep the user's click gesture.
    if (this.hostMethods && isHostMethod(method)) return this.hostMethods[method](params as never) as Promise<ClientMethodResult<M>>;
    const { id, result } = this.pending.open(method, () => this.cancelAbandoned(method, params));
    queueMicrotask(() => {
      try {
        this.send({ type: 'call', id, method, params });
      } catch (err) {
        // Params a carrier cannot encode (JSON or structured clone) fail this call, not the microtask queue.
        this.pending.fail(id, { code: 'invalid_params', message: `Call could not be sent: ${err instanceof Error ? err.message : String(err)}` });
      }
    });
    return result as Promise<ClientMethodResult<M>>;
  }

  /** A reply or an event from the engine, handed on in arrival order (bursts grouped: paced-inbox.ts). */
  receive(envelope: ServerToClientEnvelope): void {
    this.inbox.receive(envelope);
  }

  /** Drops what the inbox holds: the carrier is closed for good. */
  disposeInbox(): void {
    this.inbox.dispose();
  }

  on<E extends EventName>(event: E, listener: (payload: EngineEvents[E]) => void): () => void {
    return this.events.on(event, listener);
  }

  onCarrierState(listener: (state: CarrierState) => void): () => void {
    this.stateListeners.add(listener);
    return () => {
      this.stateListeners.delete(listener);
    };
  }

  emitCarrierState(state: CarrierState): void {
    for (const listener of [...this.stateListeners]) listener(state);
  }

  /** A timed-out call that carried a requestId is cancelled in the engine too, so its work stops. */
  private cancelAbandoned(method: string, params: unknown): void {
    if (method === 'request.cancel' || typeof params !== 'object' || params === null) return;
    const requestId = (params as { requestId?: unknown }).requestId;
    if (typeof requestId !== 'string') return;
    this.call('request.cancel', { requestId }).catch(() => {
      // Best effort: the call already failed with a timeout; a failed cancel adds nothing useful.
    });
  }
}
