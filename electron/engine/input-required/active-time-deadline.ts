// A read's timeout that counts only the time the read is not waiting for the user. On 2025-11-25 servers the
// elicitation arrives while the original `resources/read` is still pending, so the SDK's per-request timer
// would keep running while the dialog is open and fail the read of a user who takes 30 s to type. The SDK
// timer cannot be paused from outside, so reads under input control get this deadline instead: it aborts the
// caller's signal with the SDK's own timeout error, and pauses while any of the read's requests is open.
import { SdkError, SdkErrorCode } from '@modelcontextprotocol/client';

/** setTimeout's largest delay: passed to the SDK as the per-request timeout, which this deadline replaces. */
export const unboundedSdkTimeoutMs = 2_147_483_647;

export class ActiveTimeDeadline {
  private readonly controller = new AbortController();
  private remainingMs: number;
  private runningSince: number | undefined;
  private timer: NodeJS.Timeout | undefined;
  private everPaused = false;
  private readonly detach: () => void;

  constructor(
    private readonly timeoutMs: number,
    caller: AbortSignal
  ) {
    this.remainingMs = timeoutMs;
    const onAbort = () => this.abort(caller.reason);
    caller.addEventListener('abort', onAbort, { once: true });
    this.detach = () => caller.removeEventListener('abort', onAbort);
    if (caller.aborted) onAbort();
    else this.resume();
  }

  /** Aborted by the caller, or with a timeout once the read has been active for `timeoutMs`. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** The read starts waiting for the user. */
  pause(): void {
    if (this.runningSince === undefined) return;
    clearTimeout(this.timer);
    this.everPaused = true;
    this.remainingMs -= Date.now() - this.runningSince;
    this.runningSince = undefined;
  }

  /** The user answered: the read is working again. */
  resume(): void {
    if (this.runningSince !== undefined || this.controller.signal.aborted) return;
    this.runningSince = Date.now();
    this.timer = setTimeout(() => {
      const note = this.everPaused ? ' (time spent waiting for your input not counted)' : '';
      this.abort(new SdkError(SdkErrorCode.RequestTimeout, `Request timed out after ${this.timeoutMs} ms${note}`, { timeout: this.timeoutMs }));
    }, Math.max(0, this.remainingMs));
  }

  /** The read is over: no timer left behind. */
  dispose(): void {
    clearTimeout(this.timer);
    this.runningSince = undefined;
    this.detach();
  }

  private abort(reason: unknown): void {
    this.dispose();
    this.controller.abort(reason);
  }
}
