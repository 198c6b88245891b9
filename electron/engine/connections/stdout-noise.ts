// Lines a stdio server wrote to stdout that are not JSON-RPC: a banner, a log line printed with console.log. The
// commonest way a stdio server breaks its own protocol, and invisible unless someone says so: counted over the
// connection's life and shown on its card with the last one, published at most once a second (a server printing
// garbage in a loop sends one state a second, not one per line); each line also goes to the protocol log, up to
// LOGGED_PER_SECOND a second (the card still counts every one).
import type { ServerState } from '../../../shared/contract';
import { ThrottledPublish } from './throttled-publish';

/** The last line as shown: enough to recognise it, never a whole blob. */
const SAMPLE_CHARS = 200;

/** Lines logged to the engine's own stderr: a server printing garbage in a loop must not flood it. */
const LOGGED_LINES = 3;
/** Lines put in the protocol log in one second at most: a server printing in a loop must not push every frame out. */
const LOGGED_PER_SECOND = 100;

export class StdoutNoise {
  /** Over the connection's life (the server's details show it as `malformedMessages`). */
  lines = 0;
  private last = '';
  private since = 0;
  private logWindowStart = 0;
  private loggedInWindow = 0;
  private readonly throttle: ThrottledPublish;

  constructor(
    private readonly serverId: string,
    publish: (noise: ServerState['stdoutNoise']) => void,
    private readonly log: (line: string) => void = () => undefined
  ) {
    this.throttle = new ThrottledPublish(() => publish({ since: this.since, lines: this.lines, last: this.last }));
  }

  note(line: string): void {
    if (this.lines++ === 0) this.since = Date.now();
    const now = Date.now();
    if (now - this.logWindowStart >= 1_000) {
      this.logWindowStart = now;
      this.loggedInWindow = 0;
    }
    if (this.loggedInWindow++ < LOGGED_PER_SECOND) this.log(line);
    if (this.lines <= LOGGED_LINES) console.warn(`[engine] ${this.serverId}: skipped a line that is not JSON-RPC: ${JSON.stringify(line.slice(0, 120))}`);
    this.last = line.length > SAMPLE_CHARS ? `${line.slice(0, SAMPLE_CHARS)}…` : line;
    this.throttle.changed();
  }

  dispose(): void {
    this.throttle.dispose();
  }
}
