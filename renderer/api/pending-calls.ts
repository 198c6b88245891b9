// Outstanding calls by envelope id: each resolves with its reply, rejects with EngineCallError on
// an error reply, on its timeout, or when the carrier drops (a reply can no longer arrive).
import { EngineCallError, type AppError, type ReplyEnvelope } from '../../shared/contract';

interface Pending {
  resolve(result: unknown): void;
  reject(error: EngineCallError): void;
  timer: ReturnType<typeof setTimeout>;
}

export class PendingCalls {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  constructor(private readonly timeoutMs: number) {}

  /** Reserves an id and returns it with the promise its reply will settle. */
  open(method: string, onTimeout?: () => void): { id: number; result: Promise<unknown> } {
    const id = this.nextId++;
    const result = new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        onTimeout?.();
        reject(new EngineCallError({ code: 'timeout', message: `${method} got no reply within ${this.timeoutMs} ms` }));
      }, this.timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
    });
    return { id, result };
  }

  /** Settles the call a reply belongs to; replies for unknown (timed-out) ids are ignored. */
  settle(reply: ReplyEnvelope): void {
    const entry = this.pending.get(reply.id);
    if (!entry) return;
    this.pending.delete(reply.id);
    clearTimeout(entry.timer);
    if (reply.ok) entry.resolve(reply.result);
    else entry.reject(new EngineCallError(reply.error));
  }

  fail(id: number, error: AppError): void {
    const entry = this.pending.get(id);
    if (!entry) return;
    this.pending.delete(id);
    clearTimeout(entry.timer);
    entry.reject(new EngineCallError(error));
  }

  /** Fails every outstanding call except those `keep` returns true for (e.g. calls not yet sent). */
  failAll(error: AppError, keep: (id: number) => boolean = () => false): void {
    for (const id of [...this.pending.keys()]) if (!keep(id)) this.fail(id, error);
  }

  get size(): number {
    return this.pending.size;
  }
}
