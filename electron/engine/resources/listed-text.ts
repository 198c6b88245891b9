// The characters of item text that every server's latest resource list holds together, against one budget
// (`limits.list.maxTotalText`). A list's own limit (`maxText`) stops one server that never stops listing; this
// stops several huge ones from adding up to more than the page can hold: each list is kept whole in the page, so
// five hostile servers at the per-list limit would be five times its memory.
import type { ServerId } from '../../../shared/contract';
import { appError } from '../errors';

export class ListedText {
  /** Per server, the text of its latest list, or of the listing running now (as far as it got). */
  private readonly held = new Map<ServerId, number>();

  constructor(private readonly total: number) {}

  /**
   * Notes that `serverId`'s listing holds `text` characters so far (its list replaces the one before). Throws
   * `too_large` when that and every other server's list pass the budget: the listing stops there.
   */
  note(serverId: ServerId, text: number): void {
    let others = 0;
    for (const [id, held] of this.held) if (id !== serverId) others += held;
    // Past the budget, what counts stays what was noted last: the pages before this one, which the page holds.
    if (others + text > this.total) {
      throw appError(
        'too_large',
        `The lists of all servers hold more than ${this.total} characters of names, URIs, descriptions and icons (${others} of them in other servers' lists); this one stopped at ${text}`
      );
    }
    this.held.set(serverId, text);
  }

  /** A server removed: its list no longer counts. */
  forget(serverId: ServerId): void {
    this.held.delete(serverId);
  }
}
