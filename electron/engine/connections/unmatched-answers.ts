// A server's answers that no request awaits: an id it was never sent, or an answer given twice (the protocol log marks
// each, protocol-log.ts). A server that mixes up ids makes every request wait for its timeout, and the card is where a
// user looks first: counted over the connection's life and shown there with the last id, as stdout noise is.
import type { ServerState } from '../../../shared/contract';
import { ThrottledPublish } from './throttled-publish';

/** The last id as shown: enough to recognise it, never a blob (a server's ids are its own strings). */
const ID_CHARS = 64;

export class UnmatchedAnswers {
  count = 0;
  private lastId = '';
  private since = 0;
  private readonly throttle: ThrottledPublish;

  constructor(publish: (answers: ServerState['unmatchedAnswers']) => void) {
    this.throttle = new ThrottledPublish(() => publish({ since: this.since, count: this.count, lastId: this.lastId }));
  }

  note(id: string | number): void {
    if (this.count++ === 0) this.since = Date.now();
    const text = typeof id === 'string' ? JSON.stringify(id) : String(id);
    this.lastId = text.length > ID_CHARS ? `${text.slice(0, ID_CHARS - 1)}…` : text;
    this.throttle.changed();
  }

  dispose(): void {
    this.throttle.dispose();
  }
}
