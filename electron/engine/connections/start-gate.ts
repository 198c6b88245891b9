// How many local server processes start at once. Fifty stdio servers spawned together (each Node server boots on
// ~0.4 s of CPU) left the engine and the page a fiftieth of a 2-core machine each for the ten seconds of their boot:
// the page took 5-10 s to load from the engine and the engine 5 s to answer its last known lists. Through the gate,
// a few boot at a time and the rest wait their turn, so the machine stays as busy but the engine and the page get
// their share. A slot is given back when the handshake ends, or after `holdMs` whatever the server does: one that
// is slow to answer (or never does) delays the others by that much, not by its whole connect timeout.
import { appError } from '../errors';

export class StartGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly limit: number,
    private readonly holdMs: number
  ) {}

  /** Resolves with the slot's release (idempotent) once one is free; rejects if `signal` aborts first. */
  enter(signal?: AbortSignal): Promise<() => void> {
    return new Promise((resolve, reject) => {
      const take = () => {
        signal?.removeEventListener('abort', abandon);
        this.running++;
        let held = true;
        const release = () => {
          if (!held) return;
          held = false;
          clearTimeout(timer);
          this.running--;
          this.waiting.shift()?.();
        };
        const timer = setTimeout(release, this.holdMs);
        timer.unref();
        resolve(release);
      };
      const abandon = () => {
        const at = this.waiting.indexOf(take);
        if (at !== -1) this.waiting.splice(at, 1);
        reject(appError('cancelled', 'Stopped while waiting to start'));
      };
      if (signal?.aborted) return abandon();
      if (this.running < this.limit) return take();
      this.waiting.push(take);
      signal?.addEventListener('abort', abandon, { once: true });
    });
  }
}
