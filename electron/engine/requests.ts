// In-flight request registry: every engine request gets a timeout and an AbortSignal, and can be
// cancelled by its requestId (`request.cancel`). The SDK turns an aborted signal into a generic
// timeout error, so the handle remembers *why* it aborted and reports `cancelled` faithfully.
import { appError, appErrorExceptionFrom } from './errors';

export interface RequestHandle {
  readonly requestId: string;
  readonly signal: AbortSignal;
  /** Per wire request timeout (ms), passed to the SDK. */
  readonly timeoutMs: number;
  readonly cancelled: boolean;
}

export class RequestRegistry {
  private readonly inFlight = new Map<string, AbortController>();
  private counter = 0;

  constructor(readonly defaultTimeoutMs: number) {}

  /**
   * Runs `work` as a cancellable request. Errors come out as `AppErrorException`; a cancelled request
   * always reports `cancelled`, whatever the layer below made of the abort.
   */
  async run<T>(requestId: string | undefined, work: (handle: RequestHandle) => Promise<T>): Promise<T> {
    const id = requestId ?? `req-${++this.counter}`;
    if (this.inFlight.has(id)) throw appError('invalid_params', `requestId ${id} is already in flight`);
    const controller = new AbortController();
    this.inFlight.set(id, controller);
    const handle: RequestHandle = {
      requestId: id,
      signal: controller.signal,
      timeoutMs: this.defaultTimeoutMs,
      get cancelled() {
        return controller.signal.aborted;
      }
    };
    try {
      return await work(handle);
    } catch (err) {
      if (handle.cancelled) throw appError('cancelled', `Request ${id} was cancelled`);
      throw appErrorExceptionFrom(err);
    } finally {
      this.inFlight.delete(id);
    }
  }

  cancel(requestId: string): boolean {
    const controller = this.inFlight.get(requestId);
    if (!controller) return false;
    controller.abort(appError('cancelled', `Request ${requestId} was cancelled`));
    return true;
  }

  cancelAll(): void {
    for (const id of [...this.inFlight.keys()]) this.cancel(id);
  }

  get size(): number {
    return this.inFlight.size;
  }
}

/** Rejects when `signal` aborts or `ms` elapses, whichever first; resolves with `promise` otherwise. */
export function raceWithTimeout<T>(promise: Promise<T>, ms: number, signal: AbortSignal | undefined, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => finish(() => reject(appError('timeout', `${what} timed out after ${ms} ms`))), ms);
    const onAbort = () => finish(() => reject(signal?.reason instanceof Error ? signal.reason : appError('cancelled', `${what} cancelled`)));
    const finish = (settle: () => void) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      settle();
    };
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    promise.then(
      value => finish(() => resolve(value)),
      err => finish(() => reject(err))
    );
  });
}
