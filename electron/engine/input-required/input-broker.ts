// The MRTR broker: every `elicitation/create` the SDK hands us (a 2025 server's push, or a request embedded
// in a 2026 `input_required` result) becomes a PendingInputRequest event; the call waits until the UI
// answers through `input.answer`, the request is aborted, or its server goes away.
//
// Attribution: the SDK calls the elicitation handler outside the async context of the read that caused it,
// so a read registers itself here (`withReadContext`) and an elicitation for a server is attributed to that
// server's read in flight. Rounds: the SDK dispatches every request of one round together, so an elicitation
// that arrives while none of its read's earlier ones is still open starts a new round. Timeout: while one of
// a read's requests is open, its timeout is paused (see active-time-deadline.ts).
import { randomUUID } from 'node:crypto';
import type { ElicitResult } from '@modelcontextprotocol/client';
import type { InputAnswer, PendingInputRequest, ServerId } from '../../../shared/contract';
import { appError } from '../errors';
import type { EventBus } from '../event-bus';
import type { InputPort, ReadInputContext, ReadLimits } from '../ports';
import { ActiveTimeDeadline, unboundedSdkTimeoutMs } from './active-time-deadline';
import { toElicitResult, toInputRequestPayload } from './elicitation-request';

const defaultMaxRounds = 5;

interface ReadContext extends ReadInputContext {
  serverId: ServerId;
  uri: string;
  rounds: number;
  /** Elicitations of this read still waiting for the user. */
  open: number;
  deadline: ActiveTimeDeadline;
}

interface Waiting {
  request: PendingInputRequest;
  settle(result: ElicitResult | Error): void;
}

export interface InputBrokerOptions {
  maxRounds?: number;
}

export class InputBroker implements InputPort {
  readonly maxRounds: number;
  private readonly waiting = new Map<string, Waiting>();
  private readonly reads = new Set<ReadContext>();
  private readonly unsubscribe: () => void;

  constructor(private readonly bus: EventBus, options: InputBrokerOptions = {}) {
    this.maxRounds = options.maxRounds ?? defaultMaxRounds;
    // A request whose server went away can never be answered usefully: withdraw it from the UI.
    const offState = bus.on('serverState', state => {
      if (state.status !== 'connected') this.withdrawServer(state.id, `server ${state.id} is ${state.status}`);
    });
    const offRemoved = bus.on('serverRemoved', ({ serverId }) => this.withdrawServer(serverId, `server ${serverId} was removed`));
    this.unsubscribe = () => {
      offState();
      offRemoved();
    };
  }

  async withReadContext<T>(serverId: ServerId, uri: string, limits: ReadLimits, run: (read: ReadInputContext) => Promise<T>): Promise<T> {
    const deadline = new ActiveTimeDeadline(limits.timeoutMs, limits.signal);
    const read: ReadContext = { serverId, uri, rounds: 0, open: 0, deadline, signal: deadline.signal, timeoutMs: unboundedSdkTimeoutMs };
    this.reads.add(read);
    try {
      return await run(read);
    } finally {
      this.reads.delete(read);
      deadline.dispose();
    }
  }

  elicit(serverId: ServerId, params: unknown, signal?: AbortSignal): Promise<ElicitResult> {
    const payload = toInputRequestPayload(params);
    const read = this.attribute(serverId);
    if (read && read.open === 0) {
      // 2026 servers are capped by the SDK (inputRequired.maxRounds); a 2025 server could push forever.
      if (read.rounds >= this.maxRounds) return Promise.resolve({ action: 'cancel' });
      read.rounds++;
    }
    const request: PendingInputRequest = {
      id: randomUUID(),
      serverId,
      ...(read && { uri: read.uri }),
      round: read?.rounds ?? 1,
      maxRounds: this.maxRounds,
      request: payload
    };
    if (read && read.open++ === 0) read.deadline.pause();
    return new Promise<ElicitResult>((resolve, reject) => {
      const onAbort = () => this.settle(request.id, withdrawnBy(signal?.reason));
      this.waiting.set(request.id, {
        request,
        settle: result => {
          signal?.removeEventListener('abort', onAbort);
          if (read && --read.open === 0) read.deadline.resume();
          if (result instanceof Error) reject(result);
          else resolve(result);
        }
      });
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      this.bus.emit('inputRequested', request);
    });
  }

  pending(): PendingInputRequest[] {
    return [...this.waiting.values()].map(w => w.request);
  }

  /** The user's answer. False when the request is no longer waiting (answered elsewhere, or withdrawn). */
  answer(id: string, answer: InputAnswer): boolean {
    return this.settle(id, toElicitResult(answer));
  }

  dispose(): void {
    this.unsubscribe();
    for (const id of [...this.waiting.keys()]) this.settle(id, appError('cancelled', 'input request withdrawn: the engine is shutting down'));
  }

  private settle(id: string, result: ElicitResult | Error): boolean {
    const waiting = this.waiting.get(id);
    if (!waiting) return false;
    this.waiting.delete(id);
    waiting.settle(result);
    this.bus.emit('inputResolved', { id });
    return true;
  }

  private withdrawServer(serverId: ServerId, reason: string): void {
    for (const [id, w] of [...this.waiting]) if (w.request.serverId === serverId) this.settle(id, appError('transport', `input request withdrawn: ${reason}`));
  }

  /** The read this elicitation belongs to: the server's only read in flight, or, if several, the newest one asking already. */
  private attribute(serverId: ServerId): ReadContext | undefined {
    const candidates = [...this.reads].filter(r => r.serverId === serverId);
    if (candidates.length <= 1) return candidates[0];
    const asking = candidates.filter(r => r.open > 0);
    return asking.length === 1 ? asking[0] : undefined;
  }
}

/** The error a withdrawn request fails with: the abort's own error (a cancel or timeout), or a cancel. */
function withdrawnBy(reason: unknown): Error {
  return reason instanceof Error ? reason : appError('cancelled', `input request withdrawn: ${String(reason ?? 'aborted')}`);
}
