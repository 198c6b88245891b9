// Every connect attempt ends. A probe, its fallback and the discover each have their own timeout, and a
// deadline over all of them catches a handshake the SDK never settles; a process that exits mid-handshake can
// leave the SDK waiting for ever (a write to its closed stdin never drains), so its exit ends the attempt at once.
import { AppErrorException } from '../errors';
import { raceWithTimeout } from '../requests';

export class AttemptEnd {
  private exitNow: () => void = () => undefined;
  private readonly exited = new Promise<never>((_, reject) => {
    this.exitNow = () => reject(new AppErrorException({ code: 'transport', message: 'The server process exited while connecting' }));
  });

  constructor(
    private readonly deadlineMs: number,
    private readonly what: string
  ) {
    this.exited.catch(() => undefined);
  }

  /** The server process exited on its own before the connection was live. */
  processExited(): void {
    this.exitNow();
  }

  race<T>(connecting: Promise<T>): Promise<T> {
    return Promise.race([raceWithTimeout(connecting, this.deadlineMs, undefined, this.what), this.exited]);
  }
}
